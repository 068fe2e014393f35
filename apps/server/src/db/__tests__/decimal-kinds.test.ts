import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECIMAL_KINDS, columnMax, decimalOf, idField, signedDecimalOf, type DecimalKind } from '@aurum/domain/money/decimal-columns';

const MIGRATIONS = join(import.meta.dirname, '..', '..', '..', 'migrations');

/** Every NUMERIC(p, s) column the migrations declare, as table.column -> [p, s] (the last declaration wins). */
function numericColumns(): Map<string, [number, number]> {
  const columns = new Map<string, [number, number]>();
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) {
    let table: string | null = null;
    for (const raw of readFileSync(join(MIGRATIONS, file), 'utf8').split('\n')) {
      const line = raw.replace(/--.*$/, '');
      const create = /^\s*CREATE TABLE (\w+)/i.exec(line);
      if (create) table = create[1]!;
      if (/^\s*\);/.test(line)) table = null;
      const added = /ALTER TABLE (\w+) (?:ADD COLUMN|ALTER COLUMN) (\w+) (?:TYPE )?numeric\((\d+),\s*(\d+)\)/i.exec(line);
      if (added) {
        columns.set(`${added[1]}.${added[2]}`, [Number(added[3]), Number(added[4])]);
        continue;
      }
      const column = /^\s*(\w+)\s+numeric\((\d+),\s*(\d+)\)/i.exec(line);
      if (column && table) columns.set(`${table}.${column[1]}`, [Number(column[2]), Number(column[3])]);
    }
  }
  return columns;
}

describe('decimal kinds: the NUMERIC columns of the migrations, declared once in the domain', () => {
  it('lists every NUMERIC column of the migrations under the kind of its precision and scale', () => {
    const columns = numericColumns();
    expect(columns.size).toBeGreaterThan(30);
    const listed = new Map<string, DecimalKind>();
    for (const [kind, spec] of Object.entries(DECIMAL_KINDS) as Array<[DecimalKind, (typeof DECIMAL_KINDS)[DecimalKind]]>) {
      for (const column of spec.columns) {
        expect(listed.has(column), `${column} is listed twice`).toBe(false);
        listed.set(column, kind);
        expect(columns.get(column), `${column} (${kind}) in the migrations`).toEqual([spec.precision, spec.scale]);
      }
    }
    expect([...columns.keys()].filter((c) => !listed.has(c)), 'NUMERIC columns without a kind').toEqual([]);
  });

  it("derives each kind's largest value from its precision and scale", () => {
    expect(columnMax('amount')).toBe(`${'9'.repeat(22)}.99`);
    expect(columnMax('fee')).toBe('99999999999.999');
    expect(columnMax('interestRate')).toBe('99.999999');
  });

  it('refuses a value beyond the column (or beyond a smaller business maximum) with lessThanOrEqual and the limit', () => {
    const fee = decimalOf('fee', { allowZero: true });
    expect(fee.safeParse('99999999999.999').success).toBe(true);
    const over = fee.safeParse('100000000000');
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ message: 'lessThanOrEqual', params: { compared: '99999999999.999' } });
    expect(decimalOf('interestRate', { allowZero: true, max: '1' }).safeParse('1.000001').error?.issues[0]).toMatchObject({ params: { compared: '1' } });
    // a business maximum larger than the column is capped at the column
    expect(decimalOf('spread', { max: '1e20' }).safeParse('1000000000000').success).toBe(false);
    expect(decimalOf('grams').safeParse(`1${'0'.repeat(400)}`).success).toBe(false);
    expect(decimalOf('price').safeParse('1.0001').error?.issues[0]).toMatchObject({ message: 'decimalPlaces', params: { count: 3 } });
    const signed = signedDecimalOf('exchangeRate', '10');
    expect(signed.safeParse('-10').success).toBe(true);
    expect(signed.safeParse('-10.0001').success).toBe(false);
  });

  it('takes ids as positive safe integers (the bigserial keys hold them all)', () => {
    expect(idField.safeParse('9007199254740991').success).toBe(true);
    for (const bad of ['9007199254740992', '0', '-1', '1.5', '1e400', 'abc']) expect(idField.safeParse(bad).success, bad).toBe(false);
  });
});
