/**
 * The kiosk attack suite (attack-suite.ts) on a smaller N: every species (a scripted call without a paired
 * kiosk, a burst sent twice, a replayed re-encoded burst, a revoked kiosk, a reused nonce, another company's
 * kiosk) is accepted 0 times, and genuine signed marks are all accepted. `npm run bench:attacks` runs 150+.
 */
import { describe, expect, it } from 'vitest';
import { testFixturesDir } from '../../face/fixtures.js';
import { createTestApp } from '../../test/app.js';
import { runAttackSuite, SPECIES } from './attack-suite.js';
import { scriptedEngine } from './scripted-engine.js';

const dir = testFixturesDir();
if (!dir) console.warn('face fixtures not found (set FACE_FIXTURES_DIR or provide ../shared/faces): the attack suite test is skipped');

describe.skipIf(!dir)('kiosk attack suite', () => {
  it('accepts none of the attacks (APCER 0 per species) and every genuine signed mark (BPCER 0)', async () => {
    const t = await createTestApp();
    const engine = scriptedEngine();
    (t.deps as { face?: typeof engine.pool }).face = engine.pool;
    const result = await runAttackSuite({
      app: t.app,
      db: t.db,
      engine,
      newAdmin: () => t.factories.companyAdmin(),
      newEmployee: (companyId) => t.factories.employee(companyId),
      fixturesDir: dir!,
      perSpecies: 12,
    });
    console.info(JSON.stringify({ suite: 'kiosk-attacks', ...result }));
    for (const s of SPECIES) expect(result.apcer[s], s).toBe(0);
    expect(result.refusedWith).toMatchObject({
      unsigned: { kiosk_not_paired: 12 },
      burst_twice: { challenge_invalid: 12 },
      replayed_burst: { frame_replayed: 12 },
      revoked_kiosk: { kiosk_revoked: 12 },
      nonce_reused: { challenge_invalid: 12 },
      foreign_kiosk: { kiosk_not_paired: 12 },
    });
    expect(result.genuine).toBe(12);
    expect(result.bpcer).toBe(0);
  }, 240_000);
});
