import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { connectionRead, type OrderFilter } from '../order-connection-repository.ts';
import { foldCreatedBlocks } from '../order-counts-repository.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The first moment of the generated orders; each is created up to 30 days after it, in any order of ids. */
const BASE = Date.parse('2031-01-01T00:00:00Z');
const MINUTE = 60_000;
/** The moment `minutes` after BASE, as the database takes it. */
const at_ = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();
const SPAN_MINUTES = 30 * 24 * 60;
/** The day `days` after BASE's, as yyyy-MM-dd (a good-till date). */
const day_ = (days: number) => new Date(BASE + days * 24 * 60 * MINUTE).toISOString().slice(0, 10);

interface GeneratedOrder {
  /** How far its id lies after the previous order's (ids over blocks of 1,024 and spans of 128 blocks, some holding many). */
  gap: number;
  minutes: number;
  status: (typeof ORDER_STATUSES)[number];
  user: number;
  /** When it filled (minutes after BASE), if it did; filled by a later UPDATE, as a fill is, or at its insert. */
  filled?: number;
  fillLater: boolean;
  /** Its good-till date (days after BASE's), chosen by a person: any day, in no order of ids. */
  goodTill?: number;
}

const orderArb = fc.record({
  // mostly neighbours (several orders in one block), now and then a jump over blocks or over spans
  gap: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 6 },
    { arbitrary: fc.integer({ min: 1, max: 2500 }), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 300_000 }), weight: 1 },
  ),
  minutes: fc.integer({ min: 0, max: SPAN_MINUTES }),
  status: fc.constantFrom(...ORDER_STATUSES),
  user: fc.nat({ max: 2 }),
  filled: fc.option(fc.integer({ min: 0, max: SPAN_MINUTES }), { nil: undefined }),
  fillLater: fc.boolean(),
  // often one day or a few shared by many orders (a day then holds more than a page), else any of 40
  goodTill: fc.option(
    fc.oneof({ arbitrary: fc.constant(1), weight: 2 }, { arbitrary: fc.integer({ min: 0, max: 2 }), weight: 1 }, { arbitrary: fc.integer({ min: 0, max: 40 }), weight: 1 }),
    { nil: undefined },
  ),
});

/**
 * Orders whose creation dates are mostly in id order with some far out of it (a process whose clock
 * was behind, a transaction that waited), or in no order at all: the bounds must never drop a match.
 */
const ordersArb = fc.oneof(
  fc.array(orderArb, { minLength: 1, maxLength: 40, size: 'medium' }),
  fc
    .array(fc.tuple(orderArb, fc.boolean(), fc.integer({ min: -SPAN_MINUTES, max: SPAN_MINUTES })), { minLength: 1, maxLength: 40, size: 'medium' })
    .map((rows) =>
      rows.map(([o, jitter, shift], i) => ({ ...o, minutes: Math.max(0, Math.min(SPAN_MINUTES, Math.round((i * SPAN_MINUTES) / rows.length) + (jitter ? shift : 0))) })),
    ),
);

const minutesArb = fc.option(fc.integer({ min: -10, max: SPAN_MINUTES + 10 }), { nil: undefined });

const filterFieldsArb = fc.record({
  from: minutesArb,
  before: minutesArb,
  statuses: fc.option(fc.subarray([...ORDER_STATUSES], { minLength: 1 }), { nil: undefined }),
  user: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
  filled: fc.option(fc.tuple(fc.integer({ min: -10, max: SPAN_MINUTES + 10 }), fc.integer({ min: 0, max: SPAN_MINUTES })), { nil: undefined }),
  // good-till days: the first and how many more (fewer than none: an empty range)
  goodTill: fc.option(fc.tuple(fc.oneof(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -3, max: 43 })), fc.integer({ min: -2, max: 45 })), { nil: undefined }),
});

/**
 * Half the runs without creation and fill dates (a good-till range is then read day by day; with them,
 * block by block), and half of those without a status or a user: a page then often ends inside one day.
 */
