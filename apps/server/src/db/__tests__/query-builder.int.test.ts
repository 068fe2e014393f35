import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb, testDriver } from '../../testing/test-db.ts';
import type { Db, Queryable } from '../db.ts';
import { asDate, isoDate, kysely } from '../query-builder.ts';

const driver = testDriver;

interface UserFilter {
  search?: string;
  internal?: boolean;
  tiers?: readonly string[];
}
interface Cursor {
  createdAt: Date;
  id: number;
}

/**
 * The shape of a repository list: filters added only when given, newest first, a keyset page
 * (created_at, id) after the cursor, one more row than the page to tell whether another follows.
 */
async function listUsers(q: Queryable, filter: UserFilter, page: { size: number; after?: Cursor }) {
  const rows = await kysely(q)
    .selectFrom('users')
    .select(['id', 'username', 'created_at', 'interest_rate'])
    .where('deleted_at', 'is', null)
    .$if(filter.search !== undefined, (qb) => qb.where('username', 'ilike', `%${filter.search!.replace(/[\\%_]/g, '\\$&')}%`))
    .$if(filter.internal !== undefined, (qb) => qb.where('internal', '=', filter.internal!))
    .$if(filter.tiers !== undefined, (qb) => qb.where('tier', '=', (eb) => eb.fn.any(eb.val(filter.tiers!))))
    .$if(page.after !== undefined, (qb) => qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(page.after!.createdAt, page.after!.id))))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size + 1)
    .execute();
  const items = rows.slice(0, page.size);
  const last = items.at(-1);
  return { items, next: rows.length > page.size && last ? { createdAt: last.created_at, id: last.id } : undefined };
}

