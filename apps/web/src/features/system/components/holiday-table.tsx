import { useTranslation } from 'react-i18next';
import type { Holiday } from '@aurum/domain/system/system-schemas';
import { displayDate } from '@aurum/domain/system/display-date';
import { useMediaQuery } from '#shared/hooks/use-media-query.ts';
import type { Column } from '#shared/list/data-table.tsx';
import { CARDS_QUERY, RowCards } from '#shared/list/fit-table.tsx';
import { Button } from '#shared/ui/button.tsx';

export interface HolidayTableProps {
  rows: readonly Holiday[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  /** Null: the admin may not delete (no checkboxes); may not edit (no Edit). */
  canDelete: boolean;
  onEdit: ((holiday: Holiday) => void) | null;
}

const CHECKBOX = 'h-4 w-4 accent-amber-600';

/** The holidays by date with their checkboxes and Edit: a table, or on a phone a card each with the same columns. */
export function HolidayTable({ rows, selected, onToggle, onToggleAll, canDelete, onEdit }: HolidayTableProps) {
  const { t } = useTranslation(['system', 'common']);
  const cards = useMediaQuery(CARDS_QUERY);
  const allChosen = rows.length > 0 && rows.every((h) => selected.has(h.id));
  const selectAll = <input type="checkbox" aria-label={t('system:holiday.selectAll')} checked={allChosen} onChange={onToggleAll} className={CHECKBOX} />;
  const columns: (Column<Holiday> & { header: string })[] = [
    ...(canDelete
      ? [
          {
            key: 'select',
            header: t('system:holiday.selectOne'),
            className: 'w-10',
            cell: (h: Holiday) => <input type="checkbox" aria-label={t('system:holiday.select', { name: h.name })} checked={selected.has(h.id)} onChange={() => onToggle(h.id)} className={CHECKBOX} />,
          },
        ]
      : []),
    { key: 'date', header: t('system:holiday.date'), className: 'font-mono whitespace-nowrap tabular-nums', cell: (h) => displayDate(h.date) },
    { key: 'name', header: t('system:holiday.name'), className: 'text-slate-800', cell: (h) => h.name },
    ...(onEdit
      ? [
          {
            key: 'actions',
            header: t('system:holiday.actions'),
            className: 'text-right',
            cell: (h: Holiday) => (
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onEdit(h)} aria-label={t('system:holiday.editOne', { name: h.name })}>
                {t('common:edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const tint = (h: Holiday) => (selected.has(h.id) ? 'bg-amber-50/60' : '');

  if (cards) {
    return (
      <div className="flex flex-col gap-2 p-3">
        {canDelete && rows.length > 0 ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {selectAll}
            {t('system:holiday.selectAll')}
          </label>
        ) : null}
        <RowCards columns={columns} rows={rows} rowKey={(h) => h.id} label={t('system:holiday.listLabel')} testId="holiday-table" stale={false} rowTestId={() => 'holiday-row'} rowClassName={tint} />
      </div>
    );
  }
  return (
    <table className="w-full text-left text-sm" data-testid="holiday-table" aria-label={t('system:holiday.listLabel')}>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500 uppercase">
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={`px-4 py-3 font-medium ${c.key === 'actions' ? 'text-right' : ''} ${c.key === 'select' ? 'w-10' : ''}`}>
              {c.key === 'select' ? selectAll : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
              {t('common:list.noData')}
            </td>
          </tr>
        ) : (
          rows.map((h) => (
            <tr key={h.id} data-testid="holiday-row" className={tint(h) || undefined}>
              {columns.map((c) => (
                <td key={c.key} className={`px-4 py-3 ${c.className ?? ''}`}>
                  {c.cell(h)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
