/**
 * A decimal text with thousands separators, en-US style ('-12345.50' -> '-12,345.50'): for people to
 * read (the console, the statement PDF). Machine files (CSV) keep the plain text (decision 1015).
 * The decimals are kept as they are: round first when a scale is wanted.
 */
export function groupThousands(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}
