import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { needsReceipt, type InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { useMediaQuery } from '#shared/hooks/use-media-query.ts';
import { CARDS_QUERY, RowCards } from '#shared/list/fit-table.tsx';
import { keyOf } from '../model/inbox-item-view.ts';
import { useInboxColumns, type InboxColumnsInput } from './inbox-columns.tsx';

interface InboxTableProps extends InboxColumnsInput {
  items: readonly InboxItem[];
  /** The list has loaded (an empty one says so). */
  loaded: boolean;
}

/**
 * The inbox's rows: a checkbox each, a receipt picked in the row or dropped onto it, the last
 * outcome. On a phone each is a card of the same columns, select-all above them.
 */
export function InboxTable({ items, loaded, selection, receipts, results }: InboxTableProps) {
  const { t } = useTranslation('inbox');
  const cards = useMediaQuery(CARDS_QUERY);
  const columns = useInboxColumns({ selection, receipts, results });
  const { selected, toggle } = selection;
  const tint = (item: InboxItem) => (item.mayDecide ? (selected.has(keyOf(item)) ? 'bg-amber-50' : '') : 'bg-slate-50 text-slate-500');

  const selectAll = (
    <input
      type="checkbox"
      data-testid="inbox-select-all"
      aria-label={t('fields.selectAll')}
      checked={selection.allSelected}
      disabled={selection.decidable.length === 0}
      onChange={(e) => selection.toggleAll(e.currentTarget.checked)}
    />
  );

  if (cards) {
    if (!loaded && items.length === 0) return null;
    return (
      <div className="flex flex-col gap-2">
        {items.length > 0 ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {selectAll}
            {t('fields.selectAll')}
          </label>
        ) : null}
        <RowCards
          columns={columns}
          rows={items}
          rowKey={keyOf}
          label={t('title')}
          testId="inbox-table"
          stale={false}
          empty={t('empty')}
          rowTestId={(item) => `inbox-row-${keyOf(item)}`}
          rowClassName={tint}
        />
      </div>
    );
  }

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
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 ${c.className ?? ''}`}>
                {c.key === 'select' ? selectAll : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.length === 0 && loaded ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                {t('empty')}
              </td>
            </tr>
          ) : null}
          {items.map((item) => (
            <tr
              key={keyOf(item)}
              data-testid={`inbox-row-${keyOf(item)}`}
              className={tint(item)}
              onDragOver={(e) => {
                if (takesReceipt(item)) e.preventDefault();
              }}
              onDrop={onDrop(item)}
            >
              {columns.map((c) => (
                <td key={c.key} className={`px-3 py-2 ${c.className ?? ''}`}>
                  {c.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
