/**
 * The session, its user and company, and (for an employee) the employee with schedule, place and department: one
 * prepared statement (decision 0068). The employee part is `loadSelf`'s read, joined on the same conditions (the
 * user's employee row in the user's company, not deleted), so the check-in needs no second statement.
 *
 * Reads are grouped (decision 0068, "Amendment (stop 39)"): a read goes at once while fewer than `IN_FLIGHT` are
 * running; those that arrive meanwhile go together in the next one, `token_hash = any($1)`. In a morning rush every
 * check-in reads its session first: one statement each was three queries in four of the web process's and a
 * socket write each (writev alone was 15 % of its samples). No timer: a read alone is never held back.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, departments, employees, schedules, sessions, users, workLocations } from '../db/schema/index.js';
import { selfColumns } from '../modules/employee-area/self.service.js';

/** Grouped reads running at once per database handle (the pool has 10 connections; the rest is the punches'). */
export const IN_FLIGHT = 3;
/** Tokens in one read at most. */
export const MAX_GROUP = 200;

function prepare(db: Db) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      companyStatus: companies.status,
      companyClosedAt: companies.closedAt,
      ...selfColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.companyId, users.companyId), isNull(employees.deletedAt)))
    .leftJoin(schedules, and(eq(schedules.id, employees.scheduleId), eq(schedules.companyId, employees.companyId)))
    .leftJoin(workLocations, and(eq(workLocations.id, schedules.locationId), eq(workLocations.companyId, employees.companyId)))
    .leftJoin(departments, and(eq(departments.id, employees.departmentId), eq(departments.companyId, employees.companyId)))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('presente_session_reads');
}

type Row = Awaited<ReturnType<ReturnType<typeof prepare>['execute']>>[number];

interface Waiter {
  tokenHash: string;
  resolve: (row: Row | undefined) => void;
  reject: (err: unknown) => void;
}

interface Reader {
  read: (tokenHash: string) => Promise<Row | undefined>;
  /** Statements run and tokens read, for the tests. */
  stats: { statements: number; tokens: number };
}

function reader(db: Db): Reader {
  const statement = prepare(db);
  const waiting: Waiter[] = [];
  let running = 0;
  const stats = { statements: 0, tokens: 0 };
  const flush = () => {
    while (waiting.length && running < IN_FLIGHT) {
      const group = waiting.splice(0, MAX_GROUP);
      running++;
      stats.statements++;
      stats.tokens += group.length;
      statement
        .execute({ tokenHashes: [...new Set(group.map((w) => w.tokenHash))], now: new Date() })
        .then(
          (rows) => {
            const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
            for (const w of group) w.resolve(byHash.get(w.tokenHash));
          },
          (err) => {
            for (const w of group) w.reject(err);
          },
        )
        .finally(() => {
          running--;
          flush();
        });
    }
  };
  return {
    stats,
    read: (tokenHash) =>
      new Promise((resolve, reject) => {
        waiting.push({ tokenHash, resolve, reject });
        flush();
      }),
  };
}

const readers = new WeakMap<Db, Reader>();
function readerOf(db: Db) {
  let r = readers.get(db);
  if (!r) {
    r = reader(db);
    readers.set(db, r);
  }
  return r;
}

/** The session row of a token's hash (absent, expired: undefined), read with the other reads of the moment. */
export const readSession = (db: Db, tokenHash: string) => readerOf(db).read(tokenHash);

/** What the grouped reads of `db` have done (tests). */
export const sessionReadStats = (db: Db) => readerOf(db).stats;
