import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import { parseAccount, type LedgerMetal, type MetalPlace } from '../wallet/ledger.ts';
import type { TreasuryMetal } from './treasury-metals.ts';

/**
 * The treasury's books, position, coverage and band rules (decisions 0832
 * and 0835), pure. The server reads the balances and order facts cheaply and
 * calls these; the property test drives them through a simulator.
 *
 * Sign conventions: the net position is what the house holds and is owed, minus what it owes. A
 * filled buy is owed metal from the moment it fills (net -q); a filled sell is metal the house has
 * (the gold it reserved) or is owed (the rest) from the moment it fills (net +q); a hedge buy +q, a
 * hedge sell -q.
 */

const G = SCALE.XAU;
const grams = (v: Decimal | string) => roundTo(v, G);
const sum = (values: Iterable<string>) => {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
};

/** What the books hold of one metal and the order facts beside them, as the server reads them. */
export interface MetalFacts {
  metal: TreasuryMetal;
  /** Every customer wallet's metal (gold + goldHeld of all users). */
  wallets: string;
  /** Metal held in wallets for filled sells not yet settled: sold already, no longer the customer's. */
  heldForSells: string;
  /** Quantity of filled buys not yet delivered to the wallet (FILLED, SETTLED, OVERDUE). */
  buyObligations: string;
  /** Metal still to be delivered by customers on filled sells (quantity - reserved - delivered). */
  sellReceivables: string;
  /** Balances of the metal books by place (metal:<M>:<place>); absent places are zero. */
  places: ReadonlyMap<MetalPlace, string>;
  /** Hedge buys minus hedge sells not canceled. */
  hedged: string;
  /** Book weight of the bars whose status is 'available'. */
  availableBars: string;
}

/** The lines of the position of one metal (grams, 4 decimals). */
export interface PositionLines {
  customerHoldings: string;
  buyObligations: string;
  sellReceivables: string;
  vaultStock: string;
  inTransit: string;
  atProviders: string;
  /** Borrowed or consigned metal the house owes its lenders (>= 0 when it owes). */
  borrowed: string;
  hedged: string;
  houseMetal: string;
  net: string;
  /** Customer metal the coverage rule protects: customer holdings + buy obligations. */
  customerMetal: string;
  /** What covers it: available bars' book weight + metal at providers. */
  coverageSupply: string;
  /** coverageSupply - customerMetal (negative: uncovered). */
  coverageHeadroom: string;
}

/** Sums the place balances of one kind (vault:*, provider:*, or one exact place). */
export function placeTotal(places: ReadonlyMap<MetalPlace, string>, kind: 'vault' | 'provider' | 'transit' | 'borrowed' | 'outside'): Decimal {
  const picked: string[] = [];
  for (const [place, balance] of places) {
    if (place === kind || place.startsWith(`${kind}:`)) picked.push(balance);
  }
  return sum(picked);
}

/**
 * The position of one metal as the sum of its books: house metal (vault + transit + providers -
 * borrowed) + hedged + sell receivables - customer holdings - buy obligations.
 */
export function positionLines(f: MetalFacts): PositionLines {
  const customerHoldings = new Decimal(f.wallets).minus(f.heldForSells);
  const vaultStock = placeTotal(f.places, 'vault');
  const inTransit = placeTotal(f.places, 'transit');
  const atProviders = placeTotal(f.places, 'provider');
  // the lender's side: metal borrowed into the house leaves the 'borrowed' book negative
  const borrowed = placeTotal(f.places, 'borrowed').neg();
  const houseMetal = vaultStock.plus(inTransit).plus(atProviders).minus(borrowed);
  const net = houseMetal.plus(f.hedged).plus(f.sellReceivables).minus(customerHoldings).minus(f.buyObligations);
  const customerMetal = customerHoldings.plus(f.buyObligations);
  const coverageSupply = new Decimal(f.availableBars).plus(atProviders);
  return {
    customerHoldings: grams(customerHoldings),
    buyObligations: grams(f.buyObligations),
    sellReceivables: grams(f.sellReceivables),
    vaultStock: grams(vaultStock),
    inTransit: grams(inTransit),
    atProviders: grams(atProviders),
    borrowed: grams(borrowed),
    hedged: grams(f.hedged),
    houseMetal: grams(houseMetal),
    net: grams(net),
    customerMetal: grams(customerMetal),
    coverageSupply: grams(coverageSupply),
    coverageHeadroom: grams(coverageSupply.minus(customerMetal)),
  };
}

