import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { MAY_REPORT as may } from '../test/fixtures';
import { buildReportWorkbook, type EmployeeReport, recordRows, reportFileName, reportRecords, summaryRows } from './reportExport';

function report(overrides: Partial<EmployeeReport> = {}): EmployeeReport {
  return { report: may, company: 'Andes SAC', periodLabel: 'Mayo 2026', t: i18n.t, ...overrides };
}

describe('employee report export', () => {
  it('names the file Mi_Informe_{first}_{last}_{start}_{end}', async () => {
    await i18n.changeLanguage('es');
    expect(reportFileName(report(), 'xlsx')).toBe('Mi_Informe_Lucia_Huaman_Torres_2026-05-01_2026-05-31.xlsx');
    expect(reportFileName(report(), 'pdf')).toBe('Mi_Informe_Lucia_Huaman_Torres_2026-05-01_2026-05-31.pdf');
  });

  it('writes the sheets Mi Resumen and Mis Asistencias with safe cells and hours to 2 decimals', async () => {
    await i18n.changeLanguage('es');
    // Newest first, as the screen's table; the hours are the server's line hours.
    expect(recordRows(report())[0]).toEqual(['04/05/2026', '08:02', '17:05', '8.05', 'Presente', 'Web', '=HYPERLINK("http://x")\u0007']);
    expect(reportRecords(may).map((r) => [r.id, r.status, r.workHours, r.holiday?.name ?? null])).toEqual([
      ['r1', 'present', 8.05, null],
      ['r2', 'holiday', 4, 'Día del Trabajo'],
    ]);
    const workbook = await buildReportWorkbook(report());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Mi Resumen', 'Mis Asistencias']);
    const detail = workbook.getWorksheet('Mis Asistencias')!;
    expect(detail.getRow(2).getCell(7).value).toBe('\'=HYPERLINK("http://x")');
    expect(detail.getRow(3).getCell(7).value).toBe('Feriado: Día del Trabajo');
    for (const column of detail.columns) expect(column.width ?? 0).toBeLessThanOrEqual(50);
    const summary = workbook.getWorksheet('Mi Resumen')!;
    const values = summary.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(values).toContainEqual(['Horas totales', 169.46]);
    expect(values).toContainEqual(['Horas de permiso (pagadas)', 3]);
    expect(values).toContainEqual(['Promedio de horas por día trabajado', 8.21]);
    expect(values).toContainEqual(['% de asistencia', '100%']);
  });

  it("shows the server's figures unchanged, and no leave line when there was no paid leave", async () => {
    await i18n.changeLanguage('es');
    const rows = summaryRows(report({ report: { ...may, leaveHours: 0 } }));
    expect(rows.slice(0, 8).map(([, v]) => v)).toEqual([
      'Lucía Huamán Torres',
      'EMP-014',
      'No disponible',
      'No disponible',
      'Andes SAC',
      'Mayo 2026',
      '01/05/2026',
      '31/05/2026',
    ]);
    expect(rows.slice(8)).toEqual([
      ['Días presentes', 18],
      ['Muy temprano', 2],
      ['Tardanzas', 1],
      ['Permisos', 1],
      ['Feriados', 1],
      ['Ausencias', 0],
      ['Días libres', 8],
      ['Horas totales', 169.46],
      ['Promedio de horas por día trabajado', 8.21],
      ['% de asistencia', '100%'],
    ]);
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
