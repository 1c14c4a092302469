import { describe, expect, it } from 'vitest';
import { createDayJudge, type RecordSpan } from './judge.js';
import { periodOn, type SchedulePeriod } from './periods.js';
import { dayStatus, type HolidayFacts, type ScheduleRules, workDateFor, workHours } from './rules.js';
import { daysBetween, localToInstant } from './time.js';

const office: ScheduleRules = {
  id: 's1',
  startTime: '09:00',
  endTime: '18:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
};
const night: ScheduleRules = {
  ...office,
  id: 's2',
  startTime: '22:00',
  endTime: '06:00',
  breakStartTime: '02:00',
  breakEndTime: '02:30',
  workDays: '1,2,3,4,5,6,7',
};
const plain: ScheduleRules = {
  ...office,
  id: 's3',
  breakStartTime: null,
  breakEndTime: null,
  workDays: '2,4,6',
  countActualTime: true,
  allowEarlyCheckIn: false,
  lateToleranceMinutes: 0,
};
const holidays: HolidayFacts[] = [
  { date: '2026-03-10', isActive: true, applyToAll: true, scheduleIds: [] },
  { date: '2026-03-12', isActive: true, applyToAll: false, scheduleIds: ['s1'] },
  { date: '2026-03-13', isActive: false, applyToAll: true, scheduleIds: [] },
];
const days = daysBetween('2026-03-01', '2026-03-31');

/** A deterministic mix of records: none, permission, check-ins around the start (with and without check-out), a 🎄 note, a check-out before the check-in. */
function recordFor(k: number, date: string, tz: string): RecordSpan | null {
  const at = (minutes: number) => localToInstant(date, minutes, tz).getTime();
  switch (k % 9) {
    case 0:
      return null;
    case 1:
      return { checkInMs: null, checkOutMs: null, isPermission: true, notes: 'Permiso justificado' };
    case 2:
      return { checkInMs: at(8 * 60 + 45), checkOutMs: at(18 * 60), isPermission: false, notes: null };
    case 3:
      return { checkInMs: at(9 * 60 + 16), checkOutMs: null, isPermission: false, notes: null };
    case 4:
      return { checkInMs: at(7 * 60), checkOutMs: at(13 * 60 + 30), isPermission: false, notes: null };
    case 5:
      return { checkInMs: null, checkOutMs: null, isPermission: false, notes: 'Feriado 🎄' };
    case 6:
      return { checkInMs: at(22 * 60 + 5), checkOutMs: at(30 * 60), isPermission: false, notes: null };
    case 7:
      return { checkInMs: at(10 * 60), checkOutMs: at(9 * 60), isPermission: false, notes: null };
    default:
      return { checkInMs: at(9 * 60), checkOutMs: at(17 * 60), isPermission: false, notes: null };
  }
}

