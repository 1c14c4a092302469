import { type AttendanceReport, REPORT_EXPORT } from '@presente/shared';
import type { Workbook } from 'exceljs';
import type { TFunction } from 'i18next';
import { addRows, type CellInput, fileNamePart, fitColumns, newPdf, newWorkbook, pdfCell, sheetName } from '../../../lib/exports';
import { displayDay, displayTime, methodLabel, statusLabel } from '../format';
import type { HistoryRecord } from '../types';

/**
 * Everything an employee report file holds (spec §3 "Report", §7 local exports): the report the server computed
 * (GET /employee/attendance/report, decision 0055), the company's name and the period as the screen names it. The
 * browser computes nothing: it lays the server's figures out.
 */
export interface EmployeeReport {
  report: AttendanceReport;
  company: string;
  /** "Mayo 2026" or "Año 2026". */
  periodLabel: string;
  t: TFunction;
}

/** The report's records as the records table shows them: newest first, each with its day's status, hours and holiday. */
export function reportRecords(report: AttendanceReport): HistoryRecord[] {
  return report.attendances.map((l) => ({ ...l.record, status: l.status, workHours: l.hours, holiday: l.holiday })).reverse();
}

const w = (r: EmployeeReport, key: string) => r.t(`employee:employeeArea.reports.export.${key}`);

/** Spec §7: Mi_Informe_{first}_{last}_{start}_{end}, in every interface language. */
export function reportFileName(r: EmployeeReport, ext: 'xlsx' | 'pdf'): string {
  const { employee, startDate, endDate } = r.report;
  const parts = [REPORT_EXPORT.employee.filePrefix, fileNamePart(employee.firstName), fileNamePart(employee.lastName), startDate, endDate];
  return `${parts.filter(Boolean).join('_')}.${ext}`;
}

/** The summary as label/value pairs: who, which period (the first 8), then the counts, hours and rate. */
export function summaryRows(r: EmployeeReport): [string, CellInput][] {
  const { t, report } = r;
  const { employee, counts, timezone } = report;
  const na = t('common:display.notAvailable');
  const s = (key: string) => t(`employee:employeeArea.reports.stats.${key}`);
  return [
    [w(r, 'employee'), `${employee.firstName} ${employee.lastName}`],
    [w(r, 'code'), employee.employeeCode],
    [w(r, 'position'), employee.position || na],
    [w(r, 'department'), employee.department || na],
    [w(r, 'company'), r.company],
    [w(r, 'period'), r.periodLabel],
    [w(r, 'from'), displayDay(t, report.startDate, timezone)],
    [w(r, 'to'), displayDay(t, report.endDate, timezone)],
    [s('present'), counts.present],
    [s('early'), counts.early],
    [s('late'), counts.late],
    [s('permission'), counts.permission],
    [s('holiday'), counts.holiday],
    [s('absent'), counts.absent],
    [s('dayOff'), counts.day_off],
    [s('totalHours'), Number(report.totalHours.toFixed(2))],
    ...(report.leaveHours ? ([[s('leaveHours'), Number(report.leaveHours.toFixed(2))]] as [string, CellInput][]) : []),
    [s('averageHours'), Number(report.averageHoursPerDay.toFixed(2))],
    [s('rate'), `${report.attendanceRate}%`],
  ];
}

const recordHeaders = (r: EmployeeReport) => {
  const h = (key: string) => r.t(`employee:employeeArea.records.${key}`);
  return [h('date'), h('entry'), h('exit'), h('hours'), h('status'), h('method'), h('notes')];
};

/** One line per record: date, entry, exit, hours (2 decimals), status, method, notes (and the holiday). */
export function recordRows(r: EmployeeReport): CellInput[][] {
  const { t } = r;
  const { timezone } = r.report;
  return reportRecords(r.report).map((rec) => [
    displayDay(t, rec.date, timezone),
    rec.checkIn ? displayTime(t, rec.checkIn, timezone) : '',
    rec.checkOut ? displayTime(t, rec.checkOut, timezone) : '',
    rec.workHours == null || rec.workHours < 0 ? '' : rec.workHours.toFixed(2),
    statusLabel(t, rec.incomplete && !rec.checkOut ? 'incomplete' : rec.status),
    rec.method ? methodLabel(t, rec.method) : '',
    [rec.holiday ? t('employee:employeeArea.records.holiday', { name: rec.holiday.name }) : '', rec.notes ?? ''].filter(Boolean).join(' · '),
  ]);
}

/** Excel: sheets 'Mi Resumen' and 'Mis Asistencias' (spec §7, in every language), every cell sanitised, columns ≤ 50 wide. */
export async function buildReportWorkbook(r: EmployeeReport): Promise<Workbook> {
  const workbook = await newWorkbook();
  const summary = workbook.addWorksheet(sheetName(REPORT_EXPORT.employee.summarySheet));
  const title = summary.addRow([w(r, 'title')]);
  title.font = { bold: true, size: 14 };
  summary.addRow([]);
  addRows(summary, summaryRows(r));
  summary.getColumn(1).font = { bold: true };
  fitColumns(summary, { fromRow: 3, min: { 0: 18, 1: 14 } });

  const detail = workbook.addWorksheet(sheetName(REPORT_EXPORT.employee.detailSheet));
  const [header] = addRows(detail, [recordHeaders(r)]);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE0E7FF' } };
  if (r.report.attendances.length) addRows(detail, recordRows(r));
  else addRows(detail, [[r.t('employee:employeeArea.records.empty')]]);
  detail.views = [{ state: 'frozen', ySplit: 1 }];
  fitColumns(detail, { min: { 0: 12, 6: 20 } });
  return workbook;
}

/** PDF: title, who and which period, the summary and the records table. */
export async function buildReportPdf(r: EmployeeReport) {
  const { doc, autoTable } = await newPdf('portrait');
  doc.setFontSize(16);
  doc.text(pdfCell(w(r, 'title')), 14, 18);
  doc.setFontSize(10);
  doc.setTextColor(90);
  const { employee, startDate, endDate, timezone } = r.report;
  doc.text(pdfCell(`${employee.firstName} ${employee.lastName} · ${employee.employeeCode} · ${r.company}`), 14, 25);
  doc.text(pdfCell(`${r.periodLabel} (${displayDay(r.t, startDate, timezone)} - ${displayDay(r.t, endDate, timezone)})`), 14, 30);
  doc.setTextColor(0);

  autoTable(doc, {
    startY: 36,
    head: [[w(r, 'summary'), '']],
    body: summaryRows(r)
      .slice(8)
      .map(([label, value]) => [pdfCell(label), pdfCell(value)]),
    theme: 'grid',
    headStyles: { fillColor: [67, 56, 202] },
    styles: { fontSize: 9 },
    columnStyles: { 0: { cellWidth: 70, fontStyle: 'bold' } },
    tableWidth: 120,
  });
  const afterSummary = (doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? 100;
  autoTable(doc, {
    startY: afterSummary + 8,
    head: [recordHeaders(r).map(pdfCell)],
    body: r.report.attendances.length ? recordRows(r).map((row) => row.map(pdfCell)) : [[{ content: r.t('employee:employeeArea.records.empty'), colSpan: 7 }]],
    theme: 'striped',
    headStyles: { fillColor: [67, 56, 202] },
    styles: { fontSize: 8, cellPadding: 1.5 },
    columnStyles: { 6: { cellWidth: 50 } },
  });
  return doc;
}
