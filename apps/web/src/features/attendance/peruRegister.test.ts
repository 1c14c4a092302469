import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import type { CalendarDay, CalendarRow } from './api';
import { buildPeruWorkbook } from './exports/peruExport';
import { formatDuration, hoursOutsideWorkday, registerWorkers } from './exports/peruRegister';

const TZ = 'America/Lima';
// Monday to Friday, 08:00-17:00.
const SCHEDULE = { id: 's1', name: 'Oficina', startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: '14:00', workDays: '1,2,3,4,5' };
const day = (date: string, status: CalendarDay['status'], checkIn?: string, checkOut?: string, workHours: number | null = null, extra = {}): CalendarDay => ({
  date,
  status,
  workHours,
  attendance: checkIn
    ? {
        id: date,
        checkIn,
        checkOut: checkOut ?? null,
        status,
        notes: null,
        isPermission: false,
        method: 'manual',
        isManual: false,
        incomplete: false,
        ...extra,
      }
    : null,
});

describe('Peru attendance register', () => {
  it('counts the time before the shift start and after its end (Lima is UTC-5)', () => {
    // 07:40 - 18:15 on a work day: 20 min before 08:00 + 75 min after 17:00.
    expect(hoursOutsideWorkday(day('2026-10-01', 'early', '2026-10-01T12:40:00Z', '2026-10-01T23:15:00Z', 9.25), SCHEDULE, TZ)).toBe(1.58);
    // Inside the shift: nothing outside.
    expect(hoursOutsideWorkday(day('2026-10-02', 'present', '2026-10-02T13:05:00Z', '2026-10-02T22:00:00Z', 7.92), SCHEDULE, TZ)).toBe(0);
    // A permission counts none.
    expect(hoursOutsideWorkday(day('2026-10-05', 'permission', '2026-10-05T13:00:00Z', '2026-10-05T22:00:00Z', 8, { isPermission: true }), SCHEDULE, TZ)).toBe(
      0,
    );
    // A holiday counts every hour worked.
    expect(hoursOutsideWorkday(day('2026-10-08', 'holiday', '2026-10-08T13:00:00Z', '2026-10-08T15:00:00Z', 2), SCHEDULE, TZ)).toBe(2);
    // Without a check-out or a schedule it cannot be computed.
    expect(hoursOutsideWorkday(day('2026-10-06', 'present', '2026-10-06T13:00:00Z'), SCHEDULE, TZ)).toBeNull();
    expect(hoursOutsideWorkday(day('2026-10-07', 'present', '2026-10-07T13:00:00Z', '2026-10-07T22:00:00Z', 9), null, TZ)).toBeNull();
    expect(formatDuration(1.58)).toBe('01:35');
    expect(formatDuration(158.73)).toBe('158:44');
  });

  it('counts every hour worked on a rest day of the schedule, whatever the day status says', () => {
    // Saturday 10 October 2026, 09:00-13:00 in Lima, on a Monday-Friday schedule: the calendar calls a
    // check-in on a rest day 'present' (not 'day_off'), and all 4 hours are outside the workday.
    const saturday = day('2026-10-10', 'present', '2026-10-10T14:00:00Z', '2026-10-10T18:00:00Z', 4);
    expect(hoursOutsideWorkday(saturday, SCHEDULE, TZ)).toBe(4);
    expect(formatDuration(hoursOutsideWorkday(saturday, SCHEDULE, TZ))).toBe('04:00');
    // Without hours from the calendar, the span itself.
    expect(hoursOutsideWorkday({ ...saturday, workHours: null }, SCHEDULE, TZ)).toBe(4);
    // The same hours on a Saturday of a schedule that works Saturdays are inside the shift... none outside.
    expect(hoursOutsideWorkday(saturday, { ...SCHEDULE, workDays: '1,2,3,4,5,6' }, TZ)).toBe(0);
  });

  it('compares each day with the shift of its own period, not with the current schedule', () => {
    const late = { ...SCHEDULE, id: 's2', name: 'Tarde', startTime: '12:00', endTime: '21:00' };
    const row = {
      employeeId: 'e1',
      employeeName: 'Luis Quispe',
      employeeCode: 'EMP-001',
      documentNumber: '45871236',
      position: null,
      department: null,
      schedule: late,
      periods: [
        { from: '2026-10-01', active: true, schedule: SCHEDULE },
        { from: '2026-10-15', active: true, schedule: late },
      ],
      days: [
        // 08:00-17:00 worked on the 14th: inside the 08:00-17:00 shift of that day.
        day('2026-10-14', 'present', '2026-10-14T13:00:00Z', '2026-10-14T22:00:00Z', 8),
        // The same hours on the 15th: 4 h before the 12:00 start.
        day('2026-10-15', 'early', '2026-10-15T13:00:00Z', '2026-10-15T22:00:00Z', 8),
      ],
      stats: { present: 1, early: 1, late: 0, absent: 0, permission: 0, holiday: 0, day_off: 0, pending: 0, attendanceRate: 100, totalHours: 16 },
    } satisfies CalendarRow;
    const [worker] = registerWorkers([row], TZ);
    expect(worker.lines.map((l) => [l.date, l.outside])).toEqual([
      ['2026-10-14', 0],
      ['2026-10-15', 4],
    ]);
  });

  it('lists records, absences and holidays with totals, employer, RUC, DNI and the 5-year note', async () => {
    const row: CalendarRow = {
      employeeId: 'e1',
      employeeName: 'Luis Quispe',
      employeeCode: 'EMP-001',
      documentNumber: '45871236',
      position: null,
      department: null,
      schedule: SCHEDULE,
      days: [
        day('2026-10-01', 'early', '2026-10-01T12:40:00Z', '2026-10-01T23:15:00Z', 9.25),
        day('2026-10-02', 'absent'),
        day('2026-10-03', 'day_off'),
        { ...day('2026-10-08', 'holiday'), holiday: { name: 'Combate de Angamos', description: null } },
        // Worked on Saturday (a rest day): 'present' as the calendar says, 4 hours outside the workday.
        day('2026-10-10', 'present', '2026-10-10T14:00:00Z', '2026-10-10T18:00:00Z', 4),
      ],
      stats: { present: 0, early: 1, late: 0, absent: 1, permission: 0, holiday: 1, day_off: 1, pending: 0, attendanceRate: 50, totalHours: 9.25 },
    };
    const [worker] = registerWorkers([row], TZ);
    expect(worker.lines.map((l) => l.date)).toEqual(['2026-10-01', '2026-10-02', '2026-10-08', '2026-10-10']);
    expect(worker.lines[3].outside).toBe(4);
    expect(worker.totalOutside).toBe(5.58);

    const t = i18n.getFixedT('es', 'dashboard');
    const workbook = await buildPeruWorkbook({ rows: [row], month: 10, year: 2026, company: { name: 'Andes SAC', ruc: '20512345678' }, timezone: TZ, t });
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await workbook.xlsx.writeBuffer());
    const text = read.worksheets[0]
      .getSheetValues()
      .flatMap((r) => (Array.isArray(r) ? r.slice(1) : []))
      .map(String);
    expect(text).toEqual(
      expect.arrayContaining([
        'REGISTRO DE CONTROL DE ASISTENCIA',
        'Empleador: Andes SAC',
        'RUC: 20512345678',
        'Periodo: Octubre 2026',
        '45871236',
        '01/10/2026',
        '07:40',
        '18:15',
        '01:35',
        '05:35',
        'Ausente',
        'Feriado · Combate de Angamos',
        'Total Luis Quispe',
        'Los registros de control de asistencia se conservan durante 5 años.',
      ]),
    );
    // The Saturday line: 09:00-13:00, 04:00 worked, 04:00 outside the workday.
    const saturday = read.worksheets[0].getSheetValues().find((r) => Array.isArray(r) && r[3] === '10/10/2026') as string[];
    expect(saturday.slice(1, 8)).toEqual(['Luis Quispe', '45871236', '10/10/2026', '09:00', '13:00', '04:00', '04:00']);
    for (const column of read.worksheets[0].columns) expect(column.width ?? 0).toBeLessThanOrEqual(50);
  });
});
