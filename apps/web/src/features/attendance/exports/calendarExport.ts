import { isoWeekday } from '@presente/shared';
import type { Workbook } from 'exceljs';
import type { TFunction } from 'i18next';
import { addRows, fitColumns, newPdf, newWorkbook, pdfCell, sheetName } from '../../../lib/exports';
import type { CalendarRow } from '../api';
import { DAY_STATUSES } from '../status';

/** What every month export needs: the rows of every page, the period and the company. */
export interface MonthExport {
  rows: CalendarRow[];
  month: number;
  year: number;
  company: { name: string; ruc: string };
  timezone: string;
  /** dashboard-namespace translations. */
  t: TFunction;
}

const monthName = (e: MonthExport) => (e.t('attendance.months', { returnObjects: true }) as string[])[e.month - 1];
export const periodLabel = (e: MonthExport) => `${monthName(e)} ${e.year}`;
const pad = (n: number) => String(n).padStart(2, '0');
export const monthFileStamp = (e: MonthExport) => `${e.year}-${pad(e.month)}`;

/** ARGB fills of the status codes (the grid's colours). */
const FILL: Record<string, string> = {
  present: 'FFC3FAE8',
  early: 'FFC5F6FA',
  late: 'FFFFE8CC',
  absent: 'FFFFE3E3',
  permission: 'FFE5DBFF',
  holiday: 'FFF3D9FA',
  day_off: 'FFF1F3F5',
};

/** A day's code: the status letter, with '*' when the record is incomplete. */
function dayCode(e: MonthExport, day: CalendarRow['days'][number]): string {
  if (day.status === 'pending') return e.t('attendance.codes.pending');
  return `${e.t(`attendance.codes.${day.status}`)}${day.attendance?.incomplete ? '*' : ''}`;
}

function headers(e: MonthExport, days: string[]) {
  const initials = e.t('attendance.weekdayInitials', { returnObjects: true }) as string[];
  return {
    lead: [e.t('attendance.export.employee'), e.t('attendance.export.code'), e.t('attendance.export.position'), e.t('attendance.export.department')],
    days: days.map((d) => `${Number(d.slice(8))} ${initials[isoWeekday(d) - 1]}`),
    stats: [
      ...DAY_STATUSES.filter((s) => s !== 'pending').map((s) => e.t(`attendance.status.${s}`)),
      e.t('attendance.export.rate'),
      e.t('attendance.export.hours'),
    ],
  };
}

function statValues(r: CalendarRow) {
  const s = r.stats;
  return [s.present, s.early, s.late, s.absent, s.permission, s.holiday, s.day_off, s.attendanceRate / 100, s.totalHours];
}

/** Excel of the filtered month: one sheet employees × days with status codes, and a legend sheet. */
export async function buildCalendarWorkbook(e: MonthExport): Promise<Workbook> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(periodLabel(e)));
  const days = e.rows[0]?.days.map((d) => d.date) ?? [];
  const h = headers(e, days);
  addRows(sheet, [[`${e.t('attendance.export.title')} · ${periodLabel(e)}`], [`${e.company.name}${e.company.ruc ? ` · RUC ${e.company.ruc}` : ''}`], []]);
  sheet.getRow(1).font = { bold: true, size: 14 };
  const [head] = addRows(sheet, [[...h.lead, ...h.days, ...h.stats]]);
  head.font = { bold: true };
  head.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  const firstDayCol = h.lead.length + 1;
  for (const r of e.rows) {
    const [row] = addRows(sheet, [[r.employeeName, r.employeeCode, r.position, r.department?.name, ...r.days.map((d) => dayCode(e, d)), ...statValues(r)]]);
    r.days.forEach((d, i) => {
      const cell = row.getCell(firstDayCol + i);
      cell.alignment = { horizontal: 'center' };
      if (FILL[d.status]) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: FILL[d.status] } };
    });
    const rateCell = row.getCell(firstDayCol + days.length + 7);
    rateCell.numFmt = '0%';
    row.getCell(firstDayCol + days.length + 8).numFmt = '0.00';
  }
  fitColumns(sheet, { fromRow: 4 });
  days.forEach((_, i) => {
    sheet.getColumn(firstDayCol + i).width = 5;
  });
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 4 }];

  const legend = workbook.addWorksheet(sheetName(e.t('attendance.export.legendSheet')));
  const [legendHead] = addRows(legend, [[e.t('attendance.export.legendCode'), e.t('attendance.export.legendMeaning')]]);
  legendHead.font = { bold: true };
  addRows(legend, [...DAY_STATUSES.map((s) => [e.t(`attendance.codes.${s}`), e.t(`attendance.status.${s}`)]), ['*', e.t('attendance.legend.incomplete')]]);
  fitColumns(legend);
  addRows(legend, [[], [e.t('attendance.export.rateNote')]]);
  return workbook;
}