/** The coverage rule: null when customer metal is covered, else by how much it is short (grams > 0). */
export function coverageShortBy(customerMetal: string, supply: string): string | null {
  const short = new Decimal(customerMetal).minus(supply);
  return short.gt(0) ? grams(short) : null;
}

export const COVERAGE_MODES = ['refuse', 'alert'] as const;
export type CoverageMode = (typeof COVERAGE_MODES)[number];

/** What the coverage rule decides of an operation that leaves customers short: refused, or accepted and flagged. */
export function coverageDecision(mode: CoverageMode, shortBy: string | null): 'covered' | 'refused' | 'flagged' {
  if (shortBy === null) return 'covered';
  return mode === 'refuse' ? 'refused' : 'flagged';
}

/** The band rule: the net position is outside its band when |net - target| > band. */
export function outsideBand(net: string, target: string, band: string): boolean {
  return new Decimal(net).minus(target).abs().gt(band);
}

/** A crossing of the band since the last check: 'left' (now outside), 'returned' (back inside), or null. */
export function bandCrossing(wasOutside: boolean, isOutside: boolean): 'left' | 'returned' | null {
  if (wasOutside === isOutside) return null;
  return isOutside ? 'left' : 'returned';
}

/** A live price of a metal: USD per troy ounce (mid) and the USD/MYR rate (mid). */
export interface MetalPrice {
  usdPerOunce: string;
  usdMyr: string;
}

/** The mid of a bid and an ask. */
export function mid(bid: string, ask: string): string {
  return new Decimal(bid).plus(ask).div(2).toFixed();
}

/**
 * Mark-to-market of a net position: USD = grams / 31.1034768 x USD per troy ounce; MYR = grams x
 * MYR per gram (USD per ounce x USD/MYR / 31.1034768); both half-up to 2 decimals. The USD/MYR
 * exposure is the USD value of the net metal: the MYR the position is worth moves with USD/MYR by it.
 * Null without a live price.
 */
export function markToMarket(net: string, price: MetalPrice | null): { mtmMyr: string | null; mtmUsd: string | null; usdMyrExposure: string | null } {
  if (!price) return { mtmMyr: null, mtmUsd: null, usdMyrExposure: null };
  const ounces = new Decimal(net).div(GRAMS_PER_TROY_OUNCE);
  const usd = ounces.times(price.usdPerOunce);
  const myrPerGram = new Decimal(price.usdPerOunce).times(price.usdMyr).div(GRAMS_PER_TROY_OUNCE);
  const mtmUsd = roundTo(usd, SCALE.USD);
  return { mtmUsd, mtmMyr: roundTo(new Decimal(net).times(myrPerGram), SCALE.MYR), usdMyrExposure: mtmUsd };
}

/** Troy ounces of a gram quantity (shown beside grams), 4 decimals unless `scale` says otherwise. */
export function troyOunces(gramsValue: string, scale = 4): string {
  return roundTo(new Decimal(gramsValue).div(GRAMS_PER_TROY_OUNCE), scale);
}

/** The metal of a metal-book account, or null for other accounts. */
export function metalOfAccount(id: string): LedgerMetal | null {
  const parsed = parseAccount(id);
  return parsed?.kind === 'metal' ? parsed.metal : null;
}

/** A metal's price as a point of the treasury's history kept it: its mids (usdPerOunce, usdMyr), or only its value and net (older points). */
export interface PricedPoint {
  net: string;
  mtmMyr: string | null;
  usdPerOunce: string | null;
  usdMyr: string | null;
}

/** MYR per gram at a point (decision 1043): from its mids when it kept them, else its value over its net; null when it has neither. */
export function myrPerGramAt(p: PricedPoint): string | null {
  if (p.usdPerOunce !== null && p.usdMyr !== null) return new Decimal(p.usdPerOunce).times(p.usdMyr).div(GRAMS_PER_TROY_OUNCE).toFixed();
  if (p.mtmMyr === null || new Decimal(p.net).isZero()) return null;
  return new Decimal(p.mtmMyr).div(p.net).toFixed();
}
