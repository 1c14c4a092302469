import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The environment that makes a server started by startServer run on a clock the test moves (server-clock.mjs). */
export function serverClockEnv(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'e2e-clock-offset');
  return { E2E_CLOCK_FILE: file, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(import.meta.dirname, 'server-clock.mjs')}`.trim() };
}

/** Moves that server's clock to `ms` ahead of the real time (0: back to the real time). */
export function setServerClock(env: Record<string, string>, ms: number): void {
  writeFileSync(env.E2E_CLOCK_FILE, String(ms));
}
