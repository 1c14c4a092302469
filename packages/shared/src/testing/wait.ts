/**
 * Waiting in tests without fixed sleeps (issue 21 item 5, decision 0064): a test waits for an event (a gate
 * it opens, a barrier its parties reach) or polls a condition within a bound; it never sleeps a fixed time to
 * prove that something did not happen. apps/server/src/test/fixed-sleeps.test.ts fails on a fixed sleep in a test file;
 * the only timers of the suite's waiting live here. Imported as `@presente/shared/testing`.
 */

export { fixedSleeps, type SleepFinding, TEST_FILE } from './fixed-sleeps.js';

/** A promise the test opens: a mocked answer or a held transaction waits behind `opened` until `open()`. */
export interface Gate<T = void> {
  opened: Promise<T>;
  open(value: T): void;
  readonly isOpen: boolean;
}
export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  let isOpen = false;
  const opened = new Promise<T>((resolve) => {
    open = (value) => {
      isOpen = true;
      resolve(value);
    };
  });
  return {
    opened,
    open: (value: T) => open(value),
    get isOpen() {
      return isOpen;
    },
  };
}

/** `parties` callers of `arrive()` each wait until all of them have arrived: concurrency by construction, not luck. */
export function barrier(parties: number) {
  const all = gate();
  let arrived = 0;
  return {
    async arrive() {
      arrived += 1;
      if (arrived >= parties) all.open();
      await all.opened;
    },
    get arrived() {
      return arrived;
    },
  };
}

export interface PollOptions {
  /** Give up after this long (ms): the failure names what did not happen. */
  withinMs?: number;
  /** Ask again after this long (ms). */
  everyMs?: number;
}

/**
 * Asks `probe` until it answers something other than `undefined` or `false`, and returns that answer; throws
 * `"<what>" did not happen within N ms` (with `detail()` when given) once the bound passes. A bounded poll.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  { withinMs = 10_000, everyMs = 50 }: PollOptions = {},
  detail?: () => string,
): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer;
    if (performance.now() >= deadline) throw new Error(`"${what}" did not happen within ${withinMs} ms${detail ? `\n${detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The promise's value, or a failure naming `what` once `ms` pass first (a deadline, not a sleep). */
export async function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${what}" did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A clock the test moves by hand: `now()` for code that takes an injected clock. */
export function manualClock(start: number | Date = Date.UTC(2026, 0, 1)) {
  let t = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => t,
    date: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(at: number | Date) {
      t = typeof at === 'number' ? at : at.getTime();
    },
  };
}
