/**
 * The kiosk attack suite (attack-suite.ts, decision 0074) on a small N with the scripted engine (PGlite and
 * PostgreSQL): every species is a burst in time with the server's challenge (a static photo, a photo pair and its
 * mirror, a waved print, the pair on a screen, a replayed accepted burst, a recording reordered for a new challenge,
 * two people in one burst, a script without the paired kiosk's signature, a burst sent twice, a revoked kiosk, a
 * reused nonce, another company's kiosk) and each is accepted 0 times, refused by the check meant for it; genuine
 * bursts are all accepted. `npm run bench:attacks` runs the same suite with the real engine and rendered 3-D heads.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { scriptedSource } from './attack-scripted.js';
import { runAttackSuite, SPECIES } from './attack-suite.js';
import { scriptedEngine } from './scripted-engine.js';

const N = 3;

describe('kiosk attack suite (scripted engine)', () => {
  it('accepts none of the attacks (APCER 0 per species), each refused by its check, and every genuine burst (BPCER 0)', async () => {
    const t = await createTestApp();
    const engine = scriptedEngine();
    (t.deps as { face?: typeof engine.pool }).face = engine.pool;
    const result = await runAttackSuite({
      app: t.app,
      db: t.db,
      limiter: t.deps.limiter,
      source: scriptedSource(engine),
      newAdmin: () => t.factories.companyAdmin(),
      newEmployee: (companyId) => t.factories.employee(companyId),
      perSpecies: N,
    });
    console.info(JSON.stringify({ suite: 'kiosk-attacks', ...result }));
    for (const s of SPECIES) {
      expect(result.attempts[s], s).toBe(N);
      expect(result.apcer[s], s).toBe(0);
    }
    // Each species refused only by the checks meant for it (which of them depends on the random challenge).
    const meant: Record<(typeof SPECIES)[number], string[]> = {
      static_photo: ['liveness_failed:pose_sequence'],
      photo_pair: ['liveness_failed:burst_jump'],
      waved_photo: ['liveness_failed:burst_flat', 'liveness_failed:pose_sequence'],
      screen_photo: ['liveness_failed:burst_jump'],
      replayed_burst: ['frame_replayed'],
      reordered: ['liveness_failed:burst_jump', 'liveness_failed:pose_sequence'],
      two_people: ['liveness_failed:different_person', 'liveness_failed:burst_jump'],
      unsigned: ['kiosk_signature_invalid'],
      burst_twice: ['challenge_invalid'],
      revoked_kiosk: ['kiosk_revoked'],
      nonce_reused: ['challenge_invalid'],
      foreign_kiosk: ['kiosk_not_paired'],
    };
    for (const s of SPECIES) {
      const refused = result.refusedWith[s]!;
      expect(
        Object.keys(refused).filter((code) => !meant[s].includes(code)),
        s,
      ).toEqual([]);
      expect(
        Object.values(refused).reduce((a, b) => a + b, 0),
        s,
      ).toBe(N);
    }
    expect(result.genuine).toBe(N);
    expect([result.bpcer, result.bpcer2]).toEqual([0, 0]);
  }, 120_000);
});
