import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/database.js';
import { makeFactories, type TestUser, withDni } from '../test/factories.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';
import { type Database, openPglite, openPostgres, pgliteDir, runMigrations } from './client.js';
import { attendanceRecords, employees } from './schema/index.js';

/**
 * kill -9 in the middle of writes (issue 18): a real server process takes check-ins and employee creations
 * from several clients at once and is killed with SIGKILL while some are still in flight. Restarted on the
 * same DATA_DIR (PGlite: its WAL replayed, the dead process's lock taken over) or the same PostgreSQL
 * database, it starts cleanly, and every write it had acknowledged is there exactly once.
 */
const kind = inject('dbKind');
const dataDir = mkdtempSync(join(tmpdir(), 'presente-kill9-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database the server will use, migrated and seeded: one company, its admin and 40 employees. */
async function seed() {
  const databaseUrl = kind === 'postgres' ? await createPostgresTestDatabase() : undefined;
  const open = async (): Promise<Database> => (databaseUrl ? openPostgres(databaseUrl, 2) : openPglite({ dataDir: pgliteDir(dataDir) }));
  const database = await open();
  if (!databaseUrl) await runMigrations(database);
  const f = makeFactories(database.db);
  const company = await f.company({ plan: 'PREMIUM', maxEmployees: 500, timezone: 'America/Lima' });
  const admin = await f.companyAdmin({ companyId: company.id });
  const staff: { id: string; account: TestUser }[] = [];
  for (let i = 0; i < 40; i++) staff.push(await f.employee(company.id));
  await database.close();
  return { open, env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, companyId: company.id, admin, staff };
}

const post = (server: ServerProcess, path: string, user: TestUser, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { cookie: `presente_session=${user.sessionToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe(`kill -9 during writes (${kind})`, () => {
  it('every acknowledged check-in and new employee is there exactly once after a restart on the same data', { timeout: 240_000 }, async () => {
    const { open, env, companyId, admin, staff } = await seed();
    const first = await startServerProcess('kill9-a', env);
    servers.push(first);

    const ackedCheckIns = new Set<string>();
    const ackedEmails = new Set<string>();
    const sentEmails: string[] = [];
    let inFlight = 0;
    let killed = false;
    let reachedTen = () => {};
    const tenAcked = new Promise<void>((r) => (reachedTen = r));
    const acked = () => ackedCheckIns.size + ackedEmails.size;
    // Six clients at once: each takes the next job (a check-in of the next employee, or a new employee) until the kill.
    const jobs = [
      ...staff.map((e) => () => post(first, '/employee/attendance/check-in', e.account, {}).then((r) => (r.status === 201 ? ackedCheckIns.add(e.id) : null))),
      ...Array.from({ length: 30 }, (_, i) => () => {
        const email = `nuevo-${i}-${Date.now()}@example.com`;
        sentEmails.push(email);
        const body = {
          firstName: 'Nuevo',
          lastName: `Empleado ${i}`,
          email,
          employeeCode: `N-${i}-${Date.now()}`,
          ...withDni(),
          password: 'Secreto-123',
          hireDate: '2024-01-01',
        };
        return post(first, '/company-admin-simple/employees', admin, body).then((r) => (r.status === 201 ? ackedEmails.add(email) : null));
      }),
    ].sort(() => 0.5 - Math.random());
    const clients = Array.from({ length: 6 }, async () => {
      while (jobs.length && !killed) {
        const job = jobs.shift()!;
        inFlight += 1;
        // A request cut by the kill is not acknowledged: its fetch fails, which is expected.
        await job().catch(() => null);
        inFlight -= 1;
        if (acked() >= 10) reachedTen();
      }
    });
    await Promise.race([tenAcked, Promise.all(clients)]);
    const inFlightAtKill = inFlight;
    killed = true;
    await first.kill();
    await Promise.all(clients);
    expect(acked()).toBeGreaterThanOrEqual(10);
    if (kind === 'pglite') expect(existsSync(join(dataDir, 'presente.lock'))).toBe(true); // left behind by the dead process

    // The same data, a new process: it must start (health answers) and take writes again.
    const second = await startServerProcess('kill9-b', env);
    servers.push(second);
    const fresh = staff.find((e) => !ackedCheckIns.has(e.id))!;
    const again = await post(second, '/employee/attendance/check-in', fresh.account, {});
    expect([200, 201]).toContain(again.status);
    await second.stop();

    const database = await open();
    try {
      const records = await database.db
        .select({ employeeId: attendanceRecords.employeeId, n: count() })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.companyId, companyId))
        .groupBy(attendanceRecords.employeeId);
      const perEmployee = new Map(records.map((r) => [r.employeeId, r.n]));
      for (const id of ackedCheckIns) expect(perEmployee.get(id), `acknowledged check-in of ${id}`).toBe(1);
      expect(Math.max(...perEmployee.values())).toBe(1); // none twice, acknowledged or not
      const created = await database.db
        .select({ email: employees.email, n: count() })
        .from(employees)
        .where(and(eq(employees.companyId, companyId), inArray(employees.email, sentEmails.length ? sentEmails : ['-'])))
        .groupBy(employees.email);
      const perEmail = new Map(created.map((r) => [r.email, r.n]));
      for (const email of ackedEmails) expect(perEmail.get(email), `acknowledged employee ${email}`).toBe(1);
      expect(Math.max(0, ...perEmail.values())).toBeLessThanOrEqual(1);
      console.info(
        `kill -9 (${kind}): ${ackedCheckIns.size} check-ins and ${ackedEmails.size} new employees acknowledged, ${inFlightAtKill} requests in flight at the kill; all acknowledged present once; ${records.length - 1 - ackedCheckIns.size} unacknowledged check-ins and ${created.length - ackedEmails.size} unacknowledged employees were committed`,
      );
    } finally {
      await database.close();
    }
  });
});
