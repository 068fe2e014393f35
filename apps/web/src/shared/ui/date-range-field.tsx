import { useId, useState, type CSSProperties } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { DayPicker, type DateRange as PickedRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { isoToLocalDate, localDateToIso } from '../format/date.ts';
import { CALENDAR_STYLE, CalendarIcon, daysOutside, useCalendarLocale, useTypedDate } from './date-parts.tsx';
import { lastAllowedDay, rangeProblem, type DateRange, type RangeLimits } from './date-range.ts';
import { useModalBoundary } from './modal.tsx';
import { INPUT_CLASSES, inputBorder } from './field.tsx';

const RANGE_STYLE = { ...CALENDAR_STYLE, '--rdp-range_middle-background-color': '#fef3c7' } as CSSProperties;

export interface DateRangeFieldProps extends RangeLimits {
  label: string;
  /** Both ends yyyy-MM-dd ('' when empty, or the typed text when it is not a date); `to` inclusive. */
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** yyyy-MM-dd: the earliest and latest days that can be picked. */
  min?: string;
  max?: string;
  hint?: string;
  /** Overrides the message of the range rules (which the field reports itself otherwise). */
  error?: string;
  /**
   * Also report an incomplete range or a date that is not one (after a submit attempt); a
   * reversed, too short or too long range is reported at once.
   */
  strict?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A date range (the range calendar): two dates typed as dd/MM/yyyy or picked on a two-month
 * calendar (week from Sunday), at least `minDays` and at most `maxDays` days with both ends
 * included (days beyond the longest range are disabled once a start is picked). Stores
 * yyyy-MM-dd; reports a reversed, incomplete, too short or too long range under the field.
 */
export function DateRangeField({ label, value, onChange, min, max, minDays, maxDays, hint, error, strict = false, disabled, className = '' }: DateRangeFieldProps) {
  const { t } = useTranslation('common');
  const calendarLocale = useCalendarLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const boundary = useModalBoundary();
  const [picking, setPicking] = useState<PickedRange | undefined>(undefined);
  const found = rangeProblem(value, { minDays, maxDays });
  // while typing, half a range or half a date is not yet an error
  const problem = found === 'incomplete' || found === 'invalidDate' ? (strict ? found : null) : found;
  const message = error ?? (problem ? t(`dateRange.problems.${problem}`, { min: minDays ?? 1, max: maxDays ?? 0 }) : undefined);
  const minDate = isoToLocalDate(min);
  const maxDate = isoToLocalDate(max);
  // once a start is picked, days past the longest range (or before it) cannot end the range
  const start = picking?.from && !picking.to ? localDateToIso(picking.from) : null;
  const reach = start ? isoToLocalDate(lastAllowedDay(start, maxDays)) : null;
  const disabledDays = daysOutside(minDate, maxDate, reach);
  const selected: PickedRange | undefined = picking ?? (isoToLocalDate(value.from) ? { from: isoToLocalDate(value.from) ?? undefined, to: isoToLocalDate(value.to) ?? undefined } : undefined);

  return (
    <fieldset className={`flex min-w-0 flex-col gap-1.5 ${className}`} disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setPicking(undefined);
        }}
      >
        <div className="flex items-center gap-2">
          <DateText label={t('dateRange.from')} value={value.from} onChange={(from) => onChange({ ...value, from })} invalid={Boolean(message)} describedBy={message ? `${id}-error` : undefined} />
          <span aria-hidden="true" className="text-slate-400">
            –
          </span>
          <DateText label={t('dateRange.to')} value={value.to} onChange={(to) => onChange({ ...value, to })} invalid={Boolean(message)} describedBy={message ? `${id}-error` : undefined} />
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-label={t('dateRange.open', { label })}
              data-testid="date-range-calendar"
              className="rounded-md border border-slate-300 bg-white p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed"
            >
              <CalendarIcon />
            </button>
          </Popover.Trigger>
          {value.from !== '' || value.to !== '' ? (
            <button type="button" onClick={() => onChange({ from: '', to: '' })} className="rounded px-1 text-xs text-slate-500 underline-offset-2 hover:underline">
              {t('dateRange.clear')}
            </button>
          ) : null}
        </div>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={4} collisionBoundary={boundary ?? undefined}
            collisionPadding={8}
            className="z-[60] max-h-[var(--radix-popover-content-available-height)] max-w-[var(--radix-popover-content-available-width)] overflow-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg outline-none" data-testid="date-range-popover">
            <DayPicker
              locale={calendarLocale}
              style={RANGE_STYLE}
              mode="range"
              numberOfMonths={2}
              weekStartsOn={0}
              min={minDays !== undefined ? Math.max(0, minDays - 1) : undefined}
              max={maxDays !== undefined ? maxDays - 1 : undefined}
              selected={selected}
              defaultMonth={selected?.from ?? maxDate ?? undefined}
              startMonth={minDate ?? undefined}
              endMonth={maxDate ?? undefined}
              disabled={disabledDays}
              onSelect={(range) => {
                // the first click starts a new range; the second ends it and closes the calendar
                if (!picking || !picking.from || picking.to) {
                  const from = range?.from ?? range?.to;
                  setPicking(from ? { from, to: undefined } : undefined);
                  return;
                }
                if (!range?.from) return;
                const to = range.to ?? range.from;
                onChange({ from: localDateToIso(range.from), to: localDateToIso(to) });
                setPicking(undefined);
                setOpen(false);
              }}
            />
            {maxDays !== undefined ? <p className="px-2 pb-1 text-xs text-slate-500">{t('dateRange.maxHint', { max: maxDays })}</p> : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One end of the range, typed as dd/MM/yyyy (a text that is not a date is handed on as it is). */
function DateText({ label, value, onChange, invalid, describedBy }: { label: string; value: string; onChange: (value: string) => void; invalid: boolean; describedBy?: string }) {
  const { text, commit, reset } = useTypedDate(value, onChange);
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      placeholder="dd/MM/yyyy"
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => commit(event.target.value)}
      onBlur={reset}
      className={`${INPUT_CLASSES} ${inputBorder(invalid)} w-32`}
    />
  );
}
