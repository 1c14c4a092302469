import type { ScheduleSnapshot } from '@presente/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { employees, schedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { loadPeriods, periodsOf } from './read-model/periods.js';

/** The schedule's rule fields as a period keeps them (SNAPSHOT_FIELDS; the migration's backfill builds the same). */
const snapshot = sql`case when s.is_active then jsonb_build_object(
  'name', s.name, 'startTime', s.start_time, 'endTime', s.end_time, 'breakStartTime', s.break_start_time,
  'breakEndTime', s.break_end_time, 'workDays', s.work_days, 'lateToleranceMinutes', s.late_tolerance_minutes,
  'allowEarlyCheckIn', s.allow_early_check_in, 'earlyCheckInMinutes', s.early_check_in_minutes, 'countActualTime', s.count_actual_time) end`;

/** Whose state to record: some employees, or every live employee on a schedule. */
export type PeriodTarget = { employeeIds: string[] } | { scheduleId: string };

/**
 * Records what applies now to the given employees: a period from "today" in the company's timezone
 * (or `opts.today`), with their activity and their schedule's rules, upserted (several changes the same
 * day leave the last). Nothing is written for an employee whose latest period already says the same.
 * A new employee's first period starts on their hire date when it is earlier (`fromHireDate`).
 * Called inside the transaction of every write that changes what applies (docs/decisions/0013-attendance-history.md):
 * employee create/update/delete/import, schedule update, billing deactivation and restore.
 */
export async function snapshotPeriods(tx: Db, companyId: string, target: PeriodTarget, opts: { today?: string; fromHireDate?: boolean } = {}): Promise<void> {
  let filter: SQL;
  if ('employeeIds' in target) {
    if (!target.employeeIds.length) return;
    filter = sql`e.id in (${sql.join(
      target.employeeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  } else filter = sql`e.schedule_id = ${target.scheduleId}::uuid and e.deleted_at is null`;
  const today = opts.today ? sql`${opts.today}::date` : sql`(now() at time zone c.timezone)::date`;
  await tx.execute(sql`
    insert into employee_schedule_periods (company_id, employee_id, valid_from, active, schedule_id, schedule)
    select cur.company_id, cur.employee_id, cur.valid_from, cur.active, cur.schedule_id, cur.schedule
    from (
      select e.company_id, e.id as employee_id,
        ${opts.fromHireDate ? sql`least(coalesce(e.hire_date, ${today}), ${today})` : today} as valid_from,
        (e.status = 'ACTIVE' and e.deleted_at is null) as active,
        e.schedule_id,
        ${snapshot} as schedule
      from employees e
      join companies c on c.id = e.company_id
      left join schedules s on s.id = e.schedule_id and s.company_id = e.company_id
      where e.company_id = ${companyId}::uuid and ${filter}
    ) cur
    left join lateral (
      select q.active, q.schedule_id, q.schedule from employee_schedule_periods q
      where q.employee_id = cur.employee_id and q.valid_from <= cur.valid_from
      order by q.valid_from desc limit 1
    ) last on true
    where last.active is null or (last.active, last.schedule_id, last.schedule) is distinct from (cur.active, cur.schedule_id, cur.schedule)
    on conflict (employee_id, valid_from) do update set active = excluded.active, schedule_id = excluded.schedule_id, schedule = excluded.schedule
  `);
}

/**
 * GET /employees/{id}/schedule-periods: what applied to one employee of the actor's company between two
 * local days (the one in effect on the first day, then each change), for the admin report, which judges
 * locally with the shared rules. Another company's employee is not found.
 */
export async function employeePeriods(ctx: Ctx, employeeId: string, start: string, end: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .select({ e: employees, s: schedules })
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
  if (!row) throw new AppError('not_found', 'employee.notFound');
  const periods = await loadPeriods(ctx.db, companyId, [employeeId], start, end);
  return periodsOf(periods, { ...row.e, schedule: row.s }).map((p) => ({
    validFrom: p.validFrom,
    active: p.active,
    scheduleId: p.scheduleId,
    schedule: p.schedule as ScheduleSnapshot | null,
  }));
}
