import type { AttendanceRecordAnswer, DayStatus } from '@presente/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { buildReportWorkbook, reportFileName } from './exports';
import { type EmployeeReport, periodRange } from './report';

const TZ = 'America/Lima';

const record = (date: string, checkIn: string | null, checkOut: string | null, extra: Partial<AttendanceRecordAnswer> = {}): AttendanceRecordAnswer => ({
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

/**
 * January 2026 in Lima (UTC-5) as GET /employees/{id}/report answers it (computed by the server's read model,
 * read-model/employee-report.test.ts): holiday on the 1st, present, late, early, permission, and nothing else.
 */
const report: EmployeeReport = {
  employee: { id: 'e1', firstName: 'Ana', lastName: 'Flores', employeeCode: 'EMP-001', email: 'empleado1@andes.pe', position: null, department: null },
  period: 'monthly',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  timezone: TZ,
  attendances: (
    [
      [record('2026-01-05', '2026-01-05T13:00:00Z', '2026-01-05T22:00:00Z'), 'present', 9],
      [record('2026-01-06', '2026-01-06T13:30:00Z', '2026-01-06T22:00:00Z', { notes: '=tráfico', manualReason: 'Olvidó marcar' }), 'late', 8.5],
      [record('2026-01-07', '2026-01-07T12:45:00Z', '2026-01-07T22:00:00Z'), 'early', 9],
      [record('2026-01-08', '2026-01-08T13:00:00Z', '2026-01-08T22:00:00Z', { isPermission: true, notes: 'Permiso justificado' }), 'permission', 9],
    ] as const
  ).map(([r, status, hours]) => ({ record: r, status: status as DayStatus, hours, holiday: null })),
  counts: { present: 1, early: 1, late: 1, absent: 17, permission: 1, holiday: 1, day_off: 9, pending: 0 },
  presentDays: 1,
  earlyDays: 1,
  lateDays: 1,
  absentDays: 17,
  permissionDays: 1,
  holidayDays: 1,
  dayOffDays: 9,
  totalHours: 26.5,
  leaveHours: 9,
  workedDays: 4,
  averageHoursPerDay: 8.88,
  attendanceRate: 19,
};

describe('employee report (computed by the server, exported here)', () => {
  it('covers the chosen month, or the whole year for the annual period', () => {
    expect(periodRange('monthly', 2026, 1)).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(periodRange('annual', 2026, 7)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
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
    const r: EmployeeReport = {
      ...report,
      attendances: [
        record('2026-01-05', '2026-01-05T13:00:00Z', '2026-01-05T22:00:00Z', { method: 'web', isManual: false }),
        record('2026-01-06', '2026-01-06T13:00:00Z', null, { method: 'web', isManual: false, incomplete: true }),
        record('2026-01-07', '2026-01-07T13:00:00Z', '2026-01-07T22:00:00Z', { manualReason: 'Corte de luz' }),
      ].map((rec) => ({ record: rec, status: 'present' as const, hours: null, holiday: null })),
    };
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
