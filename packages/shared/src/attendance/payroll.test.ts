import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PayrollLine, type PayrollRecord, type PayrollRules, PERU_PAYROLL_RULES, payrollPeriodProblem, payrollSummary } from './payroll.js';
import type { SchedulePeriod } from './periods.js';
import type { HolidayFacts, ScheduleRules } from './rules.js';
import { addDays, daysBetween, isoWeekday, localToInstant, parseHhmm } from './time.js';

const TZ = 'America/Lima';
const NOW = new Date('2026-03-05T12:00:00Z');
const base = { lateToleranceMinutes: 0, allowEarlyCheckIn: false, earlyCheckInMinutes: 0, countActualTime: false };
/** Mon-Sat 08:00-17:00, lunch 13:00-14:00: 8 h a day, 48 h a week. */
const office: ScheduleRules = {
  ...base,
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5,6',
  lateToleranceMinutes: 10,
};
/** Mon-Fri 22:00-06:00 with 02:00-02:30 off: 7.5 h, all of it at night. */
const night: ScheduleRules = {
  ...base,
  startTime: '22:00',
  endTime: '06:00',
  breakStartTime: '02:00',
  breakEndTime: '02:30',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 5,
};
/** Mon-Fri 07:00-15:00, no break. */
const early: ScheduleRules = { ...base, startTime: '07:00', endTime: '15:00', workDays: '1,2,3,4,5' };
/** Split day: Mon-Fri 08:00-18:00 with two hours off at noon, actual time counted. */
const split: ScheduleRules = {
  ...base,
  startTime: '08:00',
  endTime: '18:00',
  breakStartTime: '12:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  countActualTime: true,
};

const period = (validFrom: string, scheduleId: string, schedule: ScheduleRules): SchedulePeriod => ({ validFrom, active: true, scheduleId, schedule });
const holidays: HolidayFacts[] = [{ date: '2026-02-17', isActive: true, applyToAll: true, scheduleIds: [] }];

/** A record of a local day from "HH:mm" to "HH:mm" (an exit at or before the entry is the next day). */
function rec(date: string, inAt: string | null, outAt: string | null, extra: Partial<PayrollRecord> = {}): PayrollRecord {
  const i = inAt ? parseHhmm(inAt) : 0;
  const o = outAt ? parseHhmm(outAt) + (parseHhmm(outAt) <= i ? 1440 : 0) : 0;
  return {
    date,
    checkIn: inAt ? localToInstant(date, i, TZ) : null,
    checkOut: outAt ? localToInstant(date, o, TZ) : null,
    isPermission: false,
    ...extra,
  };
}
const feb = daysBetween('2026-02-01', '2026-02-28');
const weekdays = (days: string[], set: number[]) => days.filter((d) => set.includes(isoWeekday(d)));

/** Ana, office hours: a normal month with one late arrival, overtime approved and not, an absence, two permissions, a holiday and a Sunday worked. */
function ana(): PayrollRecord[] {
  const special: Record<string, PayrollRecord | null> = {
    '2026-02-03': rec('2026-02-03', '08:25', '17:00'),
    '2026-02-04': rec('2026-02-04', '08:00', '20:00', { overtimeApproved: true }),
    '2026-02-05': rec('2026-02-05', '08:00', '19:00'),
    '2026-02-10': null,
    '2026-02-11': rec('2026-02-11', '08:00', '17:00', { isPermission: true }),
    '2026-02-12': rec('2026-02-12', '08:00', '17:00', { isPermission: true, unpaid: true }),
    '2026-02-17': rec('2026-02-17', '08:00', '12:00'),
  };
  const out = weekdays(feb, [1, 2, 3, 4, 5, 6]).flatMap((d) => (d in special ? (special[d] ? [special[d]] : []) : [rec(d, '08:00', '17:00')]));
  return [...out, rec('2026-02-22', '09:00', '13:00')];
}
/** Bruno, nights until 13 Feb, then 07:00-15:00 from Monday 16 Feb (a change of schedule mid-period). */
function bruno(): PayrollRecord[] {
  const nights = weekdays(daysBetween('2026-02-01', '2026-02-13'), [1, 2, 3, 4, 5]).map((d) =>
    d === '2026-02-06' ? rec(d, '22:00', '08:00', { overtimeApproved: true }) : rec(d, '22:00', '06:00'),
  );
  const days = weekdays(daysBetween('2026-02-16', '2026-02-28'), [1, 2, 3, 4, 5])
    .filter((d) => d !== '2026-02-17')
    .map((d) => (d === '2026-02-25' ? rec(d, '06:00', '15:00') : rec(d, '07:00', '15:00')));
  return [...nights, ...days];
}
/** Carla, hired Monday 23 Feb on the split day. */
function carla(): PayrollRecord[] {
  return [
    rec('2026-02-23', '08:00', '18:00'),
    rec('2026-02-24', '07:30', '18:00'),
    rec('2026-02-25', '08:03', '18:00'),
    rec('2026-02-26', '08:00', '12:00'),
    rec('2026-02-27', '08:00', null),
  ];
}

