import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import { receiptFieldOf, type InboxCount, type InboxDecideAnswer, type InboxItemRef, type InboxPage, type InboxResult } from '@aurum/domain/inbox/inbox-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens, type Answer } from '../../../testing/client.ts';
import { openSocket } from '../../../testing/socket-client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();
type File = { name: string; bytes: Buffer; type: string };
const slip = (name = 'verified.png'): File => ({ name, bytes: PNG, type: 'image/png' });

describe(`the checker inbox and its bulk decisions on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const users: Record<string, number> = {};
  let nextPhone = 81000000;

  const tokenOf = roleTokens(() => ts);

  async function send<T>(path: string, role: string, form: FormData): Promise<Answer<T>> {
    const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: r.status, body: body as Answer<T>['body'], text };
  }

  const fileOf = (f: File) => new Blob([new Uint8Array(f.bytes)], { type: f.type });

  /** A pending payment request, submitted by `role`. */
  async function request(action: string, fields: Record<string, string>, role = 'financeMaker'): Promise<number> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('receipt', fileOf(slip('user.png')), 'user.png');
    const r = await send<RequestView>(`${SECURE}/asset/${action}/create`, role, form);
    expect(r.status, r.text).toBe(200);
    return r.body.id;
  }

  /** A new user with a pending bank account added by `role`; answers the account's id. */
  async function bankAccount(role = 'operationMaker'): Promise<number> {
    nextPhone += 1;
    const [user] = await ts.db.query<{ id: number }>(
      "INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ($1, $2, '65', $3) RETURNING id",
      [`inbox${nextPhone}`, `inbox${nextPhone}@example.com`, String(nextPhone)],
    );
    const r = await api.call<{ id: number }>('POST', `${SECURE}/user/${user!.id}/bank/add`, {
      token: await tokenOf(role),
      body: { bankName: 'Maybank', accountOwner: `Owner ${nextPhone}`, accountNumber: `5000${nextPhone}` },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.id;
  }

  function decide(role: string, decision: string, items: readonly InboxItemRef[], receipts: Record<string, File> = {}, reason?: string) {
    const form = new FormData();
    form.append('decision', decision);
    form.append('items', JSON.stringify(items));
    if (reason !== undefined) form.append('reason', reason);
    for (const [field, f] of Object.entries(receipts)) form.append(field, fileOf(f), f.name);
    return send<InboxDecideAnswer>(`${SECURE}/inbox/decide`, role, form);
  }

  /** A receipt for every payment request of the list (the approval of each needs one). */
  const receiptsFor = (items: readonly InboxItemRef[]) =>
    Object.fromEntries(items.filter((i) => i.kind !== 'bankAccount').map((i) => [receiptFieldOf(i), slip(`${i.kind}-${i.id}.png`)]));

  async function status(item: InboxItemRef): Promise<{ status: string; decided_by: number | null }> {
    const sql =
      item.kind === 'bankAccount'
        ? 'SELECT status, decided_by FROM bank_accounts WHERE id = $1'
        : 'SELECT status, verified_by AS decided_by FROM payment_requests WHERE id = $1';
    const [row] = await ts.db.query<{ status: string; decided_by: number | null }>(sql, [item.id]);
    return row!;
  }

  /** The journal entries of a request's decision (approval or release): one per decided request at most. */
  async function decisionEntries(id: number): Promise<number> {
    const [row] = await ts.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE note IN ($1, $2, $3, $4, $5, $6) AND kind <> 'request.hold'",
      ['deposit', 'withdrawal', 'transfer'].flatMap((a) => [`${a} request ${id}`, `${a} request ${id} declined`]),
    );
    return row!.n;
  }

  const adminId = async (username: string) => (await ts.db.query<{ id: number }>('SELECT id FROM admins WHERE username = $1', [username]))[0]!.id;

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const r of await ts.db.query<{ id: number; username: string }>('SELECT id, username FROM users')) users[r.username] = r.id;
  });
  afterAll(() => ts?.close());
  afterEach(async () => {
    await expectLedgerConsistent(ts.db);
  });

  it('lists what awaits a decision oldest first, own submissions not decidable, by the permissions of the single-item routes', async () => {
    const mine = await request('deposit', { userId: String(users.aminah), type: 'MYR', amount: '10.00' }, 'superAdmin');
    const theirs = await request('deposit', { userId: String(users.aminah), type: 'XAU', quantity: '1.5000' });
    const bank = await bankAccount();

    const page = await api.call<InboxPage>('GET', `${SECURE}/inbox?limit=200`, { token: await tokenOf('superAdmin') });
    expect(page.status, page.text).toBe(200);
    const times = page.body.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort());
    expect(page.body.items.find((i) => i.kind === 'deposit' && i.id === mine)).toMatchObject({ mayDecide: false, submittedBy: ts.demo.superAdmin.username, amount: '10.00', type: 'MYR' });
    expect(page.body.items.find((i) => i.kind === 'deposit' && i.id === theirs)).toMatchObject({ mayDecide: true, submittedBy: 'financemaker', quantity: '1.5000', user: { id: users.aminah, username: 'aminah' } });
    expect(page.body.items.find((i) => i.kind === 'bankAccount' && i.id === bank)).toMatchObject({ mayDecide: true, submittedBy: 'operationmaker', bank: { bankName: 'Maybank' } });
    expect(page.body.decidable).toBe(page.body.items.filter((i) => i.mayDecide).length);
    expect(page.body.total).toBe(page.body.items.length);

    const count = await api.call<InboxCount>('GET', `${SECURE}/inbox/count`, { token: await tokenOf('superAdmin') });
    expect(count.body).toEqual({ total: page.body.total, decidable: page.body.decidable });

    // an operation approver decides bank accounts only; a viewer decides nothing
    const ops = await api.call<InboxPage>('GET', `${SECURE}/inbox?limit=200`, { token: await tokenOf('operationApprover') });
    expect(new Set(ops.body.items.map((i) => i.kind))).toEqual(new Set(['bankAccount']));
    const viewer = await api.call<InboxPage>('GET', `${SECURE}/inbox`, { token: await tokenOf('none') });
    expect(viewer.body).toMatchObject({ items: [], total: 0, decidable: 0 });

    // paging: two pages of one item are the first two items
    const first = await api.call<InboxPage>('GET', `${SECURE}/inbox?limit=1&page=1`, { token: await tokenOf('superAdmin') });
    const second = await api.call<InboxPage>('GET', `${SECURE}/inbox?limit=1&page=2`, { token: await tokenOf('superAdmin') });
    expect([...first.body.items, ...second.body.items]).toEqual(page.body.items.slice(0, 2));
    expect((await api.call('GET', `${SECURE}/inbox?limit=201`, { token: await tokenOf('superAdmin') })).body).toEqual({ code: 1001, context: 'limit' });
    expect((await api.call('GET', `${SECURE}/inbox?limit=200&page=51`, { token: await tokenOf('superAdmin') })).body).toEqual({ code: 1001, context: 'page' });

    // leave nothing pending for the next tests' counts
    const cleanup = await decide('financeApprover', 'decline', [
      { kind: 'deposit', id: mine },
      { kind: 'deposit', id: theirs },
      { kind: 'bankAccount', id: bank },
    ]);
    expect(cleanup.body.results.every((r) => r.ok)).toBe(true);
  });

  it('a bulk approval over 100 mixed items decides each eligible item once and reports every other with its code', async () => {
    const superAdminId = await adminId(ts.demo.superAdmin.username);
    const eligible: InboxItemRef[] = [];
    const expected = new Map<string, Partial<InboxResult>>();
    const key = (i: InboxItemRef) => `${i.kind}.${i.id}`;
    const add = (item: InboxItemRef, outcome: Partial<InboxResult>) => {
      expected.set(key(item), outcome);
      if (outcome.ok) eligible.push(item);
      return item;
    };

    // 42 deposits, 10 withdrawals, 10 transfers by the finance maker, 10 bank accounts by the operation maker: eligible
    for (let i = 0; i < 42; i++) {
      const fields: Record<string, string> = i % 2 === 0 ? { type: 'MYR', amount: `${100 + i}.25` } : { type: 'XAU', quantity: `${1 + i}.1250` };
      add({ kind: 'deposit', id: await request('deposit', { userId: String(users.aminah), ...fields }) }, { ok: true });
    }
    for (let i = 0; i < 10; i++) {
      const fields: Record<string, string> = i % 2 === 0 ? { type: 'MYR', amount: '50.00' } : { type: 'XAU', quantity: '0.5000' };
      add({ kind: 'withdrawal', id: await request('withdrawal', { userId: String(users.bullionhouse), ...fields }) }, { ok: true });
    }
    for (let i = 0; i < 10; i++) {
      const fields: Record<string, string> = i % 2 === 0 ? { type: 'MYR', amount: '20.00' } : { type: 'XAU', quantity: '0.2500' };
      add({ kind: 'transfer', id: await request('transfer', { userId: String(users.goldenlotus), receiverUserId: String(users.kumar), ...fields }) }, { ok: true });
    }
    for (let i = 0; i < 10; i++) add({ kind: 'bankAccount', id: await bankAccount() }, { ok: true });

    // 10 submitted by the deciding admin (the superAdmin): 403, 1150 with the maker-checker context
    for (let i = 0; i < 8; i++) add({ kind: 'deposit', id: await request('deposit', { userId: String(users.kilnworks), type: 'MYR', amount: '5.00' }, 'superAdmin') }, { ok: false, code: 1150, context: SELF_APPROVAL_REFUSED });
    for (let i = 0; i < 2; i++) add({ kind: 'bankAccount', id: await bankAccount('superAdmin') }, { ok: false, code: 1150, context: SELF_APPROVAL_REFUSED });

    // 15 already decided by another checker: 409, 3200 (requests) and 3002 (bank accounts)
    const decidedBefore: InboxItemRef[] = [];
    for (let i = 0; i < 12; i++) decidedBefore.push(add({ kind: 'deposit', id: await request('deposit', { userId: String(users.kilnworks), type: 'XAU', quantity: '2.0000' }) }, { ok: false, code: 3200 }));
    for (let i = 0; i < 3; i++) decidedBefore.push(add({ kind: 'bankAccount', id: await bankAccount() }, { ok: false, code: 3002 }));
    const early = await decide('financeApprover', 'approve', decidedBefore, receiptsFor(decidedBefore));
    expect(early.body.results.every((r) => r.ok), early.text).toBe(true);

    // one with its receipt missing (400, 1001 'receipt'), one of another kind than it is (404), one unknown (404)
    const missing = add({ kind: 'deposit', id: await request('deposit', { userId: String(users.aminah), type: 'MYR', amount: '77.00' }) }, { ok: false, code: 1001, context: 'receipt' });
    add({ kind: 'transfer', id: eligible[0]!.id }, { ok: false, code: 1003 });
    add({ kind: 'deposit', id: 999_999_999 }, { ok: false, code: 1003 });

    const items = [...expected.keys()].map((k) => {
      const [kind, id] = k.split('.') as [InboxItemRef['kind'], string];
      return { kind, id: Number(id) };
    });
    // mixed: the order of the call is not the order of creation
    items.sort((a, b) => (a.id * 7919) % 101 - (b.id * 7919) % 101 || a.id - b.id);
    expect(items).toHaveLength(100);
    const receipts = receiptsFor(items.filter((i) => key(i) !== key(missing)));
    const [{ n: auditBefore }] = (await ts.db.query<{ n: number }>('SELECT max(id)::int AS n FROM audit_log')) as [{ n: number }];

    const answer = await decide('superAdmin', 'approve', items, receipts);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results.map((r) => key(r))).toEqual(items.map(key));
    for (const r of answer.body.results) expect(r, key(r)).toMatchObject(expected.get(key(r))!);

    // each eligible item decided exactly once, by the superAdmin; each refused one as it was
    for (const item of eligible) {
      expect(await status(item), key(item)).toEqual({ status: 'approved', decided_by: superAdminId });
      if (item.kind !== 'bankAccount') expect(await decisionEntries(item.id), key(item)).toBe(1);
    }
    for (const item of decidedBefore) expect((await status(item)).decided_by).toBe(await adminId('financeapprover'));
    expect(await status(missing)).toEqual({ status: 'pending', decided_by: null });
    expect(await decisionEntries(missing.id)).toBe(0);

    // one audit row per decided item (its single-item route's classification) plus one for the batch
    const rows = await ts.db.query<{ action: string; username: string; detail: Record<string, unknown> }>('SELECT action, username, detail FROM audit_log WHERE id > $1 ORDER BY id', [auditBefore]);
    const batchRows = rows.filter((r) => r.action === 'inbox.decide');
    expect(batchRows).toHaveLength(1);
    const batch = batchRows[0]!.detail;
    expect(batch).toMatchObject({ decision: 'approve', count: 100, decided: eligible.length });
    const itemRows = rows.filter((r) => r.action !== 'inbox.decide');
    expect(itemRows.map((r) => r.action).sort()).toEqual(eligible.map((i) => (i.kind === 'bankAccount' ? 'bank.approve' : 'asset.approve')).sort());
    expect(itemRows.every((r) => r.detail.inboxBatch === batch.batch && r.username === ts.demo.superAdmin.username)).toBe(true);

    // the verified receipts are stored and served
    const some = eligible.find((i) => i.kind === 'deposit')!;
    const receipt = await fetch(`${ts.url}${SECURE}/asset/${some.id}/receipt/verified`, { headers: { authorization: `Bearer ${await tokenOf('none')}` } });
    expect(receipt.status).toBe(200);

    // the one left: declined with one reason (no receipt needed)
    const declined = await decide('financeApprover', 'decline', [missing], {}, 'Slip does not match');
    expect(declined.body.results).toEqual([{ kind: 'deposit', id: missing.id, ok: true }]);
    const [row] = await ts.db.query<{ decline_reason: string }>('SELECT decline_reason FROM payment_requests WHERE id = $1', [missing.id]);
    expect(row!.decline_reason).toBe('Slip does not match');
  });

  it('two checkers deciding overlapping sets at the same moment decide each item once', async () => {
    const requests: InboxItemRef[] = [];
    for (let i = 0; i < 30; i++) {
      const action = (['deposit', 'withdrawal', 'transfer'] as const)[i % 3]!;
      const fields: Record<string, string> =
        action === 'deposit'
          ? { userId: String(users.aminah), type: 'MYR', amount: '10.00' }
          : action === 'withdrawal'
            ? { userId: String(users.goldenlotus), type: 'XAU', quantity: '0.1000' }
            : { userId: String(users.bullionhouse), receiverUserId: String(users.aminah), type: 'MYR', amount: '1.00' };
      requests.push({ kind: action, id: await request(action, fields) });
    }
    const banks: InboxItemRef[] = [];
    for (let i = 0; i < 6; i++) banks.push({ kind: 'bankAccount', id: await bankAccount() });
    const all = [...requests, ...banks];
    // A: the first two thirds; B: the last two thirds, backwards (opposite orders: the locks still never deadlock for good)
    const a = [...requests.slice(0, 20), ...banks.slice(0, 4)];
    const b = [...requests.slice(10), ...banks.slice(2)].reverse();
    const [ra, rb] = await Promise.all([
      decide('superAdmin', 'approve', a, receiptsFor(a)),
      decide('financeApprover', 'approve', b, receiptsFor(b)),
    ]);
    expect([ra.status, rb.status], `${ra.text} ${rb.text}`).toEqual([200, 200]);
    const key = (i: InboxItemRef) => `${i.kind}.${i.id}`;
    const oks = new Map<string, number>();
    for (const r of [...ra.body.results, ...rb.body.results]) {
      if (r.ok) oks.set(key(r), (oks.get(key(r)) ?? 0) + 1);
      else expect([3200, 3002], JSON.stringify(r)).toContain(r.code);
    }
    for (const item of all) {
      expect(oks.get(key(item)), key(item)).toBe(1);
      expect((await status(item)).status).toBe('approved');
      if (item.kind !== 'bankAccount') expect(await decisionEntries(item.id)).toBe(1);
    }
  });

  it('refuses bad calls whole, changing nothing', async () => {
    const id = await request('deposit', { userId: String(users.aminah), type: 'MYR', amount: '3.00' });
    const item = { kind: 'deposit' as const, id };
    const counts = async () => (await ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_requests WHERE status = 'pending'"))[0]!.n;
    const before = await counts();
    const refused = async (answer: Promise<Answer<unknown>>, status: number, code: number, context: string | null) => {
      const r = await answer;
      expect([r.status, r.body], r.text).toEqual([status, { code, context }]);
    };
    await refused(decide('superAdmin', 'approve', [item], { 'receipt.deposit.1': slip() }), 400, 1001, 'receipt.deposit.1');
    await refused(decide('superAdmin', 'approve', [item], { receipt: slip() }), 400, 1001, 'receipt');
    await refused(decide('superAdmin', 'decline', [item], { [receiptFieldOf(item)]: slip() }), 400, 1001, receiptFieldOf(item));
    await refused(decide('superAdmin', 'approve', [item], receiptsFor([item]), 'why'), 400, 1001, 'reason');
    await refused(decide('superAdmin', 'approve', [item, item], receiptsFor([item])), 400, 1001, 'items');
    await refused(decide('superAdmin', 'approve', [], {}), 400, 1001, 'items');
    await refused(decide('superAdmin', 'approve', Array.from({ length: 201 }, (_, i) => ({ kind: 'deposit' as const, id: i + 1 }))), 400, 1001, 'items');
    await refused(decide('superAdmin', 'accept', [item], receiptsFor([item])), 400, 1001, 'decision');
    await refused(decide('none', 'approve', [item], receiptsFor([item])), 403, 1150, null);
    await refused(decide('financeMaker', 'decline', [item]), 403, 1150, null);
    const json = await api.call('POST', `${SECURE}/inbox/decide`, { token: await tokenOf('superAdmin'), body: { decision: 'decline', items: JSON.stringify([item]) } });
    expect([json.status, json.body]).toEqual([415, { code: 1000, context: 'Send multipart/form-data' }]);
    expect(await counts()).toBe(before);
    expect(await status(item)).toEqual({ status: 'pending', decided_by: null });

    // an operation approver may reach the route (bank accounts) but not decide a deposit: refused per item
    const ops = await decide('operationApprover', 'decline', [item]);
    expect(ops.body.results).toEqual([{ kind: 'deposit', id, ok: false, code: 1150, context: null }]);
    expect((await decide('financeApprover', 'decline', [item])).body.results).toEqual([{ kind: 'deposit', id, ok: true }]);
  });

  it('tells admin sockets when what awaits a decision changes', async () => {
    const socket = await openSocket(ts.url, await tokenOf('none'));
    try {
      const created = socket.next((m) => m.type === 'InboxChanged');
      const id = await request('deposit', { userId: String(users.aminah), type: 'MYR', amount: '4.00' });
      await created;
      const decided = socket.next((m) => m.type === 'InboxChanged');
      expect((await decide('financeApprover', 'decline', [{ kind: 'deposit', id }])).body.results[0]!.ok).toBe(true);
      await decided;
      const banked = socket.next((m) => m.type === 'InboxChanged');
      await bankAccount();
      await banked;
    } finally {
      socket.close();
    }
  });
});
