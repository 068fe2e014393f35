/** SPEC.md §1 and §9: English (initial and fallback) and Traditional Chinese; the namespaces. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh-Hant', label: '繁體中文' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const NAMESPACES = [
  'admin',
  'asset',
  'auth',
  'common',
  'dashboard',
  'inbox',
  'order',
  'security',
  'shell',
  'sidebar',
  'system',
  'action',
  'treasury-vault',
  'user',
  'validation',
  // Treasury: one namespace per part (decision 0846)
  'treasury-reconciliation',
  // hedges, the Treasury screen and its dashboard widget
  'treasury-hedges',
  // finance: the general ledger read through the chart of accounts (decision 1000)
  'finance',
  // customer statements (decision 1010)
  'statements',
  // the compliance desk (decision 1101)
  'compliance',
  // screening lists (decision 1103)
  'compliance-lists',
  // customer due diligence and risk (decisions 1102, 1105)
  'compliance-dd',
  // screening hits (decision 1104)
  'compliance-hits',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded before the first paint, the sign-in page's included. */
export const DEFAULT_NAMESPACES = ['common'] as const satisfies readonly Namespace[];

/**
 * Where a key without its namespace is looked up, in order. 'sidebar' (the menu's and the pages'
 * names) is needed only signed in: it loads with the shell (SHELL_NAMESPACES), not at sign-in.
 */
export const LOOKUP_NAMESPACES = ['common', 'sidebar'] as const satisfies readonly Namespace[];

export const LANGUAGE_STORAGE_KEY = 'aurum.language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The persisted choice, or English when there is none or it is not a language the console has. */
export function languageFrom(stored: string | null | undefined): LanguageCode {
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}
