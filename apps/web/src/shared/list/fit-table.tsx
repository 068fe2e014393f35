import { useState, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '#shared/hooks/use-media-query.ts';
import { multiValues } from './filter-field.ts';
import { DataTable, type Column } from './data-table.tsx';

export interface FitColumn<T> extends Column<T> {
  /** The header as text: the chooser's item and the card's label. */
  header: string;
  /** The reader may hide it; hidden at first on screens narrower than WIDE. */
  optional?: boolean;
}

/** Below this the cards replace the table (phones); from WIDE every column shows at first. */
export const CARDS_QUERY = '(max-width: 639px)';
export const WIDE_QUERY = '(min-width: 1536px)';

const STORAGE_PREFIX = 'aurum.columns.';

/** The optional columns the reader hid (stored per table), or null when never chosen. */
function storedHidden(id: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + id);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((k) => typeof k === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

function storeHidden(id: string, hidden: readonly string[]): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + id, JSON.stringify(hidden));
  } catch {
    // private mode: the choice lasts for this page only
  }
}

const MENU = 'z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg';
const ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-amber-50 data-[highlighted]:text-amber-900';

function ColumnChooser<T>({ columns, hidden, onToggle, label }: { columns: readonly FitColumn<T>[]; hidden: readonly string[]; onToggle: (key: string) => void; label: string }) {
  const { t } = useTranslation('common');
  const count = columns.filter((c) => c.optional && hidden.includes(c.key)).length;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('columns.choose', { table: label, count })}
        className="inline-flex items-center gap-1 self-end rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        {t('columns.button', { count })}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={MENU}>
          {columns
            .filter((c) => c.optional)
            .map((c) => (
              <DropdownMenu.CheckboxItem
                key={c.key}
                checked={!hidden.includes(c.key)}
                onCheckedChange={() => onToggle(c.key)}
                onSelect={(e) => e.preventDefault()}
                className={ITEM}
              >
                <span aria-hidden="true" className="w-3">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {c.header}
              </DropdownMenu.CheckboxItem>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Each row a card of label and value: every column a card holds, stacked, so nothing is cut off on a phone. */
export interface RowCardsProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  label: string;
  testId?: string;
  stale: boolean;
  /** What an empty list says (the list's own words; 'No Data' when not given). */
  empty?: ReactNode;
  /** A card's test id and extra classes (a selected row's tint), as its table row has them. */
  rowTestId?: (row: T) => string;
  rowClassName?: (row: T) => string;
}

export function RowCards<T>({ columns: all, rows, rowKey, label, testId, stale, empty, rowTestId, rowClassName }: RowCardsProps<T>) {
  const { t } = useTranslation('common');
  const columns = all.filter((c) => c.inCards !== false);
  if (rows.length === 0) return <p className="px-4 py-6 text-center text-sm text-slate-500">{empty ?? t('list.noData')}</p>;
  return (
    <ul aria-label={label} data-testid={testId} className={`flex flex-col gap-2 ${stale ? 'opacity-60' : ''}`}>
      {rows.map((row) => (
        <li key={rowKey(row)} data-testid={rowTestId?.(row)} className={`rounded-lg border border-slate-200 px-3 py-2 ${rowClassName?.(row) || 'bg-white'}`}>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
            {columns.map((c) => (
              <div key={c.key} className="contents" data-column={c.key}>
                <dt className="text-xs text-slate-500">{c.header}</dt>
                <dd className="text-right break-words text-slate-800 tabular-nums">{c.cell(row) ?? ''}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export interface FitTableProps<T> {
  /** Names the table and keeps the reader's column choice (with chooserId). */
  label: string;
  /** Where the chosen columns are kept; the same for every table of one kind (e.g. each unit's trial balance). */
  chooserId: string;
  columns: readonly FitColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  stale?: boolean;
  testId?: string;
  /** Shown beside the chooser (e.g. a legend). */
  toolbar?: ReactNode;
  /**
   * Keeps the hidden columns in the address under this name (`hide=type,price`; empty: none hidden)
   * rather than in this browser: a list's saved view and a shared link then show the same columns.
   */
  addressParam?: string;
  /** Tighter cells (the finance tables of figures); false: a list's usual cells. */
  compact?: boolean;
  /** false: the optional columns show at first at any table width (a list whose table scrolls); the chooser hides them. */
  hideOptionalBelowWide?: boolean;
}

/**
 * A table that fits its screen: optional columns a chooser shows or hides (hidden at first below
 * 1536 px, so a laptop's width holds the rest; the choice kept in this browser, or in the address
 * for a list whose views are saved), and cards on a phone.
 */
export function FitTable<T>({ label, chooserId, columns, rows, rowKey, stale = false, testId, toolbar, addressParam, compact = true, hideOptionalBelowWide = true }: FitTableProps<T>) {
  const cards = useMediaQuery(CARDS_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  const [query, setQuery] = useSearchParams();
  const [stored, setStored] = useState<string[] | null>(() => storedHidden(chooserId));
  const inAddress = addressParam === undefined ? null : query.get(addressParam);
  const chosen = inAddress !== null ? multiValues(inAddress) : stored;
  const hidden = chosen ?? (wide || !hideOptionalBelowWide ? [] : columns.filter((c) => c.optional).map((c) => c.key));
  const toggle = (key: string) => {
    const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
    setStored(next);
    storeHidden(chooserId, next);
    if (addressParam !== undefined) {
      const q = new URLSearchParams(query);
      q.set(addressParam, next.join(','));
      setQuery(q, { replace: true });
    }
  };
  if (cards) return <RowCards columns={columns} rows={rows} rowKey={rowKey} label={label} testId={testId} stale={stale} />;
  const shown = columns.filter((c) => !(c.optional && hidden.includes(c.key)));
  const hasOptional = columns.some((c) => c.optional);
  return (
    <div className="flex flex-col gap-2">
      {hasOptional || toolbar ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {toolbar}
          {hasOptional ? <ColumnChooser columns={columns} hidden={hidden} onToggle={toggle} label={label} /> : null}
        </div>
      ) : null}
      <DataTable label={label} testId={testId} columns={shown} rows={rows} rowKey={rowKey} stale={stale} compact={compact} />
    </div>
  );
}
