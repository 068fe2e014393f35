import { Decimal, SCALE, decimalPlaces, isDecimalText } from '../money/decimal.ts';

/**
 * The wallet ledger (DECISIONS.md §6): one append-only journal of double-entry postings. Each
 * posting moves an amount of one asset from one account to another, so every asset sums to zero
 * over all accounts. Balances are derived from the journal. A user's accounts never go below
 * zero; house accounts stand for the outside world (bank, vault, credit line, trading desk) and
 * may.
 */
export const LEDGER_ASSETS = ['MYR', 'XAU', 'XPT', 'XAG'] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

/** The metals of the ledger (the metal books, decision 0831): each has its own books and sums to zero on its own. */
export const LEDGER_METALS = ['XAU', 'XPT', 'XAG'] as const;
export type LedgerMetal = (typeof LEDGER_METALS)[number];

/** A user's books: fund (MYR), gold (XAU grams), credit line (MYR), and amounts held for pending requests. */
export const USER_BOOKS = { fund: 'MYR', gold: 'XAU', credit: 'MYR', fundHeld: 'MYR', goldHeld: 'XAU' } as const;
export type UserBook = keyof typeof USER_BOOKS;

/**
 * The house's books (decisions 1000, 1020, 1040): the outside world (bank, vault, credit line), what
 * the house is owed (interest accrued on overdue orders; its revaluation adjustments; its hedge
 * positions at providers), what it owes providers, its capital and retained earnings, the trading
 * desks, the income the desk earns (spread, fees, overdue interest, hedging results, revaluation) and
 * its expenses (bank charges, custody, refinery, provider and hedge fees). Each book has one unit.
 */
export const HOUSE_BOOKS = {
  bank: 'MYR',
  vault: 'XAU',
  creditLine: 'MYR',
  interestDueMyr: 'MYR',
  interestDueXau: 'XAU',
  revaluationMetal: 'MYR',
  revaluationUsd: 'MYR',
  hedgeXau: 'XAU',
  hedgeXpt: 'XPT',
  hedgeXag: 'XAG',
  hedgeProviders: 'MYR',
  capital: 'MYR',
  tradingMyr: 'MYR',
  tradingXau: 'XAU',
  tradingXpt: 'XPT',
  tradingXag: 'XAG',
  retainedMyr: 'MYR',
  retainedXau: 'XAU',
  spread: 'MYR',
  fees: 'MYR',
  interestMyr: 'MYR',
  interestXau: 'XAU',
  hedging: 'MYR',
  revaluation: 'MYR',
  bankCharges: 'MYR',
  custodyFees: 'MYR',
  refineryCharges: 'MYR',
  providerFees: 'MYR',
  hedgeFees: 'MYR',
} as const;
export type HouseBook = keyof typeof HOUSE_BOOKS;

/**
 * A place metal can be (decision 0831): a vault by its code, in transit, at a provider by name,
 * borrowed or consigned metal (the lender's side), and the outside world (where received metal comes from and released metal
 * goes). Account `metal:<METAL>:<place>`.
 */
export type MetalPlace = 'outside' | 'transit' | 'borrowed' | `vault:${string}` | `provider:${string}`;

/** A vault code (as vaults.code) and a provider's name as they may appear in a metal account. */
export const VAULT_CODE_PATTERN = '[A-Z0-9][A-Z0-9_-]{0,19}';
export const PROVIDER_NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}';
const PLACE = `(outside|transit|borrowed|vault:${VAULT_CODE_PATTERN}|provider:${PROVIDER_NAME_PATTERN})`;
const METAL_ACCOUNT = new RegExp(`^metal:(XAU|XPT|XAG):${PLACE}$`);
const HOUSE_ACCOUNT = new RegExp(`^house:(${Object.keys(HOUSE_BOOKS).join('|')})$`);

export type AccountId = `user:${number}:${UserBook}` | `house:${HouseBook}` | `metal:${LedgerMetal}:${MetalPlace}`;

export type ParsedAccount =
  | { kind: 'user'; userId: number; book: UserBook }
  | { kind: 'house'; book: HouseBook }
  | { kind: 'metal'; metal: LedgerMetal; place: MetalPlace };

export function userAccount(userId: number, book: UserBook): AccountId {
  return `user:${userId}:${book}`;
}

export function houseAccount(book: HouseBook): AccountId {
  return `house:${book}`;
}

/** The metal book of a place, e.g. metal:XAU:vault:KUL-01. */
export function metalAccount(metal: LedgerMetal, place: MetalPlace): AccountId {
  return `metal:${metal}:${place}`;
}

/** Whether a place names a valid metal account (a vault code or a provider's name of the allowed form). */
export function isMetalPlace(place: string): place is MetalPlace {
  return METAL_ACCOUNT.test(`metal:XAU:${place}`);
}

export function parseAccount(id: string): ParsedAccount | null {
  const metal = METAL_ACCOUNT.exec(id);
  if (metal) return { kind: 'metal', metal: metal[1] as LedgerMetal, place: metal[2] as MetalPlace };
  const user = /^user:(\d+):(fund|gold|credit|fundHeld|goldHeld)$/.exec(id);
  if (user) return { kind: 'user', userId: Number(user[1]), book: user[2] as UserBook };
  const house = HOUSE_ACCOUNT.exec(id);
  if (house) return { kind: 'house', book: house[1] as HouseBook };
  return null;
}

