import { attendanceRate, countStatuses, type DayStatus, dayStatus, daysBetween } from '@presente/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { employee } from '../../test/companyAdmin';
import type { Schedule } from '../schedules/api';
import type { ReportRecord, ReportSource } from './api';
import { buildReportWorkbook, reportFileName } from './exports';
import { computeReport, periodRange } from './report';

const TZ = 'America/Lima';
const SCHEDULE: Schedule = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Turno oficina',
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: null,
  breakEndTime: null,
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 10,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
  allowManualAttendance: true,
  allowQrAttendance: false,
  isActive: true,
  locationId: null,
  createdAt: '2026-01-10T15:00:00.000Z',
  updatedAt: '2026-01-10T15:00:00.000Z',
};

const record = (date: string, checkIn: string | null, checkOut: string | null, extra: Partial<ReportRecord> = {}): ReportRecord => ({
  id: `r-${date}`,
  date,
  checkIn,
  checkOut,
  workHours: null,
  status: null,
  notes: null,
  isPermission: false,
  method: 'manual',
  isManual: true,
  incomplete: false,
  location: null,
  ...extra,
});

/** January 2026 in Lima (UTC-5): holiday on the 1st, present, late, early, permission, and nothing else. */
const SOURCE: ReportSource = {
  employee: employee(1, { scheduleId: SCHEDULE.id, hireDate: '2026-01-01' }),
  schedule: SCHEDULE,
  holidays: [{ date: '2026-01-01', isActive: true, applyToAll: true, scheduleIds: [] }],
  records: [
    record('2026-01-05', '2026-01-05T13:00:00Z', '2026-01-05T22:00:00Z'),
    record('2026-01-06', '2026-01-06T13:30:00Z', '2026-01-06T22:00:00Z', { notes: '=tráfico', manualReason: 'Olvidó marcar' }),
    record('2026-01-07', '2026-01-07T12:45:00Z', '2026-01-07T22:00:00Z'),
    record('2026-01-08', '2026-01-08T13:00:00Z', '2026-01-08T22:00:00Z', { isPermission: true, notes: 'Permiso justificado' }),
  ],
};
const NOW = new Date('2026-03-01T12:00:00Z');

