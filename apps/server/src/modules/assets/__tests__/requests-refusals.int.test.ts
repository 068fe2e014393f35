import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal } from '@aurum/domain/money/decimal';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import { REQUEST_CONTEXT } from '../asset-service.ts';
import type { TestServer } from '../../../testing/test-server.ts';
import type { Answer, client } from '../../../testing/client.ts';
import { EXE, PNG, SECURE, driver, png, requestsSuite } from './requests-suite.ts';

describe(`deposit, withdrawal and transfer requests: refusals, retries and races on ${driver}`, () => {
  const suite = requestsSuite();
  const { users, tokenOf, multipart, create, approve, decline, wallet, snapshot } = suite;
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(() => {
    ts = suite.ts;
    api = suite.api;
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
