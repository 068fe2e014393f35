import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';

export interface PgliteDb extends Db {
  /** The whole data folder as a tarball (tests start new databases from a migrated template). */
  dump(): Promise<Blob>;
}

const parsers = {
  [types.NUMERIC]: (v: string) => v,
  [types.INT8]: (v: string) => Number(v),
};

/** PGlite (PostgreSQL in WASM). `dataDir` undefined keeps the database in memory. */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create(dataDir, { parsers, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
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
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: (channel, onPayload) => pg.listen(channel, onPayload).then((unlisten) => () => unlisten()),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