describe('employee report (computed locally)', () => {
  const { start, end } = periodRange('monthly', 2026, 1);
  const report = computeReport(SOURCE, 'monthly', start, end, TZ, NOW);

  it('counts the days with the shared rules', () => {
    expect([start, end]).toEqual(['2026-01-01', '2026-01-31']);
    expect(report).toMatchObject({ presentDays: 1, lateDays: 1, earlyDays: 1, permissionDays: 1, holidayDays: 1, absentDays: 17, dayOffDays: 9 });
    // Holidays and days off are left out of the rate: 4 attended of 21 counted days.
    expect(report.attendanceRate).toBe(19);
    // The permission's 9 h are paid leave, not hours worked (decision 0037): 26.5 worked, 9 leave.
    expect(report.totalHours).toBe(26.5);
    expect(report.leaveHours).toBe(9);
    expect(report.attendances.map((l) => [l.record.date, l.status, l.hours])).toEqual([
      ['2026-01-05', 'present', 9],
      ['2026-01-06', 'late', 8.5],
      ['2026-01-07', 'early', 9],
      ['2026-01-08', 'permission', 9],
    ]);
  });

  it('agrees with dayStatus, countStatuses and attendanceRate applied directly', () => {
    const statuses: DayStatus[] = daysBetween(start, end).map((date) =>
      dayStatus({
        date,
        timezone: TZ,
        now: NOW,
        schedule: SCHEDULE,
        scheduleId: SCHEDULE.id,
        record: SOURCE.records.find((r) => r.date === date) ?? null,
        holidays: SOURCE.holidays,
        activeFrom: '2026-01-01',
      }),
    );
    const counts = countStatuses(statuses);
    expect(report.counts).toEqual(counts);
    expect(report.attendanceRate).toBe(attendanceRate(counts));
  });

  it("judges each day by the schedule and activity of its period, not by today's", () => {
    // From the 15th the tolerance is 60 minutes (08:30 is on time); from the 26th the employee is inactive.
    const lenient = { ...SCHEDULE, lateToleranceMinutes: 60 };
    const source: ReportSource = {
      ...SOURCE,
      schedule: { ...lenient, isActive: false }, // today's state must not matter
      records: [record('2026-01-06', '2026-01-06T13:30:00Z', '2026-01-06T22:00:00Z'), record('2026-01-20', '2026-01-20T13:30:00Z', '2026-01-20T22:00:00Z')],
      periods: [
        { validFrom: '2025-06-01', active: true, scheduleId: SCHEDULE.id, schedule: SCHEDULE },
        { validFrom: '2026-01-15', active: true, scheduleId: SCHEDULE.id, schedule: lenient },
        { validFrom: '2026-01-26', active: false, scheduleId: SCHEDULE.id, schedule: lenient },
      ],
    };
    const r = computeReport(source, 'monthly', start, end, TZ, NOW);
    expect(r.attendances.map((l) => [l.record.date, l.status])).toEqual([
      ['2026-01-06', 'late'],
      ['2026-01-20', 'present'],
    ]);
    // Work days 2-23 without a record are absences (15, less the two worked); 26-30 (inactive) are not.
    expect(r).toMatchObject({ lateDays: 1, presentDays: 1, holidayDays: 1, absentDays: 14 });
  });

  it('covers the whole year for the annual period', () => {
    expect(periodRange('annual', 2026, 7)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('the annual report counts no day after today: a holiday still to come is not in "Feriados" (walk-through finding 7)', () => {
    const { start: yStart, end: yEnd } = periodRange('annual', 2026, 1);
    const withFuture: ReportSource = { ...SOURCE, holidays: [...SOURCE.holidays, { date: '2026-07-28', isActive: true, applyToAll: true, scheduleIds: [] }] };
    const r = computeReport(withFuture, 'annual', yStart, yEnd, TZ, NOW);
    // 1 January counts; 28 July (after 1 March, "today") does not, nor any other later day.
    expect(r.holidayDays).toBe(1);
    const counted = Object.values(r.counts).reduce((n, c) => n + c, 0);
    expect(counted).toBe(daysBetween('2026-01-01', '2026-03-01').length);
  });

  it('exports an Excel with the sheets Resumen and Detalle, sanitised, named after the employee and period', async () => {
    const t = i18n.getFixedT('es', 'dashboard');
    const workbook = await buildReportWorkbook({ report, company: { name: 'Andes SAC', ruc: '20512345678' }, timezone: TZ, t });
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await workbook.xlsx.writeBuffer());
    expect(read.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Detalle']);

    const summary = read.getWorksheet('Resumen')!;
    const values = summary.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(values).toEqual(
      expect.arrayContaining(['Días presentes', 1, 'Tardanzas', 'Ausencias', 17, 'Horas totales', 26.5, 'Horas de permiso (pagadas)', 9, '% Asistencia', 0.19]),
    );

    const detail = read.getWorksheet('Detalle')!;
    expect(detail.getRow(1).values).toEqual([undefined, 'Fecha', 'Entrada', 'Salida', 'Horas', 'Estado', 'Marcación', 'Motivo del cambio', 'Notas']);
    // A manual change shows as manual, with the admin's reason.
    expect(detail.getRow(3).values).toEqual([undefined, '06/01/2026', '08:30', '17:00', 8.5, 'Tarde', 'Manual', 'Olvidó marcar', "'=tráfico"]);
    expect(detail.rowCount).toBe(5);
    for (const sheet of read.worksheets) for (const column of sheet.columns) expect(column.width ?? 0).toBeLessThanOrEqual(50);

    expect(reportFileName(report, 'xlsx')).toBe('Informe_Ana_Flores_2026-01-01_2026-01-31.xlsx');
    expect(reportFileName(report, 'pdf')).toBe('Informe_Ana_Flores_2026-01-01_2026-01-31.pdf');
  });

  it('marks punched, manual and incomplete records apart in the Detalle sheet', async () => {
    const source: ReportSource = {
      ...SOURCE,
      records: [
        record('2026-01-05', '2026-01-05T13:00:00Z', '2026-01-05T22:00:00Z', { method: 'web', isManual: false }),
        record('2026-01-06', '2026-01-06T13:00:00Z', null, { method: 'web', isManual: false, incomplete: true }),
        record('2026-01-07', '2026-01-07T13:00:00Z', '2026-01-07T22:00:00Z', { manualReason: 'Corte de luz' }),
      ],
    };
    const r = computeReport(source, 'monthly', start, end, TZ, NOW);
    const workbook = await buildReportWorkbook({ report: r, company: { name: 'Andes SAC', ruc: '' }, timezone: TZ, t: i18n.getFixedT('es', 'dashboard') });
    const detail = workbook.getWorksheet('Detalle')!;
    expect([2, 3, 4].map((n) => [detail.getRow(n).getCell(6).value ?? '', detail.getRow(n).getCell(7).value ?? ''])).toEqual([
      ['', ''],
      ['Incompleto', ''],
      ['Manual', 'Corte de luz'],
    ]);
  });

  it("keeps the spec's sheet and file names in English, with English contents", async () => {
    const workbook = await buildReportWorkbook({ report, company: { name: 'Andes SAC', ruc: '' }, timezone: TZ, t: i18n.getFixedT('en', 'dashboard') });
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Detalle']);
    expect(workbook.getWorksheet('Detalle')!.getRow(1).getCell(1).value).toBe('Date');
    expect(workbook.getWorksheet('Detalle')!.getRow(3).getCell(6).value).toBe('Manual');
    expect(reportFileName(report, 'xlsx')).toBe('Informe_Ana_Flores_2026-01-01_2026-01-31.xlsx');
  });
});
