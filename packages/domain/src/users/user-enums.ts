/** End-user enumerations (SPEC.md §3, §6). Each list is declared here once. */
export const USER_CATEGORIES = ['none', 'jewelleryShop', 'wholesaler', 'individual', 'agent', 'manufacturer'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];

/** Per-user allowed action: all, buy and sell, buy only, sell only, read only. */
export const ALLOWED_ACTIONS = ['all', 'buyAndSell', 'buyOnly', 'sellOnly', 'readOnly'] as const;
export type AllowedAction = (typeof ALLOWED_ACTIONS)[number];

/** Allowed pair: none, XAU/MYR, XAU/USD. */
export const ALLOWED_PAIRS = ['none', 'XAU/MYR', 'XAU/USD'] as const;
export type AllowedPair = (typeof ALLOWED_PAIRS)[number];

/** Which sides a user's personal fees adjust (DECISIONS.md §4). */
export const FEE_ADJUST_MODES = ['none', 'both', 'buy', 'sell'] as const;
export type FeeAdjustMode = (typeof FEE_ADJUST_MODES)[number];

/** The languages a customer's documents (its statements) are printed in; a new user's is English (decision 1014). */
export const PREFERRED_LANGUAGES = ['en', 'zh-Hant'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

export const TIERS = ['gold', 'platinum', 'silver'] as const;
export type Tier = (typeof TIERS)[number];

/** How the user list and order connection search: EMAIL, USER_ID, USER_NAME. */
export const USER_SEARCH_CONDITIONS = ['EMAIL', 'USER_ID', 'USER_NAME'] as const;
export type UserSearchCondition = (typeof USER_SEARCH_CONDITIONS)[number];

export type TradeSide = 'buy' | 'sell';

/** Whether a user's allowed action lets it trade on a side. */
export function allowsSide(action: AllowedAction, side: TradeSide): boolean {
  switch (action) {
    case 'all':
    case 'buyAndSell':
      return true;
    case 'buyOnly':
      return side === 'buy';
    case 'sellOnly':
      return side === 'sell';
    case 'readOnly':
      return false;
  }
}

/**
 * Whether a user's allowed pair lets it trade a symbol. 'none' means no pair restriction is set
 * (both pairs); 'XAU/MYR' or 'XAU/USD' restricts the user to that pair. Read-only users are
 * refused by `allowsSide`.
 */
export function allowsPair(pair: AllowedPair, symbol: 'XAU/MYR' | 'XAU/USD'): boolean {
  return pair === 'none' || pair === symbol;
}

/** Whether personal fees apply on a side under a fee-adjust mode. */
export function feeAppliesTo(mode: FeeAdjustMode, side: TradeSide): boolean {
  return mode === 'both' || mode === side;
}
