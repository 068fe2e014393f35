import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UserPicker } from '../form/user-picker.tsx';
import { Button } from '../ui/button.tsx';
import { CheckboxField } from '../ui/checkbox-field.tsx';
import { DateField } from '../ui/date-field.tsx';
import { Modal } from '../ui/modal.tsx';
import { Select } from '../ui/select.tsx';
import { TextField } from '../ui/text-field.tsx';
import { activeFilterCount, applyFilters, filterValuesFrom, queryNameOf, type FilterSubmitOptions } from './list-query.ts';
import { FilterChips } from './filter-chips.tsx';
import { multiValues, type FilterField } from './filter-field.ts';
import type { SelectOption } from '../ui/select.tsx';


export interface FilterButtonProps extends FilterSubmitOptions {
  fields: readonly FilterField[];
}

/**
 * The filter button (SPEC.md §2): the badge counts the configured filters in the query, and each
 * applied filter shows beside it as a chip that removes it; the modal 'filter' validates a field
 * once left (then at every change; a range's end against its start), resets to the defaults and on
 * submit writes the filters into the query (page reset, cursors cleared, limit kept, empty values dropped).
 */
export function FilterButton({ fields, page, defaultLimit }: FilterButtonProps) {
  const { t } = useTranslation('common');
  const [query, setQuery] = useSearchParams();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(query, fields);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="filter-button">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h18l-7 8v6l-4-2v-4z" strokeLinejoin="round" />
        </svg>
        {t('filter.button')}
        {count > 0 ? (
          <span data-testid="filter-count" className="ml-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-700 px-1.5 text-xs font-semibold text-white">
            {count}
          </span>
        ) : null}
      </Button>
      {open ? (
        <FilterModal
          fields={fields}
          query={query}
          onClose={() => setOpen(false)}
          onSubmit={(values) => {
            setQuery(applyFilters(query, values, { page, defaultLimit }));
            setOpen(false);
          }}
        />
      ) : null}
      <FilterChips fields={fields} page={page} defaultLimit={defaultLimit} />
    </>
  );
}

type Values = Record<string, string>;

function FilterModal({ fields, query, onClose, onSubmit }: { fields: readonly FilterField[]; query: URLSearchParams; onClose: () => void; onSubmit: (values: Record<string, string>) => void }) {
  const { t } = useTranslation(['common', 'shell']);
  // form keys are the query names: react-hook-form would read dots as nesting
  const defaults = useMemo(() => Object.fromEntries(fields.map((f) => [queryNameOf(f.name), f.defaultValue ?? ''])), [fields]);
  const initial = useMemo(() => filterValuesFrom(query, defaults), [query, defaults]);
  const {
    register,
    control,
    reset,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ mode: 'onTouched', defaultValues: initial });

  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('common:filter.title')}
      testId="filter-modal"
      footer={
        <>
          <Button variant="secondary" onClick={() => reset(defaults)}>
            {t('common:filter.reset')}
          </Button>
          <Button type="submit" form="filter-form" loading={isSubmitting}>
            {t('common:filter.submit')}
          </Button>
        </>
      }
    >
      <form
        id="filter-form"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit(async (values) => {
          // a tick so the spinner shows for slow navigations too
          await Promise.resolve();
          onSubmit(Object.fromEntries(fields.map((f) => [f.name, values[queryNameOf(f.name)] ?? ''])));
        })}
      >
        {fields.map((field) => {
          const key = queryNameOf(field.name);
          const start = field.notBefore ? fields.find((f) => f.name === field.notBefore) : undefined;
          // a range's end is checked against its start (dates stored yyyy-MM-dd compare as text),
          // and again whenever the start changes
          const rules = {
            validate: (value: string, all: Values) => {
              const own = field.validate?.(value ?? '');
              if (own) return own;
              const from = start ? (all[queryNameOf(start.name)] ?? '') : '';
              return start && value && from && value < from ? t('shell:filterChips.notBeforeStart', { start: start.label }) : true;
            },
            deps: fields.filter((f) => f.notBefore === field.name).map((f) => queryNameOf(f.name)),
          };
          if (field.kind === undefined || field.kind === 'text') {
            return <TextField key={key} label={field.label} placeholder={field.placeholder} error={errors[key]?.message} {...register(key, rules)} />;
          }
          return (
            <Controller
              key={key}
              name={key}
              control={control}
              rules={rules}
              render={({ field: f }) => {
                const common = { label: field.label, onChange: f.onChange, onBlur: f.onBlur, error: errors[key]?.message };
                if (field.kind === 'date') return <DateField {...common} value={f.value ?? ''} />;
                if (field.kind === 'multi') return <MultiCheck {...common} options={field.options ?? []} value={f.value ?? ''} />;
                if (field.kind === 'user') {
                  return <UserPicker {...common} optionLabel={field.userLabel ?? ((u) => u.username)} emptyOption={field.placeholder} placeholder={field.placeholder} value={f.value || null} />;
                }
                // '' is a value when an option holds it ('All'): the select shows that option, not 'Select...'
                return <Select {...common} options={field.options ?? []} value={f.value ?? null} placeholder={field.placeholder} />;
              }}
            />
          );
        })}
      </form>
    </Modal>
  );
}

/** Any number of a filter's options, as checkboxes in a group named by the filter; the value is comma-joined in the options' order. */
function MultiCheck({ label, options, value, onChange, onBlur }: { label: string; options: readonly SelectOption[]; value: string; onChange: (value: string) => void; onBlur: () => void }) {
  const chosen = new Set(multiValues(value));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <CheckboxField
            key={o.value}
            label={o.label}
            checked={chosen.has(o.value)}
            onBlur={onBlur}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(o.value);
              else next.delete(o.value);
              onChange(options.filter((x) => next.has(x.value)).map((x) => x.value).join(','));
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
