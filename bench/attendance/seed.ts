import { localToInstant, type ScheduleSnapshot, SESSION_TTL_MS, SNAPSHOT_FIELDS } from '@presente/shared';
import type { Db } from '../../apps/server/src/db/client.js';
import { attendanceRecords, companies, employeeSchedulePeriods, employees, schedules, sessions, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../../apps/server/src/lib/crypto.js';
import { snapshotPeriods } from '../../apps/server/src/modules/attendance/periods.js';

/**
 * Seeds one company with `n` employees and a month of records (present/late/absent mix), and their schedule
 * periods as the services record them: one from the hire date each, and for one employee in 20 a change of
 * tolerance from the 16th (the calendar's per-day path; docs/decisions/0013-attendance-history.md).
 */
export async function seedCompany(db: Db, n: number, year: number, month: number) {
  const [company] = await db
    .insert(companies)
    .values({ name: 'Bench SAC', email: 'bench@example.com', timezone: 'America/Lima', plan: 'PREMIUM', maxEmployees: -1 })
    .returning();
  const hash = await hashPassword('bench-password');
  const [admin] = await db
    .insert(users)
    .values({ companyId: company.id, role: 'COMPANY_ADMIN', name: 'Admin', email: `admin-${company.id}@bench.pe`, passwordHash: hash })
    .returning();
  const adminToken = randomToken();
  await db.insert(sessions).values({ userId: admin.id, tokenHash: sha256(adminToken), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  const [schedule] = await db
    .insert(schedules)
    .values({ companyId: company.id, name: 'Oficina', startTime: '09:00', endTime: '18:00', breakStartTime: '13:00', breakEndTime: '14:00' })
    .returning();
  const employeeTokens: string[] = [];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let start = 0; start < n; start += 250) {
    const batch = Array.from({ length: Math.min(250, n - start) }, (_, i) => start + i);
    const accounts = await db
      .insert(users)
      .values(
        batch.map((i) => ({ companyId: company.id, role: 'EMPLOYEE' as const, name: `Emp ${i}`, email: `e${i}-${company.id}@bench.pe`, passwordHash: hash })),
      )
      .returning({ id: users.id });
    const tokens = batch.map(() => randomToken());
    employeeTokens.push(...tokens);
    await db
      .insert(sessions)
      .values(accounts.map((a, k) => ({ userId: a.id, tokenHash: sha256(tokens[k]), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })));
    const emps = await db
      .insert(employees)
      .values(
        batch.map((i, k) => ({
          companyId: company.id,
          userId: accounts[k].id,
          firstName: `Nombre${i}`,
          lastName: `Apellido${String(i).padStart(4, '0')}`,
          email: `e${i}-${company.id}@bench.pe`,
          employeeCode: `B${i}`,
          // A Peruvian company's worker is identified by a DNI (decision 0062): 8 digits, unique per seeded worker.
          documentType: 'DNI' as const,
          documentNumber: String(10_000_000 + i),
          scheduleId: schedule.id,
          hireDate: '2025-01-01',
        })),
      )
      .returning({ id: employees.id });
    await snapshotPeriods(db, company.id, { employeeIds: emps.map((e) => e.id) }, { fromHireDate: true });
    const changed = emps.filter((_, k) => (start + k) % 20 === 0);
    if (changed.length) {
      // The schedule's rules as a period keeps them (the shared list of snapshot fields).
      const rules = Object.fromEntries(SNAPSHOT_FIELDS.map((k) => [k, schedule[k]])) as unknown as ScheduleSnapshot;
      await db.insert(employeeSchedulePeriods).values(
        changed.map((e) => ({
          companyId: company.id,
          employeeId: e.id,
          validFrom: `${year}-${String(month).padStart(2, '0')}-16`,
          active: true,
          scheduleId: schedule.id,
          schedule: { ...rules, lateToleranceMinutes: 5 },
        })),
      );
    }
    const records = [];
    for (const e of emps) {
      for (let d = 1; d <= days; d++) {
        const date = `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const roll = (d * 7 + e.id.charCodeAt(0)) % 10;
        if (roll === 0) continue; // absent
        const inMin = roll === 1 ? 9 * 60 + 30 : 8 * 60 + 55;
        records.push({
          companyId: company.id,
          employeeId: e.id,
          date,
          checkIn: localToInstant(date, inMin, 'America/Lima'),
          checkOut: localToInstant(date, 18 * 60, 'America/Lima'),
          status: roll === 1 ? 'late' : 'present',
          workHours: '8.00',
        });
      }
    }
    for (let i = 0; i < records.length; i += 2000) await db.insert(attendanceRecords).values(records.slice(i, i + 2000));
  }
  return { company, adminToken, employeeTokens };
}
