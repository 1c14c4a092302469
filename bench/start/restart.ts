/**
 * Restart to healthy (issue 23 item 1): the server with existing data, started as `npm start` runs it (the compiled
 * bundle of scripts/build-server.mjs) and as before (TypeScript through tsx), alternately, RUNS times each, on one
 * DATA_DIR that a first start migrated. Measures spawn → /api/health 200 (face engine off: it warms up after health).
 *   npm run bench:restart                (RUNS=5)
 * Prints ONE JSON line: median/min/max ms per mode, their ratio, and the machine's load average.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';
// @ts-expect-error: a plain .mjs script of the repository (no typings)
import { buildServerIfNeeded, serverEntry } from '../../scripts/build-server.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeStart(mode: 'compiled' | 'tsx', dataDir: string): Promise<number> {
  const t0 = performance.now();
  const server = await startServerProcess(
    `restart-${mode}`,
    { DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') },
    mode === 'compiled' ? { compiled: serverEntry } : {},
  );
  const ms = performance.now() - t0;
  await server.stop({ keepData: true });
  return ms;
}

async function main() {
  if ((await buildServerIfNeeded()) !== 0) throw new Error('server build failed');
  const first = await startServerProcess('restart-first', {}, { compiled: serverEntry });
  const dataDir = first.dataDir;
  await first.stop({ keepData: true });
  const times: Record<'compiled' | 'tsx', number[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < RUNS; i++) for (const mode of ['compiled', 'tsx'] as const) times[mode].push(await timeStart(mode, dataDir));
  const stats = (xs: number[]) => ({ median_ms: Math.round(median(xs)), min_ms: Math.round(Math.min(...xs)), max_ms: Math.round(Math.max(...xs)) });
  console.log(
    JSON.stringify({
      bench: 'restart-to-healthy',
      runs: RUNS,
      compiled: stats(times.compiled),
      tsx: stats(times.tsx),
      ratio_tsx_over_compiled: Math.round((median(times.tsx) / median(times.compiled)) * 100) / 100,
      goal_ms: 3000,
      load1: Math.round(loadavg()[0] * 10) / 10,
    }),
  );
}

await main();
