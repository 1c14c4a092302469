/**
 * Test files that run after the rest, one at a time (decision 0078). The rest runs on two workers: on this 2-core
 * machine a quiet A/B of the attendance and employee tests (server on PostgreSQL, web components) took 64 s on one
 * worker and 43 s on two. These files time real work against a clock and would pay for a neighbour: the real face
 * engine and its worker threads, child processes (servers, backups, the CI script), the kiosk's frame timing.
 * Each entry is a path tail: an `--exclude` glob for the parallel run and a file filter for the solo one.
 */
export const SOLO_TESTS = [
  // The real face engine (Human + face-api on tfjs wasm) and its worker threads.
  'apps/server/src/face/engine.test.ts',
  'apps/server/src/face/events-engine.test.ts',
  'apps/server/src/face/image.test.ts',
  'apps/server/src/face/pool.test.ts',
  'apps/server/src/face/remote-pool.test.ts',
  'apps/server/src/modules/face/kiosk.test.ts',
  'apps/server/src/modules/face/recognition-engine.test.ts',
  // Child processes: servers started, killed and restarted; backups; the CI script; a Redis outage.
  'apps/server/src/ci-run.test.ts',
  'apps/server/src/db/durability.test.ts',
  'apps/server/src/ops/backup.test.ts',
  'apps/server/src/realtime/redis-outage.test.ts',
  'apps/server/src/realtime/redis.test.ts',
  'apps/server/src/test/compiled-server.test.ts',
  'apps/server/src/test/process-roles.test.ts',
  'apps/server/src/test/supervisor.test.ts',
  // The morning rush: 400 phones against a listening server, each giving up after 6 s (issue 23 item 4).
  'apps/server/src/modules/attendance/storm.test.ts',
  // The kiosk page's burst: how many frames a recording gets depends on the machine's pace.
  'apps/web/src/features/face/Kiosk.test.tsx',
];

/**
 * Server test files that change what every module of their worker sees: a `vi.mock`, a spy on `Date.now` or on
 * argon2, fake timers. npm test's parallel run gives the other server files one module graph per worker
 * (`isolate: false`, decision 0088), where such a change would leak into the next file (and a mock would miss a module
 * an earlier file imported); these run in the isolated projects `server-<db>-isolated` (apps/server/vitest.project.ts).
 */
export const ISOLATED_TESTS = [
  'apps/server/src/modules/attendance/punch-admission.test.ts',
  'apps/server/src/modules/employee-area/punch-limits.test.ts',
  'apps/server/src/modules/employees/import-fair-share.test.ts',
  'apps/server/src/modules/face/face-share.test.ts',
  'apps/server/src/modules/face/kiosk-limits.test.ts',
];

/**
 * e2e journeys that run after the others, one at a time (decision 0089). The others run on two workers against the same
 * two servers (each journey makes its own company, people and addresses). These would pay for a neighbour or disturb
 * one: the real face engine under a rendered head that must pass liveness on its first try (the puppet's frames are
 * timed by the page), the main server's clock moved, the kiosk's load time measured, the server's log read for refusals.
 * `test/isolated-files.test.ts` (apps/server) fails when a journey that drives the puppet, moves the shared clock or
 * reads the shared server's log is not listed.
 */
export const E2E_SOLO = ['specs/face.e2e.ts', 'specs/head3d.e2e.ts', 'specs/kiosk-offline-punch.e2e.ts', 'specs/kiosk-load.e2e.ts'];
/** Which part of the e2e journeys a run is: 'parallel' (all but E2E_SOLO, two workers), 'solo', or unset (all, one at a time). */
export const e2ePart = () => process.env.PRESENTE_E2E_PART;
/** The environment of npm test's run of one part ('parallel' or 'solo'). */
export const e2ePartEnv = (part) => ({ PRESENTE_E2E_PART: part });

/** Exclude globs for the solo files under one workspace (`apps/web/`), relative to its root. */
export const soloExcludes = (workspace) => SOLO_TESTS.filter((f) => f.startsWith(workspace)).map((f) => `**/${f.slice(workspace.length)}`);
/**
 * What a project config adds to its `exclude` list: the workspace's solo files in npm test's parallel run (which sets
 * PRESENTE_PARALLEL_RUN=1), nothing otherwise. The one mechanism for every project: a project's own `exclude` list
 * replaces the command line's --exclude, so the configs say it themselves.
 */
export const parallelRunExcludes = (workspace) => (inParallelRun() ? soloExcludes(workspace) : []);
/** Whether this is npm test's parallel run (scripts/test.mjs sets PRESENTE_PARALLEL_RUN=1 for it). */
export const inParallelRun = () => process.env.PRESENTE_PARALLEL_RUN === '1';
/** The environment and Vitest arguments of the parallel run (everything else) and of the solo run. */
export const PARALLEL_ENV = { PRESENTE_PARALLEL_RUN: '1' };
export const parallelArgs = () => ['--maxWorkers=2'];
export const soloArgs = () => ['--maxWorkers=1', ...SOLO_TESTS];
