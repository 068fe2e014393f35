import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, inputBorder } from './field.tsx';
import { Spinner } from './spinner.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface CommonProps {
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  hint?: string;
  error?: string;
  errorValues?: Record<string, string | number>;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  className?: string;
  /** Hides the visible label (it stays the accessible name). */
  hideLabel?: boolean;
}

export interface SelectProps extends CommonProps {
  value: string | null;
  onChange: (value: string) => void;
}

export interface MultiSelectProps extends CommonProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** A searchable single-select (SPEC.md §2: 'Select...', 'No options', 'Loading...'). */
export function Select(props: SelectProps) {
  const selected = props.options.find((o) => o.value === props.value);
  return (
    <Combobox
      {...props}
      multiple={false}
      isSelected={(v) => v === props.value}
      display={selected ? selected.label : null}
      onPick={(v) => props.onChange(v)}
    />
  );
}

/** A searchable multi-select: picked options show as chips; picking again removes one. */
export function MultiSelect(props: MultiSelectProps) {
  const labels = props.options.filter((o) => props.value.includes(o.value)).map((o) => o.label);
  return (
    <Combobox
      {...props}
      multiple
      isSelected={(v) => props.value.includes(v)}
      display={labels.length > 0 ? labels.join(', ') : null}
      onPick={(v) => props.onChange(props.value.includes(v) ? props.value.filter((x) => x !== v) : [...props.value, v])}
    />
  );
}

interface ComboboxProps extends CommonProps {
  multiple: boolean;
  isSelected: (value: string) => boolean;
  display: string | null;
  onPick: (value: string) => void;
}

function Combobox({ label, options, required, hint, error, errorValues, placeholder, loading, disabled, onBlur, className, hideLabel, multiple, isSelected, display, onPick }: ComboboxProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  // inside a modal the list opens in the flow: the modal body scrolls and would clip a floating list
  const [inline, setInline] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle === '' ? options : options.filter((o) => o.label.toLowerCase().includes(needle));
  }, [options, search]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  });

  function openList() {
    setInline(Boolean(root.current?.closest('[role="dialog"]')));
    setOpen(true);
    setActive(Math.max(0, options.findIndex((o) => isSelected(o.value))));
  }

  function close(refocus: boolean) {
    setOpen(false);
    setSearch('');
    onBlur?.();
    if (refocus) button.current?.focus();
  }

  function pick(option: SelectOption | undefined) {
    if (!option || option.disabled) return;
    onPick(option.value);
    if (!multiple) close(true);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(shown.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(shown[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  }

  const listId = `${id}-list`;
  return (
    <div ref={root} className={`relative ${className ?? ''}`}>
      <FieldShell label={label} labelId={`${id}-label`} required={required} hint={hint} error={error} errorValues={errorValues} errorId={`${id}-error`} className={hideLabel ? '[&>div:first-child]:sr-only' : ''}>
        <button
          ref={button}
          type="button"
          role="combobox"
          aria-labelledby={`${id}-label`}
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled}
          onClick={() => (open ? close(false) : openList())}
          onKeyDown={(event) => {
            if (!open && (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ')) {
              event.preventDefault();
              openList();
            }
          }}
          className={`flex w-full items-center justify-between gap-2 rounded-md border bg-white px-3 py-2 text-left text-sm shadow-xs focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${inputBorder(Boolean(error))}`}
        >
          <span className={`truncate ${display ? 'text-slate-900' : 'text-slate-400'}`}>{display ?? placeholder ?? t('select.placeholder')}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </FieldShell>
      {open ? (
        <div className={`${inline ? 'relative' : 'absolute right-0 left-0 z-30'} mt-1 rounded-md border border-slate-200 bg-white shadow-lg`} onKeyDown={onKeyDown}>
          <div className="border-b border-slate-100 p-2">
            <input
              autoFocus
              aria-label={t('select.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setActive(0);
              }}
              className="block w-full rounded border border-slate-200 px-2 py-1 text-sm focus:border-amber-500 focus:outline-none"
            />
          </div>
          <ul id={listId} role="listbox" aria-multiselectable={multiple || undefined} aria-labelledby={`${id}-label`} className="max-h-60 overflow-y-auto py-1">
            {loading ? (
              <li className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
                <Spinner className="h-4 w-4" /> {t('select.loading')}
              </li>
            ) : shown.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">{t('select.noOptions')}</li>
            ) : (
              shown.map((option, index) => {
                const chosen = isSelected(option.value);
                return (
                  <li
                    key={option.value}
                    role="option"
                    aria-selected={chosen}
                    aria-disabled={option.disabled || undefined}
                    onMouseEnter={() => setActive(index)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                    className={`flex cursor-pointer items-center justify-between px-3 py-2 text-sm ${index === active ? 'bg-amber-50 text-amber-900' : 'text-slate-800'} ${option.disabled ? 'cursor-not-allowed opacity-50' : ''}`}
                  >
                    <span>{option.label}</span>
                    {chosen ? (
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-amber-600" fill="currentColor">
                        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                      </svg>
                    ) : null}
                  </li>
                );
              })
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
