/**
 * Logs a dependency's outage once, not once per failed request or event: the first failure is logged
 * (with its error), the next ones are only counted, and the end is logged once with how long it lasted
 * and how many failures it swallowed. An outage also ends by itself after `quietMs` without failures, so
 * a later one is logged again even when nothing said "back" (a statement timeout leaves no reconnect).
 */
export interface Outage {
  /** True between the first failure and the end of the outage. */
  readonly active: boolean;
  failed(err: unknown): void;
  /** The dependency answered: ends the outage (logged once). */
  ok(): void;
}

/** What the outage log needs of a logger (pino's, Fastify's). */
export interface OutageLogger {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

export function createOutage(what: string, log: OutageLogger, quietMs = 60_000, now: () => number = Date.now): Outage {
  let since: number | null = null;
  let last = 0;
  let failures = 0;
  const state = {
    get active() {
      return since !== null && now() - last < quietMs;
    },
    failed(err: unknown) {
      const t = now();
      if (!state.active) {
        since = t;
        failures = 0;
        const e = err as { code?: string; message?: string };
        log.warn({ err: { code: e?.code, message: e?.message } }, `${what} unavailable (further failures are counted until it is back)`);
      }
      last = t;
      failures += 1;
    },
    ok() {
      if (since === null) return;
      log.info(`${what} back after ${Math.round((now() - since) / 100) / 10} s (${failures} failure${failures === 1 ? '' : 's'} during the outage)`);
      since = null;
      failures = 0;
    },
  };
  return state;
}