function month(rules: PayrollRules = PERU_PAYROLL_RULES) {
  return payrollSummary({
    from: '2026-02-01',
    to: '2026-02-28',
    timezone: TZ,
    now: NOW,
    rules,
    holidays,
    employees: [
      { employeeId: 'ana', periods: [period('2025-01-01', 'office', office)], activeFrom: '2025-01-01', records: ana() },
      {
        employeeId: 'bruno',
        periods: [period('2025-01-01', 'night', night), period('2026-02-16', 'early', early)],
        activeFrom: '2025-01-01',
        records: bruno(),
      },
      { employeeId: 'carla', periods: [period('2026-02-23', 'split', split)], activeFrom: '2026-02-23', records: carla() },
    ],
  });
}

const zero = {
  daysWorked: 0,
  workedHours: 0,
  regularHours: 0,
  overtime25Hours: 0,
  overtime35Hours: 0,
  unapprovedOvertimeHours: 0,
  nightHours: 0,
  holidayWorkedHours: 0,
  restDayWorkedHours: 0,
  lateMinutes: 0,
  lateDays: 0,
  absences: 0,
  paidPermissions: 0,
  unpaidPermissions: 0,
  permissionHours: 0,
  holidaysPaid: 0,
  openShifts: 0,
  overtimeDays: [],
};

