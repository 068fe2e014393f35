import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_HEADERS, type AuditListAnswer, type AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { appendAuditBulk } from '../../../testing/audit-bulk.ts';
import { writeAudit } from '../audit-writer.ts';
import { verifyAuditChain } from '../audit-chain.ts';
import { auditKeyring } from '../audit-keys.ts';
import { parseCsv } from './parse-csv.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
describe(`audit trail: hash chain, list, verify, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt: string;

  /** POST audit_trail/list: the answer (a list) and the paging headers. */
  const list = async (body: unknown, token = jwt, headers: Record<string, string> = {}) => {
    const r = await fetch(`${ts.url}${S}/audit_trail/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    return {
      status: r.status,
      text,
      body: JSON.parse(text) as AuditListAnswer & { code?: number; context?: string | null },
      next: r.headers.get(AUDIT_PAGE_HEADERS.next),
      previous: r.headers.get(AUDIT_PAGE_HEADERS.previous),
    };
  };
  const verify = (token = jwt) => api.call<AuditVerifyAnswer>('GET', `${S}/audit_trail/verify`, { token });

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
    // 30 rows in 2030, one a day from 1 January, cycling through three users and three actions
    await appendAuditBulk(ts.db, 30, {
      start: '2030-01-01T04:00:00Z',
      stepMs: 86_400_000,
      usernames: ['alice', 'Bob_Trader', 'carol'],
      actions: ['holiday.create', 'user.create', 'bank.add'],
    }, ts.config);
  });
  afterAll(() => ts?.close());

  /** Rows whose row_hash is not the keyed hash of the canonical text as SQL (migration 006) renders it. */
  const sqlMismatches = async () => {
    const keys = auditKeyring(ts.config);
    const rows = await ts.db.query<{ id: number; c: string; key_id: string; row_hash: string }>(
      'SELECT id, key_id, row_hash, audit_log_canonical(id, at, admin_id, username, action, detail, device, ip, prev_hash) AS c FROM audit_log ORDER BY id',
    );
    return rows.filter((r) => r.row_hash !== keys.hmac(r.key_id, `${r.c.slice(0, -1)},${JSON.stringify(r.key_id)}]`)).map((r) => r.id);
  };

  it('chains and keys every row: the seed, sign-ins and bulk rows verify, and the SQL canonical text of migration 006 gives the server hash', async () => {
    const r = await verify();
    expect(r.status, r.text).toBe(200);
    expect(r.body.ok).toBe(true);
    const [{ n }] = (await ts.db.query<{ n: number }>('SELECT count(*) AS n FROM audit_log')) as [{ n: number }];
    expect(r.body.checked).toBe(n);
    expect(r.body.head?.hash).toMatch(/^[0-9a-f]{64}$/);
    // a fresh database: the cut-over is its first row, every row is keyed with the (development) key
    expect(r.body.keyed).toEqual({ cutoverId: expect.any(Number), keyId: auditKeyring(ts.config).currentKeyId, rotations: 0 });
    const [first] = await ts.db.query<{ id: number; action: string; detail: unknown }>('SELECT id, action, detail FROM audit_log ORDER BY id LIMIT 1');
    expect(first).toMatchObject({ id: r.body.keyed.cutoverId, action: 'audit.keyCutover', detail: { keyId: r.body.keyed.keyId, algorithm: 'HMAC-SHA256' } });
    expect(await ts.db.query('SELECT id FROM audit_log WHERE key_id IS NULL')).toEqual([]);
    expect(await sqlMismatches()).toEqual([]);
  });

  it('hashes awkward text the same way in the server and in SQL (quotes, escapes, non-ASCII, nulls, numbers)', async () => {
    await ts.db.transaction((tx) =>
      writeAudit(tx, {
        username: 'weird"name\\',
        adminId: null,
        action: 'user.update',
        detail: { before: { name: 'a\n\t\u0001"b"', big: 2 ** 70, small: 1.5e-7, list: [1, null, true] }, after: { name: '中文 é 😀', z: 1, a: 2 }, when: new Date(0) },
        device: '=cmd|" /c calc',
        ip: null,
      }, ts.config),
    );
    expect((await verify()).body.ok).toBe(true);
    expect(await sqlMismatches()).toEqual([]);
  });

  it('lists newest first with username (part, any case), timeRange and classification filters', async () => {
    const all2030 = await list({ timeRange: ['2030-01-01', '2030-12-31'], limit: 100 });
    expect(all2030.status, all2030.text).toBe(200);
    expect(all2030.body).toHaveLength(30);
    const dates = all2030.body.map((i) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all2030.body[0]).toMatchObject({
      username: expect.any(String),
      action: expect.any(String),
      detail: { before: { n: 30 }, after: { n: 31, note: 'row "30", bulk' } },
      device: 'bulk-agent/1.0',
      ip: '10.0.30.1',
    });

    const bob = await list({ username: 'bob_t', timeRange: ['2030-01-01', '2030-12-31'], limit: 100 });
    expect(bob.body).toHaveLength(10);
    expect(new Set(bob.body.map((i) => i.username))).toEqual(new Set(['Bob_Trader']));
    // LIKE wildcards are literal: '_' matches only an underscore
    expect((await list({ username: 'b_b', limit: 100 })).body).toHaveLength(0);

    const created = await list({ actionClassification: 'user.create', timeRange: ['2030-01-01', '2030-12-31'], limit: 100 });
    expect(created.body).toHaveLength(10);
    expect(created.body.every((i) => i.action === 'user.create')).toBe(true);

    // dates are days in Kuala Lumpur (UTC+8): rows at 04:00 UTC on 1 to 10 January fall on those KL days
    const tenDays = await list({ timeRange: ['2030-01-01', '2030-01-10'], limit: 100 });
    expect(tenDays.body).toHaveLength(10);
    // ISO date-times: to is inclusive
    const twoRows = await list({ timeRange: ['2030-01-02T04:00:00Z', '2030-01-03T04:00:00Z'], limit: 100 });
    expect(twoRows.body.map((i) => i.date)).toEqual(['2030-01-03T04:00:00.000Z', '2030-01-02T04:00:00.000Z']);

    const combined = await list({ username: 'ALICE', actionClassification: 'holiday.create', timeRange: ['2030-01-01', '2030-12-31'], limit: 100 });
    expect(combined.body.length).toBeGreaterThan(0);
    expect(combined.body.every((i) => i.username === 'alice' && i.action === 'holiday.create')).toBe(true);

    // no filter: the default page of 10, newest (the 2030 rows) first
    const recent = await list({});
    expect(recent.body.map((i) => i.date.slice(0, 4))).toEqual(Array(10).fill('2030'));
    const logins = await list({ actionClassification: 'auth.login' });
    expect(logins.body.map((i) => i.username)).toContain(ts.demo.superAdmin.username);
  });

  it('answers a list (SPEC.md §7): a body of the filter alone gets the first page, the answer headers page it', async () => {
    const filter = { username: null, timeRange: ['2030-01-01', '2030-12-31'], actionClassification: null };
    const first = await list(filter);
    expect(first.status, first.text).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(10); // the default page size
    expect(first.body.map((i) => i.date.slice(0, 10))).toEqual(Array.from({ length: 10 }, (_, k) => `2030-01-${String(30 - k).padStart(2, '0')}`));
    expect(first.next).toMatch(/_\d+$/);
    expect(first.previous).toBeNull();
    // every filter field may be left out
    const bare = await list({});
    expect(bare.body).toHaveLength(10);
    expect(bare.next).not.toBeNull();

    // the OpenAPI document names the headers of the answer
    const doc = (await (await fetch(`${ts.url}/docs/json`)).json()) as { paths: Record<string, { post: { responses: Record<string, { headers?: Record<string, unknown> }> } }> };
    const headers = doc.paths[`${S}/audit_trail/list`]!.post.responses['200']!.headers;
    expect(Object.keys(headers ?? {}).sort()).toEqual([AUDIT_PAGE_HEADERS.next, AUDIT_PAGE_HEADERS.previous].sort());
  });

  it('pages forward and back by the cursors of the answer headers without gaps or repeats', async () => {
    const filter = { timeRange: ['2030-01-01', '2030-12-31'] as [string, string], limit: 10 };
    const seen: number[] = [];
    let after: string | null = null;
    const previous: Array<string | null> = [];
    for (let page = 0; page < 3; page++) {
      const r: Awaited<ReturnType<typeof list>> = await list({ ...filter, after });
      expect(r.status, r.text).toBe(200);
      seen.push(...r.body.map((i) => i.id));
      expect(r.next !== null).toBe(page < 2);
      expect(r.previous !== null).toBe(page > 0);
      previous.push(r.previous);
      after = r.next;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    const whole = await list({ ...filter, limit: 50 });
    expect(seen).toEqual(whole.body.map((i) => i.id));
    expect(whole.next).toBeNull();
    // back from the third page to the second
    const back = await list({ ...filter, before: previous[2] });
    expect(back.body.map((i) => i.id)).toEqual(seen.slice(10, 20));
    expect(back.previous).not.toBeNull();
    expect(back.next).not.toBeNull();
    const top = await list({ ...filter, before: back.previous });
    expect(top.body.map((i) => i.id)).toEqual(seen.slice(0, 10));
    expect(top.previous).toBeNull();
  });

  it('names the device of a User-Agent (browser, version, system) and keeps the raw string', async () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const created = await api.call('POST', `${S}/holiday/create`, { token: jwt, body: { name: 'Device day', date: '2033-05-05' }, headers: { 'user-agent': chrome } });
    expect(created.status, created.text).toBe(200);
    const mine = { username: ts.demo.superAdmin.username, actionClassification: 'holiday.create' };
    const [row] = (await list(mine)).body;
    expect(row).toMatchObject({ device: chrome, deviceName: 'Chrome 156 on Linux' });
    const edge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
    await api.call('POST', `${S}/holiday/create`, { token: jwt, body: { name: 'Edge day', date: '2033-05-06' }, headers: { 'user-agent': edge } });
    expect((await list(mine)).body[0]).toMatchObject({ deviceName: 'Microsoft Edge 120 on Windows 10' });
    // no browser in it: no name, the raw string stays
    expect((await list({ username: 'bob_t', limit: 10 })).body[0]).toMatchObject({ device: 'bulk-agent/1.0', deviceName: null });
    // the export carries it in its last column
    const csv = parseCsv((await (await fetch(`${ts.url}${S}/audit_trail/export?actionClassification=holiday.create`, { headers: { authorization: `Bearer ${jwt}` } })).text()));
    expect(csv[0]).toEqual(['id', 'date', 'username', 'action', 'detail', 'device', 'ip', 'deviceName']);
    expect(csv.slice(1).map((r) => r[7])).toEqual(expect.arrayContaining(['Chrome 156 on Linux', 'Microsoft Edge 120 on Windows 10']));
  });

  it('refuses bad filters with 1001 and the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ timeRange: ['2030-02-01', '2030-01-01'] }, 'timeRange'],
      [{ timeRange: ['2029-01-01', '2030-01-02'] }, 'timeRange'],
      [{ timeRange: ['2030-02-30', '2030-03-01'] }, 'timeRange'],
      [{ timeRange: ['yesterday', 'today'] }, 'timeRange'],
      [{ timeRange: ['2030-01-01'] }, 'timeRange'],
      [{ actionClassification: 'nope.never' }, 'actionClassification'],
      [{ limit: 7 }, 'limit'],
      [{ after: 'garbage' }, 'after'],
      [{ username: 'x'.repeat(101) }, 'username'],
    ];
    for (const [body, context] of cases) {
      const r = await list(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: 1001, context });
    }
    // a full leap year is allowed (366 days), and every filter may be null
    expect((await list({ timeRange: ['2028-01-01', '2028-12-31'] })).status).toBe(200);
    expect((await list({ username: null, timeRange: null, actionClassification: null })).status).toBe(200);
    const badExport = await api.call('GET', `${S}/audit_trail/export?from=2030-02-01&to=2030-01-01`, { token: jwt });
    expect(badExport.body).toMatchObject({ code: 1001, context: 'timeRange' });
    expect((await api.call('GET', `${S}/audit_trail/export?from=2030-02-01`, { token: jwt })).body).toMatchObject({ code: 1001, context: 'timeRange' });
  });

  it('concurrent audited changes still form one chain', async () => {
    const before = (await ts.db.query<{ n: number }>('SELECT count(*) AS n FROM audit_log'))[0]!.n;
    const calls = Array.from({ length: 12 }, (_, i) =>
      api.call('POST', `${S}/holiday/create`, { token: jwt, body: { name: `Chain day ${i}`, date: `2032-03-${String(i + 1).padStart(2, '0')}` } }),
    );
    const direct = Array.from({ length: 12 }, (_, i) =>
      ts.db.transaction(async (tx) => {
        await tx.query('SELECT pg_sleep(0.01)');
        await writeAudit(tx, { username: `concurrent${i}`, adminId: null, action: 'user.update', detail: { i }, device: null, ip: null }, ts.config);
        await tx.query('SELECT pg_sleep(0.01)');
      }),
    );
    const answers = await Promise.all(calls);
    await Promise.all(direct);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const after = (await ts.db.query<{ n: number }>('SELECT count(*) AS n FROM audit_log'))[0]!.n;
    expect(after - before).toBe(24);
    const r = await verify();
    expect(r.body).toMatchObject({ ok: true, checked: after, broken: null });
  });

  it('verify is for superAdmin only: others get 403 (1150), audited as access.denied', async () => {
    const maker = ts.demo.byRole.operationApprover!;
    const token = (await api.login(maker.username, maker.password)).body.jwt;
    const r = await verify(token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 1150, context: null });
    const [row] = await ts.db.query<{ username: string; detail: { permission: string } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'access.denied' ORDER BY id DESC LIMIT 1",
    );
    expect(row).toMatchObject({ username: maker.username, detail: { permission: 'verifyAudit' } });
    // every admin may read the trail
    expect((await list({}, token)).status).toBe(200);
    expect((await api.call('POST', `${S}/audit_trail/list`, { body: {} })).status).toBe(401);
  });

  it('detects a row altered behind the triggers, even with plain sha256 hashes recomputed as a superuser can, and a row deleted behind them', async () => {
    const [victim] = await ts.db.query<Record<string, unknown> & { id: number; username: string }>(
      "SELECT * FROM audit_log WHERE username = 'carol' ORDER BY id LIMIT 1 OFFSET 3",
    );
    const tamper = (sql: string, params: unknown[] = []) =>
      ts.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER ALL');
        await tx.query(sql, params);
        await tx.query('ALTER TABLE audit_log ENABLE TRIGGER ALL');
      });
    // the append-only triggers are on
    await expect(ts.db.query("UPDATE audit_log SET username = 'x' WHERE id = $1", [victim!.id])).rejects.toThrow(/append-only/);

    await tamper("UPDATE audit_log SET username = 'mallory' WHERE id = $1", [victim!.id]);
    let r = await verify();
    expect(r.body.ok).toBe(false);
    expect(r.body.broken).toMatchObject({ id: victim!.id, kind: 'altered' });
    // recomputing its hash in SQL (plain sha256 of migration 006: the database holds no key) does not help
    await tamper(
      'UPDATE audit_log SET key_id = NULL, row_hash = audit_log_row_hash(id, at, admin_id, username, action, detail, device, ip, prev_hash) WHERE id = $1',
      [victim!.id],
    );
    r = await verify();
    expect(r.body.broken).toMatchObject({ id: victim!.id, kind: 'altered', reason: expect.stringMatching(/plain sha256 hash after the cut-over/) });
    await tamper('UPDATE audit_log SET username = $2, row_hash = $3, key_id = $4 WHERE id = $1', [victim!.id, victim!.username, victim!.row_hash, victim!.key_id]);
    expect((await verify()).body.ok).toBe(true);

    // a superuser rewrites a late row and re-chains it and every row after it with plain sha256
    await ts.db.query('CREATE TABLE audit_backup AS SELECT * FROM audit_log');
    const [late] = await ts.db.query<{ id: number }>("SELECT id FROM audit_log WHERE username LIKE 'concurrent%' ORDER BY id LIMIT 1");
    await tamper(`UPDATE audit_log SET username = 'mallory' WHERE id = ${late!.id}`);
    await tamper(`DO $$
      DECLARE r record; prev text; h text;
      BEGIN
        SELECT row_hash INTO prev FROM audit_log WHERE id < ${late!.id} ORDER BY id DESC LIMIT 1;
        FOR r IN SELECT * FROM audit_log WHERE id >= ${late!.id} ORDER BY id LOOP
          h := audit_log_row_hash(r.id, r.at, r.admin_id, r.username, r.action, r.detail, r.device, r.ip, prev);
          UPDATE audit_log SET prev_hash = prev, row_hash = h, key_id = NULL WHERE id = r.id;
          prev := h;
        END LOOP;
      END $$`);
    r = await verify();
    expect(r.body.ok).toBe(false);
    expect(r.body.broken).toMatchObject({ id: late!.id, kind: 'altered' });
    await tamper(`UPDATE audit_log a SET username = b.username, prev_hash = b.prev_hash, row_hash = b.row_hash, key_id = b.key_id
                    FROM audit_backup b WHERE a.id = b.id AND a.id >= ${late!.id}`);
    await ts.db.query('DROP TABLE audit_backup');
    expect((await verify()).body.ok).toBe(true);

    // delete it: the row after it no longer follows its predecessor
    await tamper('DELETE FROM audit_log WHERE id = $1', [victim!.id]);
    r = await verify();
    expect(r.body.ok).toBe(false);
    const [next] = await ts.db.query<{ id: number }>('SELECT id FROM audit_log WHERE id > $1 ORDER BY id LIMIT 1', [victim!.id]);
    expect(r.body.broken).toMatchObject({ id: next!.id, kind: 'link' });
    expect(r.body.checked).toBeGreaterThan(0);
    // the same check backs the command line tool
    expect((await verifyAuditChain(ts.db, ts.config, 7)).broken?.id).toBe(next!.id);
  });
});
