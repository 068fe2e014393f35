import { Decimal } from '../money/decimal.ts';
import { LEDGER_METALS, parseAccount, type HouseBook, type LedgerAsset, type LedgerMetal, type UserBook } from '../wallet/ledger.ts';

/**
 * The chart of accounts (general ledger, GL): every journal account belongs to one GL account with a
 * code, a name in both languages, a type, its normal side and its unit, pure (decisions 1000, 1040).
 *
 * How a posting is read (decision 1040). A journal posting moves an amount from one account to
 * another. The customer, house and income books are written as claims: a deposit moves money from the
 * bank to the customer's fund, so the posting's `from` is its debit (the bank, an asset, grows) and its
 * `to` its credit (what the house owes grows). The metal books (decision 0831) are a stock ledger:
 * metal moves from a place to a place, so the place it moves to holds more and is debited, the place
 * it leaves credited. A posting never joins the two (postingProblem 'mixedBooks'), so every unit
 * still balances, and each account shows on the side its nature gives it.
 */

export const GL_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type GlType = (typeof GL_TYPES)[number];

export type Side = 'debit' | 'credit';

/** The side a type's balance normally stands on: assets and expenses debit, the rest credit. */
export const NORMAL_SIDE: Readonly<Record<GlType, Side>> = { asset: 'debit', expense: 'debit', liability: 'credit', equity: 'credit', income: 'credit' };

/** The journal's kinds of account a GL account gathers (the metal places by kind; a user's book for every user). */
export type GlSource =
  | { kind: 'user'; book: UserBook }
  | { kind: 'house'; book: HouseBook }
  | { kind: 'metal'; metal: LedgerMetal; place: 'vault' | 'transit' | 'provider' | 'borrowed' | 'outside' };

export interface GlAccount {
  /** Four digits by type (1 asset, 2 liability, 3 equity, 4 income, 5 expense), then the unit: `1100-MYR`. */
  code: string;
  name: { en: string; 'zh-Hant': string };
  type: GlType;
  /** The side its balance stands on (NORMAL_SIDE of its type). */
  normal: Side;
  /**
   * Whether its balance may stand on the other side and still be right: a position or a result
   * (the trading desks, revaluation, hedging results, retained earnings after losses, a provider
   * that owes the house), the bank in overdraft, metal released beyond what was received. Every
   * other account on the other side is an error of the books.
   */
  crosses: boolean;
  unit: LedgerAsset;
  source: GlSource;
}

type Names = { en: string; 'zh-Hant': string };
const account = (code: string, name: Names, type: GlType, unit: LedgerAsset, source: GlSource, crosses = false): GlAccount => ({
  code,
  name,
  type,
  normal: NORMAL_SIDE[type],
  crosses,
  unit,
  source,
});

/** What each metal is called, in each language the books and statements are read in. */
export const METAL_NAMES: Record<LedgerMetal, Names> = {
  XAU: { en: 'gold', 'zh-Hant': '黃金' },
  XPT: { en: 'platinum', 'zh-Hant': '鉑金' },
  XAG: { en: 'silver', 'zh-Hant': '白銀' },
};

/** The code's last digit for a metal's own accounts (gold 0, platinum 1, silver 2). */
const METAL_DIGIT: Record<LedgerMetal, number> = { XAU: 0, XPT: 1, XAG: 2 };

const user = (book: UserBook) => ({ kind: 'user', book }) as const;
const house = (book: HouseBook) => ({ kind: 'house', book }) as const;

const userAccounts: GlAccount[] = [
  account('2100-MYR', { en: 'Customer funds', 'zh-Hant': '客戶資金' }, 'liability', 'MYR', user('fund')),
  account('2110-MYR', { en: 'Customer funds held for orders and requests', 'zh-Hant': '客戶凍結資金' }, 'liability', 'MYR', user('fundHeld')),
  account('2120-MYR', { en: 'Customer credit lines available', 'zh-Hant': '客戶可用信用額度' }, 'liability', 'MYR', user('credit')),
  account('2200-XAU', { en: 'Customer gold', 'zh-Hant': '客戶黃金' }, 'liability', 'XAU', user('gold')),
  account('2210-XAU', { en: 'Customer gold held for orders and requests', 'zh-Hant': '客戶凍結黃金' }, 'liability', 'XAU', user('goldHeld')),
];

