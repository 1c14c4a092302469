import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { CHECKED_OUT } from '../test/fixtures';
import type { AttendanceStats } from '../types';
import { buildReportWorkbook, type EmployeeReport, recordRows, reportFileName } from './reportExport';

const stats: AttendanceStats = {
  period: 'month',
  startDate: '2026-05-01',
  endDate: '2026-05-31',
  daysEvaluated: 31,
  counts: { present: 18, early: 2, late: 1, absent: 0, permission: 1, holiday: 1, day_off: 8, pending: 0 },
  totalHours: 172.456,
  workedDays: 21,
  averageHoursPerDay: 8.21,
  attendanceRate: 100,
  timezone: 'America/Lima',
};

function report(overrides: Partial<EmployeeReport> = {}): EmployeeReport {
  return {
    employee: { firstName: 'Lucía', lastName: 'Huamán Torres', employeeCode: 'EMP-014', position: null, department: null, company: 'Andes SAC' },
    periodLabel: 'Mayo 2026',
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    stats,
    records: [
      { ...CHECKED_OUT, status: 'present', holiday: null, notes: '=HYPERLINK("http://x")\u0007' },
      { ...CHECKED_OUT, id: 'r2', date: '2026-05-01', status: 'holiday', holiday: { name: 'Día del Trabajo', description: null }, notes: null },
    ],
    timezone: 'America/Lima',
    t: i18n.t,
    ...overrides,
  };
}

describe('employee report export', () => {
  it('names the file Mi_Informe_{first}_{last}_{start}_{end}', async () => {
    await i18n.changeLanguage('es');
    expect(reportFileName(report(), 'xlsx')).toBe('Mi_Informe_Lucia_Huaman_Torres_2026-05-01_2026-05-31.xlsx');
    expect(reportFileName(report(), 'pdf')).toBe('Mi_Informe_Lucia_Huaman_Torres_2026-05-01_2026-05-31.pdf');
  });

  it('writes the sheets Mi Resumen and Mis Asistencias with safe cells and hours to 2 decimals', async () => {
    await i18n.changeLanguage('es');
    expect(recordRows(report())[0]).toEqual(['04/05/2026', '08:02', '17:05', '8.05', 'Presente', 'Web', '=HYPERLINK("http://x")\u0007']);
    const workbook = await buildReportWorkbook(report());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Mi Resumen', 'Mis Asistencias']);
    const detail = workbook.getWorksheet('Mis Asistencias')!;
    expect(detail.getRow(2).getCell(7).value).toBe('\'=HYPERLINK("http://x")');
    expect(detail.getRow(3).getCell(7).value).toBe('Feriado: Día del Trabajo');
    for (const column of detail.columns) expect(column.width ?? 0).toBeLessThanOrEqual(50);
    const summary = workbook.getWorksheet('Mi Resumen')!;
    const values = summary.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(values).toContainEqual(['Horas totales', 172.46]);
    expect(values).toContainEqual(['% de asistencia', '100%']);
  });

  it("keeps the spec's sheet and file names in English", async () => {
    await i18n.changeLanguage('en');
    expect(reportFileName(report(), 'pdf')).toBe('Mi_Informe_Lucia_Huaman_Torres_2026-05-01_2026-05-31.pdf');
    const workbook = await buildReportWorkbook(report());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Mi Resumen', 'Mis Asistencias']);
    // The contents follow the interface language.
    expect(workbook.getWorksheet('Mis Asistencias')!.getRow(1).getCell(1).value).toBe('Date');
    await i18n.changeLanguage('es');
  });
});
