import { type Language, translate } from '@presente/shared';
import ExcelJS from 'exceljs';
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { RegisterData, RegisterLine } from './register.data.js';
import { CHANGE_WIDTHS, changeHeader, changeNote, changeRows } from './register.manual.js';

/**
 * The register as files, written on the server (decision 0034): one Excel workbook (a sheet per month, then
 * the manual changes) and one landscape A4 PDF (a section per month), both with the employer's heading,
 * a total per worker and month, and the legal notes. Same columns as the browser's monthly register.
 */
export type RegisterFormat = 'xlsx' | 'pdf';
export const REGISTER_TYPES: Record<RegisterFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const t = (lang: Language, key: string, params: Record<string, string> = {}) => translate(key, lang).replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);
const ddmmyyyy = (ymd: string) => (ymd ? `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}` : '');
const localDay = (at: Date, tz: string) => ddmmyyyy(new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at));
const monthLabel = (month: string, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-PE' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));

/** Lets the event loop serve other requests between two months of a large register. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A duration in hours as "hh:mm"; empty for null. */
export function hhmm(hours: number | null): string {
  if (hours == null) return '';
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const COLUMNS = ['worker', 'document', 'code', 'date', 'checkIn', 'checkOut', 'hours', 'outside', 'leave', 'remarks'];
const WIDTHS = [34, 18, 10, 12, 10, 10, 12, 12, 12, 40];

/** "DNI 12345678", "CE X1234567"...: the type the worker holds, never always "DNI" (decision 0037). */
export const documentCell = (l: Pick<RegisterLine, 'documentType' | 'document'>, lang: Language) =>
  l.document ? `${l.documentType ? t(lang, `document.${l.documentType}`) : ''} ${l.document}`.trim() : '';

/**
 * A permission prints as such with its reason (no invented times, decision 0037); an open shift says so; each manual
 * change gets its note with author, time, reason and the worker's answer (decision 0039).
 */
function remark(l: RegisterLine, lang: Language, timezone: string) {
  const reason = l.notes.trim();
  return [
    l.holiday && t(lang, 'register.holiday', { name: l.holiday }),
    l.permission && t(lang, 'register.permissionReason', { reason: reason || t(lang, 'register.permission') }),
    l.open && t(lang, 'register.open'),
    l.manual && !l.changes.length && t(lang, 'register.manual'),
    l.incomplete && !l.open && t(lang, 'register.incomplete'),
    offlineRemark(l, lang),
    !l.permission && reason,
    ...l.changes.map((c) => changeNote(c, lang, timezone)),
  ]
    .filter(Boolean)
    .join(' · ');
}
/** Punches the kiosk captured offline (decision 0075): their times are the device's, counted from a server contact. */
export function offlineRemark(l: Pick<RegisterLine, 'offline'>, lang: Language) {
  const { checkIn, checkOut } = l.offline ?? { checkIn: false, checkOut: false };
  if (!checkIn && !checkOut) return '';
  // Both: its own sentence, so the Spanish participle agrees with the two ("marcadas").
  if (checkIn && checkOut) return t(lang, 'register.offline.both');
  return t(lang, 'register.offline', { which: t(lang, `register.offline.${checkIn ? 'checkIn' : 'checkOut'}`) });
}
const cells = (l: RegisterLine, lang: Language, timezone: string) => [
  l.worker,
  documentCell(l, lang),
  l.code,
  ddmmyyyy(l.date),
  l.checkIn,
  l.checkOut,
  hhmm(l.hours),
  hhmm(l.outside),
  hhmm(l.leave),
  remark(l, lang, timezone),
];

/** Worked, outside and paid-leave hours summed apart: leave never adds to the hours worked. */
export function registerTotals(lines: RegisterLine[]) {
  const sum = (pick: (l: RegisterLine) => number | null) => Math.round(lines.reduce((n, l) => n + Math.max(0, pick(l) ?? 0), 0) * 100) / 100;
  return { hours: sum((l) => l.hours), outside: sum((l) => l.outside), leave: sum((l) => l.leave) };
}

/** The month's lines with a total row after each worker, and the month's total; `true` marks a total row. */
function monthRows(lines: RegisterLine[], month: string, lang: Language, timezone: string): [string[], boolean][] {
  const out: [string[], boolean][] = [];
  const totalRow = (label: string, doc: string, x: ReturnType<typeof registerTotals>) => [
    label,
    doc,
    '',
    '',
    '',
    '',
    hhmm(x.hours),
    hhmm(x.outside),
    hhmm(x.leave),
    '',
  ];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    out.push([cells(l, lang, timezone), false]);
    const next = lines[i + 1];
    if (!next || next.employeeId !== l.employeeId) {
      const mine = registerTotals(lines.filter((x) => x.employeeId === l.employeeId));
      out.push([totalRow(t(lang, 'register.workerTotal', { name: l.worker }), documentCell(l, lang), mine), true]);
    }
  }
  out.push([totalRow(t(lang, 'register.monthTotal', { month: monthLabel(month, lang) }), '', registerTotals(lines)), true]);
  return out;
}

function heading(data: RegisterData, lang: Language, now: Date): string[] {
  const c = data.company;
  const first = data.months[0]?.month;
  const last = data.months.at(-1)?.month;
  const period = data.range
    ? `${monthLabel(data.range.from, lang)} – ${monthLabel(data.range.to, lang)}`
    : first && last
      ? `${monthLabel(first, lang)} – ${monthLabel(last, lang)} (${t(lang, 'register.allMonths')})`
      : t(lang, 'register.noRecords');
  return [
    ...(c.legalName
      ? [`${t(lang, 'register.legalName')}: ${c.legalName}`, `${t(lang, 'register.tradeName')}: ${c.name}`]
      : [`${t(lang, 'register.employer')}: ${c.name}`]),
    `RUC: ${c.ruc ?? ''}`,
    ...(c.address ? [c.address] : []),
    `${t(lang, 'register.period')}: ${period}`,
    ...(c.closedAt ? [t(lang, 'register.closedOn', { date: localDay(c.closedAt, c.timezone) })] : []),
    t(lang, 'register.generatedAt', { date: localDay(now, c.timezone) }),
  ];
}
const notes = (lang: Language, data?: RegisterData, now?: Date) => [
  t(lang, 'register.outsideFormula'),
  t(lang, 'register.retention'),
  ...chainFooter(data, lang, now),
];
/** The chain head and export time (decision 0038), so a copy can be checked against the database later. */
function chainFooter(data: RegisterData | undefined, lang: Language, now: Date | undefined): string[] {
  if (!data?.chain || !now) return [];
  return [t(lang, 'chain.footer', { entries: String(data.chain.seq), hash: data.chain.hash, at: now.toISOString() })];
}
const header = (lang: Language) => COLUMNS.map((k) => t(lang, `register.col.${k}`));
/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export async function registerXlsx(data: RegisterData, lang: Language, now: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = now;
  const months = data.months.length ? data.months : [{ month: '', lines: [] }];
  for (const { month, lines } of months) {
    await yieldToLoop();
    const ws = wb.addWorksheet(sheetName(month ? monthLabel(month, lang) : t(lang, 'register.sheet')));
    ws.addRow([t(lang, 'register.title')]).font = { bold: true, size: 14 };
    for (const h of heading(data, lang, now)) ws.addRow([h]);
    ws.addRow([]);
    const head = ws.addRow(header(lang));
    head.font = { bold: true };
    if (month) for (const [row, total] of monthRows(lines, month, lang, data.company.timezone)) ws.addRow(row).font = { bold: total };
    ws.addRow([]);
    for (const n of notes(lang, data, now)) ws.addRow([n]);
    ws.views = [{ state: 'frozen', ySplit: head.number }];
    ws.columns.forEach((col, i) => {
      col.width = WIDTHS[i] ?? 12;
    });
  }
  const changes = wb.addWorksheet(sheetName(t(lang, 'register.changes')));
  changes.addRow(changeHeader(lang)).font = { bold: true };
  for (const r of changeRows(data.changes, lang, data.company.timezone)) changes.addRow(r);
  changes.columns.forEach((col, i) => {
    col.width = CHANGE_WIDTHS[i] ?? 12;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** jsPDF's standard fonts are Latin-1: anything else becomes '?' instead of garbling the line. */
const latin1 = (s: string) => s.replace(/[^\u0020-\u00ff]/g, (ch) => (ch === '–' ? '-' : ch < ' ' ? ' ' : '?'));

export async function registerPdf(data: RegisterData, lang: Language, now: Date): Promise<Buffer> {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  const head = [header(lang).map(latin1)];
  const writeHeading = () => {
    doc.setFontSize(13);
    doc.text(latin1(t(lang, 'register.title')), 10, 12);
    doc.setFontSize(9);
    const lines = heading(data, lang, now);
    lines.forEach((text, i) => {
      doc.text(latin1(text), 10, 18 + i * 5);
    });
    return 18 + lines.length * 5 + 2;
  };
  let y = writeHeading();
  if (!data.months.length) doc.text(latin1(t(lang, 'register.noRecords')), 10, y + 4);
  for (const [i, { month, lines }] of data.months.entries()) {
    // A large register takes seconds: other requests are served between months.
    await yieldToLoop();
    if (i > 0) {
      doc.addPage();
      y = writeHeading();
    }
    doc.setFontSize(11);
    doc.text(latin1(monthLabel(month, lang)), 10, y + 2);
    const rows = monthRows(lines, month, lang, data.company.timezone);
    const totals = new Set(rows.flatMap(([, total], j) => (total ? [j] : [])));
    autoTable(doc, {
      startY: y + 5,
      head,
      body: rows.map(([r]) => r.map(latin1)),
      styles: { fontSize: 7.5, cellPadding: 1.2 },
      headStyles: { fillColor: [67, 56, 202] },
      margin: { left: 8, right: 8 },
      didParseCell: (cell) => {
        if (cell.section === 'body' && totals.has(cell.row.index)) {
          cell.cell.styles.fontStyle = 'bold';
          cell.cell.styles.fillColor = [237, 242, 255];
        }
      },
    });
  }
  if (data.changes.length) {
    doc.addPage();
    doc.setFontSize(11);
    doc.text(latin1(t(lang, 'register.changes')), 10, 12);
    autoTable(doc, {
      startY: 16,
      head: [changeHeader(lang).map(latin1)],
      body: changeRows(data.changes, lang, data.company.timezone).map((r) => r.map(latin1)),
      styles: { fontSize: 7 },
    });
  }
  doc.addPage();
  doc.setFontSize(8);
  notes(lang, data, now).forEach((n, i) => {
    const wrapped = doc.splitTextToSize(latin1(n), 270) as string[];
    doc.text(wrapped, 10, 14 + i * 12);
  });
  return Buffer.from(doc.output('arraybuffer'));
}

/** The file name the browser saves: registro-asistencia-<company>.xlsx / .pdf. */
export function registerFileName(data: RegisterData, format: RegisterFormat, lang: Language): string {
  const slug = data.company.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${lang === 'es' ? 'registro-asistencia' : 'attendance-register'}-${slug || 'empresa'}.${format}`;
}
