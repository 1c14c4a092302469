import { REPORT_EXPORT } from '@presente/shared';
import type { Workbook } from 'exceljs';
import type { TFunction } from 'i18next';
import { formatDay } from '../../components/DayInput';
import { addRows, fileNamePart, fitColumns, newPdf, newWorkbook, pdfCell, sheetName } from '../../lib/exports';
import { shownNote } from '../../lib/notes';
import { localTime } from '../attendance/components/DayCell';
import type { EmployeeReport } from './report';

export interface ReportExport {
  report: EmployeeReport;
  company: { name: string; ruc: string };
  timezone: string;
  /** dashboard-namespace translations. */
  t: TFunction;
}

/** Spec §7: Informe_{first}_{last}_{start}_{end}.xlsx / .pdf, in every interface language. */
export function reportFileName(report: EmployeeReport, ext: 'xlsx' | 'pdf'): string {
  const { firstName, lastName } = report.employee;
  return `${REPORT_EXPORT.admin.filePrefix}_${fileNamePart(firstName)}_${fileNamePart(lastName)}_${report.startDate}_${report.endDate}.${ext}`;
}

function summaryHead(e: ReportExport): [string, string][] {
  const { report: r, t } = e;
  return [
    [t('reports.export.company'), `${e.company.name}${e.company.ruc ? ` · RUC ${e.company.ruc}` : ''}`],
    [t('reports.export.employee'), `${r.employee.firstName} ${r.employee.lastName}`],
    [t('reports.export.code'), r.employee.employeeCode],
    [t('reports.export.email'), r.employee.email],
    [t('reports.export.period'), t(`reports.period.${r.period}`)],
    [t('reports.export.range'), `${formatDay(r.startDate)} – ${formatDay(r.endDate)}`],
  ];
}

/** label, value and, for Excel, the number format (hours with 2 decimals, the rate as a percentage). */
function figures(e: ReportExport): [string, number, string?][] {
  const { report: r, t } = e;
  return [
    [t('reports.stats.present'), r.presentDays],
    [t('reports.stats.early'), r.earlyDays],
    [t('reports.stats.late'), r.lateDays],
    [t('reports.stats.permission'), r.permissionDays],
    [t('reports.stats.holiday'), r.holidayDays],
    [t('reports.stats.absent'), r.absentDays],
    [t('reports.stats.dayOff'), r.dayOffDays],
    [t('reports.stats.hours'), r.totalHours, '0.00'],
    [t('reports.stats.leaveHours'), r.leaveHours, '0.00'],
    [t('reports.stats.rate'), r.attendanceRate / 100, '0%'],
  ];
}

function detailHead(t: TFunction): string[] {
  return ['date', 'entry', 'exit', 'hours', 'status', 'mark', 'reason', 'notes'].map((k) => t(`reports.table.${k}`));
}

/** 'Manual', 'Incompleto' or both: how the record came to be (a manual change shows in reports, issue 4). */
export function recordMarks(t: TFunction, record: { isManual: boolean; incomplete: boolean }): string[] {
  return [record.isManual ? t('reports.mark.manual') : '', record.incomplete ? t('reports.mark.incomplete') : ''].filter(Boolean);
}

function detailRows(e: ReportExport): (string | number | null)[][] {
  return e.report.attendances.map((l) => [
    formatDay(l.record.date),
    localTime(l.record.checkIn, e.timezone),
    localTime(l.record.checkOut, e.timezone),
    l.hours != null ? Number(l.hours.toFixed(2)) : null,
    e.t(`attendance.status.${l.status}`),
    recordMarks(e.t, l.record).join(' · '),
    l.record.isManual ? (l.record.manualReason ?? '') : '',
    shownNote(l.record.notes),
  ]);
}

/** Excel with the sheets Resumen (who, period, figures) and Detalle (one row per record), so named in every language. */
export async function buildReportWorkbook(e: ReportExport): Promise<Workbook> {
  const workbook = await newWorkbook();
  const summary = workbook.addWorksheet(sheetName(REPORT_EXPORT.admin.summarySheet));
  const [title] = addRows(summary, [[e.t('reports.export.title')]]);
  title.font = { bold: true, size: 14 };
  addRows(summary, [...summaryHead(e), []]);
  const [figHead] = addRows(summary, [[e.t('reports.export.indicator'), e.t('reports.export.value')]]);
  figHead.font = { bold: true };
  figures(e).forEach(([label, value, numFmt]) => {
    const [row] = addRows(summary, [[label, value]]);
    if (numFmt) row.getCell(2).numFmt = numFmt;
  });
  fitColumns(summary, { fromRow: 2 });
  addRows(summary, [[], [e.t('reports.export.rateNote')]]);

  const detail = workbook.addWorksheet(sheetName(REPORT_EXPORT.admin.detailSheet));
  const [head] = addRows(detail, [detailHead(e.t)]);
  head.font = { bold: true };
  for (const row of addRows(detail, detailRows(e))) row.getCell(4).numFmt = '0.00';
  fitColumns(detail);
  detail.views = [{ state: 'frozen', ySplit: 1 }];
  return workbook;
}

/** PDF: heading, summary figures and the detail table. */
export async function buildReportPdf(e: ReportExport) {
  const { doc, autoTable } = await newPdf('portrait');
  doc.setFontSize(14);
  doc.text(pdfCell(e.t('reports.export.title')), 12, 14);
  autoTable(doc, {
    startY: 19,
    body: summaryHead(e).map(([k, v]) => [pdfCell(k), pdfCell(v)]),
    theme: 'plain',
    styles: { fontSize: 9, cellPadding: 0.8 },
    columnStyles: { 0: { fontStyle: 'bold', cellWidth: 40 } },
    margin: { left: 12, right: 12 },
  });
  const afterHead = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 4;
  autoTable(doc, {
    startY: afterHead,
    head: [[pdfCell(e.t('reports.export.indicator')), pdfCell(e.t('reports.export.value'))]],
    body: figures(e).map(([k, v, numFmt]) => [pdfCell(k), numFmt === '0%' ? `${Math.round(v * 100)}%` : numFmt ? v.toFixed(2) : String(v)]),
    styles: { fontSize: 9 },
    headStyles: { fillColor: [67, 56, 202] },
    columnStyles: { 1: { halign: 'right' } },
    margin: { left: 12, right: 110 },
  });
  const afterFigures = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 6;
  autoTable(doc, {
    startY: afterFigures,
    head: [detailHead(e.t).map(pdfCell)],
    body: detailRows(e).map((row) => row.map((v, i) => (i === 3 && typeof v === 'number' ? v.toFixed(2) : pdfCell(v)))),
    styles: { fontSize: 8 },
    headStyles: { fillColor: [67, 56, 202] },
    margin: { left: 12, right: 12 },
  });
  doc.setFontSize(7);
  const y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 6;
  const pageHeight = doc.internal.pageSize.getHeight();
  if (y > pageHeight - 10) doc.addPage();
  doc.text(doc.splitTextToSize(pdfCell(e.t('reports.export.rateNote')), 186) as string[], 12, y > pageHeight - 10 ? 14 : y);
  return doc;
}
