import { describe, expect, it } from 'vitest';
import { CHART_OF_ACCOUNTS, glAccount } from '../chart-of-accounts.ts';
import { GL_MAPPING_COLUMNS, exportedAccount, mappingAccounts, readGlMapping, templateRows, unmappedCodes, type MappingRow } from '../gl-mapping.ts';

/** A file's rows as the CSV reader gives them: line 1 the header. */
const rows = (...lines: string[][]): MappingRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));
const HEADER = ['glCode', 'accountCode', 'accountName'];

describe("the accountant's mapping file", () => {
  it('reads the lines that map a GL code, columns found by name in any order and case, surrounding spaces dropped', () => {
    const { lines, problems } = readGlMapping(rows([' AccountName', 'GLCODE ', 'glName', 'accountcode'], ['Maybank current account', '1100-MYR', 'Bank', ' 1010 '], ['Client monies', '2100-MYR', '', 'L-200']));
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { glCode: '1100-MYR', accountCode: '1010', accountName: 'Maybank current account' },
      { glCode: '2100-MYR', accountCode: 'L-200', accountName: 'Client monies' },
    ]);
  });

  it('leaves a GL code with an empty code and name unmapped, and skips empty rows, so the template uploads back as it is', () => {
    const { lines, problems } = readGlMapping(rows(HEADER, ['1100-MYR', '', ''], ['', '', ''], ['2100-MYR', '2000', 'Customers']));
    expect(problems).toEqual([]);
    expect(lines.map((l) => l.glCode)).toEqual(['2100-MYR']);
    const template = templateRows(new Map([['2100-MYR', { accountCode: '2000', accountName: 'Customers' }]]));
    expect(template).toHaveLength(CHART_OF_ACCOUNTS.length);
    const back = readGlMapping(rows([...GL_MAPPING_COLUMNS], ...template.map((r) => GL_MAPPING_COLUMNS.map((c) => r[c]))));
    expect(back).toEqual({ lines: [{ glCode: '2100-MYR', accountCode: '2000', accountName: 'Customers' }], problems: [] });
  });

  it('refuses wrong headers: a missing, an unknown or a repeated column, on line 1, and reads no line then', () => {
    expect(readGlMapping(rows(['glCode', 'code', 'accountName'], ['1100-MYR', '1010', 'Bank'])).problems).toEqual([
      { line: 1, field: 'header', reason: 'unknownColumn', column: 'code' },
      { line: 1, field: 'header', reason: 'missingColumn', column: 'accountCode' },
    ]);
    expect(readGlMapping(rows([...HEADER, 'glCode'])).problems).toEqual([{ line: 1, field: 'header', reason: 'duplicateColumn', column: 'glCode' }]);
    expect(readGlMapping([]).problems).toEqual([{ line: 1, field: 'header', reason: 'empty' }]);
  });

  it('refuses a code outside the chart, a code twice, and bad accountant codes and names, each by line and field', () => {
    const { lines, problems } = readGlMapping(
      rows(
        HEADER,
        ['1100-MYR', '1010', 'Bank'],
        ['9999-MYR', '1', 'Nowhere'],
        ['1100-MYR', '1011', 'Bank again'],
        ['', '1', 'No code'],
        ['2100-MYR', '', 'Customers'],
        ['2110-MYR', '=1+1', 'Held'],
        ['2120-MYR', '2120', '-credit'],
        ['3000-MYR', 'x'.repeat(41), 'Capital'],
        ['3100-MYR', '3100', 'Desk\u0007'],
        ['4100-MYR', '4100', 'n'.repeat(121)],
        ['4200-MYR', '4200', 'Fees', 'extra'],
      ),
    );
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      { line: 3, field: 'glCode', reason: 'notInChart' },
      { line: 4, field: 'glCode', reason: 'duplicate', firstLine: 2 },
      { line: 5, field: 'glCode', reason: 'required' },
      { line: 6, field: 'accountCode', reason: 'required' },
      { line: 7, field: 'accountCode', reason: 'invalidCode' },
      { line: 8, field: 'accountName', reason: 'formulaLike' },
      { line: 9, field: 'accountCode', reason: 'tooLong' },
      { line: 10, field: 'accountName', reason: 'invalidText' },
      { line: 11, field: 'accountName', reason: 'tooLong' },
      { line: 12, field: 'row', reason: 'extraCells' },
    ]);
  });

  it('exports a mapped account under the accountant\'s code and name, an unmapped one under ours, and lists the unmapped codes', () => {
    const mapping = new Map([['1100-MYR', { accountCode: '1010', accountName: 'Maybank' }]]);
    expect(exportedAccount(glAccount('1100-MYR')!, mapping)).toEqual({ accountCode: '1010', accountName: 'Maybank', mapped: true });
    expect(exportedAccount(glAccount('2100-MYR')!, mapping)).toEqual({ accountCode: '2100-MYR', accountName: 'Customer funds', mapped: false });
    expect(unmappedCodes(mapping)).toEqual(CHART_OF_ACCOUNTS.map((a) => a.code).filter((c) => c !== '1100-MYR'));
    expect(mappingAccounts(mapping).find((a) => a.glCode === '1100-MYR')).toMatchObject({ accountCode: '1010', accountName: 'Maybank', unit: 'MYR' });
  });
});