const houseAccounts: GlAccount[] = [
  account('1100-MYR', { en: 'Bank', 'zh-Hant': '銀行存款' }, 'asset', 'MYR', house('bank'), true),
  account('1150-MYR', { en: 'Credit lines granted to customers', 'zh-Hant': '授予客戶的信用額度' }, 'asset', 'MYR', house('creditLine')),
  account('1200-XAU', { en: 'Gold in the vault (house book)', 'zh-Hant': '金庫黃金（公司帳）' }, 'asset', 'XAU', house('vault'), true),
  account('1300-MYR', { en: 'Overdue interest accrued, ringgit', 'zh-Hant': '應收逾期利息（令吉）' }, 'asset', 'MYR', house('interestDueMyr')),
  account('1310-XAU', { en: 'Overdue interest accrued, gold', 'zh-Hant': '應收逾期利息（黃金）' }, 'asset', 'XAU', house('interestDueXau')),
  account('1400-MYR', { en: 'Revaluation of the metal position', 'zh-Hant': '金屬持倉重估' }, 'asset', 'MYR', house('revaluationMetal'), true),
  account('1410-MYR', { en: 'Revaluation of USD balances', 'zh-Hant': '美元結餘重估' }, 'asset', 'MYR', house('revaluationUsd'), true),
  account('2400-MYR', { en: 'Hedge providers', 'zh-Hant': '對沖交易對手' }, 'liability', 'MYR', house('hedgeProviders'), true),
  account('3000-MYR', { en: 'Share capital', 'zh-Hant': '股本' }, 'equity', 'MYR', house('capital')),
  account('3100-MYR', { en: 'Trading desk, ringgit', 'zh-Hant': '交易部門（令吉）' }, 'equity', 'MYR', house('tradingMyr'), true),
  account('3200-XAU', { en: 'Trading desk, gold', 'zh-Hant': '交易部門（黃金）' }, 'equity', 'XAU', house('tradingXau'), true),
  account('3201-XPT', { en: 'Trading desk, platinum', 'zh-Hant': '交易部門（鉑金）' }, 'equity', 'XPT', house('tradingXpt'), true),
  account('3202-XAG', { en: 'Trading desk, silver', 'zh-Hant': '交易部門（白銀）' }, 'equity', 'XAG', house('tradingXag'), true),
  account('3900-MYR', { en: 'Retained earnings, ringgit', 'zh-Hant': '保留盈餘（令吉）' }, 'equity', 'MYR', house('retainedMyr'), true),
  account('3910-XAU', { en: 'Retained earnings, gold', 'zh-Hant': '保留盈餘（黃金）' }, 'equity', 'XAU', house('retainedXau'), true),
];

/** Hedge positions at providers, per metal: what the house bought (debit) or sold (credit) there. */
const hedgeAccounts: GlAccount[] = [
  account('1240-XAU', { en: 'Hedge positions at providers, gold', 'zh-Hant': '對沖持倉（黃金）' }, 'asset', 'XAU', house('hedgeXau'), true),
  account('1241-XPT', { en: 'Hedge positions at providers, platinum', 'zh-Hant': '對沖持倉（鉑金）' }, 'asset', 'XPT', house('hedgeXpt'), true),
  account('1242-XAG', { en: 'Hedge positions at providers, silver', 'zh-Hant': '對沖持倉（白銀）' }, 'asset', 'XAG', house('hedgeXag'), true),
];

/** What the desk earns (decision 1020): the trading desk keeps the metal's cost at the market mid, these the rest. */
const incomeAccounts: GlAccount[] = [
  account('4100-MYR', { en: 'Spread earned', 'zh-Hant': '點差收入' }, 'income', 'MYR', house('spread'), true),
  account('4200-MYR', { en: 'Fees earned (premium and refinery fees)', 'zh-Hant': '手續費收入（溢價及精煉費）' }, 'income', 'MYR', house('fees')),
  account('4300-MYR', { en: 'Overdue interest, ringgit', 'zh-Hant': '逾期利息收入（令吉）' }, 'income', 'MYR', house('interestMyr')),
  account('4310-XAU', { en: 'Overdue interest, gold', 'zh-Hant': '逾期利息收入（黃金）' }, 'income', 'XAU', house('interestXau')),
  account('4400-MYR', { en: 'Hedging results', 'zh-Hant': '對沖損益' }, 'income', 'MYR', house('hedging'), true),
  account('4900-MYR', { en: 'Revaluation gains and losses (FX and metal)', 'zh-Hant': '重估損益（匯率及金屬）' }, 'income', 'MYR', house('revaluation'), true),
];

/** What the dealer pays to run the desk. */
const expenseAccounts: GlAccount[] = [
  account('5100-MYR', { en: 'Bank charges', 'zh-Hant': '銀行手續費' }, 'expense', 'MYR', house('bankCharges')),
  account('5200-MYR', { en: 'Custody fees', 'zh-Hant': '保管費' }, 'expense', 'MYR', house('custodyFees')),
  account('5300-MYR', { en: 'Refinery charges', 'zh-Hant': '精煉費用' }, 'expense', 'MYR', house('refineryCharges')),
  account('5400-MYR', { en: 'Provider fees', 'zh-Hant': '供應商費用' }, 'expense', 'MYR', house('providerFees')),
  account('5500-MYR', { en: 'Hedge fees', 'zh-Hant': '對沖手續費' }, 'expense', 'MYR', house('hedgeFees')),
];

