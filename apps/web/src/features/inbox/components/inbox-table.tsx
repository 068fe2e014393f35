import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { needsReceipt, type InboxItem, type InboxResult } from '@aurum/domain/inbox/inbox-schemas';
import { formatDateTime } from '#shared/format/display.ts';
import { isFinanceItem } from '../model/finance-item-view.ts';
import { keyOf, linkOf, useAge, valueOf } from '../model/inbox-item-view.ts';
import type { InboxReceipts } from '../model/use-inbox-receipts.ts';
import type { InboxSelection } from '../model/use-inbox-selection.ts';
import { FinanceSummary } from './finance-item.tsx';
import { ReceiptPicker } from './receipt-picker.tsx';

interface InboxTableProps {
  items: readonly InboxItem[];
  /** The list has loaded (an empty one says so). */
  loaded: boolean;
  selection: InboxSelection;
  receipts: InboxReceipts;
  results: ReadonlyMap<string, InboxResult>;
}

/** The inbox's rows: a checkbox each, a receipt picked in the row or dropped onto it, the last outcome. */
export function InboxTable({ items, loaded, selection, receipts, results }: InboxTableProps) {
  const { t } = useTranslation('inbox');
  const age = useAge();
  const now = Date.now();
  const { selected, toggle } = selection;

  const takesReceipt = (item: InboxItem) => item.mayDecide && needsReceipt(item.kind, 'approve');
  const onDrop = (item: InboxItem) => (e: DragEvent<HTMLTableRowElement>) => {
    if (!takesReceipt(item)) return;
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) {
      receipts.pick(item, file);
      toggle(item, true);
    }
  };

  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" data-testid="inbox-table" aria-label={t('title')}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                data-testid="inbox-select-all"
                aria-label={t('fields.selectAll')}
                checked={selection.allSelected}
                disabled={selection.decidable.length === 0}
                onChange={(e) => selection.toggleAll(e.currentTarget.checked)}
              />
            </th>
            <th scope="col" className="px-3 py-2">{t('fields.kind')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.id')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.user')}</th>
            <th scope="col" className="px-3 py-2 text-right">{t('fields.value')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.maker')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.age')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.receipt')}</th>
            <th scope="col" className="px-3 py-2">{t('fields.result')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.length === 0 && loaded ? (
            <tr>
              <td colSpan={9} className="px-3 py-8 text-center text-slate-500">
                {t('empty')}
              </td>
            </tr>
          ) : null}
          {items.map((item) => {
            const key = keyOf(item);
            const result = results.get(key);
            return (
              <tr
                key={key}
                data-testid={`inbox-row-${key}`}
                className={item.mayDecide ? (selected.has(key) ? 'bg-amber-50' : '') : 'bg-slate-50 text-slate-500'}
                onDragOver={(e) => {
                  if (takesReceipt(item)) e.preventDefault();
                }}
                onDrop={onDrop(item)}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    data-testid={`inbox-select-${key}`}
                    aria-label={`${t('fields.select')} ${t(`kinds.${item.kind}`)} #${item.id}`}
                    checked={selected.has(key)}
                    disabled={!item.mayDecide}
                    title={item.mayDecide ? undefined : t('own')}
                    onChange={(e) => toggle(item, e.currentTarget.checked)}
                  />
                </td>
                <td className="px-3 py-2">{t(`kinds.${item.kind}`)}</td>
                <td className="px-3 py-2">
                  <Link to={linkOf(item)} className="font-medium text-amber-700 hover:underline">
                    #{item.id}
                  </Link>
                </td>
                <td className="px-3 py-2">
                  {/* the finance desk's items are about house books, no customer */}
                  {item.user ? item.user.username : isFinanceItem(item) ? null : '—'}
                  {item.receiver ? ` → ${item.receiver.username}` : ''}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{isFinanceItem(item) ? <FinanceSummary item={item} /> : valueOf(item)}</td>
                <td className="px-3 py-2">
                  {item.submittedBy ?? '—'}
                  {item.mayDecide ? null : <span className="ml-1 text-xs">({t('own')})</span>}
                </td>
                <td className="px-3 py-2" title={formatDateTime(item.createdAt)}>
                  {age(item.createdAt, now)}
                </td>
                <td className="px-3 py-2">
                  {!needsReceipt(item.kind, 'approve') ? (
                    <span className="text-slate-500">{t('noReceiptNeeded')}</span>
                  ) : item.mayDecide ? (
                    <ReceiptPicker item={item} file={receipts.receipts.get(key)} onPick={(file) => receipts.pick(item, file)} />
                  ) : null}
                </td>
                <td className="px-3 py-2" data-testid={`inbox-result-${key}`}>
                  {result && !result.ok ? <span className="text-red-700">{`${t('refused')}: ${messageFor(result.code ?? 0, result.context)}`}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