const filterArb = fc
  .tuple(filterFieldsArb, fc.boolean(), fc.boolean())
  .map(([f, goodTillAlone, anyone]) =>
    goodTillAlone ? { ...f, from: undefined, before: undefined, filled: undefined, ...(anyone ? { statuses: undefined, user: undefined } : {}) } : f,
  );

const pageArb = fc.record({
  size: fc.integer({ min: 1, max: 6 }),
  backward: fc.boolean(),
  // a cursor: the n-th generated order's id, or (half the time each) none
  after: fc.option(fc.nat({ max: 45 }), { nil: undefined, freq: 2 }),
  before: fc.option(fc.nat({ max: 45 }), { nil: undefined, freq: 2 }),
  countLimit: fc.integer({ min: 1, max: 50 }),
  fold: fc.boolean(),
});

describe(`orders connection: creation, fill and good-till date filters on ${driver}`, () => {
  let ts: TestServer;
  let users: number[] = [];

  beforeAll(async () => {
    ts = await startTestServer();
    users = (await ts.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 3')).map((r) => Number(r.id));
    // the demo's orders and what refers to them, once; each case then deletes only its own orders
    await ts.db.query('TRUNCATE orders CASCADE');
  });
  afterAll(() => ts?.close());

  /** Replaces every order with these, in two statements (the blocks then hold several rows each until folded): their ids. */
  async function load(orders: readonly GeneratedOrder[], fold: boolean): Promise<number[]> {
    // DELETE, not TRUNCATE: a TRUNCATE makes new files for orders and every table referring to it,
    // tens of milliseconds a case on PostgreSQL; the delete triggers keep the counters and books, and
    // the blocks are emptied as the truncate trigger empties them
    await ts.db.query('DELETE FROM orders');
    await ts.db.query('DELETE FROM order_created_blocks');
    await ts.db.query('DELETE FROM order_created_spans');
    const [top] = await ts.db.query<{ n: string }>("SELECT nextval('orders_id_seq') AS n");
    let id = Number(top!.n);
    const ids = orders.map((o) => (id += o.gap));
    const half = Math.ceil(orders.length / 2);
    for (const part of [orders.slice(0, half), orders.slice(half)]) {
      if (part.length === 0) continue;
      const at = orders.indexOf(part[0]!);
      await ts.db.query(
        `INSERT INTO orders (id, execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, created_at, filled_at, good_till_date)
         SELECT i, 'BOUNDS-' || i, u, 'BUY', 'MARKET', s, 'XAU/MYR', 'MYR', 1, c, f, g
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::date[]) AS t(i, u, s, c, f, g)`,
        [
          ids.slice(at, at + part.length),
          part.map((o) => users[o.user]!),
          part.map((o) => o.status),
          part.map((o) => at_(o.minutes)),
          part.map((o) => (o.filled === undefined || o.fillLater ? null : at_(o.filled))),
          part.map((o) => (o.goodTill === undefined ? null : day_(o.goodTill))),
        ],
      );
    }
    // the fills that come later, in one statement as the engine's
    const later = orders.flatMap((o, k) => (o.filled !== undefined && o.fillLater ? [{ id: ids[k]!, at: at_(o.filled) }] : []));
    if (later.length > 0) {
      await ts.db.query('UPDATE orders SET filled_at = t.f FROM unnest($1::bigint[], $2::timestamptz[]) AS t(i, f) WHERE orders.id = t.i', [later.map((l) => l.id), later.map((l) => l.at)]);
    }
    await ts.db.query(`SELECT setval('orders_id_seq', $1)`, [id + 1]);
    if (fold) await ts.db.transaction((tx) => foldCreatedBlocks(tx));
    return ids;
  }

  it('a good-till day holding more orders than a page gives its newest page, then the one before, and says more lie beyond', async () => {
    const orders = Array.from({ length: 7 }, (_, k): GeneratedOrder => ({ gap: 1, minutes: k, status: 'CREATED', user: 0, fillLater: false, goodTill: k === 6 ? 9 : 2 }));
    const ids = await load(orders, false);
    const f: OrderFilter = { goodTill: { from: day_(1), to: day_(3) } };
    const newest = await connectionRead(ts.db, f, { size: 2, backward: true, after: null, before: null }, 100, null);
    expect(newest.rows.map((r) => Number(r.id))).toEqual([ids[5], ids[4], ids[3]]);
    expect(newest.total).toBe(6);
    const earlier = await connectionRead(ts.db, f, { size: 2, backward: true, after: null, before: ids[4]! }, 100, { cond: '>=', id: ids[4]! });
    expect(earlier.rows.map((r) => Number(r.id))).toEqual([ids[3], ids[2], ids[1]]);
    expect(earlier.beyond).toBe(true);
  });

  it('a page, its total and the probe beyond its cursor equal a plain ORDER BY id query, whatever order the clocks gave the ids, however late orders filled and whatever good-till days people chose', async () => {
    await fc.assert(
      fc.asyncProperty(ordersArb, filterArb, pageArb, async (orders, filter, page) => {
        const ids = await load(orders, page.fold);
        const f: OrderFilter = {
          ...(filter.from === undefined ? {} : { createdFrom: new Date(BASE + filter.from * MINUTE) }),
          ...(filter.before === undefined ? {} : { createdBefore: new Date(BASE + filter.before * MINUTE) }),
          ...(filter.statuses === undefined ? {} : { statuses: filter.statuses }),
          ...(filter.user === undefined ? {} : { userId: users[filter.user]! }),
          ...(filter.filled === undefined ? {} : { filled: { from: new Date(BASE + filter.filled[0] * MINUTE), before: new Date(BASE + (filter.filled[0] + filter.filled[1]) * MINUTE) } }),
          ...(filter.goodTill === undefined ? {} : { goodTill: { from: day_(filter.goodTill[0]), to: day_(filter.goodTill[0] + filter.goodTill[1]) } }),
        };
        const after = page.after === undefined ? null : (ids[page.after] ?? ids.at(-1)! + 1);
        const before = page.before === undefined ? null : (ids[page.before] ?? ids.at(-1)! + 1);
        const beyond = after !== null ? { cond: '<=' as const, id: after } : before !== null ? { cond: '>=' as const, id: before } : null;

        const read = await connectionRead(ts.db, f, { size: page.size, backward: page.backward, after, before }, page.countLimit, beyond, {
          concurrentCount: driver === 'postgres',
        });

        // the same question as the plainest SQL asks it
        const where: string[] = [];
        const values: unknown[] = [];
        const add = (clause: (n: string) => string, value: unknown) => {
          values.push(value);
          where.push(clause(`$${values.length}`));
        };
        if (f.createdFrom) add((n) => `created_at >= ${n}`, f.createdFrom);
        if (f.createdBefore) add((n) => `created_at < ${n}`, f.createdBefore);
        if (f.statuses) add((n) => `status = ANY(${n}::text[])`, f.statuses);
        if (f.userId !== undefined) add((n) => `user_id = ${n}`, f.userId);
        if (f.filled) {
          add((n) => `filled_at >= ${n}`, f.filled.from);
          add((n) => `filled_at < ${n}`, f.filled.before);
        }
        if (f.goodTill) {
          add((n) => `good_till_date >= ${n}::date`, f.goodTill.from);
          add((n) => `good_till_date <= ${n}::date`, f.goodTill.to);
        }
        const matching = (await ts.db.query<{ id: string }>(`SELECT id FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`, values)).map((r) => Number(r.id));
        const inPage = matching.filter((id) => (after === null || id > after) && (before === null || id < before));
        const expected = page.backward ? inPage.reverse().slice(0, page.size + 1) : inPage.slice(0, page.size + 1);

        expect(read.rows.map((r) => Number(r.id))).toEqual(expected);
        const onlyStatuses = f.createdFrom === undefined && f.createdBefore === undefined && f.userId === undefined && f.filled === undefined && f.goodTill === undefined;
        expect(read.total).toBe(onlyStatuses ? matching.length : Math.min(matching.length, page.countLimit));
        expect(read.beyond).toBe(beyond === null ? false : matching.some((id) => (beyond.cond === '<=' ? id <= beyond.id : id >= beyond.id)));
      }),
      { numRuns: 100 },
    );
  });
});
