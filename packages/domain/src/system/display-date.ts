import { businessClock } from './business-time.ts';

/**
 * How people read a date and a time, on the console's screens and in the documents the server
 * writes for them (a statement's PDF): dd/MM/yyyy (SPEC.md §9), a time as HH:mm of business time.
 * Files for software (CSV) keep ISO 8601.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-01-05' -> '05/01/2026'; anything else as it is ('' stays ''). */
export function displayDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A moment as dd/MM/yyyy HH:mm of business time (Asia/Kuala_Lumpur), whatever the machine's zone. */
export function displayBusinessMoment(at: Date): string {
  const { date, minutes } = businessClock(at);
  return `${displayDate(date)} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
