import { randomBytes } from 'node:crypto';
/**
 * The kiosk attack suite (decision 0033): each species built from the face fixtures and sent through the real
 * routes of the app on a fresh PGlite (or PostgreSQL with DB=postgres), with a scripted face engine that answers
 * every frame as a live face of the person it shows, so the figures are the kiosk's guards alone.
 *   npm run bench:attacks -- --fixtures /work/shared/faces [--per-species 150] [--genuine photos|3d]
 * Prints one JSON line: apcer per species, bpcer, what each species was refused with, the run time and the load.
 * `--genuine 3d`: the genuine marks are rendered 3-D heads (bench/face/head3d, decision 0040) instead of photos.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { seedCountries } from '../../apps/server/src/bootstrap.js';
import { configSchema } from '../../apps/server/src/config.js';
import { runMigrations } from '../../apps/server/src/db/client.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { STEP_YAW } from '../../apps/server/src/face/liveness.js';
import { resolveKeyring, useKeyring } from '../../apps/server/src/face/seal.js';
import { runAttackSuite } from '../../apps/server/src/modules/face/attack-suite.js';
import { scriptedEngine } from '../../apps/server/src/modules/face/scripted-engine.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { makeFactories } from '../../apps/server/src/test/factories.js';
import { onEachDatabase } from '../attendance/databases.js';
import { genuineHeads } from './head3d/genuine.js';

const { values } = parseArgs({
  options: { fixtures: { type: 'string' }, 'per-species': { type: 'string', default: '150' }, genuine: { type: 'string', default: 'photos' } },
});
const fixturesDir = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixturesDir) {
  console.error('usage: npm run bench:attacks -- --fixtures DIR [--per-species N]');
  process.exit(2);
}
const perSpecies = Number(values['per-species']);

await onEachDatabase('kiosk-attacks', async (db, database) => {
  if (process.env.DB === undefined && db === 'postgres') return; // PGlite by default; DB=postgres for the server
  await runMigrations(database);
  await seedCountries(database.db);
  const engine = scriptedEngine();
  // Templates are sealed at rest (decision 0029): a throwaway key for this run, as a fresh DATA_DIR gets.
  useKeyring(resolveKeyring({ BIOMETRIC_KEY: randomBytes(32).toString('base64') }, '', false)!);
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  (deps as { face?: typeof engine.pool }).face = engine.pool;
  const app = await buildApp(deps);
  const factories = makeFactories(database.db);
  let seed = 40;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  const heads = values.genuine === '3d' ? await genuineHeads(fixturesDir, random) : null;
  const result = await runAttackSuite({
    app,
    db: database.db,
    engine,
    newAdmin: () => factories.companyAdmin(),
    newEmployee: (companyId) => factories.employee(companyId),
    fixturesDir,
    perSpecies,
    ...(heads && {
      genuineBurst: async (person: string, steps: string[]) =>
        (await heads.burst(person, steps)).map((jpeg, i) => engine.frameOf(jpeg, { person, yaw: STEP_YAW[steps[i]] })),
    }),
  });
  await heads?.close();
  await app.close();
  console.log(
    JSON.stringify({
      bench: 'kiosk-attacks',
      db,
      genuineSource: values.genuine,
      ...result,
      seconds: Math.round(result.ms / 100) / 10,
      load: loadavg().map((l) => Math.round(l * 100) / 100),
    }),
  );
});
