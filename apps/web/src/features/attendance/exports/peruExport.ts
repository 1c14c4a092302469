import type { Workbook } from 'exceljs';
import { formatDay } from '../../../components/DayInput';
import { addRows, fitColumns, newPdf, newWorkbook, pdfCell, sheetName } from '../../../lib/exports';
import { type MonthExport, periodLabel, writeNotes } from './calendarExport';
import { formatDuration, type RegisterLine, type RegisterWorker, registerWorkers } from './peruRegister';

/** A line's remark: the day's status, the holiday's name, and the incomplete/manual marks. */
function remark(e: MonthExport, line: RegisterLine): string {
  const { day } = line;
  return [
    e.t(`attendance.status.${day.status}`),
    day.holiday?.name,
    day.attendance?.incomplete ? e.t('attendance.legend.incomplete') : '',
    day.attendance?.isManual ? e.t('attendance.legend.manual') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function heading(e: MonthExport): string[] {
  const na = e.t('attendance.peru.notAvailable');
  return [
    e.t('attendance.peru.title'),
    `${e.t('attendance.peru.employer')}: ${e.company.name || na}`,
    `RUC: ${e.company.ruc || na}`,
    `${e.t('attendance.peru.period')}: ${periodLabel(e)}`,
  ];
}

function columns(e: MonthExport): string[] {
  return ['worker', 'dni', 'date', 'checkIn', 'checkOut', 'hours', 'outside', 'remarks'].map((k) => e.t(`attendance.peru.columns.${k}`));
}

function lineCells(e: MonthExport, l: RegisterLine): string[] {
  return [l.employeeName, l.documentNumber, formatDay(l.date), l.checkIn, l.checkOut, formatDuration(l.hours), formatDuration(l.outside), remark(e, l)];
}

function totalCells(e: MonthExport, w: RegisterWorker): string[] {
  return [
    e.t('attendance.peru.workerTotal', { name: w.row.employeeName }),
    w.row.documentNumber ?? '',
    '',
    '',
    '',
    formatDuration(w.totalHours),
    formatDuration(w.totalOutside),
    '',
  ];
}

function notes(e: MonthExport): string[] {
  return [e.t('attendance.peru.outsideFormula'), e.t('attendance.peru.retention')];
}

/** The register as Excel: employer heading, one line per worker and day, a total per worker and overall, notes. */
export async function buildPeruWorkbook(e: MonthExport): Promise<Workbook> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(e.t('attendance.peru.sheet')));
  const workers = registerWorkers(e.rows, e.timezone);
  addRows(sheet, [...heading(e).map((text) => [text]), []]);
  sheet.getRow(1).font = { bold: true, size: 14 };
  const [head] = addRows(sheet, [columns(e)]);
  head.font = { bold: true };
  const headerRow = head.number;
  for (const w of workers) {
    addRows(
      sheet,
      w.lines.map((l) => lineCells(e, l)),
    );
    const [total] = addRows(sheet, [totalCells(e, w)]);
    total.font = { bold: true };
  }
  const sum = (pick: (w: RegisterWorker) => number) => workers.reduce((n, w) => n + pick(w), 0);
  const [grand] = addRows(sheet, [
    [e.t('attendance.peru.grandTotal'), '', '', '', '', formatDuration(sum((w) => w.totalHours)), formatDuration(sum((w) => w.totalOutside)), ''],
  ]);
  grand.font = { bold: true };
  // Measured before the notes: long sentences must not widen the first column.
  fitColumns(sheet, { fromRow: headerRow });
  addRows(sheet, [[], ...notes(e).map((n) => [n])]);
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  return workbook;
}

/** The register as PDF (landscape A4), same content as the Excel. */
export async function buildPeruPdf(e: MonthExport) {
  const { doc, autoTable } = await newPdf('landscape');
  const workers = registerWorkers(e.rows, e.timezone);
  const [title, ...lines] = heading(e);
  doc.setFontSize(13);
  doc.text(pdfCell(title), 10, 12);
  doc.setFontSize(9);
  lines.forEach((text, i) => {
    doc.text(pdfCell(text), 10, 18 + i * 5);
  });
  const body: string[][] = [];
  const totals = new Set<number>();
  for (const w of workers) {
    body.push(...w.lines.map((l) => lineCells(e, l).map(pdfCell)));
    totals.add(body.length);
    body.push(totalCells(e, w).map(pdfCell));
  }
  const sum = (pick: (w: RegisterWorker) => number) => workers.reduce((n, w) => n + pick(w), 0);
  totals.add(body.length);
  body.push([
    pdfCell(e.t('attendance.peru.grandTotal')),
    '',
    '',
    '',
    '',
    formatDuration(sum((w) => w.totalHours)),
    formatDuration(sum((w) => w.totalOutside)),
    '',
  ]);
  autoTable(doc, {
    startY: 18 + lines.length * 5 + 2,
    head: [columns(e).map(pdfCell)],
    body,
    styles: { fontSize: 7.5, cellPadding: 1.2 },
    headStyles: { fillColor: [67, 56, 202] },
    columnStyles: { 2: { halign: 'center' }, 3: { halign: 'center' }, 4: { halign: 'center' }, 5: { halign: 'center' }, 6: { halign: 'center' } },
    margin: { left: 8, right: 8 },
    didParseCell: (data) => {
      if (data.section === 'body' && totals.has(data.row.index)) {
        data.cell.styles.fontStyle = 'bold';
        data.cell.styles.fillColor = [237, 242, 255];
      }
    },
  });
  writeNotes(doc, notes(e));
  return doc;
}
