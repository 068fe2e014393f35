import { describe, expect, it } from 'vitest';
import { BAR_MACHINE, BAR_STATUSES, bookWeight, fineWeight, gramsToTroyOunces, isGoodDelivery, mayUncover, metalPlaces, nextBarStatus, stepOf, troyOuncesToGrams, type MovementStep } from '../bar-rules.ts';
import { ReceiveBody, BarFields, ImportFields } from '../vault-schemas.ts';
import { matchHeader, readWeightList, type ListRow } from '../weight-list.ts';

describe('book weight', () => {
  it('counts gold by fine weight, rounded half-up to 4 decimals', () => {
    expect(bookWeight({ metal: 'XAU', grossWeight: '12441.7000', fineness: '999.9' })).toBe('12440.4558');
    expect(fineWeight('1000', '995.0')).toBe('995.0000');
    // 0.00005 rounds up
    expect(fineWeight('1.0001', '500')).toBe('0.5001');
    expect(fineWeight('0.0001', '500')).toBe('0.0001');
  });
  it('counts silver and platinum by gross weight', () => {
    expect(bookWeight({ metal: 'XAG', grossWeight: '31103.5', fineness: '999.0' })).toBe('31103.5000');
    expect(bookWeight({ metal: 'XPT', grossWeight: '6000.1234', fineness: '999.5' })).toBe('6000.1234');
  });
  it('converts troy ounces both ways', () => {
    expect(troyOuncesToGrams('400')).toBe('12441.3907');
    expect(gramsToTroyOunces('31.1034768')).toBe('1.000');
  });
  it('says whether gold is Good Delivery (995.0 and finer) but accepts any fineness up to 1000', () => {
    expect(isGoodDelivery({ metal: 'XAU', fineness: '995.0' })).toBe(true);
    expect(isGoodDelivery({ metal: 'XAU', fineness: '916.7' })).toBe(false);
    expect(isGoodDelivery({ metal: 'XAG', fineness: '925.0' })).toBe(true);
    const bar = { serial: 'A1', refiner: 'PAMP', metal: 'XAU', grossWeight: '100', fineness: '916.7' };
    expect(BarFields.safeParse(bar).success).toBe(true);
    expect(BarFields.safeParse({ ...bar, fineness: '1000.001' }).success).toBe(false);
    expect(BarFields.safeParse({ ...bar, fineness: '0' }).success).toBe(false);
    expect(BarFields.safeParse({ ...bar, fineness: '999.9999' }).success).toBe(false);
    expect(BarFields.safeParse({ ...bar, grossWeight: '1.00001' }).success).toBe(false);
  });
});

describe('the bar status machine', () => {
  const table: Array<[MovementStep, string, string | null]> = [
    ['receive', 'pending', 'available'],
    ['receive', 'available', null],
    ['release', 'available', 'released'],
    ['release', 'reserved', 'released'],
    ['release', 'inTransit', null],
    ['release', 'quarantined', null],
    ['release', 'pending', null],
    ['dispatch', 'available', 'inTransit'],
    ['dispatch', 'reserved', null],
    ['arrive', 'inTransit', 'available'],
    ['arrive', 'available', null],
    ['status:reserved', 'available', 'reserved'],
    ['status:reserved', 'quarantined', null],
    ['status:quarantined', 'reserved', 'quarantined'],
    ['status:quarantined', 'inTransit', null],
    ['status:available', 'quarantined', 'available'],
    ['status:available', 'reserved', 'available'],
    ['status:available', 'available', null],
  ];
  it.each(table)('%s from %s gives %s', (step, from, to) => {
    expect(nextBarStatus(from as never, step)).toBe(to);
  });
  it('lets nothing move a released bar', () => {
    for (const step of Object.keys(BAR_MACHINE) as MovementStep[]) expect(nextBarStatus('released', step)).toBeNull();
    expect(BAR_STATUSES).toContain('released');
  });
  it('names status steps by their target', () => {
    expect(stepOf('status', 'reserved')).toBe('status:reserved');
    expect(stepOf('release', null)).toBe('release');
    expect(() => stepOf('status', null)).toThrow();
  });
  it('knows which steps may uncover customers and which places they move metal between', () => {
    expect(mayUncover('release')).toBe(true);
    expect(mayUncover('dispatch')).toBe(true);
    expect(mayUncover('status:quarantined')).toBe(true);
    expect(mayUncover('receive')).toBe(false);
    expect(mayUncover('arrive')).toBe(false);
    expect(mayUncover('status:available')).toBe(false);
    expect(metalPlaces('receive', null, 'KL1')).toEqual({ from: 'outside', to: 'vault:KL1' });
    expect(metalPlaces('release', 'KL1', null)).toEqual({ from: 'vault:KL1', to: 'outside' });
    expect(metalPlaces('dispatch', 'KL1', 'SG1')).toEqual({ from: 'vault:KL1', to: 'transit' });
    expect(metalPlaces('arrive', 'KL1', 'SG1')).toEqual({ from: 'transit', to: 'vault:SG1' });
    expect(metalPlaces('status:reserved', 'KL1', null)).toBeNull();
  });
});

