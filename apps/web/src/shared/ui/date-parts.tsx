import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { enUS, zhTW, type DayPickerLocale } from 'react-day-picker/locale';
import { displayToIso } from '../format/date.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import type { LanguageCode } from '../i18n/languages.ts';

/** The calendar's month and weekday names in the console's language (dates stay dd/MM/yyyy). */
const CALENDAR_LOCALES: Record<LanguageCode, DayPickerLocale> = { en: enUS, 'zh-Hant': zhTW };

/** The calendar locale of the language the console shows now. */
export function useCalendarLocale(): DayPickerLocale {
  const { i18n } = useTranslation();
  return CALENDAR_LOCALES[i18n.language as LanguageCode] ?? enUS;
}

/** The calendar in the console's colours and a little smaller than the library's default. */
export const CALENDAR_STYLE = {
  '--rdp-accent-color': '#d97706',
  '--rdp-accent-background-color': '#fef3c7',
  '--rdp-today-color': '#b45309',
  '--rdp-day-width': '2.25rem',
  '--rdp-day-height': '2.25rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-day_button-height': '2.125rem',
} as CSSProperties;

export function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * A date typed as dd/MM/yyyy: `text` is what the input shows (the stored date formatted, or the
 * admin's text while typing); `commit` hands on yyyy-MM-dd, or the text as it is when it is not a
 * date (so the form's rule reports it); `reset` shows the stored date again (on blur).
 */
export function useTypedDate(value: string, onChange: (value: string) => void) {
  const [typed, setTyped] = useState<{ text: string; for: string } | null>(null);
  return {
    text: typed && typed.for === value ? typed.text : displayDate(value),
    commit: (raw: string) => {
      const trimmed = raw.trim();
      const next = trimmed === '' ? '' : (displayToIso(trimmed) ?? trimmed);
      setTyped({ text: raw, for: next });
      onChange(next);
    },
    reset: () => setTyped(null),
  };
}

/** The calendar's days outside [min, max] (and after `reach`), disabled. */
export function daysOutside(min: Date | null, max: Date | null, reach: Date | null = null) {
  return [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : []), ...(reach ? [{ after: reach }] : [])];
}
