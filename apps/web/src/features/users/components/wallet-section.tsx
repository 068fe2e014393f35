import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestAction } from '@aurum/domain/assets/request-schemas';
import type { EntryNote, EntryNoteCode } from '@aurum/domain/wallet/entry-notes';
import type { WalletHistoryItem } from '@aurum/domain/wallet/wallet-view';
import { errorMessage } from '#shared/http/api-error.ts';
import { formatDateTime, formatNumber, orDash } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { Pagination } from '#shared/list/pagination.tsx';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { Card } from '#shared/ui/card.tsx';
import { useWallet } from '../api/get-wallet.ts';

const BOOKS = [
  { book: 'fund', unit: 'MYR', decimals: 2 },
  { book: 'gold', unit: 'XAU g', decimals: 4 },
  { book: 'credit', unit: 'MYR', decimals: 2 },
  { book: 'fundHeld', unit: 'MYR', decimals: 2 },
  { book: 'goldHeld', unit: 'XAU g', decimals: 4 },
] as const;

/**
 * The kinds of ledger entry the server writes (ledger_entries.kind): opening balances, what a
 * request holds, releases or moves, and each money step of an order. Another kind reads 'Other entry'
 * with its code beside it.
 */
const ENTRY_KINDS = [
  'deposit',
  'request.hold',
  'request.release',
  'request.deposit',
  'request.withdrawal',
  'request.transfer',
  'order.fill',
  'order.settle',
  'order.complete',
  'order.payment',
  'order.cancel',
  'order.revert',
] as const;
type EntryKind = (typeof ENTRY_KINDS)[number];
const isEntryKind = (kind: string): kind is EntryKind => (ENTRY_KINDS as readonly string[]).includes(kind);

/** Wallet: fund (MYR), gold (XAU g), credit, held amounts, and the ledger history as a paged list. */
export function WalletSection({ userId }: { userId: number }) {
  const { t } = useTranslation(['user', 'common', 'asset']);
  const list = useListQuery();
  const wallet = useWallet(userId, list.page, list.limit);

  const columns = useMemo<Column<WalletHistoryItem>[]>(
    () => [
      { key: 'createdAt', header: t('user:wallet.date'), cell: (h) => formatDateTime(h.createdAt) },
      {
        key: 'kind',
        header: t('user:wallet.kind'),
        cell: (h) =>
          isEntryKind(h.kind) ? (
            t(`user:wallet.kinds.${h.kind}`)
          ) : (
            <>
              {t('user:wallet.kinds.other')}{' '}
              <span translate="no" className="font-mono text-xs text-slate-500">
                {h.kind}
              </span>
            </>
          ),
      },
      { key: 'book', header: t('user:wallet.book'), cell: (h) => t(`user:wallet.books.${h.book}`) },
      {
        key: 'amount',
        header: t('user:wallet.amount'),
        className: 'text-right',
        cell: (h) => (
          <span className={h.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}>
            {h.amount.startsWith('-') ? '' : '+'}
            {formatNumber(h.amount, h.asset === 'XAU' ? 4 : 2)} {h.asset === 'XAU' ? 'g' : 'MYR'}
          </span>
        ),
      },
      // a coded note is said in the console's language; an entry noted before codes shows its stored text as data
      {
        key: 'note',
        header: t('user:wallet.note'),
        cell: (h) =>
          h.noteCode ? (
            <span data-testid="wallet-note">{t(`user:wallet.notes.${noteKey(h.noteCode.code)}`, noteValues(h.noteCode, (action) => t(`asset:${action}`)))}</span>
          ) : (
            <span translate="no">{orDash(h.note)}</span>
          ),
      },
      { key: 'createdBy', header: t('user:wallet.by'), cell: (h) => orDash(h.createdBy) },
    ],
    [t],
  );

  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('user:sections.wallet')}</h2>
      {wallet.isPending ? (
        <TableSkeleton columns={6} rows={5} pagination />
      ) : wallet.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(wallet.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="wallet-balances">
            {BOOKS.map(({ book, unit, decimals }) => (
              <div key={book} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
                <dt className="text-xs font-medium text-slate-500 uppercase">{t(`user:wallet.books.${book}`)}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums" data-testid={`wallet-${book}`}>
                  {formatNumber(wallet.data.balances[book], decimals)} <span className="text-xs font-normal text-slate-500">{unit}</span>
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="text-sm font-semibold text-slate-700">{t('user:wallet.history')}</h3>
          <DataTable label={t('user:wallet.history')} testId="wallet-history" columns={columns} rows={wallet.data.history.items} rowKey={(h) => `${h.entryId}-${h.book}`} stale={wallet.isPlaceholderData} />
          <Pagination page={list.page} limit={list.limit} total={wallet.data.history.total} onPage={list.setPage} onLimit={list.setLimit} />
        </div>
      )}
    </Card>
  );
}

/** The locale key of each note's code (a dot in a key would be read as nesting). */
const NOTE_KEYS = {
  'request.held': 'requestHeld',
  'request.approved': 'requestApproved',
  'request.declined': 'requestDeclined',
  order: 'order',
  'order.payment': 'orderPayment',
  'order.canceled': 'orderCanceled',
  'order.reverted': 'orderReverted',
} as const satisfies Record<EntryNoteCode, string>;
const noteKey = (code: EntryNoteCode) => NOTE_KEYS[code];

/** A note's parameters as its sentence reads them: the request's kind said in the console's language. */
function noteValues(note: EntryNote, actionLabel: (action: RequestAction) => string): Record<string, string | number> {
  return 'action' in note.params ? { id: note.params.id, action: actionLabel(note.params.action) } : { id: note.params.id };
}
