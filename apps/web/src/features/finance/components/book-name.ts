import { useTranslation } from 'react-i18next';
import { glAccountOf } from '@aurum/domain/finance/chart-of-accounts';
import { houseAccount, type HouseBook } from '@aurum/domain/wallet/ledger';

/** A house book's name in the console's language: its GL account's (the chart of accounts names every book once). */
export function useBookName(): (book: HouseBook) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en';
  return (book) => glAccountOf(houseAccount(book))?.name[lang] ?? book;
}
