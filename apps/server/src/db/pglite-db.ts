import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db.ts';
import { retryTransaction } from './transaction-retry.ts';

export interface PgliteDb extends Db {
  /** The whole data folder as a tarball (tests start new databases from a migrated template). */
  dump(): Promise<Blob>;
  /**
   * A consistent copy of the data folder while the database serves: `read` runs in a transaction,
   * then (no other statement can run while it is open: PGlite has one connection) a checkpoint and
   * the tarball of the folder. What `read` saw is exactly what the tarball holds.
   */
  snapshot<T>(read: (q: Queryable) => Promise<T>): Promise<{ read: T; tarball: Blob }>;
}

/** A database that can copy its own data folder (the embedded one). */
export function isPgliteDb(db: Db): db is PgliteDb {
  return db.driver === 'pglite' && typeof (db as Partial<PgliteDb>).snapshot === 'function';
}

const parsers = {
  [types.NUMERIC]: (v: string) => v,
  [types.INT8]: (v: string) => Number(v),
};

/**
 * PostgreSQL's settings in PGlite, beside PGlite's own: a buffer pool of 16 MB instead of 128 MB.
 * The pool lives in the WebAssembly memory, which never shrinks; pages beyond it come from the
 * operating system's file cache (decision 0934).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The Node flags a process running PGlite should start with (`npm start`, `npm run dev`): no
 * tier-up of WebAssembly to V8's optimizing compiler. Optimizing PostgreSQL's largest function
 * alone takes about 600 MB for a moment; the baseline compiler's code is slower on large scans
 * and sorts, not on the small queries of a console. V8 reads them at start only (not in NODE_OPTIONS).
 */
export const PGLITE_NODE_FLAGS = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'] as const;

/**
 * Creates the PostgreSQL cluster of an empty data folder in a child process (this file run as a
 * script): initdb's working memory (a second PostgreSQL instance, a copy of the new cluster) goes
 * away with that process instead of raising the server's peak and staying in its heap.
 */
async function createCluster(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, [...PGLITE_NODE_FLAGS, fileURLToPath(import.meta.url), dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
  if (code !== 0) throw new Error(`creating the database in ${dataDir} failed (${code}): ${stderr.slice(-2000)}`);
}

/** PGlite (PostgreSQL in WASM). `dataDir` undefined keeps the database in memory. */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir !== undefined && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await createCluster(dataDir);
  const pg = await PGlite.create(dataDir, {
    parsers,
    startParams: START_PARAMS,
    // the screening candidates' trigram and phonetic indexes (migration 041)
    extensions: { pg_trgm, fuzzystrmatch },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const asQueryable = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const r = await q.query<T>(sql, params ? [...params] : undefined);
      return r.rows;
    },
  });
  const base = asQueryable(pg);
  return {
    driver: 'pglite',
    query: base.query,
    // one connection: no deadlock between transactions here, but the same contract as pg-db.ts
    transaction: (fn, options) => retryTransaction(() => pg.transaction((tx) => fn(asQueryable(tx))), options?.retry),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // in this process: never disconnected
    listen: (channel, onPayload) =>
      pg.listen(channel, onPayload).then((unlisten) => ({ health: () => ({ connected: true, reconnects: 0 }), stop: () => unlisten() })),
    close: () => pg.close(),
    // one connection in this process; PGlite queues the callers itself and does not say how many wait
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dump: () => pg.dumpDataDir('none'),
    // dumpDataDir takes the query lock only, which a transaction releases between its statements
    snapshot: (read) =>
      pg.transaction(async (tx) => {
        const result = await read(asQueryable(tx));
        await tx.query('CHECKPOINT');
        return { read: result, tarball: await pg.dumpDataDir('none') };
      }),
  };
}

// `node pglite-db.ts <data folder>`: createCluster's child
if (import.meta.main) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: node apps/server/src/db/pglite-db.ts <data folder>');
  await (await PGlite.create(dataDir, { startParams: START_PARAMS })).close();
}
