import { useId, useMemo, useRef, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { portalContainer } from './csp-nonce.ts';
import { FieldShell, inputBorder } from './field.tsx';
import { CheckIcon, ChevronIcon, ListMessage } from './select-parts.tsx';
import type { FieldSelectProps, SelectOption } from './select.tsx';

export interface ComboboxSourceProps {
  /** The options to offer; filtered here by the typed text unless `onSearchChange` is given. */
  options: readonly SelectOption[];
  /** Searched by the server: called with the text as typed; `options` are then the server's answer. */
  onSearchChange?: (text: string) => void;
  /** More results than shown: a 'more' row at the end asks for the next page. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** The label of a chosen value that is not among the options (e.g. a user given in the address). */
  labelOf?: (value: string) => string | undefined;
  /** An option for no value ('' , e.g. 'Any user'), offered first while nothing is typed. */
  emptyOption?: string;
}

export interface ComboboxProps extends FieldSelectProps, ComboboxSourceProps {
  value: string | null;
  /** The value picked, with its option. */
  onChange: (value: string, option: SelectOption) => void;
}

export interface MultiComboboxProps extends FieldSelectProps, ComboboxSourceProps {
  value: readonly string[];
  /** The values now chosen, with the options of those it knows. */
  onChange: (value: string[], options: SelectOption[]) => void;
}

/** A searchable single-select (SPEC.md §2: 'Select...', 'No options', 'Loading...'); closes on a pick. */
export function Combobox({ value, onChange, ...rest }: ComboboxProps) {
  return (
    <ComboboxField
      {...rest}
      multiple={false}
      chosen={value === null || value === '' ? [] : [value]}
      onPick={(option) => onChange(option.value, option)}
    />
  );
}

/** A searchable multi-select: picking an option again removes it; the list stays open. */
export function MultiCombobox({ value, onChange, ...rest }: MultiComboboxProps) {
  const known = useRef(new Map<string, SelectOption>());
  return (
    <ComboboxField
      {...rest}
      multiple
      chosen={value}
      known={known.current}
      onPick={(option) => {
        const next = value.includes(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value];
        onChange(
          next,
          next.map((v) => known.current.get(v)).filter((o): o is SelectOption => o !== undefined),
        );
      }}
    />
  );
}

// cmdk item values: '' cannot be one (no option is then highlighted), and 'more' is no option
const MORE = '\u0000more';
const EMPTY = '\u0000empty';

interface ComboboxFieldProps extends FieldSelectProps, ComboboxSourceProps {
  multiple: boolean;
  chosen: readonly string[];
  known?: Map<string, SelectOption>;
  onPick: (option: SelectOption) => void;
}

function ComboboxField(props: ComboboxFieldProps) {
  const { label, options, required, hint, error, errorValues, placeholder, loading, disabled, onBlur, className, hideLabel, multiple, chosen, onPick } = props;
  const { onSearchChange, hasMore, loadingMore, onLoadMore, labelOf, emptyOption } = props;
  const { t } = useTranslation('common');
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [container, setContainer] = useState<HTMLElement | undefined>(undefined);
  // labels of the options seen so far: a chosen value keeps its label when a later search no longer lists it
  const ownKnown = useRef(new Map<string, SelectOption>());
  const known = props.known ?? ownKnown.current;
  for (const option of options) known.set(option.value, option);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (needle === '') return emptyOption === undefined ? options : [{ value: '', label: emptyOption }, ...options];
    return onSearchChange ? options : options.filter((o) => o.label.toLowerCase().includes(needle));
  }, [options, search, onSearchChange, emptyOption]);

  const labels = chosen.map((v) => known.get(v)?.label ?? labelOf?.(v)).filter((l): l is string => l !== undefined);
  const display = labels.length > 0 ? labels.join(', ') : null;

  function setSearchText(text: string) {
    setSearch(text);
    onSearchChange?.(text);
  }

  function openChange(next: boolean) {
    if (next) {
      setContainer(portalContainer(trigger.current));
    } else {
      setSearchText('');
      onBlur?.();
    }
    setOpen(next);
  }

  function pick(option: SelectOption) {
    if (option.disabled) return;
    onPick(option);
    if (!multiple) openChange(false);
  }

  return (
    <FieldShell label={label} labelId={`${id}-label`} required={required} hint={hint} error={error} errorValues={errorValues} errorId={`${id}-error`} className={cn(hideLabel && '[&>div:first-child]:sr-only', className)}>
      <Popover.Root open={open} onOpenChange={openChange}>
        <Popover.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            role="combobox"
            aria-labelledby={`${id}-label`}
            aria-haspopup="listbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={disabled}
            onKeyDown={(event) => {
              if (!open && event.key === 'ArrowDown') {
                event.preventDefault();
                openChange(true);
              }
            }}
            className={cn(
              'flex w-full items-center justify-between gap-2 rounded-md border bg-surface px-3 py-2 text-left text-sm shadow-xs focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-muted-foreground',
              inputBorder(Boolean(error)),
            )}
          >
            <span className={cn('truncate', display ? 'text-foreground' : 'text-slate-500')}>{display ?? placeholder ?? t('select.placeholder')}</span>
            <ChevronIcon />
          </button>
        </Popover.Trigger>
        <Popover.Portal container={container}>
          <Popover.Content
            role={undefined}
            align="start"
            sideOffset={4}
            className="z-[60] w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-slate-200 bg-surface shadow-lg outline-none"
          >
            <Command shouldFilter={false} loop label={t('select.search')}>
              <div className="border-b border-slate-100 p-2">
                <Command.Input
                  autoFocus
                  value={search}
                  onValueChange={setSearchText}
                  className="block w-full rounded border border-slate-200 px-2 py-1 text-sm focus:border-amber-500 focus:outline-none"
                />
              </div>
              <Command.List aria-labelledby={`${id}-label`} aria-multiselectable={multiple || undefined} className="max-h-60 overflow-y-auto py-1">
                {loading ? (
                  <Command.Loading label={t('select.loading')}>
                    <ListMessage loading>{t('select.loading')}</ListMessage>
                  </Command.Loading>
                ) : (
                  <Command.Empty>
                    <ListMessage>{t('select.noOptions')}</ListMessage>
                  </Command.Empty>
                )}
                {loading
                  ? null
                  : shown.map((option) => {
                      const isChosen = chosen.includes(option.value);
                      return (
                        <Command.Item
                          key={option.value}
                          value={option.value === '' ? EMPTY : option.value}
                          disabled={option.disabled}
                          onSelect={() => pick(option)}
                          aria-checked={multiple ? isChosen : undefined}
                          className="flex cursor-pointer items-center justify-between px-3 py-2 text-sm text-slate-800 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-50 data-[selected=true]:bg-primary-soft data-[selected=true]:text-primary-soft-foreground"
                        >
                          <span>{option.label}</span>
                          {isChosen ? <CheckIcon /> : null}
                        </Command.Item>
                      );
                    })}
                {!loading && hasMore ? (
                  <Command.Item
                    value={MORE}
                    disabled={loadingMore}
                    onSelect={() => onLoadMore?.()}
                    className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium text-amber-800 data-[selected=true]:bg-primary-soft"
                  >
                    {loadingMore ? <ListMessage loading>{t('select.loading')}</ListMessage> : t('select.more')}
                  </Command.Item>
                ) : null}
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FieldShell>
  );
}