describe('payrollSummary: the fixture month (February 2026, Lima, holiday on Tuesday 17)', () => {
  /**
   * Hand-computed (minutes):
   * Ana, 23 ordinary work days (24 Mon-Sat minus the holiday): 20 worked (absent 10, permissions 11 and 12).
   *   17 × 480 + 3 Feb 08:25-17:00 less lunch = 455 + 4 Feb 480 (+180 overtime, approved: 120 at 25 %, 60 at 35 %)
   *   + 5 Feb 480 (+120 overtime not approved) → regular 9,575 = 159.58 h. Holiday 17 Feb 08:00-12:00 = 240;
   *   Sunday 22 Feb 09:00-13:00 = 240. Worked 9,575 + 180 + 120 + 240 + 240 = 10,355 = 172.58 h. Late: 25 min.
   *   Permissions 2 × 480 = 16 h (one paid, one unpaid). No week passes 48 h (2-7 Feb: 2,855 regular minutes).
   * Bruno: nights 2-6 and 9-13 Feb, 22:00-06:00 less 30 min = 450 each; 6 Feb until 08:00 = 570 (90 overtime,
   *   approved). Night: 10 × 450 = 4,500 = 75 h (06:00-08:00 is day). From 16 Feb 07:00-15:00 = 480 on 9 days
   *   (17 Feb holiday, not worked; 25 Feb arrived 06:00, counted from 07:00). Worked 9 × 450 + 570 + 9 × 480
   *   = 8,940 = 149 h; regular 8,850 = 147.5 h; overtime 1.5 h at 25 %.
   * Carla, from 23 Feb (the holiday before her hire is not hers): 480 + (07:30-18:00 less 2 h = 510: 30 overtime
   *   not approved) + (08:03 late by 3 = 477) + 08:00-12:00 = 240; 27 Feb no exit (open). Worked 1,707 = 28.45 h,
   *   regular 1,677 = 27.95 h.
   */
  const expected: PayrollLine[] = [
    {
      ...zero,
      employeeId: 'ana',
      daysWorked: 22,
      workedHours: 172.58,
      regularHours: 159.58,
      overtime25Hours: 2,
      overtime35Hours: 1,
      unapprovedOvertimeHours: 2,
      holidayWorkedHours: 4,
      restDayWorkedHours: 4,
      lateMinutes: 25,
      lateDays: 1,
      absences: 1,
      paidPermissions: 1,
      unpaidPermissions: 1,
      permissionHours: 16,
      holidaysPaid: 1,
      // The days behind the two overtime figures: the approved one is paid in its bands, the other shown apart.
      overtimeDays: [
        { date: '2026-02-04', hours: 3, approved: true },
        { date: '2026-02-05', hours: 2, approved: false },
      ],
    },
    {
      ...zero,
      employeeId: 'bruno',
      daysWorked: 19,
      workedHours: 149,
      regularHours: 147.5,
      overtime25Hours: 1.5,
      nightHours: 75,
      holidaysPaid: 1,
      overtimeDays: [{ date: '2026-02-06', hours: 1.5, approved: true }],
    },
    {
      ...zero,
      employeeId: 'carla',
      daysWorked: 4,
      workedHours: 28.45,
      regularHours: 27.95,
      unapprovedOvertimeHours: 0.5,
      lateMinutes: 3,
      lateDays: 1,
      openShifts: 1,
      overtimeDays: [{ date: '2026-02-24', hours: 0.5, approved: false }],
    },
  ];

  it('matches the hand-computed table', () => {
    expect(month()).toEqual(expected);
  });

  it('without approval required, overtime is paid in its bands and nothing is shown apart', () => {
    const [a, , c] = month({ ...PERU_PAYROLL_RULES, overtimeNeedsApproval: false });
    // Ana's 5 Feb: 120 more minutes in the first band.
    expect([a.overtime25Hours, a.overtime35Hours, a.unapprovedOvertimeHours]).toEqual([4, 1, 0]);
    expect([c.overtime25Hours, c.unapprovedOvertimeHours]).toEqual([0.5, 0]);
  });

  it('a weekly limit moves the week’s last regular hours to overtime', () => {
    // 40 h a week: Ana's 23-28 Feb (6 × 8 = 48 h) gives 8 h of overtime on Saturday 28 (2 at 25 %, 6 at 35 %).
    const [a] = month({ ...PERU_PAYROLL_RULES, weeklyHours: 40, overtimeNeedsApproval: false });
    const [peru] = month({ ...PERU_PAYROLL_RULES, overtimeNeedsApproval: false });
    expect(a.workedHours).toBe(peru.workedHours);
    expect(a.regularHours).toBeLessThan(peru.regularHours);
    expect(a.overtime25Hours + a.overtime35Hours + a.regularHours).toBeCloseTo(peru.overtime25Hours + peru.overtime35Hours + peru.regularHours, 2);
  });
});

