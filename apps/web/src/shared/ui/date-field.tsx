import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { isoToLocalDate, localDateToIso } from '../format/date.ts';
import { CALENDAR_STYLE, CalendarIcon, daysOutside, useCalendarLocale, useTypedDate } from './date-parts.tsx';
import { useModalBoundary } from './modal.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from './field.tsx';

export interface DateFieldProps {
  label: string;
  /** The stored value: yyyy-MM-dd, '' when empty, or the typed text when it is not a date. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** yyyy-MM-dd: days before it cannot be picked. */
  min?: string;
  /** yyyy-MM-dd: days after it cannot be picked. */
  max?: string;
  required?: boolean;
  hint?: string;
  /** A validation message key (validation namespace) or a ready text. */
  error?: string;
  errorValues?: Record<string, string | number>;
  disabled?: boolean;
  /** Week start (0 = Sunday, the default of SPEC.md §9). */
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/**
 * The date picker (SPEC.md §2): shows dd/MM/yyyy with a calendar icon, a single-date calendar
 * (week starts on Sunday), optional min and max dates (days outside are disabled), hint and
 * required marker; stores yyyy-MM-dd. The date can also be typed as dd/MM/yyyy: a text that is
 * not a date is handed on as it is, so the form's rule reports it.
 */
export function DateField({ label, value, onChange, onBlur, min, max, required, hint, error, errorValues, disabled, weekStartsOn = 0, className }: DateFieldProps) {
  const { t } = useTranslation('common');
  const calendarLocale = useCalendarLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const boundary = useModalBoundary();
  const { text, commit, reset } = useTypedDate(value, onChange);
  const selected = isoToLocalDate(value) ?? undefined;
  const minDate = isoToLocalDate(min);
  const maxDate = isoToLocalDate(max);
  const disabledDays = daysOutside(minDate, maxDate);

  return (
    <FieldShell label={label} htmlFor={id} required={required} hint={hint} error={error} errorValues={errorValues} errorId={`${id}-error`} className={className}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <div className="relative">
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="dd/MM/yyyy"
            value={text}
            disabled={disabled}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => commit(e.target.value)}
            onBlur={() => {
              reset();
              onBlur?.();
            }}
            className={`${INPUT_CLASSES} ${inputBorder(Boolean(error))} pr-10`}
          />
          <Popover.Trigger asChild>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('datePicker.open')}
              data-testid="date-field-calendar"
              className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed"
            >
              <CalendarIcon />
            </button>
          </Popover.Trigger>
        </div>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            collisionBoundary={boundary ?? undefined}
            collisionPadding={8}
            className="z-[60] max-h-[var(--radix-popover-content-available-height)] max-w-[var(--radix-popover-content-available-width)] overflow-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg outline-none"
            data-testid="date-field-popover"
          >
            <DayPicker
              locale={calendarLocale}
              style={CALENDAR_STYLE}
              mode="single"
              weekStartsOn={weekStartsOn}
              selected={selected}
              defaultMonth={selected ?? minDate ?? undefined}
              startMonth={minDate ?? undefined}
              endMonth={maxDate ?? undefined}
              disabled={disabledDays}
              onSelect={(day) => {
                setOpen(false);
                // picking the selected day again keeps it (a date field is not cleared by the calendar)
                if (!day) return;
                reset();
                onChange(localDateToIso(day));
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FieldShell>
  );
}
