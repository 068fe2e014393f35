import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import { barKey, breakKey, coverageBreak, coverageShortBy, matchBars, type BarRecord } from '../reconciliation-matcher.ts';
import { BreakListQuery, ResolveBreakBody } from '../reconciliation-schemas.ts';

const bar = (serial: string, over: Partial<BarRecord> = {}): BarRecord => ({
  serial,
  refiner: 'Valcambi',
  metal: 'XAU',
  grossWeight: '1000.0000',
  fineness: '999.9',
  fineWeight: '999.9000',
  ...over,
});

describe('reconciliation matcher', () => {
  it('finds nothing when both sides hold the same bars, refiner spelt in another case and with spaces, weights written with other trailing zeros', () => {
    const ours = [bar('A1'), bar('A2', { refiner: 'PAMP' })];
    const theirs = [bar(' A2 ', { refiner: ' pamp ', grossWeight: '1000', fineness: '999.900' }), bar('A1')];
    expect(matchBars(ours, theirs)).toEqual([]);
  });

  it('lists a bar of ours missing at the custodian and one of theirs missing in our records', () => {
    const breaks = matchBars([bar('A1'), bar('A2')], [bar('A1'), bar('B9', { refiner: 'Metalor', fineWeight: '995.0000' })]);
    expect(breaks.map((b) => [b.kind, b.serial, b.refiner, b.difference])).toEqual([
      ['missingAtCustodian', 'A2', 'Valcambi', '-999.9000'],
      ['missingInOurRecords', 'B9', 'Metalor', '995.0000'],
    ]);
    expect(breaks[0]!.theirs).toBeNull();
    expect(breaks[1]!.ours).toBeNull();
  });

  it('tells the same serial of another refiner or another metal apart', () => {
    const breaks = matchBars([bar('A1')], [bar('A1', { refiner: 'PAMP' }), bar('A1', { metal: 'XAG' })]);
    expect(breaks.map((b) => `${b.kind} ${b.metal} ${b.refiner}`)).toEqual([
      'missingAtCustodian XAU Valcambi',
      'missingInOurRecords XAU PAMP',
      'missingInOurRecords XAG Valcambi',
    ]);
  });

  it('compares weights exactly: a tenth of a milligram is a break, with theirs minus ours', () => {
    const [gross] = matchBars([bar('A1')], [bar('A1', { grossWeight: '1000.0001' })]);
    expect(gross).toMatchObject({ kind: 'weightDiffers', difference: '0.0001' });
    const [fine] = matchBars([bar('A1')], [bar('A1', { fineWeight: '999.8000' })]);
    expect(fine).toMatchObject({ kind: 'weightDiffers', difference: '-0.1000' });
    expect(fine!.ours!.fineWeight).toBe('999.9000');
    expect(fine!.theirs!.fineWeight).toBe('999.8000');
  });

  it('reports fineness apart from weight', () => {
    const breaks = matchBars([bar('A1')], [bar('A1', { fineness: '995.0', fineWeight: '995.0000' })]);
    expect(breaks.map((b) => [b.kind, b.difference])).toEqual([
      ['weightDiffers', '-4.9000'],
      ['finenessDiffers', '-4.900'],
    ]);
  });

  it('counts a bar listed twice by the custodian once as theirs only', () => {
    const breaks = matchBars([bar('A1')], [bar('A1'), bar('a1'), bar('A1')]);
    expect(breaks.map((b) => [b.kind, b.serial])).toEqual([
      ['missingInOurRecords', 'a1'],
      ['missingInOurRecords', 'A1'],
    ]);
  });

  it('finds customers short when their metal exceeds available bars plus metal at providers', () => {
    expect(coverageShortBy({ metal: 'XAU', customerMetal: '100.0000', availableBars: '60.0000', atProviders: '40.0000' })).toBeNull();
    expect(coverageBreak({ metal: 'XAU', customerMetal: '100.0001', availableBars: '60.0000', atProviders: '40.0000' })).toEqual({
      kind: 'coverageShort',
      metal: 'XAU',
      serial: null,
      refiner: null,
      ours: null,
      theirs: null,
      difference: '0.0001',
    });
    expect(coverageBreak({ metal: 'XAG', customerMetal: '0', availableBars: '0', atProviders: '0' })).toBeNull();
  });

  it('keys breaks by kind and bar (refiner case and spaces ignored) or by kind and metal', () => {
    expect(breakKey({ kind: 'weightDiffers', metal: 'XAU', refiner: ' PAMP', serial: 'A1 ' })).toBe(breakKey({ kind: 'weightDiffers', metal: 'XAU', refiner: 'pamp', serial: 'A1' }));
    expect(breakKey({ kind: 'weightDiffers', metal: 'XAU', refiner: 'PAMP', serial: 'A1' })).not.toBe(breakKey({ kind: 'finenessDiffers', metal: 'XAU', refiner: 'PAMP', serial: 'A1' }));
    expect(breakKey({ kind: 'coverageShort', metal: 'XAU', refiner: null, serial: null })).toBe('coverageShort|XAU');
  });

  it('validates the resolve note and the list filters', () => {
    expect(ResolveBreakBody.safeParse({ note: '   ' }).success).toBe(false);
    expect(ResolveBreakBody.safeParse({}).success).toBe(false);
    expect(ResolveBreakBody.safeParse({ note: 'x'.repeat(1001) }).success).toBe(false);
    expect(ResolveBreakBody.parse({ note: ` ${'x'.repeat(1000)} ` }).note).toHaveLength(1000);
    expect(BreakListQuery.parse({})).toMatchObject({ status: 'open', page: 1, limit: 10 });
    expect(BreakListQuery.safeParse({ kind: 'lost' }).success).toBe(false);
    expect(BreakListQuery.safeParse({ metal: 'XPD' }).success).toBe(false);
  });
});

