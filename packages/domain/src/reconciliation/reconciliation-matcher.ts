import { Decimal } from '../money/decimal.ts';
import type { TreasuryMetal } from '../treasury/treasury-metals.ts';

/**
 * The reconciliation's matcher (decision 0820), pure: our
 * vault records (bars not released) against the custodian's weight list of the same vault, and
 * customer metal against the metal that covers it. A bar is known on both sides by metal + refiner
 * (trimmed, case-insensitive) + serial (trimmed). Weights and fineness compare exactly (to the
 * 4th and 3rd decimal: 0.0000 tolerance).
 */
export const BREAK_KINDS = ['missingAtCustodian', 'missingInOurRecords', 'weightDiffers', 'finenessDiffers', 'coverageShort'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

/** One bar as either side records it (decimal strings: grams with 4 decimals, fineness per thousand). */
export interface BarRecord {
  serial: string;
  refiner: string;
  metal: TreasuryMetal;
  grossWeight: string;
  fineness: string;
  fineWeight: string;
}

/** A break the matcher found: the bar's two records where they exist, and theirs minus ours. */
export interface FoundBreak {
  kind: BreakKind;
  metal: TreasuryMetal;
  /** null for coverageShort */
  serial: string | null;
  refiner: string | null;
  ours: BarRecord | null;
  theirs: BarRecord | null;
  /**
   * weightDiffers: theirs minus ours in grams (fine weight when it differs, else gross weight);
   * finenessDiffers: theirs minus ours per thousand; coverageShort: grams short; missing: the
   * bar's fine weight (negative when it is ours only).
   */
  difference: string | null;
}

/** Coverage per metal: customer metal against available bars' book weight plus metal at providers. */
export interface CoverageFigures {
  metal: TreasuryMetal;
  customerMetal: string;
  availableBars: string;
  atProviders: string;
}

/** The key a bar is matched by (metal, refiner trimmed and lower-cased, serial trimmed). */
export function barKey(bar: Pick<BarRecord, 'metal' | 'refiner' | 'serial'>): string {
  return `${bar.metal}|${bar.refiner.trim().toLowerCase()}|${bar.serial.trim()}`;
}

/**
 * The key a break is kept open under across runs: a later run finding the same kind for the same
 * bar (or the same metal's coverage) does not open a second one.
 */
export function breakKey(b: Pick<FoundBreak, 'kind' | 'metal' | 'refiner' | 'serial'>): string {
  return b.serial === null || b.refiner === null ? `${b.kind}|${b.metal}` : `${b.kind}|${barKey({ metal: b.metal, refiner: b.refiner, serial: b.serial })}`;
}

const same = (a: string, b: string) => new Decimal(a).eq(b);
const minus = (a: string, b: string, places: number) => new Decimal(a).minus(b).toFixed(places);

/**
 * The bar breaks between our records and the custodian's list: ours only (missingAtCustodian),
 * theirs only (missingInOurRecords; a second line for a bar already on their list counts as theirs
 * only too), and for a bar on both: weightDiffers (gross or fine weight not equal) and
 * finenessDiffers. Answers them in a stable order: ours in the order given, then theirs.
 */
export function matchBars(ours: readonly BarRecord[], theirs: readonly BarRecord[]): FoundBreak[] {
  const theirsByKey = new Map<string, BarRecord>();
  const extra: BarRecord[] = [];
  for (const bar of theirs) {
    const key = barKey(bar);
    if (theirsByKey.has(key)) extra.push(bar);
    else theirsByKey.set(key, bar);
  }
  const breaks: FoundBreak[] = [];
  const seen = new Set<string>();
  for (const our of ours) {
    const key = barKey(our);
    const their = theirsByKey.get(key);
    const where = { metal: our.metal, serial: our.serial.trim(), refiner: our.refiner.trim() };
    if (seen.has(key)) continue;
    seen.add(key);
    if (!their) {
      breaks.push({ kind: 'missingAtCustodian', ...where, ours: our, theirs: null, difference: minus('0', our.fineWeight, 4) });
      continue;
    }
    const grossSame = same(our.grossWeight, their.grossWeight);
    const fineSame = same(our.fineWeight, their.fineWeight);
    if (!grossSame || !fineSame) {
      const difference = fineSame ? minus(their.grossWeight, our.grossWeight, 4) : minus(their.fineWeight, our.fineWeight, 4);
      breaks.push({ kind: 'weightDiffers', ...where, ours: our, theirs: their, difference });
    }
    if (!same(our.fineness, their.fineness)) {
      breaks.push({ kind: 'finenessDiffers', ...where, ours: our, theirs: their, difference: minus(their.fineness, our.fineness, 3) });
    }
  }
  for (const their of [...theirsByKey.values(), ...extra]) {
    const key = barKey(their);
    if (seen.has(key) && theirsByKey.get(key) === their) continue;
    breaks.push({
      kind: 'missingInOurRecords',
      metal: their.metal,
      serial: their.serial.trim(),
      refiner: their.refiner.trim(),
      ours: null,
      theirs: their,
      difference: new Decimal(their.fineWeight).toFixed(4),
    });
  }
  return breaks;
}

/** How many grams customers are uncovered by (customer metal - available bars - at providers), or null when covered. */
export function coverageShortBy(c: CoverageFigures): string | null {
  const short = new Decimal(c.customerMetal).minus(c.availableBars).minus(c.atProviders);
  return short.gt(0) ? short.toFixed(4) : null;
}

/** The coverageShort break of a metal, or null when customer metal is covered. */
export function coverageBreak(c: CoverageFigures): FoundBreak | null {
  const shortBy = coverageShortBy(c);
  return shortBy === null ? null : { kind: 'coverageShort', metal: c.metal, serial: null, refiner: null, ours: null, theirs: null, difference: shortBy };
}
