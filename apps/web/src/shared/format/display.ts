import { businessClock } from '@aurum/domain/system/business-time';
import { displayBusinessMoment, displayDate } from '@aurum/domain/system/display-date';

/**
 * Display formats of SPEC.md §9: en-US numbers (2 decimals by default, '-' if unparsable),
 * dd/MM/yyyy dates. Dates and times are business time (Asia/Kuala_Lumpur), never the browser's.
 */
export const DASH = '-';

export function formatNumber(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return DASH;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return DASH;
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

/** The zone every time the console shows is in, named after it (DECISIONS.md §3: business time). */
export const BUSINESS_ZONE_LABEL = 'MYT';

/** A moment's business date and time: stored dates (yyyy-MM-dd) are calendar days, never shifted. */
function businessParts(value: string): { date: string; minutes: number | null } | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, minutes: null };
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const clock = businessClock(d);
  return { date: clock.date, minutes: clock.minutes };
}

/**
 * dd/MM/yyyy of the business date (Asia/Kuala_Lumpur) whatever the browser's zone; '-' for
 * nothing or an unreadable date. A stored date (yyyy-MM-dd) is shown as it is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return DASH;
  const parts = businessParts(value);
  return parts ? displayDate(parts.date) : DASH;
}

/** dd/MM/yyyy HH:mm MYT: business time (Asia/Kuala_Lumpur) with the zone named, whatever the browser's zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return DASH;
  const parts = businessParts(value);
  if (!parts) return DASH;
  if (parts.minutes === null) return displayDate(parts.date);
  return `${displayBusinessMoment(new Date(value))} ${BUSINESS_ZONE_LABEL}`;
}

/** A period of days: a day dd/MM/yyyy, a month MM/yyyy, a year as it is. */
export function formatPeriod(period: string): string {
  return /^\d{4}-\d{2}$/.test(period) ? `${period.slice(5)}/${period.slice(0, 4)}` : displayDate(period);
}

export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? DASH : value;
}