export function assetOf(id: AccountId): LedgerAsset {
  const parsed = parseAccount(id);
  if (!parsed) throw new Error(`unknown account ${id}`);
  if (parsed.kind === 'metal') return parsed.metal;
  return parsed.kind === 'user' ? USER_BOOKS[parsed.book] : HOUSE_BOOKS[parsed.book];
}

/**
 * What an entry is the journal's side of (decision 1006): an order, a payment request, a ledger
 * adjustment, a bar movement, a hedge, a business day (a close's revaluation and accruals, its date
 * as yyyymmdd) or a year (its closing entry).
 */
export const ENTRY_SOURCE_KINDS = ['order', 'request', 'adjustment', 'movement', 'hedge', 'day', 'year'] as const;
export type EntrySourceKind = (typeof ENTRY_SOURCE_KINDS)[number];
export interface EntrySource {
  kind: EntrySourceKind;
  id: number;
}

/** A business date as a day source's id (2026-11-26 -> 20261126), and back. */
export const daySourceId = (date: string): number => Number(date.replaceAll('-', ''));
export const dateOfDaySource = (id: number): string => {
  const t = String(id).padStart(8, '0');
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
};

export interface Posting {
  from: AccountId;
  to: AccountId;
  asset: LedgerAsset;
  /** A positive decimal string at the asset's scale (MYR 2, metals 4). */
  amount: string;
}

export type PostingProblem = 'unknownAccount' | 'sameAccount' | 'mixedBooks' | 'assetMismatch' | 'notPositive' | 'scale';

/** Why a posting is malformed, or null when it is well formed. */
export function postingProblem(p: Posting): PostingProblem | null {
  const from = parseAccount(p.from);
  const to = parseAccount(p.to);
  if (!from || !to) return 'unknownAccount';
  if (p.from === p.to) return 'sameAccount';
  // the metal books are a stock ledger of their own (decision 0831): metal moves between places only
  if ((from.kind === 'metal') !== (to.kind === 'metal')) return 'mixedBooks';
  if (assetOf(p.from) !== p.asset || assetOf(p.to) !== p.asset) return 'assetMismatch';
  if (!isDecimalText(p.amount) || !new Decimal(p.amount).gt(0)) return 'notPositive';
  if (decimalPlaces(p.amount) > SCALE[p.asset]) return 'scale';
  return null;
}

/** The one metal an entry's postings move, or null when they move none or more than one (an MYR-only entry says its metal itself). */
export function metalOfPostings(postings: readonly Posting[]): LedgerMetal | null {
  const metals = new Set(postings.map((p) => p.asset).filter((a): a is LedgerMetal => a !== 'MYR'));
  return metals.size === 1 ? [...metals][0]! : null;
}

export type Balances = ReadonlyMap<AccountId, string>;

export type ApplyResult =
  | { ok: true; balances: Map<AccountId, string> }
  | { ok: false; reason: 'invalid'; problem: PostingProblem; posting: Posting }
  | { ok: false; reason: 'insufficient'; account: AccountId; shortBy: string };

/**
 * Applies one journal entry (its postings together, or none of them): refused when a posting is
 * malformed or when any user account would end below zero.
 */
export function applyEntry(balances: Balances, postings: readonly Posting[]): ApplyResult {
  const next = new Map(balances);
  for (const p of postings) {
    const problem = postingProblem(p);
    if (problem) return { ok: false, reason: 'invalid', problem, posting: p };
    next.set(p.from, new Decimal(next.get(p.from) ?? '0').minus(p.amount).toFixed());
    next.set(p.to, new Decimal(next.get(p.to) ?? '0').plus(p.amount).toFixed());
  }
  for (const [account, value] of next) {
    if (account.startsWith('user:') && new Decimal(value).lt(0)) {
      return { ok: false, reason: 'insufficient', account, shortBy: new Decimal(value).neg().toFixed() };
    }
  }
  return { ok: true, balances: next };
}

/** Balances derived from a journal of accepted postings. */
export function balancesFromJournal(postings: readonly Posting[]): Map<AccountId, string> {
  const out = new Map<AccountId, string>();
  for (const p of postings) {
    out.set(p.from, new Decimal(out.get(p.from) ?? '0').minus(p.amount).toFixed());
    out.set(p.to, new Decimal(out.get(p.to) ?? '0').plus(p.amount).toFixed());
  }
  return out;
}

export interface Wallet {
  fund: string;
  gold: string;
  credit: string;
  fundHeld: string;
  goldHeld: string;
}

/** A user's wallet, each book at its asset's scale. */
export function walletOf(balances: Balances, userId: number): Wallet {
  const read = (book: UserBook) => new Decimal(balances.get(userAccount(userId, book)) ?? '0').toFixed(SCALE[USER_BOOKS[book]]);
  return { fund: read('fund'), gold: read('gold'), credit: read('credit'), fundHeld: read('fundHeld'), goldHeld: read('goldHeld') };
}
