import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { csvClosingCounter, zipFileCounter, type BatchCounter } from '../batch-progress.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the bytes in pieces of `size`, answering the count after each. */
function fed(counter: BatchCounter, all: Uint8Array, size: number): number[] {
  const seen: number[] = [];
  for (let i = 0; i < all.length; i += size) seen.push(counter.feed(all.subarray(i, i + size)));
  return seen;
}

describe('batch download progress', () => {
  const csv = [
    '\uFEFFuserId,username,name,kind,note',
    '1,alice,Alice,opening,',
    '1,alice,Alice,deposit,"a note, with ""closing"" and a\r\nline end"',
    '1,alice,Alice,closing,',
    '2,"bob, jr",Bob,opening,',
    '2,"bob, jr",Bob,closing,',
    '3,closing,closing,opening,closing',
    '',
  ].join('\r\n');

  it("counts a CSV's closing rows in the kind column, whatever the chunking and quoting", () => {
    expect(csvClosingCounter(3).feed(bytes(csv))).toBe(2);
    for (const size of [1, 2, 7, 64]) expect(fed(csvClosingCounter(3), bytes(csv), size).at(-1), `pieces of ${size}`).toBe(2);
    const steps = fed(csvClosingCounter(3), bytes(csv), 1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it("counts a stored ZIP's files as their last byte arrives, never a header's bytes inside a file", () => {
    const trap = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    const files = { 'a.pdf': bytes('%PDF one'), 'b.pdf': trap, 'c.pdf': new Uint8Array(0), 'd.pdf': bytes('%PDF four'.repeat(100)) };
    const zip = zipSync(files, { level: 0 });
    expect(zipFileCounter().feed(zip)).toBe(4);
    for (const size of [1, 3, 100]) expect(fed(zipFileCounter(), zip, size).at(-1), `pieces of ${size}`).toBe(4);
    // the first file counts only once its bytes are all in
    const firstEnd = 30 + 'a.pdf'.length + 8;
    expect(zipFileCounter().feed(zip.subarray(0, firstEnd - 1))).toBe(0);
    expect(zipFileCounter().feed(zip.subarray(0, firstEnd))).toBe(1);
  });
});
