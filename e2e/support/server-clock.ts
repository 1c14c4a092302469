import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '@presente/shared/testing';

/** The environment that makes a server started by startServer run on a clock the test moves (server-clock.mjs). */
export function serverClockEnv(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'e2e-clock-offset');
  return { E2E_CLOCK_FILE: file, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(import.meta.dirname, 'server-clock.mjs')}`.trim() };
}

/** Moves that server's clock to `ms` ahead of the real time (0: back to the real time). */
export function setServerClock(env: Record<string, string>, ms: number): void {
  writeFileSync(env.E2E_CLOCK_FILE, String(ms));
}

/**
 * Moves the server at `url` to `ms` ahead of the real time and returns once it reads the move: its uptime (from its
 * own clock) jumps by the change. The file is watched, so the move lands a moment after the write.
 */
export async function moveServerClock(url: string, env: Record<string, string>, ms: number): Promise<void> {
  const uptime = async () => ((await (await fetch(`${url}/api/health`)).json()) as { uptimeSeconds: number }).uptimeSeconds;
  const was = Number(readFileSync(env.E2E_CLOCK_FILE, 'utf8').trim()) || 0;
  const [before, at] = [await uptime(), Date.now()];
  setServerClock(env, ms);
  await until('the server reads its moved clock', async () => Math.abs((await uptime()) - before - (Date.now() - at + ms - was) / 1000) < 5, {
    withinMs: 10_000,
    everyMs: 200,
  });
}
