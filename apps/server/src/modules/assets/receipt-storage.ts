import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where receipt images live, behind a small interface so that an object store can replace the
 * file system. Keys are made by the server (never from a file name a client sent).
 */
export interface ReceiptStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is nothing under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; nothing under it is not an error. */
  delete(key: string): Promise<void>;
}

/** A fresh key for a request's receipt: `requests/{requestId}/{user|verified}-{uuid}.{png|jpg}`. */
export function receiptKey(requestId: number, which: 'user' | 'verified', extension: 'png' | 'jpg'): string {
  return `requests/${requestId}/${which}-${randomUUID()}.${extension}`;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(png|jpg)$/;

/** Files under a folder (DATA_DIR/receipts); written to a temporary name and renamed, so a reader never sees half a file. */
export function fileReceiptStorage(root: string): ReceiptStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`bad receipt key ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`bad receipt key ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export const receiptRoot = (dataDir: string) => join(dataDir, 'receipts');
