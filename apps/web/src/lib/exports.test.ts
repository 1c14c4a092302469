import { describe, expect, it } from 'vitest';
import { addRows, cleanText, columnWidth, fileNamePart, fitColumns, MAX_COLUMN_WIDTH, newWorkbook, sanitizeCell, sheetName } from './exports';

describe('export sanitiser', () => {
  it('prefixes an apostrophe to cells that start like a formula', () => {
    expect(sanitizeCell('=SUM(A1:A3)')).toBe("'=SUM(A1:A3)");
    expect(sanitizeCell('+51 999 888 777')).toBe("'+51 999 888 777");
    expect(sanitizeCell('-2+3')).toBe("'-2+3");
    expect(sanitizeCell('@cmd')).toBe("'@cmd");
    expect(sanitizeCell('Presente')).toBe('Presente');
    expect(sanitizeCell('a=b')).toBe('a=b');
  });

  it('strips control characters (line breaks and tabs become a space) before checking the first character', () => {
    expect(sanitizeCell('Hola\u0000\u0007 mundo\u007f')).toBe('Hola mundo');
    expect(sanitizeCell('línea 1\nlínea 2\tfin')).toBe('línea 1 línea 2 fin');
    expect(sanitizeCell('\u0001=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(cleanText('a\u0085b')).toBe('ab');
  });

  it('keeps numbers, booleans, dates and empty cells typed', () => {
    const d = new Date('2026-10-01T00:00:00Z');
    expect(sanitizeCell(-5)).toBe(-5);
    expect(sanitizeCell(true)).toBe(true);
    expect(sanitizeCell(d)).toBe(d);
    expect(sanitizeCell(null)).toBeNull();
    expect(sanitizeCell(undefined)).toBeNull();
  });

  it('never makes a column wider than 50', () => {
    expect(MAX_COLUMN_WIDTH).toBe(50);
    expect(columnWidth(['x'.repeat(300)])).toBe(50);
    expect(columnWidth(['Presente', 'Tardanza'])).toBe(10);
    expect(columnWidth([], 8)).toBe(8);
  });

  it('writes sanitised rows and fits the columns of a real workbook (≤ 50)', async () => {
    const workbook = await newWorkbook();
    const sheet = workbook.addWorksheet(sheetName('Octubre: 2026/[x]'));
    addRows(sheet, [
      ['Nota', 'Horas'],
      ['=1+1', 8.5],
      ['y'.repeat(120), -1],
    ]);
    fitColumns(sheet);
    expect(sheet.name).toBe('Octubre  2026  x');
    expect(sheet.getCell('A2').value).toBe("'=1+1");
    expect(sheet.getCell('B3').value).toBe(-1);
    expect(sheet.getColumn(1).width).toBe(50);
    expect(sheet.getColumn(2).width).toBeLessThanOrEqual(50);
  });

  it('makes file name parts safe', () => {
    expect(fileNamePart('Torres Mendoza')).toBe('Torres_Mendoza');
    expect(fileNamePart('Quispe Huamán')).toBe('Quispe_Huaman');
    expect(fileNamePart('../a/b')).toBe('.._a_b');
  });
});
