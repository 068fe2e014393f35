import { useTranslation } from 'react-i18next';
import { debitAndCredit, glAccountOf } from '@aurum/domain/finance/chart-of-accounts';
import { HOUSE_BOOKS, houseAccount, type HouseBook } from '@aurum/domain/wallet/ledger';

const isHouseBook = (name: string): name is HouseBook => Object.hasOwn(HOUSE_BOOKS, name);

/** A house book's name (`bank`) or a journal account (`house:bank`) as the journal reads it. */
export const journalAccountOf = (account: string): string => (isHouseBook(account) ? houseAccount(account) : account);

/**
 * The name of a house book or a journal account in the console's language: its GL account's (the
 * chart of accounts names every book once); the account itself when the chart has none.
 */
export function useAccountName(): (account: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en';
  return (account) => glAccountOf(journalAccountOf(account))?.name[lang] ?? account;
}

/** A movement `{from, to}` of house books or journal accounts as the books read it: the account debited and the one credited. */
export const debitCreditOf = (p: { from: string; to: string }) => debitAndCredit({ from: journalAccountOf(p.from), to: journalAccountOf(p.to) });