describe('operation schemas', () => {
  const bar = { serial: 'AB123', refiner: 'Valcambi', metal: 'xau', grossWeight: '1000.0000', fineness: '999.9' };
  it('takes a receive and refuses the same bar twice in it', () => {
    const ok = ReceiveBody.safeParse({ vaultId: 1, bars: [bar] });
    expect(ok.success && ok.data.bars[0]!.metal).toBe('XAU');
    expect(ok.success && ok.data.bars[0]!.form).toBe('bar');
    const twice = ReceiveBody.safeParse({ vaultId: 1, bars: [bar, { ...bar, refiner: 'VALCAMBI' }] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(['bars', 1, 'serial']);
    expect(ReceiveBody.safeParse({ vaultId: 1, bars: [] }).success).toBe(false);
  });
  it('defaults an import to gold in grams, no receive', () => {
    expect(ImportFields.parse({ vaultId: '3', asOf: '2026-11-20' })).toEqual({ vaultId: 3, asOf: '2026-11-20', metal: 'XAU', unit: 'g', receive: 'false' });
    expect(ImportFields.safeParse({ vaultId: '3', asOf: '2026-13-45' }).success).toBe(false);
  });
});

describe('weight lists', () => {
  const rows = (lines: string[][]): ListRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));
  it('matches headers case-insensitively, with units', () => {
    expect(matchHeader('Serial No.')).toEqual({ column: 'serial', unit: null });
    expect(matchHeader('BRAND')).toEqual({ column: 'refiner', unit: null });
    expect(matchHeader('Gross Weight (oz)')).toEqual({ column: 'grossWeight', unit: 'oz' });
    expect(matchHeader('gross weight (g)')).toEqual({ column: 'grossWeight', unit: 'g' });
    expect(matchHeader('Fine oz')).toEqual({ column: 'fineWeight', unit: 'oz' });
    expect(matchHeader('Comment')).toBeNull();
  });
  it('reads bars, in ounces where the header says so', () => {
    const list = readWeightList(
      rows([
        ['Serial', 'Brand', 'Gross Weight (oz)', 'Fineness', 'Year', 'Form'],
        ['AB1', 'PAMP', '400.000', '999.9', '2020', 'bar'],
        ['AB2', 'PAMP', '401.5', '0.9995', '', ''],
      ]),
      { metal: 'XAU', unit: 'g' },
    );
    expect(list.problems).toEqual([]);
    expect(list.bars[0]).toMatchObject({ line: 2, serial: 'AB1', grossWeight: '12441.3907', fineness: '999.900', fineWeight: '12440.1466', year: 2020 });
    expect(list.bars[1]).toMatchObject({ line: 3, fineness: '999.500', form: 'bar', year: null });
  });
  it('lists every bad row with its line and field', () => {
    const list = readWeightList(
      rows([
        ['serial', 'refiner', 'gross weight', 'fineness'],
        ['A1', 'PAMP', '1000', '999.9'],
        ['', 'PAMP', '1000', '999.9'],
        ['A3', 'PAMP', 'heavy', '999.9'],
        ['A4', 'PAMP', '1000', '1200'],
        ['A1', 'pamp', '1000', '999.9'],
      ]),
      { metal: 'XAU', unit: 'g' },
    );
    expect(list.bars.map((b) => b.serial)).toEqual(['A1']);
    expect(list.problems).toEqual([
      { line: 3, field: 'serial', reason: 'required' },
      { line: 4, field: 'grossWeight', reason: 'invalidNumber' },
      { line: 5, field: 'fineness', reason: 'lessThanOrEqual' },
      { line: 6, field: 'serial', reason: 'duplicateOfLine2' },
    ]);
  });
  it('says which required columns are missing', () => {
    const list = readWeightList(rows([['serial', 'weight'], ['A', '1']]), { metal: 'XAU', unit: 'g' });
    expect(list.problems.map((p) => p.field)).toEqual(['refiner', 'grossWeight', 'fineness']);
    expect(readWeightList([], { metal: 'XAU', unit: 'g' }).problems).toEqual([{ line: 1, field: 'header', reason: 'empty' }]);
  });
});
