/**
 * The morning rush's clients (issue 23 item 4, decision 0068), for the storm test and `bench:storm`: a crowd of
 * employees with sessions, and their phones in a process of their own (their 6-second give-up runs on their own
 * event loop, as a phone's does, not on the server's). Each phone arrives at its moment of the spread and checks in as
 * the web client does (`usePunch`): gives up after CHECK_TIMEOUT_HTTP_MS, honours 503 + Retry-After by waiting and
 * sending again, and, after giving up, is tapped again by its person, within a budget.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { CHECK_TIMEOUT_HTTP_MS, SESSION_TTL_MS } from '@presente/shared';
import type { Db } from '../../db/client.js';
import { employees, sessions, users } from '../../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.js';
import { snapshotPeriods } from './periods.js';

/** `n` employees of a company on one schedule, each with a session; their tokens in order. */
export async function seedCrowd(db: Db, companyId: string, scheduleId: string, n: number): Promise<string[]> {
  const passwordHash = await hashPassword('storm-password');
  const tokens: string[] = [];
  for (let start = 0; start < n; start += 200) {
    const batch = Array.from({ length: Math.min(200, n - start) }, (_, k) => start + k);
    const accounts = await db
      .insert(users)
      .values(batch.map((i) => ({ companyId, role: 'EMPLOYEE' as const, name: `Obrero ${i}`, email: `obrero${i}-${companyId}@storm.pe`, passwordHash })))
      .returning({ id: users.id, email: users.email });
    const mine = batch.map(() => randomToken());
    tokens.push(...mine);
    await db.insert(sessions).values(accounts.map((a, k) => ({ userId: a.id, tokenHash: sha256(mine[k]), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })));
    const rows = await db
      .insert(employees)
      .values(
        batch.map((i, k) => ({
          companyId,
          userId: accounts[k].id,
          firstName: 'Obrero',
          lastName: String(i).padStart(4, '0'),
          email: accounts[k].email,
          employeeCode: `S${i}`,
          documentType: 'DNI' as const,
          documentNumber: String(40_000_000 + i),
          scheduleId,
          hireDate: '2024-01-01',
        })),
      )
      .returning({ id: employees.id });
    await snapshotPeriods(db, companyId, { employeeIds: rows.map((r) => r.id) }, { fromHireDate: true });
  }
  return tokens;
}

export interface PhoneLog {
  /** The phone's index (its arrival order). */
  i: number;
  attempts: number;
  /** 503 answers, and those of them without a Retry-After (a client would not know when to come back). */
  refused: number;
  refusedWithoutRetryAfter: number;
  /** Attempts the phone gave up on (no whole answer within the timeout); `gaveUpAt` their epoch ms. */
  gaveUp: number;
  gaveUpAt: number[];
  /** Other failures (connection refused or reset). */
  errors: string[];
  /** The last answer's status (201 new, 200 "ya registraste", null none within the budget) and its time (ms). */
  final: number | null;
  finalMs: number | null;
  /** From the first tap to the final answer (ms), Retry-After waits included. */
  totalMs: number | null;
}

export interface StormOptions {
  url: string;
  tokens: string[];
  /** Arrivals are spread evenly over this many ms. */
  spreadMs: number;
  /** A phone stops trying after this long from its first tap. */
  budgetMs: number;
  timeoutMs?: number;
}

// The phones' code, run as a process of its own (plain JavaScript: `node -e` has no TypeScript loader).
const PHONES = `
const { url, tokens, spreadMs, budgetMs, timeoutMs } = JSON.parse(process.env.STORM_PHONES);
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const origin = Date.now();
async function phone(i) {
  await pause(origin + Math.round((i * spreadMs) / tokens.length) - Date.now());
  const log = { i, attempts: 0, refused: 0, refusedWithoutRetryAfter: 0, gaveUp: 0, gaveUpAt: [], errors: [], final: null, finalMs: null, totalMs: null };
  const first = Date.now();
  while (Date.now() - first < budgetMs) {
    log.attempts++;
    const sent = Date.now();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { cookie: 'presente_session=' + tokens[i], 'content-type': 'application/json', 'accept-language': 'es' },
        body: '{}',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.text();
      if (res.status === 503) {
        log.refused++;
        let seconds = Number(res.headers.get('retry-after'));
        if (!(seconds > 0)) { log.refusedWithoutRetryAfter++; seconds = 1; }
        await pause(seconds * 1000);
        continue;
      }
      log.final = res.status;
      log.finalMs = Date.now() - sent;
      log.totalMs = Date.now() - first;
      return log;
    } catch (err) {
      if (err && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        log.gaveUp++;
        log.gaveUpAt.push(Date.now());
      } else {
        log.errors.push(String(err && err.cause ? err.cause.code || err.cause.message : err));
        await pause(500);
      }
    }
  }
  return log;
}
Promise.all(tokens.map((_, i) => phone(i))).then((logs) => process.send(logs, () => process.exit(0)));
`;

/** Runs the crowd's phones in a process of their own; resolves with each phone's log when every phone is done. */
export function runPhones(opts: StormOptions): Promise<PhoneLog[]> {
  const phones = spawn(process.execPath, ['-e', PHONES], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, STORM_PHONES: JSON.stringify({ timeoutMs: CHECK_TIMEOUT_HTTP_MS, ...opts }) },
  });
  // Phones are other devices: their clocks and timeouts should not stall because this machine is busy. A starved
  // thread of the test's process can fire its 6 s timeouts before it reads answers already there (timers run before
  // the poll of the sockets) and count them as given up. So a process of its own, ahead of the server in the scheduler
  // where the machine allows it (root, or CAP_SYS_NICE; otherwise at the same priority).
  try {
    if (phones.pid) setPriority(phones.pid, -10);
  } catch {
    // Not allowed here: the phones share the machine as equals.
  }
  return new Promise<PhoneLog[]>((resolve, reject) => {
    phones.once('message', (logs) => resolve(logs as PhoneLog[]));
    phones.once('error', reject);
    phones.once('exit', (code) => reject(new Error(`the phones' process ended (${code}) before answering`)));
  }).finally(() => phones.kill());
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);

/** The storm's figures: answered, refused, gave up, and the answers' p50/p95 (the last attempt, and from first tap). */
export function stormFigures(logs: PhoneLog[]) {
  const answered = logs.filter((l) => l.final !== null);
  const last = answered.map((l) => l.finalMs!).sort((a, b) => a - b);
  const total = answered.map((l) => l.totalMs!).sort((a, b) => a - b);
  return {
    phones: logs.length,
    answered: answered.length,
    created: logs.filter((l) => l.final === 201).length,
    repeated: logs.filter((l) => l.final === 200).length,
    refused: logs.reduce((n, l) => n + l.refused, 0),
    refused_phones: logs.filter((l) => l.refused > 0).length,
    refused_without_retry_after: logs.reduce((n, l) => n + l.refusedWithoutRetryAfter, 0),
    gave_up: logs.reduce((n, l) => n + l.gaveUp, 0),
    gave_up_phones: logs.filter((l) => l.gaveUp > 0).length,
    errors: logs.reduce((n, l) => n + l.errors.length, 0),
    answer_p50_ms: percentile(last, 50),
    answer_p95_ms: percentile(last, 95),
    first_tap_to_answer_p50_ms: percentile(total, 50),
    first_tap_to_answer_p95_ms: percentile(total, 95),
  };
}
