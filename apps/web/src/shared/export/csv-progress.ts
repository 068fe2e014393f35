/**
 * Counts the records of a CSV as its bytes arrive (RFC 4180: a line end inside a quoted field
 * is part of the field). The header line is not a record. Pure, unit-tested.
 */
export interface CsvRowCounter {
  /** Feeds the next chunk; answers the records completed so far. */
  feed(chunk: Uint8Array): number;
  /** The records, counting a last line without a line end. */
  finish(): number;
}

const QUOTE = 0x22;
const LF = 0x0a;

export function createCsvRowCounter(): CsvRowCounter {
  let quoted = false;
  let lines = 0;
  // whether bytes of an unfinished line have arrived
  let open = false;
  const records = () => Math.max(0, lines - 1);
  return {
    feed(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        if (byte === LF && !quoted) {
          lines += 1;
          open = false;
        } else open = true;
      }
      return records();
    },
    finish() {
      if (open) {
        lines += 1;
        open = false;
      }
      return records();
    },
  };
}

/** The file name of a content-disposition header (`attachment; filename="x.csv"`), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1]?.trim() || fallback;
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
