import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDriver } from '../../testing/test-db.ts';
import type { Db, Queryable } from '../db.ts';
import { kysely } from '../query-builder.ts';
import { preparedName, slot, statementCache } from '../compiled-statement.ts';

const driver = testDriver;

interface Bindings {
  min: number;
  name?: string;
}

/** Admins from an id on, optionally of one username: two shapes of one statement. */
const build = (withName: boolean) => (c: Queryable) =>
  kysely(c)
    .selectFrom('admins')
    .select(['id', 'username'])
    .where('id', '>=', slot((b: Bindings) => b.min))
    .$if(withName, (qb) => qb.where('username', '=', slot((b: Bindings) => b.name!)))
    .orderBy('id');

describe(`compiled statements, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await openTestDb(2));
    await db.query(`INSERT INTO admins (username, email, password_hash, role) VALUES ('cs-one', 'cs-one@aurum.test', 'x', 'none'), ('cs-two', 'cs-two@aurum.test', 'x', 'none')`);
  });
  afterAll(async () => {
    await close?.();
  });

  it('names each statement by its text: one text one name, another text another name', async () => {
    const seen: Array<{ sql: string; prepared: string | undefined }> = [];
    const spy: Queryable = {
      query: (sql, params, options) => {
        seen.push({ sql, prepared: options?.prepared });
        return db.query(sql, params, options);
      },
    };
    const cache = statementCache<Bindings>(8);
    await cache.run(spy, 'all', build(false), { min: 0 });
    await cache.run(spy, 'all', build(false), { min: 5 });
    await cache.run(spy, 'named', build(true), { min: 0, name: 'cs-one' });
    expect(seen.map((s) => s.prepared)).toEqual([preparedName(seen[0]!.sql), preparedName(seen[0]!.sql), preparedName(seen[2]!.sql)]);
    expect(seen[0]!.prepared).not.toBe(seen[2]!.prepared);
    expect(seen[0]!.prepared).toMatch(/^aurum_[0-9a-f]{32}$/);
  });

  it('answers each run with its own values, prepared or not, in a transaction too', async () => {
    const cache = statementCache<Bindings>(8);
    const names = async (q: Queryable, b: Bindings) => (await cache.run(q, b.name ? 'named' : 'all', build(b.name !== undefined), b)).map((r) => r.username);
    // more runs than the pool has connections: each connection prepares it once, then binds new values
    for (let i = 0; i < 4; i++) {
      expect(await names(db, { min: 0, name: 'cs-one' })).toEqual(['cs-one']);
      expect(await names(db, { min: 0, name: 'cs-two' })).toEqual(['cs-two']);
      expect(await names(db, { min: 0, name: 'nobody' })).toEqual([]);
    }
    const all = await names(db, { min: 0 });
    expect(all).toEqual(expect.arrayContaining(['cs-one', 'cs-two']));
    await db.transaction(async (tx) => {
      expect(await names(tx, { min: 0, name: 'cs-two' })).toEqual(['cs-two']);
    });
  });

  it.runIf(driver === 'postgres')('keeps the statement prepared on the connection that ran it (PostgreSQL)', async () => {
    const cache = statementCache<Bindings>(8);
    await db.transaction(async (tx) => {
      const [first] = await cache.run(tx, 'named', build(true), { min: 0, name: 'cs-one' });
      expect(first?.username).toBe('cs-one');
      const prepared = await tx.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
      const mine = prepared.filter((p) => p.statement.includes('"username" = $2'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^aurum_[0-9a-f]{32}$/);
    });
  });
});