describe(`typed queries (Kysely) through our Db, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await openTestDb(3));
  });
  afterAll(async () => {
    await close?.();
  });

  it('runs on the Db itself, with results parsed as by our drivers (int8 number, NUMERIC string, timestamptz Date)', async () => {
    const created = await kysely(db)
      .insertInto('holidays')
      .values({ name: 'Labour Day', date: '2031-05-01' })
      .returning((eb) => ['id', 'name', 'created_at', isoDate(eb.ref('date')).as('day')])
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: 'Labour Day', day: '2031-05-01' });
    expect(typeof created.id).toBe('number');
    expect(created.created_at).toBeInstanceOf(Date);

    const found = await kysely(db).selectFrom('holidays').select('name').where('date', '=', asDate('2031-05-01')).execute();
    expect(found).toEqual([{ name: 'Labour Day' }]);

    const adjust = await kysely(db).selectFrom('adjust_settings').select(['buy_spread', 'interest_rate']).where('metal', '=', 'xau').where('variant', '=', 'regular').executeTakeFirstOrThrow();
    expect(adjust).toEqual({ buy_spread: '2.50', interest_rate: '0.080000' });
  });

  it('runs inside db.transaction: a rollback undoes a builder insert, a commit keeps it', async () => {
    const failed = db.transaction(async (tx) => {
      await kysely(tx).insertInto('holidays').values({ name: 'Rolled back', date: '2031-06-01' }).execute();
      // seen inside the transaction
      expect(await kysely(tx).selectFrom('holidays').select('name').where('name', '=', 'Rolled back').execute()).toHaveLength(1);
      throw new Error('undo');
    });
    await expect(failed).rejects.toThrow('undo');
    expect(await kysely(db).selectFrom('holidays').select('id').where('name', '=', 'Rolled back').execute()).toEqual([]);

    await db.transaction(async (tx) => {
      await kysely(tx).insertInto('holidays').values({ name: 'Committed', date: '2031-06-02' }).execute();
    });
    expect(await kysely(db).selectFrom('holidays').select('name').where('name', '=', 'Committed').execute()).toEqual([{ name: 'Committed' }]);
  });

  it('builds filters only when given, and pages a keyset (created_at, id) without gaps or repeats on equal timestamps', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const people = [
      { username: 'kb_alice', email: 'kb_alice@example.com', created_at: at, tier: 'gold', internal: false },
      { username: 'kb_bob', email: 'kb_bob@example.com', created_at: at, tier: 'silver', internal: true },
      { username: 'kb_carol', email: 'kb_carol@example.com', created_at: at, tier: 'gold', internal: false },
      { username: 'kb_dave', email: 'kb_dave@example.com', created_at: new Date('2030-01-02T00:00:00Z'), tier: 'platinum', internal: false },
      { username: 'kb_100%_erin', email: 'kb_erin@example.com', created_at: new Date('2029-12-31T00:00:00Z'), tier: 'gold', internal: false },
    ];
    await kysely(db).insertInto('users').values(people).execute();

    const names = (rows: Array<{ username: string }>) => rows.map((r) => r.username);
    expect(names((await listUsers(db, { search: 'kb_' }, { size: 10 })).items)).toEqual(['kb_dave', 'kb_carol', 'kb_bob', 'kb_alice', 'kb_100%_erin']);
    expect(names((await listUsers(db, { search: 'kb_', internal: true }, { size: 10 })).items)).toEqual(['kb_bob']);
    expect(names((await listUsers(db, { search: 'kb_', tiers: ['platinum', 'silver'] }, { size: 10 })).items)).toEqual(['kb_dave', 'kb_bob']);
    expect(names((await listUsers(db, { search: 'kb_', tiers: [] }, { size: 10 })).items)).toEqual([]);
    // the search is a value, never SQL: % and _ match themselves
    expect(names((await listUsers(db, { search: '100%' }, { size: 10 })).items)).toEqual(['kb_100%_erin']);

    const seen: string[] = [];
    let after: Cursor | undefined;
    do {
      const page = await listUsers(db, { search: 'kb_' }, { size: 2, ...(after ? { after } : {}) });
      seen.push(...names(page.items));
      after = page.next;
    } while (after);
    expect(seen).toEqual(['kb_dave', 'kb_carol', 'kb_bob', 'kb_alice', 'kb_100%_erin']);

    const first = await listUsers(db, { search: 'kb_' }, { size: 1 });
    expect(first.items[0]!.interest_rate).toBe('0.000000');
  });

  it('takes raw SQL as a sql`` fragment with bound values (advisory lock, a count with FILTER)', async () => {
    const counts = await db.transaction(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${7_261_999})`.execute(kysely(tx));
      return kysely(tx)
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('all'), sql<number>`count(*) FILTER (WHERE ${eb.ref('tier')} = ${'gold'})`.as('gold')])
        .where('username', 'like', 'kb\\_%')
        .executeTakeFirstOrThrow();
    });
    expect(counts).toEqual({ all: 5, gold: 3 });
  });

  it('counts the rows of a write without RETURNING', async () => {
    const k = kysely(db);
    const updated = await k.updateTable('users').set({ first_name: 'K' }).where('username', 'like', 'kb\\_%').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(5n);
    const none = await k.updateTable('users').set({ first_name: 'K' }).where('username', '=', 'nobody').executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
    const inserted = await k.insertInto('holidays').values({ name: 'Once', date: '2031-07-01' }).onConflict((oc) => oc.column('date').doNothing()).executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const again = await k.insertInto('holidays').values({ name: 'Twice', date: '2031-07-01' }).onConflict((oc) => oc.column('date').doNothing()).executeTakeFirst();
    expect(again.numInsertedOrUpdatedRows).toBe(0n);
    // a statement with its own WITH
    const deleted = await k
      .with('gone', (qc) => qc.selectFrom('holidays').select('id').where('name', 'in', ['Once', 'Committed']))
      .deleteFrom('holidays')
      .where('id', 'in', (eb) => eb.selectFrom('gone').select('id'))
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('leaves transactions to db.transaction and refuses streams', async () => {
    await expect(kysely(db).transaction().execute(async () => undefined)).rejects.toThrow(/db\.transaction/);
    await expect(kysely(db).selectFrom('users').select('id').stream().next()).rejects.toThrow(/keyset/);
  });

  it('checks column names at compile time', () => {
    const query = kysely(db)
      .selectFrom('holidays')
      // @ts-expect-error a renamed or misspelt column does not compile
      .select(['id', 'nmae'])
      .compile();
    expect(query.sql).toBe('select "id", "nmae" from "holidays"');
    const computed = kysely(db)
      .insertInto('ledger_postings')
      // @ts-expect-error a computed column (GENERATED ALWAYS) is never written
      .values({ entry_id: 1, from_account: 'user:1', to_account: 'house', asset: 'xau', amount: '1', from_user_id: 1 })
      .compile();
    expect(computed.sql).toContain('"from_user_id"');
  });
});
