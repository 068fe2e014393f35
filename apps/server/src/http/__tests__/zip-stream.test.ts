import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { zipChunks, type ZipFile } from '../zip-stream.ts';

async function* filesOf(files: readonly ZipFile[]): AsyncGenerator<ZipFile> {
  yield* files;
}

async function zipOf(files: AsyncIterable<ZipFile>): Promise<{ bytes: Uint8Array; chunks: number; sent: number }> {
  const sent = { files: 0 };
  const chunks: Buffer[] = [];
  for await (const chunk of zipChunks(files, sent)) chunks.push(chunk);
  return { bytes: new Uint8Array(Buffer.concat(chunks)), chunks: chunks.length, sent: sent.files };
}

describe('zipChunks', () => {
  it('writes an archive another reader opens: every file with its name and bytes, one chunk per file', async () => {
    const at = new Date('2031-05-31T23:59:58Z');
    const files = [
      { name: 'statement-1.pdf', bytes: new TextEncoder().encode('%PDF-1.3 one'), modified: at },
      { name: '結單-2.pdf', bytes: new Uint8Array(0), modified: at },
      { name: 'folder/three.bin', bytes: new Uint8Array(70_000).map((_, i) => i % 251), modified: at },
    ];
    const zip = await zipOf(filesOf(files));
    expect(zip.sent).toBe(3);
    expect(zip.chunks).toBe(4);
    const read = unzipSync(zip.bytes);
    expect(Object.keys(read)).toEqual(files.map((f) => f.name));
    for (const f of files) expect(Buffer.from(read[f.name]!).equals(Buffer.from(f.bytes)), f.name).toBe(true);
  });

  it('what it keeps of the files written so far does not hold their bytes', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // files of 30 KB made as a PDF's bytes are (Buffer.concat: slices of Node's shared 64 KB pool),
    // each chunk let go once taken, as a response does; the slabs they lie in are watched (weakly),
    // not the process's memory, which other work shares
    const slabs: Array<WeakRef<ArrayBufferLike>> = [];
    async function* made(): AsyncGenerator<ZipFile> {
      for (let i = 0; i < 2_000; i++) {
        const bytes = Buffer.concat([Buffer.alloc(30_000, i % 251)]);
        slabs.push(new WeakRef(bytes.buffer));
        yield { name: `statement-${i}.pdf`, bytes, modified: new Date(0) };
      }
    }
    const chunks = zipChunks(made(), { files: 0 });
    for (let i = 0; i < 2_000; i++) await chunks.next();
    // a weak reference made in this job holds its target until the job ends
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const alive = new Set(slabs.map((s) => s.deref()).filter((s) => s !== undefined));
    // 2,000 slabs held the files (each also held a chunk of the archive); a directory entry kept as a
    // slice of one would keep it, and its 64 KB, until the archive ends: all 2,000 did. Only the last
    // few may still be alive
    expect(alive.size).toBeLessThanOrEqual(3);
    // the directory is whole at the end: 2,000 entries, then the end record counting them
    const end = (await chunks.next()).value as Buffer;
    expect(end.readUInt32LE(0)).toBe(0x02014b50);
    expect(end.readUInt32LE(end.length - 22)).toBe(0x06054b50);
    expect(end.readUInt16LE(end.length - 12)).toBe(2_000);
  });

  it('an empty archive is the end record alone', async () => {
    const zip = await zipOf(filesOf([]));
    expect(zip.bytes.length).toBe(22);
    expect(unzipSync(zip.bytes)).toEqual({});
  });

  it('adds the ZIP64 end records past 65,534 files, and a reader still finds them all', async () => {
    const count = 70_000;
    const at = new Date('2031-05-01T00:00:00Z');
    async function* many(): AsyncGenerator<ZipFile> {
      for (let i = 0; i < count; i++) yield { name: `f${i}`, bytes: Uint8Array.of(i & 0xff), modified: at };
    }
    const zip = await zipOf(many());
    const view = Buffer.from(zip.bytes);
    // the classic end record says "see ZIP64" and the ZIP64 record holds the count
    expect(view.readUInt16LE(view.length - 22 + 10)).toBe(0xffff);
    const end64 = view.length - 22 - 20 - 56;
    expect(view.readUInt32LE(end64)).toBe(0x06064b50);
    expect(view.readBigUInt64LE(end64 + 32)).toBe(BigInt(count));
    const read = unzipSync(zip.bytes);
    expect(Object.keys(read)).toHaveLength(count);
    expect(read['f69999']).toEqual(Uint8Array.of(69_999 & 0xff));
  });
});
