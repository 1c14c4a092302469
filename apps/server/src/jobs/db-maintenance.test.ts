import { addDays } from '@presente/shared';
import { until as poll } from '@presente/shared/testing';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../db/schema/index.js';
import { rowsOf } from '../lib/sql.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { DB_MAINTENANCE, maintainDatabase, maintenancePlan } from './db-maintenance.js';
import { jobHandlers, recurringJobs } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const table = (name: string, live: number, dead: number, changedSinceAnalyze: number) => ({ name, live, dead, changedSinceAnalyze });

describe("database maintenance: autovacuum's work where there is no autovacuum", () => {
  it("follows autovacuum's default thresholds (50 rows + 20 % dead, 50 rows + 10 % changed)", () => {
    expect(maintenancePlan([table('a', 1000, 250, 0), table('b', 1000, 251, 0)])).toEqual({ vacuum: ['b'], analyze: [] });
    expect(maintenancePlan([table('a', 1000, 0, 150), table('b', 1000, 0, 151)])).toEqual({ vacuum: [], analyze: ['b'] });
    // A new table's first rows count as changes: 51 rows are enough for its first statistics.
    expect(maintenancePlan([table('new', 0, 0, 51), table('tiny', 0, 0, 50)])).toEqual({ vacuum: [], analyze: ['new'] });
    // Vacuuming analyzes too: a table is never in both lists.
    expect(maintenancePlan([table('both', 100, 500, 900)])).toEqual({ vacuum: ['both'], analyze: [] });
  });

  it('runs every 10 minutes as a recurring job', () => {
    expect(recurringJobs).toContainEqual({ type: DB_MAINTENANCE, everyMs: 10 * 60 * 1000 });
    expect(jobHandlers[DB_MAINTENANCE]).toBeTypeOf('function');
  });

  it('analyzes a table after many new rows and vacuums it after many dead ones, then leaves it alone', async () => {
    const [setting] = await rowsOf<{ on: boolean }>(t.db, sql`select current_setting('autovacuum') = 'on' as on`);
    const serverDoesIt = t.deps.dbKind === 'postgres' && setting?.on === true;
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const emp = await t.factories.employee(company.id, { hireDate: '2025-01-01' });
    const rows = Array.from({ length: 300 }, (_, i) => ({
      companyId: company.id,
      employeeId: emp.id,
      date: addDays('2025-01-01', i),
      checkIn: new Date(Date.UTC(2025, 0, 1 + i, 14)),
      status: 'present',
    }));
    await t.db.insert(attendanceRecords).values(rows);

    // The server's counters reach pg_stat_user_tables within a second or so: ask until they have.
    const until = (want: (r: Awaited<ReturnType<typeof maintainDatabase>>) => boolean) =>
      poll(
        'the maintenance reaches attendance_records',
        async () => {
          const result = await maintainDatabase(t.deps);
          return want(result) && result;
        },
        { withinMs: 10_000, everyMs: 250 },
      );
    const activity = async () => {
      const [r] = await rowsOf<{ analyzed: boolean; vacuumed: boolean }>(
        t.db,
        sql`
        select (last_analyze is not null) as analyzed, (last_vacuum is not null) as vacuumed
        from pg_stat_user_tables where relname = 'attendance_records'`,
      );
      return r;
    };

    if (serverDoesIt) {
      // A PostgreSQL server with autovacuum on: the job leaves everything to it.
      expect(await maintainDatabase(t.deps)).toEqual({ vacuumed: [], analyzed: [] });
      return;
    }
    expect((await until((r) => r.analyzed.includes('attendance_records'))).vacuumed).not.toContain('attendance_records');
    expect(await activity()).toMatchObject({ analyzed: true, vacuumed: false });
    expect((await maintainDatabase(t.deps)).analyzed).not.toContain('attendance_records');

    // Every row rewritten once: 300 dead rows in a 300-row table.
    await t.db.update(attendanceRecords).set({ notes: 'revisado' }).where(eq(attendanceRecords.employeeId, emp.id));
    await until((r) => r.vacuumed.includes('attendance_records'));
    expect(await activity()).toMatchObject({ vacuumed: true });
    const again = await maintainDatabase(t.deps);
    expect([...again.vacuumed, ...again.analyzed]).not.toContain('attendance_records');
    // Nothing was lost on the way.
    expect(await t.db.$count(attendanceRecords, eq(attendanceRecords.notes, 'revisado'))).toBe(300);
  });
});
