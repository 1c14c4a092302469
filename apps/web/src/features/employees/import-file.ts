import type { CellValue } from 'exceljs';
import Papa from 'papaparse';

/** Column headers of the template; the server reads these (and English) names (import.service HEADER_ALIASES). */
export const TEMPLATE_HEADERS = [
  'Nombre',
  'Apellido',
  'Email',
  'Código',
  'Tipo de documento',
  'Número de documento',
  'Cargo',
  'Teléfono',
  'Departamento',
  'Horario',
  'Fecha de ingreso',
];

/** Rows of a spreadsheet keyed by its header row, without blank rows. */
export interface ParsedSheet {
  headers: string[];
  rows: Record<string, string>[];
  /** Each row's number in the file as a spreadsheet shows it (header = 1), blank rows counted: errors name these. */
  lines: number[];
}

export class UnsupportedFileError extends Error {}

const isBlankRow = (row: Record<string, string>) => Object.values(row).every((v) => !v.trim());

/** Keeps the rows that are not blank, each with its line (header = 1). */
function withoutBlankRows(headers: string[], records: { line: number; row: Record<string, string> }[]): ParsedSheet {
  const kept = records.filter(({ row }) => !isBlankRow(row));
  return { headers, rows: kept.map((r) => r.row), lines: kept.map((r) => r.line) };
}

/**
 * CSV with a header row; the delimiter (comma or semicolon, as Excel writes in Spanish) is detected.
 * Blank lines are dropped but counted, so each row keeps the number a spreadsheet shows for it.
 */
export function parseCsvText(text: string): ParsedSheet {
  const clean = text.replace(/^\uFEFF/, '');
  // Blank lines confuse the delimiter guess: guess on the lines that have content, then read every line.
  const { delimiter } = Papa.parse(clean, { preview: 20, skipEmptyLines: 'greedy' }).meta;
  const result = Papa.parse<Record<string, string>>(clean, {
    header: true,
    delimiter,
    skipEmptyLines: false,
    transformHeader: (h) => h.trim(),
  });
  const headers = (result.meta.fields ?? []).filter((h) => h !== '');
  return withoutBlankRows(
    headers,
    result.data.map((row, i) => ({ line: i + 2, row: Object.fromEntries(headers.map((h) => [h, String(row[h] ?? '').trim()])) })),
  );
}

/** A spreadsheet cell as the text a person sees; dates become YYYY-MM-DD. */
export function cellText(value: CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return String(value.text ?? '').trim();
  if ('result' in value) return cellText((value.result ?? null) as CellValue);
  return '';
}

/** First worksheet of an .xlsx file, header row first. */
async function parseXlsx(file: File): Promise<ParsedSheet> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [], lines: [] };
  const columns: { index: number; name: string }[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: false }, (cell, index) => {
    const name = cellText(cell.value);
    if (name) columns.push({ index, name });
  });
  const records: { line: number; row: Record<string, string> }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    records.push({ line: r, row: Object.fromEntries(columns.map(({ index, name }) => [name, cellText(row.getCell(index).value)])) });
  }
  return withoutBlankRows(
    columns.map((c) => c.name),
    records,
  );
}

/** Reads a .csv or .xlsx file picked by the admin. */
export async function parseEmployeeFile(file: File): Promise<ParsedSheet> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return parseCsvText(await file.text());
  if (name.endsWith('.xlsx')) return parseXlsx(file);
  throw new UnsupportedFileError(file.name);
}

/** The template: the header row only (UTF-8 with BOM so Excel shows the accents). */
export function templateCsv(): string {
  return `\uFEFF${Papa.unparse([TEMPLATE_HEADERS])}\r\n`;
}

export function downloadTemplate(fileName: string): void {
  const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Field errors of a 400 import answer ("<line>.<field>") grouped by line. */
export function errorsByLine(errors: { path: string; message: string }[] | undefined): Map<number, { field: string; message: string }[]> {
  const out = new Map<number, { field: string; message: string }[]>();
  for (const e of errors ?? []) {
    const [line, ...rest] = e.path.split('.');
    const n = Number(line);
    if (!Number.isInteger(n)) continue;
    out.set(n, [...(out.get(n) ?? []), { field: rest.join('.'), message: e.message }]);
  }
  return out;
}
