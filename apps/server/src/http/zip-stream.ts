import { crc32 } from 'node:zlib';

/**
 * A streaming ZIP writer (PKWARE APPNOTE 6.3): each file is written as it comes and let go, stored
 * (no compression: what it carries, PDFs, is compressed inside already). A file's bytes are whole
 * when it is handed over, so its CRC and size go in its local header and no data descriptor follows.
 * What the central directory needs of each file (about 60 bytes and its name) is kept until the end;
 * ZIP64 records are added when the count or an offset outgrows the classic fields.
 */

export interface ZipFile {
  /** The name inside the archive (UTF-8, `/` between folders). */
  name: string;
  bytes: Uint8Array;
  modified: Date;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
/** Bit 11: names are UTF-8. */
const UTF8 = 0x0800;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Version needed to extract: 2.0 for stored files, 4.5 where ZIP64 fields are used. */
const V20 = 20;
const V45 = 45;

/** A moment as MS-DOS date and time (local fields of the UTC clock, two-second steps, from 1980). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

function localHeader(name: Buffer, crc: number, size: number, at: { date: number; time: number }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(LOCAL, 0);
  h.writeUInt16LE(V20, 4);
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(0, 8); // stored
  h.writeUInt16LE(at.time, 10);
  h.writeUInt16LE(at.date, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(size, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function centralHeader(name: Buffer, crc: number, size: number, at: { date: number; time: number }, offset: number): Buffer {
  const far = offset >= MAX32;
  // ZIP64 extended information: only the offset can outgrow its field (one file stays under 4 GB)
  const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
  if (far) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(offset), 4);
  }
  const h = Buffer.alloc(46);
  h.writeUInt32LE(CENTRAL, 0);
  h.writeUInt16LE(far ? V45 : V20, 4); // made by (MS-DOS attributes)
  h.writeUInt16LE(far ? V45 : V20, 6);
  h.writeUInt16LE(UTF8, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(at.time, 12);
  h.writeUInt16LE(at.date, 14);
  h.writeUInt32LE(crc, 16);
  h.writeUInt32LE(size, 20);
  h.writeUInt32LE(size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt16LE(extra.length, 30);
  // comment length, disk, internal and external attributes stay 0
  h.writeUInt32LE(far ? MAX32 : offset, 42);
  return Buffer.concat([h, name, extra]);
}

function endRecords(count: number, directorySize: number, directoryOffset: number): Buffer {
  const parts: Buffer[] = [];
  const zip64 = count >= MAX16 || directorySize >= MAX32 || directoryOffset >= MAX32;
  if (zip64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(END64, 0);
    end64.writeBigUInt64LE(44n, 4); // the record's size after this field
    end64.writeUInt16LE(V45, 12);
    end64.writeUInt16LE(V45, 14);
    end64.writeBigUInt64LE(BigInt(count), 24);
    end64.writeBigUInt64LE(BigInt(count), 32);
    end64.writeBigUInt64LE(BigInt(directorySize), 40);
    end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(LOCATOR64, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(end64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * The bytes of a ZIP archive of the files as they come, one chunk per file, then the central
 * directory and the end records. `sent.files` counts the files written so far.
 */
export async function* zipChunks(files: AsyncIterable<ZipFile>, sent: { files: number }): AsyncGenerator<Buffer> {
  // the directory's entries are kept as numbers and the name's string, and made into bytes at the
  // end: a small Buffer is a slice of Node's shared 64 KB pool, and a header kept as one would keep
  // its whole slab alive until the archive ends (64 KB per file where 60 bytes were meant)
  const directory: Array<{ name: string; crc: number; size: number; at: { date: number; time: number }; offset: number }> = [];
  let offset = 0;
  for await (const file of files) {
    const crc = crc32(file.bytes);
    const at = dosDateTime(file.modified);
    const header = localHeader(Buffer.from(file.name, 'utf8'), crc, file.bytes.length, at);
    directory.push({ name: file.name, crc, size: file.bytes.length, at, offset });
    offset += header.length + file.bytes.length;
    sent.files += 1;
    yield Buffer.concat([header, file.bytes]);
  }
  const central = Buffer.concat(directory.map((e) => centralHeader(Buffer.from(e.name, 'utf8'), e.crc, e.size, e.at, e.offset)));
  yield Buffer.concat([central, endRecords(directory.length, central.length, offset)]);
}
