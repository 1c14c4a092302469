import {
  attendanceRate,
  countStatuses,
  createDayJudge,
  type DayStatus,
  daysBetween,
  isWorkDay,
  monthRange,
  round2,
  shiftWindow,
  spanOf,
  toLocal,
} from '@presente/shared';
import { type Ctx, requireCompany } from '../../context.js';
import { loadCompanyPeriod } from '../attendance/read-model/company-period.js';
import { planUsage } from '../company/plan.service.js';
import { firstSteps } from './first-steps.js';

/** 'Presentes hoy': everyone who has checked in today, on time, early or late (decision 0016). */
const ATTENDED: ReadonlySet<DayStatus> = new Set(['present', 'early', 'late']);

/**
 * The company admin's overview (spec §3 dashboard stats), computed with the shared rules in the
 * company's timezone (decision 0016). 'Presentes hoy' counts every check-in of today (present, early
 * and late; 'Tardanzas hoy' and 'Llegadas tempranas' are subsets of it). 'Ausentes hoy' counts active
 * employees due today without a check-in whose shift start plus tolerance has passed (or whose day is
 * over): nobody is absent before their shift could have started. The department table uses the same
 * two rules.
 */
export async function companyDashboard(ctx: Ctx, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const { company, usage } = await planUsage(ctx.db, companyId);
  const today = toLocal(now, company.timezone).date;
  const [y, m] = today.split('-').map(Number);
  const { start } = monthRange(y, m);
  const period = await loadCompanyPeriod(ctx.db, companyId, start, today);
  const live = period.employees.filter((e) => !e.deleted);
  const active = live.filter((e) => e.status === 'ACTIVE');
  const days = daysBetween(start, today);

  const todayStatus = new Map<string, DayStatus>();
  const monthStatuses = new Map<string, DayStatus[]>();
  let leaveHours = 0;
  let totalHours = 0;
  let hourDays = 0;
  const workingDates = new Set<string>();
  // The month so far of everyone who was active in it (deactivated or deleted since included), each day by its period's rules.
  const judge = createDayJudge({ days, timezone: period.timezone, now, holidays: period.holidays });
  for (const e of period.employees) {
    const employee = judge.forEmployee(e.periods, e.activeFrom);
    const statuses: DayStatus[] = [];
    days.forEach((date, i) => {
      const record = period.records.get(e.id)?.get(date);
      const span = record ? spanOf(record) : null;
      const status = employee.status(i, span);
      statuses.push(status);
      if (employee.scheduled(i) && status !== 'holiday') workingDates.add(date);
      const hours = span ? employee.hours(i, span) : null;
      // A justified permission is paid leave, not work (decision 0037): summed apart.
      if (hours != null && status === 'permission') leaveHours += hours;
      else if (hours != null) {
        totalHours += hours;
        hourDays += 1;
      }
    });
    monthStatuses.set(e.id, statuses);
    if (e.status === 'ACTIVE' && !e.deleted) todayStatus.set(e.id, statuses.at(-1) ?? 'pending');
  }

  const steps = await firstSteps(ctx.db, companyId, usage, live.length);
  const byId = new Map(active.map((e) => [e.id, e]));
  /** Due today and no longer on time: the shift started more than the tolerance ago. */
  const overdue = (id: string) => {
    const schedule = byId.get(id)?.schedule;
    if (!schedule || !isWorkDay(schedule, today)) return false;
    return now.getTime() > shiftWindow(schedule, today, company.timezone).start.getTime() + schedule.lateToleranceMinutes * 60_000;
  };
  const countToday = (pred: (s: DayStatus, id: string) => boolean) => [...todayStatus].filter(([id, s]) => pred(s, id)).length;
  const absentNow = (s: DayStatus, id: string) => s === 'absent' || (s === 'pending' && overdue(id));
  const monthCounts = countStatuses([...monthStatuses.values()].flat());

  const departments = new Map<string, { id: string; name: string; ids: string[] }>();
  for (const e of active) {
    if (!e.departmentId) continue;
    const d = departments.get(e.departmentId) ?? { id: e.departmentId, name: e.departmentName ?? '', ids: [] };
    d.ids.push(e.id);
    departments.set(e.departmentId, d);
  }

  return {
    totalEmployees: live.length,
    activeEmployees: active.length,
    presentToday: countToday((s) => ATTENDED.has(s)),
    lateToday: countToday((s) => s === 'late'),
    earlyToday: countToday((s) => s === 'early'),
    absentToday: countToday(absentNow),
    permissionsToday: countToday((s) => s === 'permission'),
    holidaysToday: countToday((s) => s === 'holiday'),
    company: { id: company.id, name: company.name, plan: company.plan, maxEmployees: company.maxEmployees, timezone: company.timezone },
    usage,
    firstSteps: steps,
    today,
    monthlyStats: {
      totalWorkingDays: workingDates.size,
      attendancePercentage: attendanceRate(monthCounts),
      totalHours: round2(totalHours),
      leaveHours: round2(leaveHours),
      averageHoursPerDay: hourDays ? round2(totalHours / hourDays) : 0,
    },
    departmentStats: [...departments.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((d) => ({
        id: d.id,
        name: d.name,
        totalEmployees: d.ids.length,
        presentToday: d.ids.filter((id) => ATTENDED.has(todayStatus.get(id)!)).length,
        lateToday: d.ids.filter((id) => todayStatus.get(id) === 'late').length,
        absentToday: d.ids.filter((id) => absentNow(todayStatus.get(id)!, id)).length,
        attendancePercentage: attendanceRate(countStatuses(d.ids.flatMap((id) => monthStatuses.get(id) ?? []))),
      })),
  };
}