type Pdf = Awaited<ReturnType<typeof newPdf>>['doc'];

/** Notes under the last table (on a new page when they would not fit). */
export function writeNotes(doc: Pdf, notes: string[]): void {
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  let y = ((doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? 20) + 6;
  doc.setFontSize(7);
  for (const note of notes) {
    const lines = doc.splitTextToSize(pdfCell(note), pageWidth - 16) as string[];
    if (y + lines.length * 3.5 > pageHeight - 8) {
      doc.addPage();
      y = 12;
    }
    doc.text(lines, 8, y);
    y += lines.length * 3.5 + 1.5;
  }
}

/** PDF of the filtered month: landscape, employees × days with status codes, figures and the legend. */
export async function buildCalendarPdf(e: MonthExport) {
  const { doc, autoTable } = await newPdf('landscape');
  const days = e.rows[0]?.days.map((d) => d.date) ?? [];
  doc.setFontSize(13);
  doc.text(pdfCell(`${e.t('attendance.export.title')} · ${periodLabel(e)}`), 10, 12);
  doc.setFontSize(9);
  doc.text(pdfCell(`${e.company.name}${e.company.ruc ? ` · RUC ${e.company.ruc}` : ''}`), 10, 18);
  const statusOf = new Map<string, string>();
  autoTable(doc, {
    startY: 22,
    head: [[e.t('attendance.export.employee'), ...days.map((d) => String(Number(d.slice(8)))), e.t('attendance.export.rate'), e.t('attendance.export.hours')]],
    body: e.rows.map((r, ri) => {
      r.days.forEach((d, di) => {
        statusOf.set(`${ri}|${di + 1}`, d.status);
      });
      return [pdfCell(r.employeeName), ...r.days.map((d) => pdfCell(dayCode(e, d))), `${r.stats.attendanceRate}%`, r.stats.totalHours.toFixed(2)];
    }),
    styles: { fontSize: 6, cellPadding: 0.8, halign: 'center', valign: 'middle' },
    headStyles: { fillColor: [67, 56, 202], fontSize: 6 },
    columnStyles: { 0: { halign: 'left', cellWidth: 38 } },
    margin: { left: 6, right: 6 },
    didParseCell: (data) => {
      if (data.section !== 'body') return;
      const status = statusOf.get(`${data.row.index}|${data.column.index}`);
      const argb = status ? FILL[status] : undefined;
      if (argb)
        data.cell.styles.fillColor = [Number.parseInt(argb.slice(2, 4), 16), Number.parseInt(argb.slice(4, 6), 16), Number.parseInt(argb.slice(6, 8), 16)];
    },
  });
  const legend = DAY_STATUSES.map((s) => `${e.t(`attendance.codes.${s}`)} = ${e.t(`attendance.status.${s}`)}`).join('   ');
  writeNotes(doc, [`${legend}   * = ${e.t('attendance.legend.incomplete')}`, e.t('attendance.export.rateNote')]);
  return doc;
}
