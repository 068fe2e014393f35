import { getDocumentProxy } from 'unpdf';
import type { ParsedListEntry } from '@aurum/domain/compliance/list-entry';
import { columnOf, type MinistryColumn } from '@aurum/domain/compliance/list-columns';
import { EntryCollector, checkFileSize, listFileRefused } from './list-parse-entry.ts';
import { entryOfRow } from './list-parse-rows.ts';

/**
 * The Home Ministry's s.66B list as it publishes it, a PDF (decision 1103). The text is read with
 * pdf.js (unpdf) page by page, placed in lines by its position; a table starts at its header row
 * (No., Reference, Name, ...), each text then falls in the column whose header it lies under, a row
 * starts where the No. column has a number and a wrapped cell continues on the lines below.
 * A header with a column this reader does not know is refused by name: the layout changed, and a
 * guess would misfile names.
 */

interface Item {
  text: string;
  x: number;
  end: number;
  y: number;
}

interface Table {
  type: ParsedListEntry['type'];
  columns: Array<{ column: MinistryColumn; x: number }>;
}

const PAGES_MAX = 500;
/** Text closer than this (points) is one cell that pdf.js split. */
const JOIN_GAP = 1.5;
/** A wrapped cell's next line lies within this distance (points) of the line above. */
const WRAP_GAP = 13;

function linesOf(items: readonly Item[]): Item[][] {
  const byY = new Map<number, Item[]>();
  for (const item of items) {
    const y = Math.round(item.y);
    const line = byY.get(y) ?? [];
    line.push(item);
    byY.set(y, line);
  }
  return [...byY.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) => {
      const sorted = line.sort((a, b) => a.x - b.x);
      const joined: Item[] = [];
      for (const item of sorted) {
        const last = joined.at(-1);
        if (last && item.x - last.end < JOIN_GAP) joined[joined.length - 1] = { ...last, text: `${last.text}${item.text}`, end: item.end };
        else joined.push({ ...item });
      }
      return joined;
    });
}

/** A header row: three labels or more that name columns, Name among them. Unknown labels then refuse the file. */
function headerOf(line: readonly Item[], section: ParsedListEntry['type'] | null): Table | null {
  const labelled = line.map((item) => ({ item, column: columnOf(item.text) }));
  const known = labelled.filter((l) => l.column !== undefined);
  if (known.length < 3 || !known.some((l) => l.column === 'name')) return null;
  const unknown = labelled.filter((l) => l.column === undefined).map((l) => l.item.text);
  if (unknown.length > 0) throw listFileRefused('columns', `unknown columns in the table header: ${unknown.join(', ')}`);
  if (!known.some((l) => l.column === 'reference')) throw listFileRefused('columns', 'table header without a Reference column');
  const type = section ?? (known.some((l) => l.column === 'dateOfBirth') ? 'individual' : 'entity');
  return { type, columns: known.map((l) => ({ column: l.column!, x: l.item.x })) };
}

function columnAt(table: Table, x: number): MinistryColumn {
  let found = table.columns[0]!.column;
  for (const c of table.columns) if (c.x <= x + 2) found = c.column;
  return found;
}

export async function parseMinistryPdf(bytes: Uint8Array, truncated = false): Promise<ParsedListEntry[]> {
  checkFileSize(bytes, truncated);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // a copy: pdf.js detaches the buffer it is given
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  } catch (error) {
    throw listFileRefused('pdf', `file: not a readable PDF (${(error as Error).message.slice(0, 100)})`);
  }
  try {
    if (pdf.numPages > PAGES_MAX) throw listFileRefused('pdf', `file: more than ${PAGES_MAX} pages`);
    const collector = new EntryCollector();
    let section: ParsedListEntry['type'] | null = null;
    let table: Table | null = null;
    let row: { cells: Partial<Record<MinistryColumn, string>>; y: number; page: number } | null = null;
    let tables = 0;
    const flush = () => {
      if (row && table) collector.add(entryOfRow(row.cells, table.type), `page ${row.page} row ${row.cells.no ?? ''}`.trim());
      row = null;
    };
    for (let p = 1; p <= pdf.numPages; p += 1) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!('str' in raw) || raw.str.trim() === '') continue;
        items.push({ text: raw.str, x: raw.transform[4] as number, end: (raw.transform[4] as number) + raw.width, y: raw.transform[5] as number });
      }
      for (const line of linesOf(items)) {
        const y = line[0]!.y;
        const whole = line.map((i) => i.text).join(' ').trim();
        if (line.length === 1 && /individu/iu.test(whole)) {
          flush();
          [section, table] = ['individual', null];
          continue;
        }
        if (line.length === 1 && /entit/iu.test(whole)) {
          flush();
          [section, table] = ['entity', null];
          continue;
        }
        const header = headerOf(line, section);
        if (header) {
          flush();
          table = header;
          tables += 1;
          continue;
        }
        if (!table) continue;
        const cells: Partial<Record<MinistryColumn, string>> = {};
        for (const item of line) {
          const column = columnAt(table, item.x);
          cells[column] = cells[column] ? `${cells[column]} ${item.text}` : item.text;
        }
        if (cells.no !== undefined && /^\d{1,6}\.?$/u.test(cells.no.trim())) {
          flush();
          row = { cells, y, page: p };
        } else if (row !== null && (row as { page: number }).page === p && (row as { y: number }).y - y <= WRAP_GAP && cells.no === undefined) {
          const current: NonNullable<typeof row> = row;
          for (const [k, v] of Object.entries(cells) as Array<[MinistryColumn, string]>) current.cells[k] = current.cells[k] ? `${current.cells[k]} ${v}` : v;
          current.y = y;
        } else {
          // a footer, a page number, a note under the table: the row ended
          flush();
        }
      }
      flush();
      page.cleanup();
    }
    if (tables === 0) throw listFileRefused('schema', 'no table header (No., Reference, Name, ...) found');
    return collector.entries;
  } finally {
    await pdf.destroy();
  }
}
