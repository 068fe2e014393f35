import { useId, useRef, useState } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { cspNonce, portalContainer } from './csp-nonce.ts';
import { FieldShell, inputBorder } from './field.tsx';
import { ChevronIcon, CheckIcon, ListMessage } from './select-parts.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** What every select field takes (SPEC.md §2 common fields: label, required marker, hint, rule message). */
export interface FieldSelectProps {
  label: string;
  required?: boolean;
  hint?: string;
  /** A validation message key (validation namespace) or a ready text. */
  error?: string;
  errorValues?: Record<string, string | number>;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Called when the list closes (react-hook-form validates on blur). */
  onBlur?: () => void;
  className?: string;
  /** Hides the visible label (it stays the accessible name). */
  hideLabel?: boolean;
}

export interface SelectProps extends FieldSelectProps {
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
}

// Radix reserves '' for "no value": an option whose value is '' (e.g. 'All') travels under this name
const EMPTY = '\u0000empty';
const toItem = (value: string) => (value === '' ? EMPTY : value);
const fromItem = (value: string) => (value === EMPTY ? '' : value);

/**
 * A plain select (Radix Select) for a short, fixed list: opened by click, Enter, Space or the
 * arrow keys, typeahead by the first letters. Long or server-searched lists use `Combobox`.
 */
export function Select({ label, options, value, onChange, required, hint, error, errorValues, placeholder, loading, disabled, onBlur, className, hideLabel }: SelectProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | undefined>(undefined);
  const selected = value === null ? undefined : options.find((o) => o.value === value);
  const rootValue = selected ? toItem(selected.value) : '';
  const shownPlaceholder = placeholder ?? t('select.placeholder');
  return (
    <FieldShell label={label} labelId={`${id}-label`} required={required} hint={hint} error={error} errorValues={errorValues} errorId={`${id}-error`} className={cn(hideLabel && '[&>div:first-child]:sr-only', className)}>
      <SelectPrimitive.Root
        value={rootValue}
        onValueChange={(next) => onChange(fromItem(next))}
        disabled={disabled}
        onOpenChange={(open) => {
          if (open) setContainer(portalContainer(trigger.current));
          else onBlur?.();
        }}
      >
        <SelectPrimitive.Trigger
          ref={trigger}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'flex w-full items-center justify-between gap-2 rounded-md border bg-surface px-3 py-2 text-left text-sm shadow-xs focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-muted-foreground',
            inputBorder(Boolean(error)),
          )}
        >
          <span className={cn('truncate', selected ? 'text-foreground' : 'text-slate-500')}>
            <SelectPrimitive.Value placeholder={shownPlaceholder}>{selected?.label ?? shownPlaceholder}</SelectPrimitive.Value>
          </span>
          <SelectPrimitive.Icon>
            <ChevronIcon />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal container={container}>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-[60] max-h-[min(15rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-surface shadow-lg"
          >
            <SelectPrimitive.Viewport nonce={cspNonce()} className="py-1" aria-labelledby={`${id}-label`}>
              {loading ? (
                <ListMessage loading>{t('select.loading')}</ListMessage>
              ) : options.length === 0 ? (
                <ListMessage>{t('select.noOptions')}</ListMessage>
              ) : (
                options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={toItem(option.value)}
                    disabled={option.disabled}
                    className="flex cursor-pointer items-center justify-between px-3 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-soft-foreground"
                  >
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    <SelectPrimitive.ItemIndicator>
                      <CheckIcon />
                    </SelectPrimitive.ItemIndicator>
                  </SelectPrimitive.Item>
                ))
              )}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </FieldShell>
  );
}
