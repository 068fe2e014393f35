import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { encodeCursor } from '../order-graphql.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { assertOrderCounts } from '../../../testing/order-counts-check.ts';
import { COUNT_BOUND } from '../order-read-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

/** `n` orders of one user in one statement (the bulk path: one counter row per status it touched). */
const BULK_INSERT = `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram)
  SELECT 'COUNT-' || $3::text || '-' || g, $1, 'BUY', 'MARKET', (ARRAY['PAID', 'CANCELED', 'CREATED'])[1 + g % 3], 'XAU/MYR', 'MYR', 1
    FROM generate_series(1, $2::int) AS g`;

describe(`order counts per status on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt = '';
  let userId = 0;

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    const who = ts.demo.byRole.none!;
    jwt = (await api.login(who.username, who.password)).body.jwt;
    userId = (await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'"))[0]!.id;
  });
  afterAll(() => ts?.close());

  const counted = async () => new Map((await ts.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM orders GROUP BY status')).map((r) => [r.status, r.n]));
  const listCount = async (status: string[] = []) => {
    const r = await api.call<Array<{ status: string; count: number }>>('POST', `${S}/order/list_count`, { token: jwt, body: { status } });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const counterRows = async () => (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_status_counts'))[0]!.n;
  const total = async (variables: Record<string, unknown>) => {
    const r = await api.call<{ data: { adminOrdersConnection: { totalCount: number; totalIsLowerBound: boolean; edges: unknown[] } } }>('POST', `${S}/graphql`, {
      token: jwt,
      body: {
        query: `query Q($status: [OrderStatus!], $userInput: String, $action: OrderAction) {
          adminOrdersConnection(first: 5, status: $status, userInput: $userInput, action: $action) { edges { cursor } totalCount totalIsLowerBound } }`,
        variables,
      },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.data.adminOrdersConnection;
  };

  it('the demo seed is counted, and order/list_count answers from the counters as a count(*) would', async () => {
    const fresh = await counted();
    expect([...fresh.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await listCount()).toEqual(ORDER_STATUSES.map((status) => ({ status, count: fresh.get(status) ?? 0 })));
    expect(await listCount(['PAID', 'CREATED', 'PAID'])).toEqual([
      { status: 'PAID', count: fresh.get('PAID') ?? 0 },
      { status: 'CREATED', count: fresh.get('CREATED') ?? 0 },
    ]);
  });

  it('bulk inserts, status updates and deletes keep the counters exact; an update that keeps the status adds nothing', async () => {
    await ts.db.query(BULK_INSERT, [userId, 30, 'bulk']);
    await assertOrderCounts(ts.db);
    const before = await counterRows();
    await ts.db.query("UPDATE orders SET note = 'touched' WHERE execution_id LIKE 'COUNT-bulk-%'");
    expect(await counterRows()).toBe(before);
    await ts.db.query("UPDATE orders SET status = 'REVERTED' WHERE execution_id LIKE 'COUNT-bulk-%' AND status = 'PAID'");
    await assertOrderCounts(ts.db);
    await ts.db.query("DELETE FROM orders WHERE execution_id LIKE 'COUNT-bulk-%'");
    await assertOrderCounts(ts.db);
    const fresh = await counted();
    expect(await listCount()).toEqual(ORDER_STATUSES.map((status) => ({ status, count: fresh.get(status) ?? 0 })));
  });

  it('the job orderCounts folds the counters to one row per status, the creation blocks to one per block, and the counts stay the same', async () => {
    await ts.db.query(BULK_INSERT, [userId, 9, 'fold']);
    await ts.db.query("UPDATE orders SET status = 'FILLED' WHERE execution_id LIKE 'COUNT-fold-%' AND status = 'CREATED'");
    const answer = await listCount();
    const rows = await counterRows();
    expect(rows).toBeGreaterThan(ORDER_STATUSES.length);
    // and the creation dates' blocks and spans (migration 025) to one row each
    const summaries = async () =>
      (
        await ts.db.query<{ rows: number; keys: number }>(
          'SELECT count(*)::int AS rows, count(DISTINCT block)::int AS keys FROM order_created_blocks UNION ALL SELECT count(*)::int, count(DISTINCT span)::int FROM order_created_spans',
        )
      ).map((r) => ({ rows: r.rows, keys: r.keys }));
    const before = await summaries();
    expect(before.every((t) => t.rows > t.keys)).toBe(true);
    const removed = before.reduce((sum, t) => sum + t.rows - t.keys, 0);
    expect(await ts.app.jobs.get('orderCounts').runOnce()).toBe(rows + removed);
    expect(await summaries()).toEqual(before.map((t) => ({ rows: t.keys, keys: t.keys })));
    const statuses = (await ts.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM order_status_counts GROUP BY status')).map((r) => r.n);
    expect(statuses.every((n) => n === 1)).toBe(true);
    expect(await counterRows()).toBeLessThanOrEqual(ORDER_STATUSES.length);
    expect(await listCount()).toEqual(answer);
    await assertOrderCounts(ts.db);
    // folding folded rows changes nothing
    await ts.app.jobs.get('orderCounts').runOnce();
    expect(await listCount()).toEqual(answer);
  });

  it('the check throws when a counter is wrong', async () => {
    await ts.db.query("INSERT INTO order_status_counts (status, delta) VALUES ('PAID', 1)");
    try {
      await expect(assertOrderCounts(ts.db)).rejects.toThrow(/order counters differ from count\(\*\).*PAID: counted \d+, counters \d+/);
    } finally {
      await ts.db.query("INSERT INTO order_status_counts (status, delta) VALUES ('PAID', -1)");
    }
    // and when a status is missing from the counters altogether
    await ts.db.query("INSERT INTO order_status_counts (status, delta) VALUES ('REFUNDED', 2)");
    try {
      await expect(assertOrderCounts(ts.db)).rejects.toThrow(/REFUNDED: counted 0, counters 2/);
    } finally {
      await ts.db.query("INSERT INTO order_status_counts (status, delta) VALUES ('REFUNDED', -2)");
    }
    await assertOrderCounts(ts.db);
  });

  it('the connection total: exact from the counters for statuses alone, counted up to 10,000 for any other filter, then a lower bound', async () => {
    const fresh = await counted();
    const all = [...fresh.values()].reduce((a, b) => a + b, 0);
    expect(await total({})).toMatchObject({ totalCount: all, totalIsLowerBound: false });
    expect(await total({ status: ['PAID', 'Created'] })).toMatchObject({ totalCount: (fresh.get('PAID') ?? 0) + (fresh.get('CREATED') ?? 0), totalIsLowerBound: false });
    const [buys] = await ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE action = 'BUY'");
    expect(await total({ action: 'BUY' })).toMatchObject({ totalCount: buys!.n, totalIsLowerBound: false });

    // aminah gets more than COUNT_BOUND orders
    await ts.db.query(BULK_INSERT, [userId, COUNT_BOUND + 5, 'many']);
    const [mine] = await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [userId]);
    expect(mine!.n).toBeGreaterThan(COUNT_BOUND);
    const bounded = await total({ userInput: 'aminah' });
    expect(bounded).toMatchObject({ totalCount: COUNT_BOUND, totalIsLowerBound: true });
    expect(bounded.edges).toHaveLength(5);
    // statuses alone stay exact at any size
    expect(await total({})).toMatchObject({ totalCount: all + COUNT_BOUND + 5, totalIsLowerBound: false });
    // exactly COUNT_BOUND matching: exact
    await ts.db.query("DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE user_id = $1 ORDER BY id DESC LIMIT $2)", [userId, mine!.n - COUNT_BOUND]);
    expect(await total({ userInput: 'aminah' })).toMatchObject({ totalCount: COUNT_BOUND, totalIsLowerBound: false });
    await ts.db.query("DELETE FROM orders WHERE execution_id LIKE 'COUNT-many-%'");
  });

  it('an empty page still answers its total (0) and no further pages, counters or bounded count alike', async () => {
    const none = await total({ userInput: 'nobody-has-this-name' });
    expect(none).toMatchObject({ totalCount: 0, totalIsLowerBound: false, edges: [] });
    const fresh = await counted();
    const all = [...fresh.values()].reduce((a, b) => a + b, 0);
    const [newest] = await ts.db.query<{ id: number }>('SELECT max(id)::int AS id FROM orders');
    // past the newest order by cursor: an empty page under the whole total, with orders before it
    const r = await api.call<{ data: { adminOrdersConnection: { totalCount: number; edges: unknown[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean } } } }>('POST', `${S}/graphql`, {
      token: jwt,
      body: {
        query: `query Q($after: String) { adminOrdersConnection(first: 5, after: $after) { edges { cursor } totalCount pageInfo { hasNextPage hasPreviousPage } } }`,
        variables: { after: encodeCursor(newest!.id) },
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.adminOrdersConnection).toEqual({ edges: [], totalCount: all, pageInfo: { hasNextPage: false, hasPreviousPage: true } });
  });
});
