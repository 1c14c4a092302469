import type { Workbook, Worksheet } from 'exceljs';

/**
 * The rules every file generated in the browser follows (spec §5, §9): text loses its control
 * characters, a cell that would start like a formula (=, +, -, and @ which spreadsheets also
 * evaluate) gets an apostrophe prefix, and no Excel column is wider than 50.
 */
export type CellInput = string | number | boolean | Date | null | undefined;
export type CellOutput = string | number | boolean | Date | null;

export const MAX_COLUMN_WIDTH = 50;
const FORMULA_START = /^[=+\-@]/;
// Line breaks and tabs become a space so words do not merge; every other C0/C1 control character goes.
const BREAKS = /[\t\n\r\v\f]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

/** Text without control characters (PDF cells, file names). */
export function cleanText(value: string): string {
  return value.replace(BREAKS, ' ').replace(CONTROL, '');
}

/** A value made safe for a spreadsheet cell; numbers, booleans and dates stay typed. */
export function sanitizeCell(value: CellInput): CellOutput {
  if (value == null) return null;
  if (typeof value !== 'string') return value;
  const text = cleanText(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The display length of a value in a column (dates as dd/mm/yyyy). */
function cellLength(value: CellInput): number {
  if (value == null) return 0;
  if (value instanceof Date) return 10;
  return String(value).length;
}

/** Width of a column holding these values: the longest plus a margin, at least `min`, never more than 50. */
export function columnWidth(values: CellInput[], min = 6): number {
  const longest = values.reduce<number>((n, v) => Math.max(n, cellLength(v)), 0);
  return Math.min(MAX_COLUMN_WIDTH, Math.max(min, longest + 2));
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return (
    cleanText(name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet'
  );
}

/**
 * Sets every column's width from its contents (≤ 50). Rows before `fromRow` (titles that span the
 * sheet) are not measured; `min` gives a minimum width per column index (0-based).
 */
export function fitColumns(sheet: Worksheet, options: { fromRow?: number; min?: Record<number, number> } = {}): void {
  const { fromRow = 1, min = {} } = options;
  sheet.columns.forEach((column, index) => {
    const values: CellInput[] = [];
    column.eachCell?.({ includeEmpty: false }, (cell, rowNumber) => {
      if (rowNumber >= fromRow) values.push(cell.value instanceof Date ? cell.value : cell.text);
    });
    column.width = columnWidth(values, min[index] ?? 6);
  });
}

/** Appends rows with every cell sanitised. Returns the added rows. */
export function addRows(sheet: Worksheet, rows: CellInput[][]) {
  return rows.map((row) => sheet.addRow(row.map(sanitizeCell)));
}

/** Makes a value safe for a file name: no control characters, no path or reserved characters, spaces as _. */
export function fileNamePart(value: string): string {
  return cleanText(value)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Starts a browser download of a blob. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Writes a workbook and downloads it. */
export async function downloadWorkbook(workbook: Workbook, fileName: string): Promise<void> {
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: XLSX_MIME }), fileName);
}

/** A new ExcelJS workbook (the library is loaded only when a file is generated). */
export async function newWorkbook(creator = 'Presente'): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = creator;
  workbook.created = new Date();
  return workbook;
}

/** A new jsPDF document with the autotable function (both loaded only when a PDF is generated). */
export async function newPdf(orientation: 'portrait' | 'landscape' = 'portrait') {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation, unit: 'mm', format: 'a4' });
  return { doc, autoTable };
}

/** PDF table cells: text without control characters (a PDF does not evaluate formulas). */
export function pdfCell(value: CellInput): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cleanText(String(value));
}
