/** Display formats of SPEC.md §9: en-US numbers (2 decimals by default, '-' if unparsable), dd/MM/yyyy dates. */
export const DASH = '-';

export function formatNumber(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return DASH;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return DASH;
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy in local time; '-' for nothing or an unreadable date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return DASH;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return DASH;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** dd/MM/yyyy HH:mm in local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return DASH;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return DASH;
  return `${formatDate(value)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? DASH : value;
}
