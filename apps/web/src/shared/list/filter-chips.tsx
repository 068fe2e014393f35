import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { displayDate } from '@aurum/domain/system/display-date';
import { activeFilterCount, applyFilters, queryNameOf, type FilterSubmitOptions } from './list-query.ts';
import { multiValues, type FilterField } from './filter-field.ts';

/** What a chip says of an applied filter's value: an option's label (several, joined), a date as dd/MM/yyyy, a user by number, text as it is. */
function valueLabel(field: FilterField, value: string, userLabel: (id: string) => string): string {
  if (field.kind === 'select') return field.options?.find((o) => o.value === value)?.label ?? value;
  if (field.kind === 'multi') return multiValues(value).map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join(', ');
  if (field.kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? displayDate(value) : value;
  if (field.kind === 'user') return userLabel(value);
  return value;
}

/**
 * The filters the address applies, each as a chip beside the filter button ("Status: Filled ×"):
 * what filters the list is seen without opening the form, and each goes with one click (a
 * qualifier goes with the filter it qualifies). Defaults and empty values are not filters.
 */
export function FilterChips({ fields, page, defaultLimit }: { fields: readonly FilterField[] } & FilterSubmitOptions) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useSearchParams();
  if (activeFilterCount(query, fields) === 0) return null;
  const applied = fields.filter((f) => {
    if (f.qualifier) return false;
    const value = query.get(queryNameOf(f.name))?.trim() ?? '';
    return value !== '' && value !== (f.defaultValue ?? '');
  });
  const remove = (names: readonly string[]) => setQuery(applyFilters(query, Object.fromEntries(names.map((n) => [n, null])), { page, defaultLimit }));
  // a qualifier (search by name or id) is read with the text filter that follows it in the form
  const qualifierOf = (field: FilterField) => {
    const i = fields.indexOf(field);
    const before = i > 0 ? fields[i - 1] : undefined;
    return before?.qualifier ? before : undefined;
  };
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t('filterChips.applied')} data-testid="filter-chips">
      {applied.map((field) => {
        const value = query.get(queryNameOf(field.name))!.trim();
        const qualifier = qualifierOf(field);
        const qualified = qualifier ? (qualifier.options?.find((o) => o.value === query.get(queryNameOf(qualifier.name)))?.label ?? null) : null;
        const label = `${qualified ?? field.label}: ${valueLabel(field, value, (id) => t('filterChips.userNumber', { id }))}`;
        return (
          <li key={field.name} className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 py-0.5 pr-1 pl-3 text-sm text-amber-950" data-testid="filter-chip">
            <span>{label}</span>
            <button
              type="button"
              className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-amber-700"
              aria-label={t('filterChips.remove', { filter: label })}
              onClick={() => remove(qualifier ? [field.name, qualifier.name] : [field.name])}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        );
      })}
      {applied.length > 1 ? (
        <li>
          <button type="button" className="text-sm text-amber-800 underline-offset-2 hover:underline" onClick={() => remove(fields.map((f) => f.name))}>
            {t('filterChips.clearAll')}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