describe('createDayJudge: the calendar fast path answers what dayStatus and workHours answer', () => {
  it.each([
    ['America/Lima', new Date('2026-03-16T16:00:00Z')], // a Monday at 11:00 in Lima: today is pending during the shift
    ['America/Lima', new Date('2026-03-16T02:00:00Z')], // the night before
    ['America/Lima', new Date('2026-03-16T23:30:00Z')], // 18:30: the office shift is over (absent), the night shift not yet
    ['America/New_York', new Date('2026-03-09T03:30:00Z')], // just after the DST change, inside a night shift
    ['America/New_York', new Date('2026-04-02T00:00:00Z')], // after the month
    ['Asia/Kolkata', new Date('2026-02-01T00:00:00Z')], // before the month: everything unrecorded is pending
  ])('%s at %s', (timezone, now) => {
    const judge = createDayJudge({ days, timezone, now, holidays });
    const statuses = new Set<string>();
    let compared = 0;
    const one = (schedule: ScheduleRules | null): SchedulePeriod[] => [{ validFrom: '2020-01-01', active: true, scheduleId: schedule?.id ?? null, schedule }];
    const histories: [string, SchedulePeriod[]][] = [
      ...[office, night, plain, null].map((s) => [s?.id ?? 'none', one(s)] as [string, SchedulePeriod[]]),
      // A schedule change on the 10th, deactivated on the 20th (with another schedule assigned), back on the 27th.
      [
        'changes',
        [
          { validFrom: '2025-06-01', active: true, scheduleId: 's1', schedule: office },
          { validFrom: '2026-03-10', active: true, scheduleId: 's2', schedule: night },
          { validFrom: '2026-03-20', active: false, scheduleId: 's3', schedule: plain },
          { validFrom: '2026-03-27', active: true, scheduleId: 's3', schedule: plain },
        ],
      ],
      // Inactive until the 15th, then an inactive schedule (no rules, its holidays still apply), then a period after the month.
      [
        'inactive first',
        [
          { validFrom: '2026-03-15', active: true, scheduleId: 's1', schedule: null },
          { validFrom: '2026-01-01', active: false, scheduleId: 's1', schedule: office },
          { validFrom: '2026-04-02', active: true, scheduleId: 's2', schedule: night },
        ],
      ],
      // Only a period after the month: the first period also covers earlier days.
      ['later', [{ validFrom: '2026-05-01', active: true, scheduleId: 's3', schedule: plain }]],
    ];
    for (const [name, periods] of histories) {
      for (const [activeFrom, withRecords] of [
        [null, true],
        ['2026-03-11', true],
        [null, false],
      ] as const) {
        const employee = judge.forEmployee(periods, activeFrom);
        days.forEach((date, i) => {
          const p = periodOn(periods, date)!;
          const schedule = p.schedule;
          const scheduleId = p.scheduleId;
          const record = withRecords
            ? recordFor(i * 7 + (activeFrom ? 3 : 0) + (schedule ? schedule.startTime.length + Number(schedule.id!.slice(1)) : 0), date, timezone)
            : null;
          const facts = record && {
            checkIn: record.checkInMs == null ? null : new Date(record.checkInMs),
            checkOut: record.checkOutMs == null ? null : new Date(record.checkOutMs),
            isPermission: record.isPermission,
            notes: record.notes,
          };
          const expected = dayStatus({ date, timezone, now, schedule, scheduleId, record: facts, holidays, activeFrom, active: p.active });
          expect(employee.status(i, record), `${name} ${date} ${JSON.stringify(record)}`).toBe(expected);
          if (record && facts) expect(employee.hours(i, record)).toBe(workHours(facts, schedule, date, timezone));
          expect(employee.active(i)).toBe(p.active);
          expect(employee.scheduleId(i)).toBe(scheduleId);
          statuses.add(expected);
          compared++;
        });
      }
    }
    expect(compared).toBe(histories.length * 3 * 31);
    // The grid reaches the statuses that matter (a grid that only saw one status would prove nothing).
    if (now.getTime() > Date.parse('2026-03-10'))
      for (const s of ['holiday', 'permission', 'present', 'late', 'absent', 'day_off']) expect(statuses).toContain(s);
    else expect(statuses).toContain('pending');
  });
});

describe('a night shift is pending until it ends, on every screen (decision 0052)', () => {
  // Monday 2026-03-16, 22:00-06:00 in Lima; Tuesday 01:00 in Lima is 06:00Z.
  const monday = '2026-03-16';
  const calendar = (now: Date, schedule: ScheduleRules) =>
    createDayJudge({ days: ['2026-03-15', monday, '2026-03-17'], timezone: 'America/Lima', now })
      .forEmployee([{ validFrom: '2026-01-01', active: true, scheduleId: schedule.id ?? null, schedule }], null)
      .status(1, null);
  const status = (now: Date, schedule: ScheduleRules) => dayStatus({ date: monday, timezone: 'America/Lima', now, schedule, record: null });

  it("at 01:00 Monday's night shift with no check-in is pending, not absent (a punch at 01:05 is then late, not a flip from Ausente)", () => {
    const at0100 = new Date('2026-03-17T06:00:00Z');
    expect(status(at0100, night)).toBe('pending');
    expect(calendar(at0100, night)).toBe('pending');
    const punch = localToInstant('2026-03-17', 65, 'America/Lima');
    expect(workDateFor(punch, night, 'America/Lima')).toBe(monday);
    expect(
      dayStatus({
        date: monday,
        timezone: 'America/Lima',
        now: at0100,
        schedule: night,
        record: { checkIn: punch, checkOut: null, isPermission: false, notes: null },
      }),
    ).toBe('late');
  });

  it('once the shift has ended (06:00) the day is absent; a day shift of yesterday is absent at 01:00 already', () => {
    const at0601 = new Date('2026-03-17T11:01:00Z');
    expect(status(at0601, night)).toBe('absent');
    expect(calendar(at0601, night)).toBe('absent');
    const at0100 = new Date('2026-03-17T06:00:00Z');
    const officeAllWeek = { ...office, workDays: '1,2,3,4,5,6,7' };
    expect(status(at0100, officeAllWeek)).toBe('absent');
    expect(calendar(at0100, officeAllWeek)).toBe('absent');
  });
});
