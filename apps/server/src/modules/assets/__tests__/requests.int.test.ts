import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { businessDate } from '@aurum/domain/system/business-time';
import { openSocket } from '../../../testing/socket-client.ts';
import type { TestServer } from '../../../testing/test-server.ts';
import type { client } from '../../../testing/client.ts';
import { JPEG, PNG, SECURE, driver, pixels, requestsSuite } from './requests-suite.ts';

describe(`deposit, withdrawal and transfer requests on ${driver}`, () => {
  const suite = requestsSuite();
  const { users, tokenOf, create, approve, decline, wallet } = suite;
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(() => {
    ts = suite.ts;
    api = suite.api;
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

    it("notes each entry of a request as a code and its parameters, with the English text beside it, in the wallet's history", async () => {
      const created = await create('withdrawal', { userId: String(users.goldenlotus), type: 'XAU', quantity: '2' });
      expect(created.status, created.text).toBe(200);
      expect((await decline('withdrawal', created.body.id)).status).toBe(200);
      const history = await api.call<{ history: { items: Array<{ book: string; amount: string; note: string | null; noteCode: unknown }> } }>(
        'GET',
        `${SECURE}/user/${users.goldenlotus}/wallet?page=1&limit=4`,
        { token: await tokenOf('superAdmin') },
      );
      expect(history.status, history.text).toBe(200);
      const id = created.body.id;
      // newest first: the release (held down, gold back), then the hold
      expect(history.body.history.items.map((i) => [i.book, i.amount, i.note, i.noteCode])).toEqual([
        ['goldHeld', '-2.0000', `withdrawal request ${id} declined`, { code: 'request.declined', params: { action: 'withdrawal', id } }],
        ['gold', '2.0000', `withdrawal request ${id} declined`, { code: 'request.declined', params: { action: 'withdrawal', id } }],
        ['gold', '-2.0000', `withdrawal request ${id}`, { code: 'request.held', params: { action: 'withdrawal', id } }],
        ['goldHeld', '2.0000', `withdrawal request ${id}`, { code: 'request.held', params: { action: 'withdrawal', id } }],
      ]);
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
      const future = await list('createdAfter=2100-12-31');
      expect(future.body).toMatchObject({ items: [], total: 0 });
      // past the product calendar: refused, naming the field and the calendar
      expect((await list('createdAfter=2999-01-01')).body).toEqual({ code: 1001, context: 'createdAfter', detail: { rule: 'calendar', first: '2000-01-01', last: '2100-12-31' } });
      const today = businessDate(new Date());
      expect((await list(`createdAfter=${today}&createdBefore=${today}&limit=1000`)).body.total).toBeGreaterThan(0);
      const byId = await list('sort=id&order=asc&limit=10&page=2');
      expect(byId.body.items.map((r) => r.id)).toEqual([...all].sort((a, b) => a.id - b.id).slice(10, 20).map((r) => r.id));
      expect((await list('status=done')).body).toEqual({ code: 1001, context: 'status' });
      expect((await list('createdBefore=yesterday')).body).toEqual({ code: 1001, context: 'createdBefore' });
      expect((await api.call('GET', `${SECURE}/asset/list`)).status).toBe(401);
    });
  });
});
