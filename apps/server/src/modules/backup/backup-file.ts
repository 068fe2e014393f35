import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TableFigure } from './backup-repository.ts';

/**
 * A backup file: the payload as its tool reads it (a pg_dump custom archive, which pg_restore reads
 * as is, or the gzipped tarball of PGlite's data folder), then Aurum's manifest after it:
 * `\n<manifest JSON>\n` and a fixed-length last line `AURUM-BACKUP/1 <JSON length>\n`. The manifest
 * holds the payload's length and sha256 (a truncated or damaged file is refused before anything is
 * touched) and the figures of every table at the backup's moment (a restore is checked against them).
 */
export interface BackupManifest {
  format: 'aurum-backup/1';
  /** pglite: payload is the data folder as tar+gzip; postgres: payload is `pg_dump -Fc` output. */
  kind: 'pglite' | 'postgres';
  createdAt: string;
  payloadBytes: number;
  payloadSha256: string;
  /** The migrations applied in the backed-up database. */
  migrations: string[];
  /** Every table's row count and checksum, read in the same snapshot as the payload. */
  tables: Record<string, TableFigure>;
  /** PostgreSQL only: the server's and pg_dump's versions. */
  postgres?: { server: string; pgDump: string };
}

export class BackupFileError extends Error {}

const MARKER = 'AURUM-BACKUP/1 ';
const MARKER_BYTES = MARKER.length + 10 + 1;
const NAME = /^aurum-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup$/;

/** The name of a backup taken at `at`: names sort in time order. */
export function backupName(at: Date): string {
  return `aurum-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.backup`;
}

/** A place to write a backup's payload before it is complete: a hidden name in the same folder (the final rename stays on one file system). */
export async function partialPath(dir: string, at: Date): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `.${backupName(at)}.partial-${randomBytes(4).toString('hex')}`);
}

async function sha256Of(path: string, end?: number): Promise<string> {
  const hash = createHash('sha256');
  if (end === 0) return hash.digest('hex');
  for await (const chunk of createReadStream(path, end === undefined ? {} : { end: end - 1 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Completes a backup whose payload is in `partial`: appends the manifest, flushes the file to disk,
 * renames it to its final name in `dir` and flushes the folder, so that a backup file either is
 * complete or does not exist under a backup's name. Then keeps the newest `keep` backups of the
 * folder. Answers the final path.
 */
export async function completeBackup(
  dir: string,
  partial: string,
  at: Date,
  manifest: Omit<BackupManifest, 'format' | 'createdAt' | 'payloadBytes' | 'payloadSha256'>,
  keep: number,
): Promise<string> {
  try {
    const { size } = await stat(partial);
    const full: BackupManifest = { format: 'aurum-backup/1', createdAt: at.toISOString(), payloadBytes: size, payloadSha256: await sha256Of(partial), ...manifest };
    const json = Buffer.from(JSON.stringify(full));
    const file = await open(partial, 'a');
    try {
      await file.write(Buffer.concat([Buffer.from('\n'), json, Buffer.from(`\n${MARKER}${String(json.length).padStart(10, '0')}\n`)]));
      await file.sync();
    } finally {
      await file.close();
    }
    const target = join(dir, backupName(at));
    await rename(partial, target);
    const folder = await open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
    await keepNewest(dir, keep);
    return target;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The complete backups of a folder, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((n) => NAME.test(n)).sort().map((n) => join(dir, n));
}

/** Removes the oldest complete backups beyond `keep`. */
export async function keepNewest(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const gone = all.slice(0, Math.max(0, all.length - keep));
  for (const path of gone) await rm(path, { force: true });
  return gone;
}

/**
 * Reads and checks a backup file: its manifest, its length and its payload's sha256. A missing,
 * truncated or damaged file is refused with a BackupFileError that says which.
 */
export async function readBackup(path: string): Promise<BackupManifest> {
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -2,
  );
  if (size === -2) throw new BackupFileError(`No backup file at ${path}.`);
  if (size === -1) throw new BackupFileError(`${path} is not a file.`);
  const notComplete = `${path} is not a complete Aurum backup: the manifest at its end is missing (the file is truncated, or was not written by npm run backup).`;
  if (size < MARKER_BYTES + 2) throw new BackupFileError(notComplete);
  const file = await open(path, 'r');
  let manifest: BackupManifest;
  try {
    const tail = Buffer.alloc(MARKER_BYTES);
    await file.read(tail, 0, MARKER_BYTES, size - MARKER_BYTES);
    const m = /^AURUM-BACKUP\/1 (\d{10})\n$/.exec(tail.toString('latin1'));
    const jsonBytes = m ? Number(m[1]) : -1;
    if (jsonBytes < 2 || jsonBytes + MARKER_BYTES + 2 > size) throw new BackupFileError(notComplete);
    const json = Buffer.alloc(jsonBytes + 2);
    await file.read(json, 0, json.length, size - MARKER_BYTES - json.length);
    try {
      if (json[0] !== 0x0a || json[json.length - 1] !== 0x0a) throw new Error('framing');
      manifest = JSON.parse(json.subarray(1, -1).toString('utf8')) as BackupManifest;
    } catch {
      throw new BackupFileError(`${path} is damaged: its manifest cannot be read.`);
    }
    if (manifest.format !== 'aurum-backup/1' || (manifest.kind !== 'pglite' && manifest.kind !== 'postgres') || !Number.isSafeInteger(manifest.payloadBytes)) {
      throw new BackupFileError(`${path} is damaged: its manifest is not one this version reads.`);
    }
    const expected = manifest.payloadBytes + json.length + MARKER_BYTES;
    if (expected !== size) {
      throw new BackupFileError(`${path} is damaged or truncated: its manifest describes ${expected} bytes, the file holds ${size}.`);
    }
  } finally {
    await file.close();
  }
  const sha = await sha256Of(path, manifest.payloadBytes);
  if (sha !== manifest.payloadSha256) {
    throw new BackupFileError(`${path} is damaged: the checksum of its data differs from the one recorded when it was written (sha256 ${sha}, recorded ${manifest.payloadSha256}).`);
  }
  return manifest;
}

/** The payload of a checked backup, whole (the PGlite tarball, gzipped). */
export async function readPayload(path: string, manifest: BackupManifest): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(manifest.payloadBytes);
    await file.read(buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    await file.close();
  }
}
