/**
 * The morning rush as a bench (issue 23 item 4, decision 0068): CROWD employees (default 400) of one company check in
 * from phones in a worker thread, arrivals spread over SPREAD_MS (default 8,000), each phone giving up at 6 s,
 * honouring 503 + Retry-After, tapped again after giving up, within BUDGET_MS (default 40,000). On PGlite and
 * PostgreSQL (`DB=pglite|postgres` for one). Prints one JSON line per database: answered, refused, gave up, p50/p95.
 *   npm run bench:storm
 */
import { loadavg } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { configSchema } from '../../apps/server/src/config.js';
import { type Database, runMigrations } from '../../apps/server/src/db/client.js';
import { attendanceRecords, companies, schedules } from '../../apps/server/src/db/schema/index.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { batchStats } from '../../apps/server/src/modules/attendance/punch-batch.js';
import { runPhones, seedCrowd, stormFigures } from '../../apps/server/src/modules/attendance/storm-phones.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { onEachDatabase } from './databases.js';

const CROWD = Number(process.env.CROWD ?? 400);
const SPREAD_MS = Number(process.env.SPREAD_MS ?? 8000);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 40_000);

async function measure(kind: string, database: Database) {
  await runMigrations(database);
  const [company] = await database.db.insert(companies).values({ name: 'Fábrica SAC', email: 'storm@example.com', timezone: 'America/Lima' }).returning();
  const [schedule] = await database.db
    .insert(schedules)
    .values({ companyId: company.id, name: 'Planta', startTime: '07:00', endTime: '16:00', workDays: '1,2,3,4,5,6,7' })
    .returning();
  const tokens = await seedCrowd(database.db, company.id, schedule.id, CROWD);
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off', RATE_LIMIT_SCALE: '1000' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/employee/attendance/check-in`;
  const before = { ...batchStats };
  const logs = await runPhones({ url, tokens, spreadMs: SPREAD_MS, budgetMs: BUDGET_MS });
  const perEmployee = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.companyId, company.id)))
    .groupBy(attendanceRecords.employeeId);
  await app.close();
  console.log(
    JSON.stringify({
      bench: 'check-in-storm',
      db: kind,
      spread_ms: SPREAD_MS,
      ...stormFigures(logs),
      employees_with_one_record: perEmployee.filter((r) => r.n === 1).length,
      employees_with_more: perEmployee.filter((r) => r.n > 1).length,
      batches: batchStats.batches - before.batches,
      largest_batch: batchStats.largest,
      load: Number(loadavg()[0].toFixed(1)),
    }),
  );
}

await onEachDatabase('check-in-storm', measure, 10);