const metalAccounts: GlAccount[] = LEDGER_METALS.flatMap((metal): GlAccount[] => {
  const d = METAL_DIGIT[metal];
  const n = METAL_NAMES[metal];
  const place = (p: 'vault' | 'transit' | 'provider' | 'borrowed' | 'outside') => ({ kind: 'metal', metal, place: p }) as const;
  return [
    account(`121${d}-${metal}`, { en: `Bars in vaults, ${n.en}`, 'zh-Hant': `金庫實物${n['zh-Hant']}` }, 'asset', metal, place('vault')),
    account(`122${d}-${metal}`, { en: `Metal in transit, ${n.en}`, 'zh-Hant': `運送中的${n['zh-Hant']}` }, 'asset', metal, place('transit')),
    account(`123${d}-${metal}`, { en: `Metal at providers, ${n.en}`, 'zh-Hant': `存於供應商的${n['zh-Hant']}` }, 'asset', metal, place('provider')),
    account(`230${d}-${metal}`, { en: `Borrowed or consigned metal owed, ${n.en}`, 'zh-Hant': `借入或寄售應還的${n['zh-Hant']}` }, 'liability', metal, place('borrowed')),
    // metal released beyond what was received (borrowed or consigned metal delivered out) stands on the debit side
    account(`330${d}-${metal}`, { en: `Metal received from and released to the outside, ${n.en}`, 'zh-Hant': `外部收發${n['zh-Hant']}` }, 'equity', metal, place('outside'), true),
  ];
});

/** Every GL account, by code. */
export const CHART_OF_ACCOUNTS: readonly GlAccount[] = [...houseAccounts, ...hedgeAccounts, ...incomeAccounts, ...expenseAccounts, ...metalAccounts, ...userAccounts].sort((a, b) =>
  a.code.localeCompare(b.code),
);

const byCode = new Map(CHART_OF_ACCOUNTS.map((a) => [a.code, a]));

/** The GL account of a code, or undefined. */
export function glAccount(code: string): GlAccount | undefined {
  return byCode.get(code);
}

const sameSource = (a: GlSource, b: GlSource): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The kind of book of a journal account: a user's book without the user, a vault or a provider
 * without its name (`user:0:fund`, `metal:XAU:vault:X`). Accounts of one kind share a GL account.
 */
export function bookKindOf(journalAccount: string): string {
  return journalAccount.replace(/^user:\d+:/, 'user:0:').replace(/^(metal:[A-Z]{3}:(vault|provider)):.*$/, '$1:X');
}

function findGlAccount(journalAccount: string): GlAccount | null {
  const parsed = parseAccount(journalAccount);
  if (!parsed) return null;
  const source: GlSource =
    parsed.kind === 'metal'
      ? { kind: 'metal', metal: parsed.metal, place: parsed.place.startsWith('vault:') ? 'vault' : parsed.place.startsWith('provider:') ? 'provider' : (parsed.place as 'transit' | 'borrowed' | 'outside') }
      : parsed.kind === 'user'
        ? { kind: 'user', book: parsed.book }
        : { kind: 'house', book: parsed.book };
  return CHART_OF_ACCOUNTS.find((a) => sameSource(a.source, source)) ?? null;
}

/** The GL account of each kind of book, found once: the finance reads map every account of the journal through it. */
const byKind = new Map<string, GlAccount | null>();

/** The GL account a journal account belongs to (every well-formed journal account has one), or null for a malformed one. */
export function glAccountOf(journalAccount: string): GlAccount | null {
  // a malformed account is never cached: its kind may look like a well-formed one's
  if (!parseAccount(journalAccount)) return null;
  const kind = bookKindOf(journalAccount);
  let found = byKind.get(kind);
  if (found === undefined) {
    found = findGlAccount(kind);
    byKind.set(kind, found);
  }
  return found;
}

/**
 * Which end of a posting is debited when this account is on it (decision 1040): `from` for the
 * customer, house and income books (claims), `to` for the metal books (stock moving between places).
 */
export function debitEnd(journalAccount: string): 'from' | 'to' {
  return journalAccount.startsWith('metal:') ? 'to' : 'from';
}

/**
 * A journal balance (the journal's own sign: what postings brought in minus what they took out) as
 * credits minus debits: the same for claims, the opposite for the metal books.
 */
export function creditMinusDebitOf(journalAccount: string, journalBalance: Decimal | string): Decimal {
  const balance = new Decimal(journalBalance);
  return debitEnd(journalAccount) === 'from' ? balance : balance.neg();
}

/** A posting as the books read it: the account debited and the account credited. */
export function debitAndCredit(p: { from: string; to: string }): { debit: string; credit: string } {
  return debitEnd(p.from) === 'from' ? { debit: p.from, credit: p.to } : { debit: p.to, credit: p.from };
}
