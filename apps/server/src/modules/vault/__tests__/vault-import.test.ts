import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWeightList } from '@aurum/domain/vault/weight-list';
import { AppError } from '../../../http/app-error.ts';
import { formatOf, readListRows } from '../vault-import.ts';

const options = { metal: 'XAU', unit: 'g' } as const;

describe('reading a weight list file', () => {
  it('reads CSV with a BOM, semicolons, quotes and blank lines, keeping each record’s line', async () => {
    const text = '\uFEFFSerial;Refiner;Gross Weight;Fineness\r\n\r\n"AB;1";PAMP;"1,000.5";999.9\r\nAB2;PAMP;12441.7;995\r\n';
    const rows = await readListRows(Buffer.from(text));
    expect(rows).toEqual([
      { line: 1, cells: ['Serial', 'Refiner', 'Gross Weight', 'Fineness'] },
      { line: 3, cells: ['AB;1', 'PAMP', '1,000.5', '999.9'] },
      { line: 4, cells: ['AB2', 'PAMP', '12441.7', '995'] },
    ]);
    const list = readWeightList(rows, options);
    expect(list.problems).toEqual([]);
    expect(list.bars.map((b) => [b.line, b.serial, b.grossWeight, b.fineWeight])).toEqual([
      [3, 'AB;1', '1000.5000', '1000.4000'], // 1000.39995 rounds half-up,
      [4, 'AB2', '12441.7000', '12379.4915'],
    ]);
  });

  it('reads the first worksheet of an .xlsx made with exceljs: numbers, text, formulas', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Bars');
    book.addWorksheet('Other').addRow(['ignored']);
    sheet.addRow(['Bar No.', 'Brand', 'Gross Weight (oz)', 'Assay', 'Year', 'Metal']);
    sheet.addRow(['X-1', 'Heraeus', 400, 999.9, 2025, 'xau']);
    sheet.addRow([]);
    sheet.addRow(['X-2', 'Heraeus', { formula: '200*2', result: 400 }, '999.5', null, 'XAG']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(formatOf(bytes)).toBe('xlsx');
    const rows = await readListRows(bytes);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    const list = readWeightList(rows, options);
    expect(list.problems).toEqual([]);
    expect(list.bars.map((b) => [b.line, b.serial, b.metal, b.grossWeight, b.fineness, b.year])).toEqual([
      [2, 'X-1', 'XAU', '12441.3907', '999.900', 2025],
      [4, 'X-2', 'XAG', '12441.3907', '999.500', null],
    ]);
  });

  it('refuses what is neither CSV nor .xlsx, and an empty file (400, 1001 file)', async () => {
    for (const bytes of [Buffer.from([0x00, 0x01, 0xff, 0xfe]), Buffer.alloc(0), Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(50, 7)])]) {
      const error = await readListRows(bytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([(error as AppError).status, (error as AppError).code, (error as AppError).context]).toEqual([400, 1001, 'file']);
    }
  });
});
