import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const URL = '/v0/web/secure/graphql';
const QUERY = `query OrdersConnection($first: Int, $last: Int, $after: String, $before: String, $userCondition: UserCondition, $userInput: String,
  $action: OrderAction, $orderId: Int, $status: [OrderStatus!], $orderType: OrderTypeFilter, $createdAfter: String, $createdBefore: String,
  $filledAt: [String!], $goodTillDate: [String!], $symbol: String, $currency: Currency, $quantity: String) {
  adminOrdersConnection(first: $first, last: $last, after: $after, before: $before, userCondition: $userCondition, userInput: $userInput,
    action: $action, orderId: $orderId, status: $status, orderType: $orderType, createdAfter: $createdAfter, createdBefore: $createdBefore,
    filledAt: $filledAt, goodTillDate: $goodTillDate, symbol: $symbol, currency: $currency, quantity: $quantity) {
    edges { cursor node { id userId username status action orderType symbol currency quantityGram quantityOz goodTillDate goodTilDate timeline { action date } } }
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    totalCount
  }
}`;

interface Page {
  edges: Array<{ cursor: string; node: { id: number; userId: number; username: string; status: string; action: string; orderType: string; symbol: string; currency: string; quantityGram: string } }>;
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  totalCount: number;
}

describe(`GraphQL adminOrdersConnection on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt = '';
  const ids: number[] = [];
  let users: { aminah: number; kumar: number };

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    const who = ts.demo.byRole.none!;
    jwt = (await api.login(who.username, who.password)).body.jwt;
    const rows = await ts.db.query<{ id: number; username: string }>("SELECT id, username FROM users WHERE username IN ('aminah', 'kumar')");
    users = { aminah: rows.find((r) => r.username === 'aminah')!.id, kumar: rows.find((r) => r.username === 'kumar')!.id };
    // only this test's orders: the demo orders go (their journal entries stay; this test reads no wallet)
    for (const table of ['order_timeline', 'order_payments', 'order_ledger_entries', 'orders']) await ts.db.query(`DELETE FROM ${table}`);
    const statuses = ['CREATED', 'FILLED', 'SETTLED', 'OVERDUE', 'PAID', 'CANCELED', 'REVERTED'];
    for (let i = 0; i < 25; i++) {
      const type = ['MARKET', 'LIMIT', 'OFF_LINE'][i % 3]!;
      const usd = i % 5 === 0;
      const [r] = await ts.db.query<{ id: number }>(
        `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, limit_price, good_till_date,
                             is_custom, created_at, filled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          `GQL${i}`,
          i % 2 === 0 ? users.aminah : users.kumar,
          i % 4 === 0 ? 'SELL' : 'BUY',
          type,
          statuses[i % statuses.length],
          usd ? 'XAU/USD' : 'XAU/MYR',
          usd ? 'USD' : 'MYR',
          i % 6 === 0 ? '2.5000' : '1.0000',
          type === 'LIMIT' ? '300.000' : null,
          type === 'LIMIT' ? `2030-02-${String(1 + (i % 9)).padStart(2, '0')}` : null,
          type === 'OFF_LINE',
          new Date(Date.parse('2030-01-01T01:00:00Z') + i * 86_400_000),
          i % 7 === 0 ? null : new Date(Date.parse('2030-01-01T02:00:00Z') + i * 86_400_000),
        ],
      );
      ids.push(r!.id);
      await ts.db.query("INSERT INTO order_timeline (order_id, action, date) VALUES ($1, 'ORDER', now())", [r!.id]);
    }
  });
  afterAll(() => ts?.close());

  const gql = async (variables: Record<string, unknown>, query = QUERY) => api.call<{ data: { adminOrdersConnection: Page } | null; errors?: Array<{ message: string; extensions: { code: string } }> }>('POST', URL, { token: jwt, body: { query, variables } });
  const page = async (variables: Record<string, unknown>) => {
    const r = await gql(variables);
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    return r.body.data!.adminOrdersConnection;
  };
  const idsOf = (p: Page) => p.edges.map((e) => e.node.id);

  it('pages forward with first/after and backward with last/before, by keyset', async () => {
    const seen: number[] = [];
    let p = await page({ first: 10 });
    expect(p.totalCount).toBe(25);
    expect(p.pageInfo.hasPreviousPage).toBe(false);
    seen.push(...idsOf(p));
    while (p.pageInfo.hasNextPage) {
      p = await page({ first: 10, after: p.pageInfo.endCursor });
      expect(p.pageInfo.hasPreviousPage).toBe(true);
      seen.push(...idsOf(p));
    }
    expect(seen).toEqual(ids);
    // backward from the end: the newest page first, in ascending order within the page
    const back: number[][] = [];
    let q = await page({ last: 10 });
    expect(q.pageInfo.hasNextPage).toBe(false);
    back.push(idsOf(q));
    while (q.pageInfo.hasPreviousPage) {
      q = await page({ last: 10, before: q.pageInfo.startCursor });
      expect(q.pageInfo.hasNextPage).toBe(true);
      back.push(idsOf(q));
    }
    expect(back.reverse().flat()).toEqual(ids);
    expect(back[0]).toEqual(ids.slice(0, 5));
  });

  it('filters by every variable', async () => {
    const rows = await ts.db.query<{ id: number }>('SELECT id FROM orders ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(ids);
    const check = async (variables: Record<string, unknown>, expected: number[]) => {
      const p = await page({ first: 100, ...variables });
      expect(idsOf(p), JSON.stringify(variables)).toEqual(expected);
      expect(p.totalCount).toBe(expected.length);
    };
    const pick = (f: (i: number) => boolean) => ids.filter((_id, i) => f(i));
    await check({ userCondition: 'UserId', userInput: String(users.kumar) }, pick((i) => i % 2 === 1));
    await check({ userCondition: 'UserName', userInput: 'MIN' }, pick((i) => i % 2 === 0));
    await check({ userCondition: 'UserName', userInput: '%' }, []);
    await check({ action: 'Sell' }, pick((i) => i % 4 === 0));
    await check({ orderId: ids[3] }, [ids[3]!]);
    await check({ status: ['Created', 'Paid'] }, pick((i) => i % 7 === 0 || i % 7 === 4));
    await check({ status: [] }, []);
    await check({ orderType: 'OffLine' }, pick((i) => i % 3 === 2));
    await check({ orderType: 'Limit' }, pick((i) => i % 3 === 1));
    await check({ createdAfter: '2030-01-05', createdBefore: '2030-01-07' }, pick((i) => i >= 4 && i <= 6));
    await check({ createdAfter: '2030-01-05T01:00:00Z' }, pick((i) => i >= 4));
    await check({ filledAt: ['2030-01-03'] }, pick((i) => i === 2));
    await check({ filledAt: ['2030-01-01', '2030-01-10'] }, pick((i) => i <= 9 && i % 7 !== 0));
    await check({ goodTillDate: ['2030-02-02', '2030-02-03'] }, pick((i) => i % 3 === 1 && (i % 9 === 1 || i % 9 === 2)));
    await check({ symbol: 'xau/usd' }, pick((i) => i % 5 === 0));
    await check({ currency: 'Usd' }, pick((i) => i % 5 === 0));
    await check({ quantity: '2.5' }, pick((i) => i % 6 === 0));
    await check({ action: 'Buy', currency: 'Myr', userCondition: 'UserId', userInput: String(users.aminah) }, pick((i) => i % 2 === 0 && i % 4 !== 0 && i % 5 !== 0));
    // filters hold across pages
    const first = await page({ first: 2, action: 'Buy' });
    const second = await page({ first: 2, after: first.pageInfo.endCursor, action: 'Buy' });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(pick((i) => i % 4 !== 0).slice(0, 4));
    // a date range pages by keyset too (read through its own index, then the page sorted by id)
    const range = { createdAfter: '2030-01-04', createdBefore: '2030-01-20', status: ['Filled', 'Settled', 'Overdue', 'Paid'] };
    const inRange = pick((i) => i >= 3 && i <= 19 && [1, 2, 3, 4].includes(i % 7));
    const forward: number[] = [];
    let f = await page({ first: 3, ...range });
    expect(f.pageInfo.hasPreviousPage).toBe(false);
    forward.push(...idsOf(f));
    while (f.pageInfo.hasNextPage) {
      f = await page({ first: 3, after: f.pageInfo.endCursor, ...range });
      expect(f.pageInfo.hasPreviousPage).toBe(true);
      forward.push(...idsOf(f));
    }
    expect(forward).toEqual(inRange);
    const backward: number[][] = [];
    let b = await page({ last: 3, ...range });
    expect(b.pageInfo.hasNextPage).toBe(false);
    backward.push(idsOf(b));
    while (b.pageInfo.hasPreviousPage) {
      b = await page({ last: 3, before: b.pageInfo.startCursor, ...range });
      expect(b.pageInfo.hasNextPage).toBe(true);
      backward.push(idsOf(b));
    }
    expect(backward.reverse().flat()).toEqual(inRange);
    expect(b.totalCount).toBe(inRange.length);
  });

  it('answers errors in GraphQL form: bad variables, bad cursors, limits, depth, syntax; 401 without a token', async () => {
    const tooMany = await gql({ first: 1001 });
    expect(tooMany.status).toBe(200);
    expect(tooMany.body.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(tooMany.body.data).toBeNull();
    expect((await gql({ first: 1, last: 1 })).body.errors![0]!.message).toContain('not both');
    expect((await gql({ after: 'bm9wZQ' })).body.errors![0]!.message).toContain('Invalid cursor');
    expect((await gql({ userCondition: 'UserId', userInput: 'abc' })).body.errors![0]!.message).toContain('user id');
    const badEnum = await gql({ status: ['Nope'] });
    expect(badEnum.status).toBe(200);
    expect(badEnum.body.errors!.length).toBeGreaterThan(0);
    const syntax = await gql({}, '{ adminOrdersConnection { edges ');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors![0]!.message).toContain('Syntax Error');
    const unknown = await gql({}, '{ adminOrdersConnection { nope } }');
    expect(unknown.status).toBe(400);
    const deep = await gql({}, '{ a: adminOrdersConnection { edges { node { timeline { action } } } } b: __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }');
    expect(deep.status).toBe(400);
    expect(deep.body.errors![0]!.message).toContain('too deep');
    const wide = `{ ${Array.from({ length: 320 }, (_, i) => `f${i}: adminOrdersConnection { totalCount }`).join(' ')} }`;
    const large = await gql({}, wide);
    expect(large.status).toBe(400);
    expect(large.body.errors!.some((e) => e.message.includes('too large'))).toBe(true);
    // introspection is on outside production
    expect((await gql({}, '{ __schema { queryType { name } } }')).body).toMatchObject({ data: { __schema: { queryType: { name: 'Query' } } } });
    expect((await api.call('POST', URL, { body: { query: QUERY } })).status).toBe(401);
  });
});
