import { LEDGER_METALS, parseAccount, type HouseBook, type LedgerAsset, type LedgerMetal, type UserBook } from '../wallet/ledger.ts';

/**
 * The chart of accounts (general ledger, GL): every journal account belongs to one GL account with a
 * code, a name in both languages, a type and its unit, pure. The journal's posting moves an amount
 * from one account to another; read as the house's books, it debits `from` and credits `to`. So a
 * deposit debits the bank (an asset grows) and credits the customer's fund (what the house owes
 * grows), and every unit's debits equal its credits by construction.
 */

export const GL_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type GlType = (typeof GL_TYPES)[number];

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
  unit: LedgerAsset;
  source: GlSource;
}

const METAL_NAMES: Record<LedgerMetal, { en: string; 'zh-Hant': string }> = {
  XAU: { en: 'gold', 'zh-Hant': '黃金' },
  XPT: { en: 'platinum', 'zh-Hant': '鉑金' },
  XAG: { en: 'silver', 'zh-Hant': '白銀' },
};

/** The code's last digit for a metal's own accounts (gold 0, platinum 1, silver 2). */
const METAL_DIGIT: Record<LedgerMetal, number> = { XAU: 0, XPT: 1, XAG: 2 };

const userAccounts: GlAccount[] = [
  { code: '2100-MYR', name: { en: 'Customer funds', 'zh-Hant': '客戶資金' }, type: 'liability', unit: 'MYR', source: { kind: 'user', book: 'fund' } },
  { code: '2110-MYR', name: { en: 'Customer funds held for orders and requests', 'zh-Hant': '客戶凍結資金' }, type: 'liability', unit: 'MYR', source: { kind: 'user', book: 'fundHeld' } },
  { code: '2120-MYR', name: { en: 'Customer credit lines available', 'zh-Hant': '客戶可用信用額度' }, type: 'liability', unit: 'MYR', source: { kind: 'user', book: 'credit' } },
  { code: '2200-XAU', name: { en: 'Customer gold', 'zh-Hant': '客戶黃金' }, type: 'liability', unit: 'XAU', source: { kind: 'user', book: 'gold' } },
  { code: '2210-XAU', name: { en: 'Customer gold held for orders and requests', 'zh-Hant': '客戶凍結黃金' }, type: 'liability', unit: 'XAU', source: { kind: 'user', book: 'goldHeld' } },
];

const houseAccounts: GlAccount[] = [
  { code: '1100-MYR', name: { en: 'Bank', 'zh-Hant': '銀行存款' }, type: 'asset', unit: 'MYR', source: { kind: 'house', book: 'bank' } },
  { code: '1150-MYR', name: { en: 'Credit lines granted to customers', 'zh-Hant': '授予客戶的信用額度' }, type: 'asset', unit: 'MYR', source: { kind: 'house', book: 'creditLine' } },
  { code: '1200-XAU', name: { en: 'Gold in the vault (house book)', 'zh-Hant': '金庫黃金（公司帳）' }, type: 'asset', unit: 'XAU', source: { kind: 'house', book: 'vault' } },
  { code: '3100-MYR', name: { en: 'Trading desk, ringgit', 'zh-Hant': '交易部門（令吉）' }, type: 'equity', unit: 'MYR', source: { kind: 'house', book: 'tradingMyr' } },
  { code: '3200-XAU', name: { en: 'Trading desk, gold', 'zh-Hant': '交易部門（黃金）' }, type: 'equity', unit: 'XAU', source: { kind: 'house', book: 'tradingXau' } },
];

/** What the desk earns (decision 1020): the trading desk keeps the metal's cost at the market mid, these the rest. */
const incomeAccounts: GlAccount[] = [
  { code: '4100-MYR', name: { en: 'Spread earned', 'zh-Hant': '點差收入' }, type: 'income', unit: 'MYR', source: { kind: 'house', book: 'spread' } },
  { code: '4200-MYR', name: { en: 'Fees earned (premium and refinery fees)', 'zh-Hant': '手續費收入（溢價及精煉費）' }, type: 'income', unit: 'MYR', source: { kind: 'house', book: 'fees' } },
  { code: '4300-MYR', name: { en: 'Overdue interest, ringgit', 'zh-Hant': '逾期利息收入（令吉）' }, type: 'income', unit: 'MYR', source: { kind: 'house', book: 'interestMyr' } },
  { code: '4310-XAU', name: { en: 'Overdue interest, gold', 'zh-Hant': '逾期利息收入（黃金）' }, type: 'income', unit: 'XAU', source: { kind: 'house', book: 'interestXau' } },
  { code: '4900-MYR', name: { en: 'Revaluation gains and losses (FX and metal)', 'zh-Hant': '重估損益（匯率及金屬）' }, type: 'income', unit: 'MYR', source: { kind: 'house', book: 'revaluation' } },
];

const metalAccounts: GlAccount[] = LEDGER_METALS.flatMap((metal): GlAccount[] => {
  const d = METAL_DIGIT[metal];
  const n = METAL_NAMES[metal];
  return [
    { code: `121${d}-${metal}`, name: { en: `Bars in vaults, ${n.en}`, 'zh-Hant': `金庫實物${n['zh-Hant']}` }, type: 'asset', unit: metal, source: { kind: 'metal', metal, place: 'vault' } },
    { code: `122${d}-${metal}`, name: { en: `Metal in transit, ${n.en}`, 'zh-Hant': `運送中的${n['zh-Hant']}` }, type: 'asset', unit: metal, source: { kind: 'metal', metal, place: 'transit' } },
    { code: `123${d}-${metal}`, name: { en: `Metal at providers, ${n.en}`, 'zh-Hant': `存於供應商的${n['zh-Hant']}` }, type: 'asset', unit: metal, source: { kind: 'metal', metal, place: 'provider' } },
    { code: `230${d}-${metal}`, name: { en: `Borrowed or consigned metal owed, ${n.en}`, 'zh-Hant': `借入或寄售應還的${n['zh-Hant']}` }, type: 'liability', unit: metal, source: { kind: 'metal', metal, place: 'borrowed' } },
    { code: `330${d}-${metal}`, name: { en: `Metal received from and released to the outside, ${n.en}`, 'zh-Hant': `外部收發${n['zh-Hant']}` }, type: 'equity', unit: metal, source: { kind: 'metal', metal, place: 'outside' } },
  ];
});

/** Every GL account, by code. */
export const CHART_OF_ACCOUNTS: readonly GlAccount[] = [...houseAccounts, ...incomeAccounts, ...metalAccounts, ...userAccounts].sort((a, b) => a.code.localeCompare(b.code));

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
