/**
 * Admission of punches in one process (decision 0056, issue 23's morning rush). A check-in is worth answering only
 * while its client still waits (the web client gives up after CHECK_TIMEOUT_HTTP_MS, the socket after
 * CHECK_TIMEOUT_SOCKET_MS). So every punch carries a deadline, and this gate:
 *  - runs at most `concurrency` punches at once, the others wait in arrival order;
 *  - refuses at once, with 503 and a Retry-After, a punch that would not finish before its deadline given the queue
 *    ahead of it and the measured time of a punch (an exponential moving average), and one whose deadline passes
 *    while it waits;
 *  - spreads the retries: Retry-After is the time the queue ahead needs to drain, plus a random second or two, so the
 *    refused do not all come back in the same instant.
 * The punch itself checks its deadline again just before it commits (punch.service.ts), so a check-in is never saved
 * after its client gave up: it is either answered in time or not written.
 */
import { randomInt } from 'node:crypto';
import { AppError } from '../../errors.js';

export interface PunchAdmission {
  /**
   * Waits for a turn and resolves with the function that ends it, or refuses with 503 `service_unavailable` +
   * retryAfter when the punch could not finish by `deadline` (epoch ms), now or while it waits.
   */
  admit(deadline: number): Promise<() => void>;
  /** `work` between admit and its end. */
  run<T>(deadline: number, work: () => Promise<T>): Promise<T>;
  /** Running, waiting, and the average punch time (ms) it plans with. */
  stats(): { running: number; waiting: number; averageMs: number };
}

export interface AdmissionOptions {
  /** Punches at once (the database does the work: PGlite one connection, PostgreSQL a pool). */
  concurrency: number;
  /** The first estimate of a punch's time, before any was measured. */
  initialMs?: number;
  now?: () => number;
  /** Random whole seconds added to Retry-After, [0, jitter]. */
  jitterSeconds?: number;
}

/** Time kept for the answer's way back to a client that gives up after its timeout (a busy machine is slow to send). */
export const PUNCH_ANSWER_MARGIN_MS = 1500;

/** The deadline of a punch that arrived at `arrivedAt` (epoch ms) from a client that waits `timeoutMs`. */
export const punchDeadline = (arrivedAt: number, timeoutMs: number) => arrivedAt + timeoutMs - PUNCH_ANSWER_MARGIN_MS;

/** Retry-After never says more than this (a client keeps trying; a person keeps waiting at the door). */
export const MAX_RETRY_AFTER_S = 30;

export function busy(retryAfter: number): AppError {
  return new AppError('service_unavailable', 'attendance.busy', { retryAfter: Math.min(MAX_RETRY_AFTER_S, Math.max(1, retryAfter)) });
}

/**
 * The event loop's delay: a timer every `everyMs` measures how late it fired; `lag()` is the worst lateness of the
 * last `windowMs`, or the time since the last tick when that is longer (the loop is held now). A request read now
 * may have waited that long unseen in its socket, and an answer written now waits about as long to leave.
 */
export function loopLag(everyMs = 20, windowMs = 1000, now = () => performance.now()) {
  let last = now();
  let worst = 0;
  let worstAt = last;
  const timer = setInterval(() => {
    const t = now();
    const late = Math.max(0, t - last - everyMs);
    last = t;
    if (late >= worst || t - worstAt > windowMs) {
      worst = late;
      worstAt = t;
    }
  }, everyMs);
  timer.unref();
  return {
    lag: () => {
      const t = now();
      return Math.max(t - worstAt > windowMs ? 0 : worst, t - last - everyMs, 0);
    },
    stop: () => clearInterval(timer),
  };
}

let processLag: ReturnType<typeof loopLag> | undefined;
/** This process's event loop delay in ms (one measuring timer per process, started on first use, never holding the process open). */
export function eventLoopLag() {
  processLag ??= loopLag();
  return processLag.lag();
}
/**
 * Forgets what the loop went through so far; the next punch starts measuring afresh. For an app built in a process
 * that already served others (the test files that share a worker, decision 0088): the delay its own start-up put on
 * the loop (a database loaded synchronously, seconds) is not a queue its first requests waited in.
 */
export function restartEventLoopLag() {
  processLag?.stop();
  processLag = undefined;
}

/**
 * Just before a punch commits: past the client's deadline, counting the time the answer will wait for the event loop
 * (decision 0068), or once its client has gone away, the transaction is rolled back: 503 and a Retry-After of a
 * second or two. A punch is answered in time or not written.
 */
export function assertInTime(deadline: number | undefined, abandoned?: () => boolean) {
  if (abandoned?.() || (deadline !== undefined && Date.now() + eventLoopLag() > deadline)) throw busy(1 + randomInt(2));
}

interface Waiter {
  deadline: number;
  start: () => void;
  refuse: (err: AppError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function createPunchAdmission({ concurrency, initialMs = 50, now = Date.now, jitterSeconds = 2 }: AdmissionOptions): PunchAdmission {
  let running = 0;
  let averageMs = initialMs;
  const waiting: Waiter[] = [];

  /** Seconds until the punches ahead of a newcomer are done, plus jitter. */
  const retryAfter = () => Math.ceil(((running + waiting.length) * averageMs) / concurrency / 1000) + randomInt(jitterSeconds + 1);
  /** When a punch would finish if it joined the queue now. */
  const finishIfQueued = () => now() + (Math.max(0, running + waiting.length - concurrency + 1) * averageMs) / concurrency + averageMs;

  /** A waiter leaves the queue with a refusal, and its timer stops. */
  function refuse(w: Waiter) {
    const i = waiting.indexOf(w);
    if (i >= 0) waiting.splice(i, 1);
    clearTimeout(w.timer);
    w.refuse(busy(retryAfter()));
  }

  function next() {
    while (running < concurrency && waiting.length > 0) {
      const w = waiting[0];
      if (now() + averageMs > w.deadline) {
        refuse(w);
        continue;
      }
      waiting.shift();
      clearTimeout(w.timer);
      running++; // counted here, before the waiter's continuation runs, so the loop starts no more than `concurrency`
      w.start();
    }
  }

  async function admit(deadline: number): Promise<() => void> {
    // With nothing running there is nothing to wait for: the punch gets its try (else an average inflated by one slow
    // punch would refuse everyone for ever, since no punch would run to bring it down).
    if (running > 0 && finishIfQueued() > deadline) throw busy(retryAfter());
    if (running < concurrency && waiting.length === 0) running++;
    else
      await new Promise<void>((start, reject) => {
        const w: Waiter = { deadline, start, refuse: reject, timer: undefined };
        // Refused as soon as it can no longer be done in time (the punches ahead took longer than planned), not
        // when its client has already given up.
        const check = () => {
          if (!waiting.includes(w)) return;
          if (now() + averageMs >= w.deadline) refuse(w);
          else w.timer = setTimeout(check, Math.max(10, w.deadline - averageMs - now()));
        };
        w.timer = setTimeout(check, Math.max(10, deadline - averageMs - now()));
        waiting.push(w);
      });
    const started = now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      running--;
      averageMs = 0.8 * averageMs + 0.2 * Math.max(1, now() - started);
      next();
    };
  }

  return {
    admit,
    async run(deadline, work) {
      const end = await admit(deadline);
      try {
        return await work();
      } finally {
        end();
      }
    },
    stats: () => ({ running, waiting: waiting.length, averageMs: Math.round(averageMs) }),
  };
}
