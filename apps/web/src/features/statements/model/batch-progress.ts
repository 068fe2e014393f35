/**
 * How many users' statements of a batch download have arrived, counted from its bytes as they come
 * (decision 1012). Pure, unit-tested.
 * - CSV: a user's statement ends with its closing row, so the records whose `kind` field (after the
 *   user's columns) is `closing`; quotes are honoured (a note may hold commas and line ends).
 * - ZIP: the files whose bytes have all arrived, walking the local headers (each gives its size:
 *   the server writes no data descriptors), so bytes inside a PDF are never mistaken for a header.
 */
export interface BatchCounter {
  /** Feeds the next chunk; answers the statements complete so far. */
  feed(chunk: Uint8Array): number;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const CLOSING = 'closing';

/** Counts the CSV records whose field number `field` (from 0) is `closing`. The header is no record of it. */
export function csvClosingCounter(field: number): BatchCounter {
  let quoted = false;
  let index = 0;
  let text = '';
  let count = 0;
  return {
    feed(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) {
          quoted = !quoted;
          continue;
        }
        if (quoted) {
          if (index === field) text += String.fromCharCode(byte);
          continue;
        }
        if (byte === COMMA) {
          if (index === field && text === CLOSING) count += 1;
          index += 1;
        } else if (byte === LF) {
          index = 0;
          text = '';
        } else if (index === field && byte !== CR && text.length <= CLOSING.length) text += String.fromCharCode(byte);
      }
      return count;
    },
  };
}

const LOCAL = 0x04034b50;

/** Counts the complete files of a ZIP written with sizes in its local headers (stored files). */
export function zipFileCounter(): BatchCounter {
  // the bytes of the header in hand, and how many bytes of the current file's data are still to come
  let header: number[] = [];
  let skip = 0;
  let count = 0;
  let ended = false;
  return {
    feed(chunk) {
      let i = 0;
      while (i < chunk.length && !ended) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length - i);
          skip -= n;
          i += n;
          if (skip === 0) count += 1;
          continue;
        }
        header.push(chunk[i]!);
        i += 1;
        if (header.length < 30) continue;
        const h = Uint8Array.from(header.slice(0, 30));
        const view = new DataView(h.buffer);
        // past the last file: the central directory
        if (view.getUint32(0, true) !== LOCAL) {
          ended = true;
          break;
        }
        const nameAndExtra = view.getUint16(26, true) + view.getUint16(28, true);
        if (header.length < 30 + nameAndExtra) continue;
        skip = view.getUint32(18, true);
        header = [];
        if (skip === 0) count += 1;
      }
      return count;
    },
  };
}
