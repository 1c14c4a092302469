import { randomBytes } from 'node:crypto';
import { within } from '@presente/shared/testing';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../db/client.js';
import { createPostgresTestDatabase } from '../test/database.js';
import { makeFactories, type TestUser } from '../test/factories.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

/**
 * Issue 4: with REDIS_URL set, two server processes share realtime events. Two real processes
 * (src/main.ts, as in production) on one PostgreSQL database and one Redis: what happens on one reaches
 * the sockets connected to the other. PGlite is one process's database, so this runs on server-postgres.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
// In CI a missing Redis is a failure, never a silent skip.
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the shared realtime layer`);
const onPostgres = inject('dbKind') === 'postgres';

describe.skipIf(!redisUp || !onPostgres)('realtime across two server processes (Redis adapter, one PostgreSQL database)', () => {
  let servers: ServerProcess[] = [];
  let closeDb: () => Promise<void> = async () => {};
  const sockets: Socket[] = [];
  let admin: TestUser;
  let employee: Awaited<ReturnType<ReturnType<typeof makeFactories>['employee']>>;

  beforeAll(async () => {
    const databaseUrl = await createPostgresTestDatabase();
    const database = openPostgres(databaseUrl, 2);
    closeDb = () => database.close();
    const factories = makeFactories(database.db);
    const company = await factories.company({ timezone: 'America/Lima' });
    admin = await factories.companyAdmin({ companyId: company.id });
    employee = await factories.employee(company.id);
    // Both processes sign socket tokens with the same secret, as replicas behind a load balancer do.
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, SESSION_SECRET: randomBytes(24).toString('hex') };
    // One after the other: both would otherwise create the first super admin at the same time.
    servers.push(await startServerProcess('a', env));
    servers.push(await startServerProcess('b', env));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await closeDb();
  }, 30_000);

  const cookie = (user: TestUser) => ({ cookie: `presente_session=${user.sessionToken}` });

  /** A socket of `user` on `server`, once the server said `connected` (its rooms are joined). */
  async function socketOn(server: ServerProcess, user: TestUser): Promise<Socket> {
    const res = await fetch(`${server.url}/api/auth/socket-token`, { headers: cookie(user) });
    const { token } = ((await res.json()) as { data: { token: string } }).data;
    return new Promise((resolve, reject) => {
      const s = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      s.on('connected', () => resolve(s));
      s.on('connect_error', reject);
    });
  }

  const next = (s: Socket, event: string) =>
    within(`a socket hears ${event}`, new Promise<Record<string, unknown>>((resolve) => s.once(event, resolve)), 10_000);

  it("an employee's check-in over HTTP on server A reaches the admin's socket on server B, and back", async () => {
    const [a, b] = servers;
    expect(a.child.pid).not.toBe(b.child.pid);
    const adminOnB = await socketOn(b, admin);
    const employeeOnA = await socketOn(a, employee.account);

    const seenByAdmin = next(adminOnB, 'attendance_update');
    const checkIn = await fetch(`${a.url}/api/employee/attendance/check-in`, {
      method: 'POST',
      headers: { ...cookie(employee.account), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(checkIn.status, await checkIn.clone().text()).toBe(201);
    expect(await seenByAdmin).toMatchObject({ employeeId: employee.id, action: 'check_in' });

    // The other way: the admin edits the record on B; the employee's socket on A hears of it.
    const { record } = ((await checkIn.json()) as { data: { record: { id: string; date: string } } }).data;
    const seenByEmployee = next(employeeOnA, 'attendance_update');
    const edit = await fetch(`${b.url}/api/company-admin-simple/attendance/${record.id}`, {
      method: 'PUT',
      headers: { ...cookie(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ employeeId: employee.id, date: record.date, checkIn: '08:00', checkOut: '17:00', reason: 'Corrección' }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await seenByEmployee).toMatchObject({ employeeId: employee.id, action: 'updated' });
  });
});