/** A list of distinct bars (keys differ), weights as 4-decimal text, fineness per thousand. */
const bars = fc
  .uniqueArray(
    fc.record({
      serial: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
      refiner: fc.constantFrom('Valcambi', 'PAMP', 'Metalor', 'Perth Mint'),
      metal: fc.constantFrom('XAU' as const, 'XAG' as const, 'XPT' as const),
      gross: fc.integer({ min: 1, max: 15_000_000 }),
      fineness: fc.integer({ min: 9000, max: 9999 }),
    }),
    { selector: (b) => barKey(b), maxLength: 40 },
  )
  .map((list) =>
    list.map((b): BarRecord => {
      const gross = new Decimal(b.gross).div(1000);
      const fineness = new Decimal(b.fineness).div(10);
      return {
        serial: b.serial,
        refiner: b.refiner,
        metal: b.metal,
        grossWeight: gross.toFixed(4),
        fineness: fineness.toFixed(3),
        fineWeight: gross.times(fineness).div(1000).toDecimalPlaces(4).toFixed(4),
      };
    }),
  );

describe('reconciliation matcher, properties', () => {
  it('property: a list equal to ours (in any order) gives no break', () => {
    fc.assert(
      fc.property(bars, fc.infiniteStream(fc.nat()), (ours, rand) => {
        const theirs = [...ours].map((b) => ({ b, r: rand.next().value as number })).sort((x, y) => x.r - y.r).map((x) => ({ ...x.b }));
        expect(matchBars(ours, theirs)).toEqual([]);
      }),
    );
  });

  it('property: removing k bars from their list gives exactly k missingAtCustodian breaks, for those bars', () => {
    fc.assert(
      fc.property(
        bars.chain((ours) => fc.tuple(fc.constant(ours), fc.subarray(ours.map((_, i) => i)))),
        ([ours, removed]) => {
          const theirs = ours.filter((_, i) => !removed.includes(i));
          const breaks = matchBars(ours, theirs);
          expect(breaks).toHaveLength(removed.length);
          expect(breaks.every((b) => b.kind === 'missingAtCustodian')).toBe(true);
          expect(breaks.map((b) => barKey(b.ours!)).sort()).toEqual(removed.map((i) => barKey(ours[i]!)).sort());
        },
      ),
    );
  });

  it('property: changing one weight of one bar gives exactly one weightDiffers, for that bar', () => {
    fc.assert(
      fc.property(
        bars.filter((l) => l.length > 0).chain((ours) => fc.tuple(fc.constant(ours), fc.nat({ max: ours.length - 1 }), fc.constantFrom('grossWeight' as const, 'fineWeight' as const), fc.integer({ min: 1, max: 100_000 }), fc.boolean())),
        ([ours, index, field, units, up]) => {
          const theirs = ours.map((b) => ({ ...b }));
          const changed = theirs[index]!;
          const delta = new Decimal(units).div(10_000);
          const next = up ? new Decimal(changed[field]).plus(delta) : new Decimal(changed[field]).minus(delta);
          fc.pre(next.gt(0));
          changed[field] = next.toFixed(4);
          const breaks = matchBars(ours, theirs);
          expect(breaks).toHaveLength(1);
          expect(breaks[0]).toMatchObject({ kind: 'weightDiffers', serial: ours[index]!.serial, difference: (up ? delta : delta.neg()).toFixed(4) });
        },
      ),
    );
  });

  it('property: every bar on one side only is one missing break, and matched bars give none', () => {
    fc.assert(
      fc.property(bars, bars, (a, b) => {
        const keysA = new Set(a.map(barKey));
        const keysB = new Set(b.map(barKey));
        const breaks = matchBars(a, b);
        const mine = breaks.filter((x) => x.kind === 'missingAtCustodian').length;
        const theirs = breaks.filter((x) => x.kind === 'missingInOurRecords').length;
        expect(mine).toBe([...keysA].filter((k) => !keysB.has(k)).length);
        expect(theirs).toBe([...keysB].filter((k) => !keysA.has(k)).length);
      }),
    );
  });
});