describe('payrollSummary: named cases', () => {
  const one = (schedule: ScheduleRules, records: PayrollRecord[], rules: PayrollRules = PERU_PAYROLL_RULES, h: HolidayFacts[] = []) =>
    payrollSummary({
      from: '2026-02-02',
      to: '2026-02-08',
      timezone: TZ,
      now: NOW,
      rules,
      holidays: h,
      employees: [{ employeeId: 'x', periods: [period('2025-01-01', 's', schedule)], activeFrom: null, records }],
    })[0];

  it('a day shift: 8 h regular, no night', () => {
    const l = one(office, [rec('2026-02-02', '08:00', '17:00')]);
    expect([l.workedHours, l.regularHours, l.nightHours]).toEqual([8, 8, 0]);
  });

  it('a night shift across midnight counts on the day it started, its night part from 22:00 to 06:00', () => {
    const l = one(night, [rec('2026-02-03', '21:00', '07:00')], { ...PERU_PAYROLL_RULES, overtimeNeedsApproval: false });
    // 21:00 counted from 22:00 (no actual time), exit 07:00, break 30 min: 8.5 h worked, 7.5 h at night, 0.5 h overtime.
    expect([l.daysWorked, l.workedHours, l.nightHours, l.overtime25Hours]).toEqual([1, 8.5, 7.5, 0.5]);
  });

  it('a holiday worked is apart from regular hours and still a paid holiday', () => {
    const l = one(office, [rec('2026-02-04', '08:00', '17:00')], PERU_PAYROLL_RULES, [
      { date: '2026-02-04', isActive: true, applyToAll: true, scheduleIds: [] },
    ]);
    // The week's other five work days, without records, are the absences; the holiday is not one.
    expect([l.holidayWorkedHours, l.regularHours, l.holidaysPaid, l.absences]).toEqual([8, 0, 1, 5]);
  });

  it('a split day leaves its break out of the hours worked', () => {
    const l = one(split, [rec('2026-02-02', '08:00', '18:00')]);
    expect([l.workedHours, l.regularHours]).toEqual([8, 8]);
  });

  it('a night window moved by the company is honoured', () => {
    const l = one(office, [rec('2026-02-02', '08:00', '17:00')], { ...PERU_PAYROLL_RULES, nightStart: '16:00', nightEnd: '06:00' });
    expect(l.nightHours).toBe(1);
  });

  it('rejects periods in the wrong order or longer than the limit', () => {
    expect(payrollPeriodProblem('2026-02-10', '2026-02-01')).toBe('order');
    expect(payrollPeriodProblem('2026-01-01', '2026-03-31')).toBe('tooLong');
    expect(payrollPeriodProblem('2026-02-01', '2026-02-28')).toBeNull();
    expect(payrollPeriodProblem('2026-02-30', '2026-03-02')).toBe('invalid');
    expect(payrollPeriodProblem('0000-01-01', '0000-01-02')).toBe('invalid');
    expect(() => payrollSummary({ from: '2026-01-01', to: '2026-06-01', timezone: TZ, now: NOW, rules: PERU_PAYROLL_RULES, employees: [] })).toThrow(
      RangeError,
    );
  });
});

describe('payrollSummary: properties', () => {
  const schedules = [office, night, early, split, { ...split, countActualTime: false }];
  it('every hour worked is in exactly one bucket, night hours are a part of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: schedules.length - 1 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 16 * 60 }), fc.boolean()), {
          maxLength: 14,
        }),
        fc.boolean(),
        (s, punches, approval) => {
          const byDay = new Map<string, PayrollRecord>();
          for (const [d, start, length, ok] of punches) {
            const date = addDays('2026-02-02', d);
            byDay.set(date, {
              date,
              checkIn: localToInstant(date, start, TZ),
              checkOut: localToInstant(date, start + length, TZ),
              isPermission: false,
              overtimeApproved: ok,
            });
          }
          const [l] = payrollSummary({
            from: '2026-02-02',
            to: '2026-02-15',
            timezone: TZ,
            now: NOW,
            rules: { ...PERU_PAYROLL_RULES, overtimeNeedsApproval: approval },
            holidays,
            employees: [{ employeeId: 'p', periods: [period('2025-01-01', 's', schedules[s])], activeFrom: null, records: [...byDay.values()] }],
          });
          const buckets = l.regularHours + l.overtime25Hours + l.overtime35Hours + l.unapprovedOvertimeHours + l.holidayWorkedHours + l.restDayWorkedHours;
          // Each bucket is rounded to 0.01 h on its own.
          expect(Math.abs(buckets - l.workedHours)).toBeLessThanOrEqual(0.03);
          expect(l.nightHours).toBeLessThanOrEqual(l.workedHours);
          expect(l.overtime25Hours).toBeLessThanOrEqual(2 * l.daysWorked);
        },
      ),
      { numRuns: 200 },
    );
  });
});
