/**
 * Calendar dates (SPEC.md §2, §9): shown dd/MM/yyyy, stored yyyy-MM-dd. Pure text handling: a
 * stored date is a calendar day, never an instant, so no time zone can shift it.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function exists(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '5/1/2026' or '05/01/2026' -> '2026-01-05'; null when it is not a real date. */
export function displayToIso(text: string): string | null {
  const m = DISPLAY.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return exists(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** A stored date as a local Date at midnight (for calendars); null when not a date. */
export function isoToLocalDate(iso: string | null | undefined): Date | null {
  const m = iso ? ISO.exec(iso) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return exists(year, month, day) ? new Date(year, month - 1, day) : null;
}

/** A local Date (a calendar's pick) as the stored text. */
export function localDateToIso(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
