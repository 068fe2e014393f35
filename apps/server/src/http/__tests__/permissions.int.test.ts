import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@aurum/domain/access/roles';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client, roleTokens } from '../../testing/client.ts';
import { SECURE_ROOT, allows, registeredRoutes, type RouteInfo } from '../route.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Generated from the route registry: every change under the secure root, called by the demo admin
 * of every role with an empty body and the ids of existing rows. Exactly the roles DECISIONS.md §8
 * grants (the domain's can()) get past the permission; the others get 403 (1150), and each refused
 * attempt writes one 'access.denied' audit row. A route declared without a permission cannot even
 * be registered (route() throws, so the server would not start).
 */
describe(`every change under ${SECURE_ROOT} checks its permission, for every role, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let changes: RouteInfo[];
  const ids: Record<string, string> = {};

  const tokenOf = roleTokens(() => ts);

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    changes = registeredRoutes(ts.app).filter((r) => r.url.startsWith(`${SECURE_ROOT}/`) && r.method !== 'GET' && !r.readOnly);
    // rows of their own for the path ids: the granted roles really change them
    const [user] = await ts.db.query<{ id: number }>(
      "INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('permtarget', 'permtarget@example.com', '65', '80000001') RETURNING id",
    );
    await ts.db.query(
      "INSERT INTO bank_accounts (user_id, bank_name, account_owner, account_number) VALUES ($1, 'Test Bank', 'Perm Target', '1234567')",
      [user!.id],
    );
    const [admin] = await ts.db.query<{ id: number }>(
      "INSERT INTO admins (username, email, role, password_hash) VALUES ('permadmin', 'permadmin@aurum.example', 'none', 'x') RETURNING id",
    );
    const [holiday] = await ts.db.query<{ id: number }>("INSERT INTO holidays (name, date) VALUES ('Perm Day', '2031-01-02') RETURNING id");
    const [order] = await ts.db.query<{ id: number }>(
      "INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, amount) VALUES ('PERM1', $1, 'BUY', 'MARKET', 'FILLED', 'XAU/MYR', 'MYR', 1, 300) RETURNING id",
      [user!.id],
    );
    const [request] = await ts.db.query<{ id: number }>(
      "INSERT INTO payment_requests (action, method, type, amount, user_id) VALUES ('deposit', 'bankTransfer', 'MYR', 1, $1) RETURNING id",
      [user!.id],
    );
    Object.assign(ids, { userId: String(user!.id), adminId: String(admin!.id), id: String(holiday!.id), metal: 'xau', orderId: String(order!.id), requestId: String(request!.id) });
  });
  afterAll(() => ts?.close());

  const pathOf = (url: string) => url.replace(/:([A-Za-z]+)/g, (_m, name: string) => ids[name] ?? '1');

  it('finds the changes in the registry, each with a permission', () => {
    expect(changes.length).toBeGreaterThanOrEqual(25);
    for (const r of changes) {
      expect(r.permission, `${r.method} ${r.url}`).not.toBeNull();
      expect(r.auth, `${r.method} ${r.url}`).toBe('admin');
      expect(r.audit, `${r.method} ${r.url} is audited`).not.toBeNull();
    }
    for (const url of ['/user/create', '/user/:userId/bank/approve', '/admin/:adminId', '/user/fee/update_all']) {
      expect(changes.map((r) => r.url)).toContain(`${SECURE_ROOT}${url}`);
    }
  });

  it('grants exactly the roles of DECISIONS.md §8 and audits every refusal', async () => {
    const problems: string[] = [];
    for (const r of changes) {
      for (const role of ADMIN_ROLES) {
        const token = await tokenOf(role);
        const [{ n: deniedBefore }] = (await ts.db.query<{ n: number }>(
          "SELECT count(*) AS n FROM audit_log WHERE action = 'access.denied'",
        )) as [{ n: number }];
        const answer = await api.call(r.method, pathOf(r.url), { token, body: {} });
        const granted = allows({ role }, r.permission!); // one permission, or any of a list (the inbox's decisions)
        const label = `${role} ${r.method} ${r.url} (${r.permission}) -> ${answer.status} ${answer.text}`;
        if (answer.status === 401) problems.push(`${label}: not signed in`);
        const denied = await ts.db.query<{ username: string; detail: Record<string, unknown> }>(
          "SELECT username, detail FROM audit_log WHERE action = 'access.denied' ORDER BY id OFFSET $1",
          [deniedBefore],
        );
        if (granted) {
          if (answer.status === 403 && answer.body?.context === null) problems.push(`${label}: granted but refused`);
          if (denied.length !== 0) problems.push(`${label}: granted but audited as denied`);
        } else {
          if (answer.status !== 403 || answer.body?.code !== 1150) problems.push(`${label}: not refused`);
          const row = denied[0];
          if (denied.length !== 1 || row?.username !== ts.demo.byRole[role]!.username || row.detail.route !== `${r.method} ${r.url}` || JSON.stringify(row.detail.permission) !== JSON.stringify(r.permission)) {
            problems.push(`${label}: refusal not audited once (${JSON.stringify(denied)})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
