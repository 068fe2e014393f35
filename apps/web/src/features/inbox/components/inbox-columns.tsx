import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { needsReceipt, type InboxItem, type InboxResult } from '@aurum/domain/inbox/inbox-schemas';
import type { Column } from '#shared/list/data-table.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { isFinanceItem } from '../model/finance-item-view.ts';
import { keyOf, linkOf, useAge, valueOf } from '../model/inbox-item-view.ts';
import type { InboxReceipts } from '../model/use-inbox-receipts.ts';
import type { InboxSelection } from '../model/use-inbox-selection.ts';
import { FinanceSummary } from './finance-item.tsx';
import { ReceiptPicker } from './receipt-picker.tsx';

export interface InboxColumnsInput {
  selection: InboxSelection;
  receipts: InboxReceipts;
  results: ReadonlyMap<string, InboxResult>;
}

/** A column of the inbox: its header as text (the card's label) and its cell, drawn alike in the table and the cards. */
export type InboxColumn = Column<InboxItem> & { header: string };

/** The inbox's columns, declared once for the table (wide screens) and the cards (phones). */
export function useInboxColumns({ selection, receipts, results }: InboxColumnsInput): readonly InboxColumn[] {
  const { t } = useTranslation('inbox');
  const age = useAge();
  const now = Date.now();
  const { selected, toggle } = selection;
  return [
    {
      key: 'select',
      header: t('fields.select'),
      className: 'w-10',
      cell: (item) => {
        const key = keyOf(item);
        return (
          <input
            type="checkbox"
            data-testid={`inbox-select-${key}`}
            aria-label={`${t('fields.select')} ${t(`kinds.${item.kind}`)} #${item.id}`}
            checked={selected.has(key)}
            disabled={!item.mayDecide}
            title={item.mayDecide ? undefined : t('own')}
            onChange={(e) => toggle(item, e.currentTarget.checked)}
          />
        );
      },
    },
    { key: 'kind', header: t('fields.kind'), cell: (item) => t(`kinds.${item.kind}`) },
    {
      key: 'id',
      header: t('fields.id'),
      cell: (item) => (
        <Link to={linkOf(item)} className="font-medium text-amber-700 hover:underline">
          #{item.id}
        </Link>
      ),
    },
    {
      key: 'user',
      header: t('fields.user'),
      // the finance desk's items are about house books, no customer
      cell: (item) => `${item.user ? item.user.username : isFinanceItem(item) ? '' : '—'}${item.receiver ? ` → ${item.receiver.username}` : ''}`,
    },
    {
      key: 'value',
      header: t('fields.value'),
      className: 'text-right tabular-nums',
      cell: (item) => (isFinanceItem(item) ? <FinanceSummary item={item} /> : valueOf(item)),
    },
    {
      key: 'maker',
      header: t('fields.maker'),
      cell: (item) => (
        <>
          {item.submittedBy ?? '—'}
          {item.mayDecide ? null : <span className="ml-1 text-xs">({t('own')})</span>}
        </>
      ),
    },
    { key: 'age', header: t('fields.age'), cell: (item) => <span title={formatDateTime(item.createdAt)}>{age(item.createdAt, now)}</span> },
    {
      key: 'receipt',
      header: t('fields.receipt'),
      cell: (item) =>
        !needsReceipt(item.kind, 'approve') ? (
          <span className="text-slate-500">{t('noReceiptNeeded')}</span>
        ) : item.mayDecide ? (
          <ReceiptPicker item={item} file={receipts.receipts.get(keyOf(item))} onPick={(file) => receipts.pick(item, file)} />
        ) : null,
    },
    {
      key: 'result',
      header: t('fields.result'),
      cell: (item) => {
        const result = results.get(keyOf(item));
        return (
          <span data-testid={`inbox-result-${keyOf(item)}`}>
            {result && !result.ok ? <span className="text-red-700">{`${t('refused')}: ${messageFor(result.code ?? 0, result.context)}`}</span> : null}
          </span>
        );
      },
    },
  ];
}
