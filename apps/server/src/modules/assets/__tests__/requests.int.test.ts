import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal } from '@aurum/domain/money/decimal';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import { businessDate } from '@aurum/domain/system/business-time';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens, type Answer } from '../../../testing/client.ts';
import { openSocket } from '../../../testing/socket-client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { receiptRoot } from '../receipt-storage.ts';
import { REQUEST_CONTEXT } from '../asset-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/** Real images (a receipt must decode as what it claims to be): a small PNG and JPEG. */
const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();
const JPEG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1e3a8a' } }).jpeg().toBuffer();
/** The pixels of an image (the stored copy is encoded again, so its bytes may differ from the upload). */
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

type File = { name: string; bytes: Buffer; type?: string };
const png = (name = 'slip.png'): File => ({ name, bytes: PNG, type: 'image/png' });

describe(`deposit, withdrawal and transfer requests on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const users: Record<string, number> = {};

  const tokenOf = roleTokens(() => ts);

  async function multipart<T = RequestView>(path: string, role: string, fields: Record<string, string>, file: File | null, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('receipt', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { ...headers, authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: r.status, body: body as Answer<T>['body'], text };
  }

  const create = (action: string, fields: Record<string, string>, file: File | null = png(), role = 'financeMaker') =>
    multipart(`${SECURE}/asset/${action}/create`, role, fields, file);
  const approve = (action: string, id: number, role = 'financeApprover', file: File | null = png('verified.png')) =>
    multipart(`${SECURE}/asset/${action}/${id}/approve`, role, {}, file);
  const decline = async (action: string, id: number, role = 'financeApprover', reason?: string) =>
    api.call<RequestView>('POST', `${SECURE}/asset/${action}/${id}/decline`, { token: await tokenOf(role), ...(reason ? { body: { reason } } : {}) });
  const wallet = (username: string) => walletBalances(ts.db, users[username]!);

  async function receiptFiles(): Promise<string[]> {
    try {
      const entries = await readdir(receiptRoot(ts.config.dataDir), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
    } catch {
      return [];
    }
  }

  /** Everything that a refused call must leave as it was. */
  async function snapshot() {
    const [counts] = await ts.db.query<{ requests: number; entries: number; pending: number; approved: number; declined: number }>(
      `SELECT (SELECT count(*) FROM payment_requests) AS requests, (SELECT count(*) FROM ledger_entries) AS entries,
              (SELECT count(*) FROM payment_requests WHERE status = 'pending') AS pending,
              (SELECT count(*) FROM payment_requests WHERE status = 'approved') AS approved,
              (SELECT count(*) FROM payment_requests WHERE status = 'declined') AS declined`,
    );
    return { ...counts, files: await receiptFiles() };
  }

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const r of await ts.db.query<{ id: number; username: string }>('SELECT id, username FROM users')) users[r.username] = r.id;
  });
  afterAll(() => ts?.close());
  afterEach(async () => {
    await expectLedgerConsistent(ts.db);
    // every stored receipt belongs to a request, and every receipt of a request is stored
    const keys = await ts.db.query<{ key: string }>(
      `SELECT user_receipt_key AS key FROM payment_requests WHERE user_receipt_key IS NOT NULL
       UNION ALL SELECT verified_receipt_key FROM payment_requests WHERE verified_receipt_key IS NOT NULL`,
    );
    expect((await receiptFiles()).map((f) => f.slice(receiptRoot(ts.config.dataDir).length + 1)).sort()).toEqual(keys.map((k) => k.key).sort());
  });

  describe('each kind through approve and decline', () => {
    it('a MYR deposit: pending with the receipt, approved with the verified receipt, posted from house:bank', async () => {
      const before = await wallet('aminah');
      const created = await create('deposit', { userId: String(users.aminah), type: 'MYR', amount: '1000.50', note: 'Slip 7781' });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({
        action: 'deposit',
        method: 'bankTransfer',
        type: 'MYR',
        amount: '1000.50',
        quantity: null,
        status: 'pending',
        sender: null,
        receiver: { id: users.aminah, username: 'aminah' },
        note: 'Slip 7781',
        submittedBy: 'financemaker',
        verifiedBy: null,
        verifiedReceiptUrl: null,
        decidedAt: null,
      });
      const id = created.body.id;
      expect(created.body.userReceiptUrl).toBe(`${SECURE}/asset/${id}/receipt/user`);
      expect(await wallet('aminah')).toEqual(before);

      // the receipt: signed-in admins only, with its content type
      const image = await fetch(`${ts.url}${SECURE}/asset/${id}/receipt/user`, { headers: { authorization: `Bearer ${await tokenOf('none')}` } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(await pixels(Buffer.from(await image.arrayBuffer()))).toEqual(await pixels(PNG));
      expect((await fetch(`${ts.url}${SECURE}/asset/${id}/receipt/user`)).status).toBe(401);
      expect((await api.call('GET', `${SECURE}/asset/${id}/receipt/verified`, { token: await tokenOf('none') })).body).toMatchObject({ code: 1003 });
      expect((await api.call('GET', `${SECURE}/asset/${id}/receipt/other`, { token: await tokenOf('none') })).body).toMatchObject({ code: 1001 });

      const approved = await approve('deposit', id, 'financeApprover', { name: 'bank.JPG', bytes: JPEG, type: 'image/jpeg' });
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', verifiedBy: 'financeapprover', verifiedReceiptUrl: `${SECURE}/asset/${id}/receipt/verified` });
      expect(approved.body.decidedAt).not.toBeNull();
      const verified = await fetch(`${ts.url}${SECURE}/asset/${id}/receipt/verified`, { headers: { authorization: `Bearer ${await tokenOf('none')}` } });
      expect(verified.headers.get('content-type')).toBe('image/jpeg');
      expect((await wallet('aminah')).fund).toBe((Number(before.fund) + 1000.5).toFixed(2));

      const detail = await api.call<RequestView>('GET', `${SECURE}/asset/${id}`, { token: await tokenOf('none') });
      expect(detail.body).toEqual(approved.body);
      const audit = await ts.db.query<{ action: string; username: string }>(
        "SELECT action, username FROM audit_log WHERE action LIKE 'asset.%' AND (detail->>'requestId')::bigint = $1 ORDER BY id",
        [id],
      );
      expect(audit).toEqual([
        { action: 'asset.create', username: 'financemaker' },
        { action: 'asset.approve', username: 'financeapprover' },
      ]);
    });

    it('a XAU deposit declined: nothing posted, the reason kept', async () => {
      const before = await wallet('kilnworks');
      const created = await create('deposit', { userId: String(users.kilnworks), type: 'XAU', quantity: '12.3456' });
      expect(created.body).toMatchObject({ method: 'physicalGold', quantity: '12.3456', amount: null });
      const declined = await decline('deposit', created.body.id, 'financeApprover', 'Bar serial does not match');
      expect(declined.status, declined.text).toBe(200);
      expect(declined.body).toMatchObject({ status: 'declined', verifiedBy: 'financeapprover', declineReason: 'Bar serial does not match', verifiedReceiptUrl: null });
      expect(await wallet('kilnworks')).toEqual(before);
    });

    it('a XAU deposit approved goes from house:vault to gold', async () => {
      const before = await wallet('kilnworks');
      const created = await create('deposit', { userId: String(users.kilnworks), type: 'XAU', quantity: '1.0001' });
      expect((await approve('deposit', created.body.id, 'superAdmin')).status).toBe(200);
      expect((await wallet('kilnworks')).gold).toBe((Number(before.gold) + 1.0001).toFixed(4));
    });

    it('a MYR withdrawal holds at once; approval sends the held amount to house:bank', async () => {
      const before = await wallet('aminah');
      const created = await create('withdrawal', { userId: String(users.aminah), type: 'MYR', amount: '200.00' });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({ sender: { id: users.aminah }, receiver: null, method: 'bankTransfer' });
      const held = await wallet('aminah');
      expect(held.fund).toBe((Number(before.fund) - 200).toFixed(2));
      expect(held.fundHeld).toBe((Number(before.fundHeld) + 200).toFixed(2));
      expect((await approve('withdrawal', created.body.id)).status).toBe(200);
      const after = await wallet('aminah');
      expect(after.fund).toBe(held.fund);
      expect(after.fundHeld).toBe(before.fundHeld);
    });

    it('a XAU withdrawal declined releases the hold', async () => {
      const before = await wallet('goldenlotus');
      const created = await create('withdrawal', { userId: String(users.goldenlotus), type: 'XAU', quantity: '10' });
      expect(created.status, created.text).toBe(200);
      expect((await wallet('goldenlotus')).goldHeld).toBe((Number(before.goldHeld) + 10).toFixed(4));
      expect((await decline('withdrawal', created.body.id)).status).toBe(200);
      expect(await wallet('goldenlotus')).toEqual(before);
    });

    it("a MYR transfer approved moves the sender's held amount to the receiver's fund", async () => {
      const sender = await wallet('bullionhouse');
      const receiver = await wallet('kumar');
      const created = await create('transfer', { userId: String(users.bullionhouse), receiverUserId: String(users.kumar), type: 'MYR', amount: '750.25' });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({ method: null, sender: { id: users.bullionhouse, username: 'bullionhouse' }, receiver: { id: users.kumar, username: 'kumar' } });
      expect((await approve('transfer', created.body.id)).status).toBe(200);
      expect((await wallet('bullionhouse')).fund).toBe((Number(sender.fund) - 750.25).toFixed(2));
      expect((await wallet('bullionhouse')).fundHeld).toBe(sender.fundHeld);
      expect((await wallet('kumar')).fund).toBe((Number(receiver.fund) + 750.25).toFixed(2));
    });

    it('a XAU transfer declined gives the gold back to the sender', async () => {
      const sender = await wallet('bullionhouse');
      const created = await create('transfer', { userId: String(users.bullionhouse), receiverUserId: String(users.aminah), type: 'XAU', quantity: '5.5' });
      expect((await wallet('bullionhouse')).gold).toBe((Number(sender.gold) - 5.5).toFixed(4));
      expect((await decline('transfer', created.body.id)).status).toBe(200);
      expect(await wallet('bullionhouse')).toEqual(sender);
    });

    it('pushes every change on the socket as RequestUpdated, to all-user sockets and to the sockets of the users involved', async () => {
      const all = await openSocket(ts.url, await tokenOf('none'));
      const receiverOnly = await openSocket(ts.url, await tokenOf('none'), `/v0/admin/subscribe/ws/${users.kumar}`);
      const other = await openSocket(ts.url, await tokenOf('none'), `/v0/admin/subscribe/ws/${users.kilnworks}`);
      try {
        const isRequest = (m: unknown) => (m as { type: string }).type === 'RequestUpdated';
        const seen = all.next(isRequest);
        const seenByReceiver = receiverOnly.next(isRequest);
        const created = await create('transfer', { userId: String(users.aminah), receiverUserId: String(users.kumar), type: 'MYR', amount: '1.00' });
        expect(await seen).toEqual({ type: 'RequestUpdated', data: created.body });
        expect(await seenByReceiver).toEqual({ type: 'RequestUpdated', data: created.body });
        const decided = all.next(isRequest);
        const d = await decline('transfer', created.body.id);
        expect(await decided).toEqual({ type: 'RequestUpdated', data: d.body });
        // the hub sent both changes to every socket at once (the all-user one has them); whatever reached `other` is in by its pong
        await other.settled();
        expect(other.messages.filter(isRequest)).toEqual([]);
      } finally {
        all.close();
        receiverOnly.close();
        other.close();
      }
    });
  });

  describe('refusals change nothing and store nothing', () => {
    const refusedCases: Array<[string, () => Promise<Answer>, number, number, string | null]> = [];
    const base = () => ({ userId: String(users.aminah), type: 'MYR', amount: '10.00' });
    beforeAll(() => {
      refusedCases.push(
        ['a text file as receipt', () => create('deposit', base(), { name: 'slip.png', bytes: Buffer.from('just some text'), type: 'image/png' }), 400, 1001, 'receipt'],
        ['an executable renamed .png', () => create('deposit', base(), { name: 'slip.png', bytes: EXE, type: 'image/png' }), 400, 1001, 'receipt'],
        ['a gif name', () => create('deposit', base(), { name: 'slip.gif', bytes: PNG, type: 'image/gif' }), 400, 1001, 'receipt'],
        ['an empty file', () => create('deposit', base(), { name: 'slip.png', bytes: Buffer.alloc(0) }), 400, 1001, 'receipt'],
        ['a receipt of 5 MB', () => create('deposit', base(), { name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }), 400, 1001, 'receipt'],
        ['no receipt', () => create('deposit', base(), null), 400, 1001, 'receipt'],
        ['a receipt sent as text', () => create('deposit', { ...base(), receipt: 'abc' }, null), 400, 1001, 'receipt'],
        ['amount 0', () => create('deposit', { ...base(), amount: '0' }), 400, 1001, 'amount'],
        ['a negative amount', () => create('deposit', { ...base(), amount: '-10.00' }), 400, 1001, 'amount'],
        ['three decimals of MYR', () => create('deposit', { ...base(), amount: '10.001' }), 400, 1001, 'amount'],
        ['five decimals of XAU', () => create('deposit', { userId: String(users.aminah), type: 'XAU', quantity: '1.00001' }), 400, 1001, 'quantity'],
        ['a quantity on a MYR request', () => create('deposit', { ...base(), quantity: '1' }), 400, 1001, 'quantity'],
        ['the wrong method', () => create('deposit', { ...base(), method: 'physicalGold' }), 400, 1001, 'method'],
        ['an unknown user', () => create('deposit', { ...base(), userId: '999999' }), 404, 1003, 'user'],
        ['a withdrawal above the balance', () => create('withdrawal', { ...base(), amount: '99999999.00' }), 422, 2080, 'Greater than available assets.'],
        ['a gold withdrawal above the balance', () => create('withdrawal', { userId: String(users.aminah), type: 'XAU', quantity: '120.5001' }), 422, 2080, 'Greater than available assets.'],
        ['a transfer to the same user', () => create('transfer', { ...base(), receiverUserId: String(users.aminah) }), 400, 1001, 'receiverUserId'],
        ['a transfer without receiver', () => create('transfer', base()), 400, 1001, 'receiverUserId'],
        ['a transfer to an unknown user', () => create('transfer', { ...base(), receiverUserId: '999999' }), 404, 1003, 'receiverUserId'],
        ['a MYR withdrawal with a pending bank account', () => create('withdrawal', { userId: String(users.kumar), type: 'MYR', amount: '1.00' }), 422, 3201, REQUEST_CONTEXT.noBankAccount],
        ['a MYR withdrawal with a declined bank account', () => create('withdrawal', { userId: String(users.goldenlotus), type: 'MYR', amount: '1.00' }), 422, 3201, REQUEST_CONTEXT.noBankAccount],
        ['a MYR withdrawal without bank account', () => create('withdrawal', { userId: String(users.kilnworks), type: 'MYR', amount: '1.00' }), 422, 3201, REQUEST_CONTEXT.noBankAccount],
        ['a create by a role without the permission', () => create('deposit', base(), png(), 'financeApprover'), 403, 1150, null],
        ['the action of another route', () => create('deposit', { ...base(), action: 'withdrawal' }), 400, 1001, 'action'],
      );
    });

    it('answers each bad creation with its code and leaves no row, posting or file', async () => {
      const problems: string[] = [];
      for (const [label, call, status, code, context] of refusedCases) {
        const before = await snapshot();
        const r = await call();
        if (r.status !== status || r.body?.code !== code || r.body?.context !== context) problems.push(`${label}: ${r.status} ${r.text}`);
        expect(await snapshot(), label).toEqual(before);
      }
      expect(problems).toEqual([]);
    });

    it('refuses approving or declining a decided request (409, 3200), a self-approval (403) and a wrong receipt, changing nothing', async () => {
      const created = await create('withdrawal', { userId: String(users.aminah), type: 'XAU', quantity: '2' });
      const id = created.body.id;
      const mine = await create('deposit', { userId: String(users.aminah), type: 'MYR', amount: '5.00' }, png(), 'superAdmin');
      let before = await snapshot();
      for (const [label, call, status, code, context] of [
        ['self approval', () => approve('deposit', mine.body.id, 'superAdmin'), 403, 1150, SELF_APPROVAL_REFUSED],
        ['self decline', () => decline('deposit', mine.body.id, 'superAdmin'), 403, 1150, SELF_APPROVAL_REFUSED],
        ['approve with an executable', () => approve('withdrawal', id, 'financeApprover', { name: 'ok.png', bytes: EXE }), 400, 1001, 'receipt'],
        ['approve without receipt', () => approve('withdrawal', id, 'financeApprover', null), 400, 1001, 'receipt'],
        ['approve through another kind', () => approve('deposit', id), 404, 1003, 'request'],
        ['approve an unknown request', () => approve('withdrawal', 999999), 404, 1003, 'request'],
        ['approve by a maker', () => approve('withdrawal', id, 'financeMaker'), 403, 1150, null],
      ] as const) {
        const r = await call();
        expect({ label, status: r.status, code: r.body?.code, context: r.body?.context }).toEqual({ label, status, code, context });
        expect(await snapshot(), label).toEqual(before);
      }
      expect((await decline('withdrawal', id)).status).toBe(200);
      before = await snapshot();
      const again = await approve('withdrawal', id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ code: 3200, context: REQUEST_CONTEXT.notPending });
      expect((await decline('withdrawal', id)).body).toEqual({ code: 3200, context: REQUEST_CONTEXT.notPending });
      expect(await snapshot()).toEqual(before);
      expect((await api.call<RequestView>('GET', `${SECURE}/asset/${id}`, { token: await tokenOf('none') })).body.status).toBe('declined');
      await decline('deposit', mine.body.id);
    });

    it('refuses approving a MYR withdrawal whose bank account was removed meanwhile (422, 3201)', async () => {
      const created = await create('withdrawal', { userId: String(users.bullionhouse), type: 'MYR', amount: '3.00' });
      expect(created.status, created.text).toBe(200);
      const [bank] = await ts.db.query<{ id: number }>("UPDATE bank_accounts SET status = 'removed', removed_at = now() WHERE user_id = $1 AND status = 'approved' RETURNING id", [users.bullionhouse]);
      try {
        const before = await snapshot();
        const r = await approve('withdrawal', created.body.id);
        expect([r.status, r.body]).toEqual([422, { code: 3201, context: REQUEST_CONTEXT.noBankAccount }]);
        expect(await snapshot()).toEqual(before);
      } finally {
        await ts.db.query("UPDATE bank_accounts SET status = 'approved', removed_at = NULL WHERE id = $1", [bank!.id]);
      }
      expect((await approve('withdrawal', created.body.id)).status).toBe(200);
    });

    it('refuses deleting a user with a pending request (1050), sent or to receive', async () => {
      const [u] = await ts.db.query<{ id: number }>(
        "INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('leaving', 'leaving@example.com', '65', '80000077') RETURNING id",
      );
      const deposit = await create('deposit', { userId: String(u!.id), type: 'MYR', amount: '1.00' });
      const del = async () => api.call('DELETE', `${SECURE}/user/${u!.id}`, { token: await tokenOf('superAdmin') });
      expect((await del()).body).toMatchObject({ code: 1050 });
      await decline('deposit', deposit.body.id);
      const incoming = await create('transfer', { userId: String(users.aminah), receiverUserId: String(u!.id), type: 'MYR', amount: '1.00' });
      expect((await del()).body).toMatchObject({ code: 1050 });
      await decline('transfer', incoming.body.id);
      expect((await del()).status).toBe(200);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeated creation (a retry after a lost answer) gives the first request again: one request, one hold; the key with another body is 409 (3101)', async () => {
      const before = await wallet('goldenlotus');
      const path = `${SECURE}/asset/withdrawal/create`;
      const fields = { userId: String(users.goldenlotus), type: 'XAU', quantity: '1.2500' };
      const key = { 'Idempotency-Key': 'withdrawal-retry-1' };
      const answers = await Promise.all([1, 2, 3].map(() => multipart(path, 'financeMaker', fields, png(), key)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const ids = new Set(answers.map((a) => a.body.id));
      expect(ids.size).toBe(1);
      const [{ n }] = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_requests WHERE id = ANY($1::int[])', [[...ids]])) as [{ n: number }];
      expect(n).toBe(1);
      const after = await wallet('goldenlotus');
      expect(new Decimal(after.goldHeld).minus(before.goldHeld).toFixed(4)).toBe('1.2500');

      const unchanged = await snapshot();
      const other = await multipart(path, 'financeMaker', { ...fields, quantity: '2.0000' }, png(), key);
      expect(other.status).toBe(409);
      expect(other.body.code).toBe(ErrorCode.IdempotencyKeyReused);
      // another receipt with the same fields is another request too
      const otherReceipt = await multipart(path, 'financeMaker', fields, { ...png('other.png'), bytes: Buffer.concat([Buffer.from(PNG), Buffer.from([0])]) }, key);
      expect(otherReceipt.status).toBe(409);
      expect(await snapshot()).toEqual(unchanged);
      await decline('withdrawal', [...ids][0]!);
    });
  });

  describe('list', () => {
    it('filters by action, status, type, user and time, sorts and pages', async () => {
      const token = await tokenOf('none');
      const list = (q: string) => api.call<{ items: RequestView[]; total: number; page: number; limit: number }>('GET', `${SECURE}/asset/list?${q}`, { token });
      const everything = await list('limit=1000');
      expect(everything.status).toBe(200);
      const all = everything.body.items;
      expect(all.length).toBe(everything.body.total);
      // newest first by default
      expect(all.map((r) => r.id)).toEqual([...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).map((r) => r.id));
      for (const [q, keep] of [
        ['action=withdrawal', (r: RequestView) => r.action === 'withdrawal'],
        ['status=declined', (r: RequestView) => r.status === 'declined'],
        ['type=xau', (r: RequestView) => r.type === 'XAU'],
        [`userId=${users.kumar}`, (r: RequestView) => r.userId === users.kumar || r.receiver?.id === users.kumar],
        ['action=transfer&status=approved&type=MYR', (r: RequestView) => r.action === 'transfer' && r.status === 'approved' && r.type === 'MYR'],
      ] as const) {
        const got = await list(`${q}&limit=1000`);
        expect(got.body.items.map((r) => r.id), q).toEqual(all.filter(keep).map((r) => r.id));
      }
      const future = await list('createdAfter=2999-01-01');
      expect(future.body).toMatchObject({ items: [], total: 0 });
      const today = businessDate(new Date());
      expect((await list(`createdAfter=${today}&createdBefore=${today}&limit=1000`)).body.total).toBeGreaterThan(0);
      const byId = await list('sort=id&order=asc&limit=10&page=2');
      expect(byId.body.items.map((r) => r.id)).toEqual([...all].sort((a, b) => a.id - b.id).slice(10, 20).map((r) => r.id));
      expect((await list('status=done')).body).toEqual({ code: 1001, context: 'status' });
      expect((await list('createdBefore=yesterday')).body).toEqual({ code: 1001, context: 'createdBefore' });
      expect((await api.call('GET', `${SECURE}/asset/list`)).status).toBe(401);
    });
  });

  describe('races', () => {
    const rounds = driver === 'postgres' ? 100 : 10;
    it(`${rounds} rounds of 20 concurrent decisions of one request: exactly one takes effect`, { timeout: 600_000 }, async () => {
      for (let round = 0; round < rounds; round++) {
        const transfer = round % 2 === 1;
        const action = transfer ? 'transfer' : 'deposit';
        const created = await create(
          action,
          transfer
            ? { userId: String(users.bullionhouse), receiverUserId: String(users.aminah), type: 'MYR', amount: '1.00' }
            : { userId: String(users.aminah), type: 'XAU', quantity: '0.0100' },
        );
        expect(created.status, created.text).toBe(200);
        const id = created.body.id;
        await Promise.all([tokenOf('superAdmin'), tokenOf('financeApprover')]);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const role = i % 2 === 0 ? 'financeApprover' : 'superAdmin';
            // transfers: approvals and declines race each other
            return transfer && i % 4 === 3 ? decline(action, id, role) : approve(action, id, role);
          }),
        );
        const ok = answers.filter((a) => a.status === 200);
        expect(ok.length, `round ${round}: ${answers.map((a) => a.status).join(',')}`).toBe(1);
        expect(answers.filter((a) => a.status === 409 && a.body?.code === 3200).length).toBe(19);
        const entries = await ts.db.query<{ kind: string }>(
          "SELECT kind FROM ledger_entries WHERE note LIKE $1 AND kind <> 'request.hold'",
          [`${action} request ${id}%`],
        );
        expect(entries.length, `round ${round}: one posting`).toBe(1);
        const [row] = await ts.db.query<{ status: string; decision_entry_id: number }>('SELECT status, decision_entry_id FROM payment_requests WHERE id = $1', [id]);
        expect(row!.status).toBe(ok[0]!.body.status);
        expect(row!.decision_entry_id).not.toBeNull();
        const decisions = await ts.db.query("SELECT 1 FROM audit_log WHERE action IN ('asset.approve', 'asset.decline') AND (detail->>'requestId')::bigint = $1", [id]);
        expect(decisions.length).toBe(1);
      }
    });
  });
});
