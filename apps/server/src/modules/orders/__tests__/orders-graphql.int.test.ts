import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, DISPLAY_STATUSES, statusesForFilter } from '@aurum/domain/orders/order-status';
import { ORDER_CURRENCIES, ORDER_SIDES, ORDER_TYPES } from '@aurum/domain/orders/order-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { pascalSpelling } from '../order-graphql.ts';

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
    // no job is started: the order engine would fill, settle or expire the fixtures under the test
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

  type GqlError = { message: string; extensions: { code: number; context: string | null } };
  const gql = async (variables: Record<string, unknown>, query = QUERY) =>
    api.call<{ data?: { adminOrdersConnection: Page } | null; errors?: GqlError[] }>('POST', URL, { token: jwt, body: { query, variables } });
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

  it('answers two values of one filter shape each with its own rows (the statement is compiled once per shape, its values bound per call)', async () => {
    const pick = (f: (i: number) => boolean) => ids.filter((_id, i) => f(i));
    // each pair: the same filters present, different values; asked in turn, then the first again
    const pairs: Array<[Record<string, unknown>, number[], Record<string, unknown>, number[]]> = [
      [{ userCondition: 'UserId', userInput: String(users.kumar) }, pick((i) => i % 2 === 1), { userCondition: 'UserId', userInput: String(users.aminah) }, pick((i) => i % 2 === 0)],
      [{ userCondition: 'UserName', userInput: 'MIN' }, pick((i) => i % 2 === 0), { userCondition: 'UserName', userInput: 'kum' }, pick((i) => i % 2 === 1)],
      [{ action: 'Sell' }, pick((i) => i % 4 === 0), { action: 'Buy' }, pick((i) => i % 4 !== 0)],
      [{ orderId: ids[3] }, [ids[3]!], { orderId: ids[7] }, [ids[7]!]],
      [{ status: ['Created', 'Paid'] }, pick((i) => i % 7 === 0 || i % 7 === 4), { status: ['Filled'] }, pick((i) => i % 7 === 1)],
      [{ orderType: 'OffLine' }, pick((i) => i % 3 === 2), { orderType: 'Market' }, pick((i) => i % 3 === 0)],
      [{ createdAfter: '2030-01-05', createdBefore: '2030-01-07' }, pick((i) => i >= 4 && i <= 6), { createdAfter: '2030-01-10', createdBefore: '2030-01-11' }, pick((i) => i >= 9 && i <= 10)],
      [{ filledAt: ['2030-01-03'] }, pick((i) => i === 2), { filledAt: ['2030-01-05'] }, pick((i) => i === 4)],
      [{ goodTillDate: ['2030-02-02', '2030-02-03'] }, pick((i) => i % 3 === 1 && (i % 9 === 1 || i % 9 === 2)), { goodTillDate: ['2030-02-05', '2030-02-09'] }, pick((i) => i % 3 === 1 && i % 9 >= 4)],
      [{ symbol: 'xau/usd' }, pick((i) => i % 5 === 0), { symbol: 'XAU/MYR' }, pick((i) => i % 5 !== 0)],
      [{ currency: 'Usd' }, pick((i) => i % 5 === 0), { currency: 'Myr' }, pick((i) => i % 5 !== 0)],
      [{ quantity: '2.5' }, pick((i) => i % 6 === 0), { quantity: '1' }, pick((i) => i % 6 !== 0)],
      [
        { action: 'Buy', currency: 'Myr', userCondition: 'UserId', userInput: String(users.aminah) },
        pick((i) => i % 2 === 0 && i % 4 !== 0 && i % 5 !== 0),
        { action: 'Sell', currency: 'Usd', userCondition: 'UserId', userInput: String(users.aminah) },
        pick((i) => i % 4 === 0 && i % 5 === 0),
      ],
    ];
    for (const [a, rowsA, b, rowsB] of pairs) {
      expect(rowsA, JSON.stringify(a)).not.toEqual(rowsB);
      for (const [variables, expected] of [[a, rowsA], [b, rowsB], [a, rowsA]] as const) {
        const p = await page({ first: 100, ...variables });
        expect(idsOf(p), JSON.stringify(variables)).toEqual(expected);
        expect(p.totalCount, JSON.stringify(variables)).toBe(expected.length);
      }
    }
    // the page size and the cursor are bound per call too
    const three = await page({ first: 3, action: 'Buy' });
    const five = await page({ first: 5, action: 'Buy' });
    expect(idsOf(three)).toEqual(pick((i) => i % 4 !== 0).slice(0, 3));
    expect(idsOf(five)).toEqual(pick((i) => i % 4 !== 0).slice(0, 5));
    const afterThree = await page({ first: 3, after: three.pageInfo.endCursor, action: 'Buy' });
    const afterFive = await page({ first: 3, after: five.pageInfo.endCursor, action: 'Buy' });
    expect(idsOf(afterThree)).toEqual(pick((i) => i % 4 !== 0).slice(3, 6));
    expect(idsOf(afterFive)).toEqual(pick((i) => i % 4 !== 0).slice(5, 8));
  });

  it('answers errors in GraphQL form: bad variables, bad cursors, limits, depth, syntax; 401 without a token', async () => {
    const tooMany = await gql({ first: 1001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors![0]).toMatchObject({ extensions: { code: 1001, context: 'first' } });
    expect(tooMany.body.data).toBeNull();
    expect((await gql({ first: 1, last: 1 })).body.errors![0]!.message).toContain('not both');
    expect((await gql({ after: 'bm9wZQ' })).body.errors![0]!.message).toContain('Invalid cursor');
    expect((await gql({ userCondition: 'UserId', userInput: 'abc' })).body.errors![0]!.message).toContain('user id');
    const badEnum = await gql({ status: ['Nope'] });
    expect(badEnum.status).toBe(400);
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

  it('filters by every server status as the console maps it (SCREAMING_CASE), exactly as by the PascalCase spelling', async () => {
    // a refunded order too, so that every status of SPEC.md §4 has an order (removed at the end)
    const [extra] = await ts.db.query<{ id: number }>(
      `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, is_custom, created_at)
       VALUES ('GQLREFUND', $1, 'BUY', 'MARKET', 'REFUNDED', 'XAU/MYR', 'MYR', '1.0000', false, now()) RETURNING id`,
      [users.aminah],
    );
    try {
      const dbIds = async (where: string, args: unknown[]) => (await ts.db.query<{ id: number }>(`SELECT id FROM orders WHERE ${where} ORDER BY id`, args)).map((r) => r.id);
      for (const status of ORDER_STATUSES) {
        const screaming = await page({ first: 100, status: [status] });
        const pascal = await page({ first: 100, status: [pascalSpelling(status)] });
        const expected = await dbIds('status = $1', [status]);
        expect(expected.length, status).toBeGreaterThan(0);
        expect(idsOf(screaming), status).toEqual(expected);
        expect(idsOf(pascal), status).toEqual(expected);
        expect(screaming.totalCount).toBe(expected.length);
        // answers keep the server spelling
        for (const e of screaming.edges) expect(e.node.status).toBe(status);
      }
      // the console's filter mapping (SPEC.md §4): each display status sends its server statuses
      for (const display of DISPLAY_STATUSES) {
        const statuses = statusesForFilter([display]);
        expect(idsOf(await page({ first: 100, status: statuses })), display).toEqual(await dbIds('status = ANY($1::text[])', [statuses]));
      }
      // the list's modes send several, and the spellings mix
      expect(idsOf(await page({ first: 100, status: ['CREATED', 'Filled', 'SETTLED', 'Overdue'] }))).toEqual(
        await dbIds("status IN ('CREATED', 'FILLED', 'SETTLED', 'OVERDUE')", []),
      );
    } finally {
      await ts.db.query('DELETE FROM orders WHERE id = $1', [extra!.id]);
    }
  });

  it("gives each node the same timeline as the order's own page (read in the page's statement), microseconds and time zones included", async () => {
    const id = ids[3]!;
    // a date with microseconds, written in another zone, and a secondary date: the page reads them as JSON text
    await ts.db.query(
      "INSERT INTO order_timeline (order_id, action, date, secondary_date) VALUES ($1, 'FILLED', '2030-01-04 09:30:15.123987+08', '2030-01-05 00:00:00.000999+00')",
      [id],
    );
    const r = await gql({ orderId: id }, '{ adminOrdersConnection(orderId: ' + id + ') { edges { node { timeline { id action date secondaryDate } } } } }');
    expect(r.status, r.text).toBe(200);
    const fromPage = (r.body.data as unknown as { adminOrdersConnection: { edges: Array<{ node: { timeline: unknown[] } }> } }).adminOrdersConnection.edges[0]!.node.timeline;
    const own = await api.call<{ timeline: unknown[] }>('GET', `/v0/web/secure/order/${id}`, { token: jwt });
    expect(own.status, own.text).toBe(200);
    expect(fromPage).toHaveLength(2);
    expect(fromPage).toEqual(own.body.timeline);
    expect(fromPage[1]).toMatchObject({ action: 'FILLED', date: '2030-01-04T01:30:15.123Z', secondaryDate: '2030-01-05T00:00:00.000Z' });
  });

  it('takes orderType, currency, action and userCondition in the server spelling and in PascalCase alike', async () => {
    const both = async (name: string, value: string, expected: number[], field?: keyof Page['edges'][number]['node']) => {
      const screaming = await page({ first: 100, [name]: value });
      const pascal = await page({ first: 100, [name]: pascalSpelling(value) });
      expect(expected.length, `${name} ${value}`).toBeGreaterThan(0);
      expect(idsOf(screaming), `${name} ${value}`).toEqual(expected);
      expect(idsOf(pascal), `${name} ${pascalSpelling(value)}`).toEqual(expected);
      if (field) for (const e of pascal.edges) expect(e.node[field]).toBe(value);
    };
    const pick = (f: (i: number) => boolean) => ids.filter((_id, i) => f(i));
    const typeIndex = { MARKET: 0, LIMIT: 1, OFF_LINE: 2 } as const;
    for (const type of ORDER_TYPES) await both('orderType', type, pick((i) => i % 3 === typeIndex[type]), 'orderType');
    for (const currency of ORDER_CURRENCIES) await both('currency', currency, pick((i) => (i % 5 === 0) === (currency === 'USD')), 'currency');
    for (const side of ORDER_SIDES) await both('action', side, pick((i) => (i % 4 === 0) === (side === 'SELL')), 'action');
    const byId = { userCondition: 'USER_ID', userInput: String(users.kumar) };
    expect(idsOf(await page({ first: 100, ...byId }))).toEqual(pick((i) => i % 2 === 1));
    expect(idsOf(await page({ first: 100, ...byId, userCondition: 'UserId' }))).toEqual(pick((i) => i % 2 === 1));
    expect(idsOf(await page({ first: 100, userCondition: 'USER_NAME', userInput: 'kum' }))).toEqual(pick((i) => i % 2 === 1));
    // the schema says so: both spellings are members of the enums
    const intro = await gql({}, '{ t: __type(name: "OrderTypeFilter") { enumValues { name description } } c: __type(name: "Currency") { enumValues { name } } }');
    const names = (intro.body.data as unknown as { t: { enumValues: Array<{ name: string }> }; c: { enumValues: Array<{ name: string }> } });
    expect(names.t.enumValues.map((v) => v.name).sort()).toEqual(['LIMIT', 'Limit', 'MARKET', 'Market', 'OFF_LINE', 'OffLine']);
    expect(names.c.enumValues.map((v) => v.name).sort()).toEqual(['MYR', 'Myr', 'USD', 'Usd']);
  });

  it('carries the catalogue code and context in every error, 400 for bad input and never 500', async () => {
    const failed = (r: Awaited<ReturnType<typeof gql>>, status: number, code: number, context: string | null) => {
      expect(r.status, r.text).toBe(status);
      expect(r.body.errors!.length, r.text).toBeGreaterThan(0);
      expect(r.body.errors![0]!.extensions, r.text).toMatchObject({ code, context });
      // the REST error contract beside it: what the console's client reads from a failed call
      expect(r.body, r.text).toMatchObject({ code, context });
    };
    // wrong enum values and wrong types in variables: 1001 with the variable's path
    failed(await gql({ status: ['Nope'] }), 400, 1001, 'status.0');
    failed(await gql({ status: ['CREATED', 'created'] }), 400, 1001, 'status.1');
    failed(await gql({ orderType: 'OFFLINE' }), 400, 1001, 'orderType');
    failed(await gql({ currency: 'myr' }), 400, 1001, 'currency');
    failed(await gql({ first: 'ten' }), 400, 1001, 'first');
    failed(await gql({ orderId: 1.5 }), 400, 1001, 'orderId');
    failed(await gql({ filledAt: [7] }), 400, 1001, 'filledAt.0');
    const custom = (v: string) => `query Q(${v}) { adminOrdersConnection(status: $s) { totalCount } }`;
    failed(await gql({}, custom('$s: [OrderStatus!]!')), 400, 1001, 's');
    failed(await gql({ s: null }, custom('$s: [OrderStatus!]!')), 400, 1001, 's');
    failed(await gql({ s: [null] }, custom('$s: [OrderStatus!]')), 400, 1001, 's.0');
    // the document: a wrong literal names its argument, a variable of the wrong type names the variable
    failed(await gql({}, '{ adminOrdersConnection(status: [Nope]) { totalCount } }'), 400, 1001, 'status');
    failed(await gql({}, '{ adminOrdersConnection(first: "ten") { totalCount } }'), 400, 1001, 'first');
    failed(await gql({ s: ['CREATED'] }, custom('$s: [String!]')), 400, 1001, 's');
    failed(await gql({}, '{ adminOrdersConnection { nope } }'), 400, 1001, 'query');
    failed(await gql({}, '{ adminOrdersConnection { edges '), 400, 1000, 'Syntax Error: Expected Name, found <EOF>.');
    // arguments the resolver refuses
    failed(await gql({ after: 'bm9wZQ' }), 400, 1001, 'after');
    failed(await gql({ filledAt: ['2030-13-45'] }), 400, 1001, 'filledAt');
    failed(await gql({ quantity: 'lots' }), 400, 1001, 'quantity');
    // values JavaScript reads but PostgreSQL would refuse are refused first, never a 500
    failed(await gql({ goodTillDate: ['2030-02-30'] }), 400, 1001, 'goodTillDate');
    failed(await gql({ createdAfter: '-100000-01-01T00:00:00Z' }), 400, 1001, 'createdAfter');
    failed(await gql({ createdBefore: '0000-01-01' }), 400, 1001, 'createdBefore');
    // dates outside the product calendar (decision 0111): refused naming the argument, the calendar in the detail
    const calendar = { rule: 'calendar', first: '2000-01-01', last: '2100-12-31' };
    for (const [variables, argument] of [
      [{ createdAfter: '9999-12-31' }, 'createdAfter'],
      [{ createdBefore: '0001-01-01T00:00:00Z' }, 'createdBefore'],
      [{ filledAt: ['2026-01-01', '2101-01-01'] }, 'filledAt'],
      [{ goodTillDate: ['1999-12-31'] }, 'goodTillDate'],
    ] as const) {
      const r = await gql(variables);
      failed(r, 400, 1001, argument);
      expect(r.body.errors![0]!.extensions, r.text).toMatchObject({ detail: calendar });
    }
    // the body itself
    const post = (options: Parameters<typeof api.call>[2]) => api.call<{ errors?: GqlError[] }>('POST', URL, { token: jwt, ...options });
    failed(await post({ raw: '{"query": ' }), 400, 1000, 'Malformed JSON body');
    failed(await post({ raw: '<query/>', headers: { 'content-type': 'application/xml' } }), 415, 1000, 'Unsupported content type');
    failed(await post({ raw: 'query', headers: { 'content-type': 'text/plain' } }), 400, 1001, 'body');
    failed(await post({ body: { variables: {} } }), 400, 1001, 'query');
    failed(await post({ body: { query: QUERY, variables: [1] } }), 400, 1001, 'variables');
    failed(await post({ body: { query: QUERY, operationName: 'Other' } }), 400, 1001, 'operationName');
    const nul = await post({ body: { query: QUERY, variables: { userInput: 'a\u0000b' } } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors![0]!.extensions).toMatchObject({ code: 1001, context: 'variables.userInput' });
    // a good call after all that
    expect((await page({ first: 1 })).totalCount).toBe(25);
  });

  it('answers an authentication failure 401 with its code in the GraphQL errors too (the console refreshes on 401)', async () => {
    const bare = await api.call<{ errors: GqlError[] }>('POST', URL, { body: { query: QUERY } });
    expect(bare.status).toBe(401);
    expect(bare.body.code).toBe(1152);
    expect(bare.body.errors[0]!.extensions).toEqual({ code: 1152, context: bare.body.context });
    expect(bare.body.errors[0]!.message).toBe(bare.body.context);
    const forged = await api.call<{ errors: GqlError[] }>('POST', URL, { token: 'not.a.token', body: { query: QUERY } });
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0]!.extensions.code).toBe(1152);
    // a session ended meanwhile: the same 401, so the console's one refresh and retry still happen
    const who = ts.demo.byRole.none!;
    const other = (await api.login(who.username, who.password)).body.jwt;
    expect((await api.logout(other)).status).toBe(200);
    const ended = await api.call<{ errors: GqlError[] }>('POST', URL, { token: other, body: { query: QUERY, variables: { first: 1 } } });
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ code: 1152, errors: [{ extensions: { code: 1152 } }] });
  });
});
