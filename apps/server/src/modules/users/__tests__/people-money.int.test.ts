import { beforeAll, describe, expect, it } from 'vitest';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import { houseAccount, userAccount } from '@aurum/domain/wallet/ledger';
import type { BankAccountView, UserDetail } from '@aurum/domain/users/user-views';
import type { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { postEntry } from '../../ledger/ledger-service.ts';
import { BANK_CONTEXT } from '../../bank/bank-service.ts';
import type { TestServer } from '../../../testing/test-server.ts';
import type { client } from '../../../testing/client.ts';
import { S, driver, newUser, peopleSuite } from './people-suite.ts';

describe(`users: bank accounts, wallets, delete on ${driver}`, () => {
  const suite = peopleSuite();
  const { as, call, count, userId, lastAudit } = suite;
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(() => {
    ts = suite.ts;
    api = suite.api;
  });

  describe('bank accounts', () => {
    it('adds one pending account per user (1004 for a second), updates it while not approved', async () => {
      const id = await userId('newcomer');
      const bank = { bankName: 'Hong Leong Bank', accountOwner: 'Nadia Omar', accountNumber: '12345678901' };
      const add = await call<BankAccountView>('financeMaker', 'POST', `${S}/user/${id}/bank/add`, bank);
      expect(add.status).toBe(200);
      expect(add.body).toMatchObject({ ...bank, status: 'pending', submittedBy: 'financemaker', decidedBy: null, approvedAt: null });
      const second = await call('operationMaker', 'POST', `${S}/user/${id}/bank/add`, { ...bank, accountNumber: '99999999' });
      expect([second.status, second.body]).toEqual([409, { code: 1004, context: null }]);
      expect((await call('financeMaker', 'POST', `${S}/user/${id}/bank/add`, { ...bank, accountNumber: '12' })).body).toEqual({
        code: 1001,
        context: 'accountNumber',
      });
      const upd = await call<BankAccountView>('operationMaker', 'PUT', `${S}/user/${id}/bank/update`, { ...bank, bankName: 'AmBank' });
      expect(upd.body).toMatchObject({ bankName: 'AmBank', status: 'pending', submittedBy: 'operationmaker' });
      expect((await lastAudit('bank.update'))!.detail).toMatchObject({ before: { bankName: 'Hong Leong Bank' }, after: { bankName: 'AmBank' } });
      expect((await call('none', 'GET', `${S}/user/${id}`)).body.bankAccount).toMatchObject({ bankName: 'AmBank', status: 'pending' });
      expect((await call('financeApprover', 'POST', `${S}/user/${id}/bank/add`, bank)).status).toBe(403);
    });

    it('refuses self-approval (403, 1150), decides once, and fixes an approved account (3001)', async () => {
      const id = await userId('newcomer');
      const bank = { bankName: 'AmBank', accountOwner: 'Nadia Omar', accountNumber: '12345678901' };
      // the superAdmin submits (update), so the superAdmin cannot decide it
      expect((await call('superAdmin', 'PUT', `${S}/user/${id}/bank/update`, bank)).status).toBe(200);
      for (const path of ['approve', 'decline']) {
        const self = await call('superAdmin', 'POST', `${S}/user/${id}/bank/${path}`);
        expect([self.status, self.body]).toEqual([403, { code: 1150, context: SELF_APPROVAL_REFUSED }]);
      }
      expect((await call('financeMaker', 'POST', `${S}/user/${id}/bank/approve`)).status).toBe(403);
      const declined = await call<BankAccountView>('operationApprover', 'POST', `${S}/user/${id}/bank/decline`);
      expect(declined.body).toMatchObject({ status: 'declined', decidedBy: 'operationapprover', approvedAt: null });
      const again = await call('financeApprover', 'POST', `${S}/user/${id}/bank/approve`);
      expect([again.status, again.body.code]).toEqual([409, 3002]);
      // a declined account may be corrected: pending again, for another decision
      const fixed = await call<BankAccountView>('financeMaker', 'PUT', `${S}/user/${id}/bank/update`, { ...bank, accountOwner: 'Nadia binti Omar' });
      expect(fixed.body).toMatchObject({ status: 'pending', decidedBy: null, submittedBy: 'financemaker' });
      const approved = await call<BankAccountView>('financeApprover', 'POST', `${S}/user/${id}/bank/approve`);
      expect(approved.body).toMatchObject({ status: 'approved', decidedBy: 'financeapprover' });
      expect(approved.body.approvedAt).toBe(approved.body.decidedAt);
      const edit = await call('financeMaker', 'PUT', `${S}/user/${id}/bank/update`, bank);
      expect([edit.status, edit.body]).toEqual([409, { code: 3001, context: BANK_CONTEXT.approved }]);
      const decline = await call('operationApprover', 'POST', `${S}/user/${id}/bank/decline`);
      expect([decline.status, decline.body]).toEqual([409, { code: 3002, context: BANK_CONTEXT.notPending }]);
      expect((await lastAudit('bank.approve'))!.detail).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
    });

    it('removes an account (any status); the user may then add another; 404 without one', async () => {
      const id = await userId('newcomer');
      const del = await call('operationMaker', 'DELETE', `${S}/user/${id}/bank`);
      expect(del.status).toBe(200);
      expect((await lastAudit('bank.delete'))!.detail.before.status).toBe('approved');
      expect((await call('none', 'GET', `${S}/user/${id}`)).body.bankAccount).toBeNull();
      expect((await call('operationMaker', 'DELETE', `${S}/user/${id}/bank`)).body).toEqual({ code: 1003, context: 'bank account' });
      expect((await call('financeApprover', 'POST', `${S}/user/${id}/bank/approve`)).status).toBe(404);
      expect((await call('operationMaker', 'PUT', `${S}/user/${id}/bank/update`, { bankName: 'X', accountOwner: 'Y', accountNumber: '123456' })).status).toBe(404);
      const readd = await call('financeMaker', 'POST', `${S}/user/${id}/bank/add`, { bankName: 'OCBC', accountOwner: 'Nadia Omar', accountNumber: '7000123456' });
      expect(readd.status).toBe(200);
      expect(await count("bank_accounts WHERE user_id = $1 AND status = 'removed'", [id])).toBe(1);
    });

    it('20 concurrent approvals of one account: exactly one wins, the rest are 409, one audit row', async () => {
      const id = await userId('newcomer');
      const [bank] = await ts.db.query<{ id: number }>("SELECT id FROM bank_accounts WHERE user_id = $1 AND status = 'pending'", [id]);
      const before = await count("audit_log WHERE action = 'bank.approve'");
      const token = await as('financeApprover');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.call('POST', `${S}/user/${id}/bank/approve`, { token })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe(3002);
      expect(await count("audit_log WHERE action = 'bank.approve'")).toBe(before + 1);
      expect(await count("bank_accounts WHERE id = $1 AND status = 'approved'", [bank!.id])).toBe(1);
    });
  });

  describe('wallet ledger', () => {
    // a user of its own, with no entries yet
    beforeAll(async () => {
      expect((await call('operationMaker', 'POST', `${S}/user/create`, newUser('1'))).status).toBe(200);
    });

    it('posts entries, derives balances and shows the history signed from the user', async () => {
      const id = await userId('user1');
      await ts.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          userId: id,
          note: 'test deposit',
          createdBy: null,
          postings: [
            { from: houseAccount('bank'), to: userAccount(id, 'fund'), asset: 'MYR', amount: '1000.50' },
            { from: houseAccount('vault'), to: userAccount(id, 'gold'), asset: 'XAU', amount: '10.1234' },
          ],
        }),
      );
      await ts.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'withdrawal.hold',
          userId: id,
          note: null,
          createdBy: null,
          postings: [{ from: userAccount(id, 'fund'), to: userAccount(id, 'fundHeld'), asset: 'MYR', amount: '200' }],
        }),
      );
      const w = await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet?limit=10`);
      expect(w.status).toBe(200);
      expect(w.body.balances).toEqual({ fund: '800.50', gold: '10.1234', credit: '0.00', fundHeld: '200.00', goldHeld: '0.0000' });
      expect(w.body.history.total).toBe(4);
      expect(w.body.history.items.map((i) => [i.kind, i.book, i.asset, i.amount])).toEqual([
        ['withdrawal.hold', 'fund', 'MYR', '-200.00'],
        ['withdrawal.hold', 'fundHeld', 'MYR', '200.00'],
        ['deposit', 'gold', 'XAU', '10.1234'],
        ['deposit', 'fund', 'MYR', '1000.50'],
      ]);
      expect(w.body.history.items[3]!.note).toBe('test deposit');
      const page2 = await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet?limit=3&page=2`);
      expect(page2.body.history.items).toHaveLength(1);
      expect((await call('none', 'GET', `${S}/user/${id}/wallet?limit=0`)).body).toEqual({ code: 1001, context: 'limit' });
      expect((await call('none', 'GET', `${S}/user/999999/wallet`)).status).toBe(404);
      expect((await call<UserDetail>('none', 'GET', `${S}/user/${id}`)).body.wallet.fund).toBe('800.50');
    });

    it('refuses an entry taking a user below zero (422, 2080) and changes nothing', async () => {
      const id = await userId('user1');
      const entries = await count('ledger_entries');
      await expect(
        ts.db.transaction((tx) =>
          postEntry(tx, {
            kind: 'withdrawal',
            userId: id,
            createdBy: null,
            postings: [{ from: userAccount(id, 'fund'), to: houseAccount('bank'), asset: 'MYR', amount: '800.51' }],
          }),
        ),
      ).rejects.toMatchObject({ status: 422, code: 2080, context: 'Greater than available assets.' });
      await expect(
        ts.db.transaction((tx) =>
          postEntry(tx, { kind: 'deposit', userId: id, createdBy: null, postings: [{ from: houseAccount('bank'), to: userAccount(id, 'gold'), asset: 'MYR', amount: '1' }] }),
        ),
      ).rejects.toThrow(/assetMismatch/);
      expect(await count('ledger_entries')).toBe(entries);
    });

    it('serialises concurrent withdrawals per user: never below zero', async () => {
      const id = await userId('user1');
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          ts.db.transaction((tx) =>
            postEntry(tx, {
              kind: 'withdrawal',
              userId: id,
              createdBy: null,
              postings: [{ from: userAccount(id, 'fund'), to: houseAccount('bank'), asset: 'MYR', amount: '100' }],
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 2080)).toBe(true);
      expect((await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet`)).body.balances.fund).toBe('0.50');
    });

    it('the journal refuses UPDATE, DELETE and TRUNCATE', async () => {
      await expect(ts.db.query('UPDATE ledger_postings SET amount = 1')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('DELETE FROM ledger_postings')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('TRUNCATE ledger_postings CASCADE')).rejects.toThrow(/append-only/);
      await expect(ts.db.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) SELECT id, 'house:bank', 'house:vault', 'MYR', 0 FROM ledger_entries LIMIT 1")).rejects.toThrow();
    });
  });

  describe('delete', () => {
    it('refuses a user with pending requests or a non-empty wallet (422, 1050), deletes an empty one', async () => {
      const pending = await call('operationApprover', 'DELETE', `${S}/user/${await userId('kumar')}`);
      expect([pending.status, pending.body.code]).toEqual([422, 1050]);
      const rich = await call('operationApprover', 'DELETE', `${S}/user/${await userId('aminah')}`);
      expect([rich.status, rich.body]).toEqual([422, { code: 1050, context: 'The wallet of the user is not empty.' }]);
      expect((await call('operationMaker', 'DELETE', `${S}/user/${await userId('aminah')}`)).status).toBe(403);

      const created = await call<{ id: number }>('operationMaker', 'POST', `${S}/user/create`, newUser('3'));
      const del = await call('superAdmin', 'DELETE', `${S}/user/${created.body.id}`);
      expect([del.status, del.body]).toEqual([200, { id: created.body.id }]);
      expect((await lastAudit('user.delete'))!.detail.before).toMatchObject({ id: created.body.id, username: 'user3' });
      expect((await call('none', 'GET', `${S}/user/${created.body.id}`)).status).toBe(404);
      expect((await call('superAdmin', 'DELETE', `${S}/user/${created.body.id}`)).status).toBe(404);
      const list = await call<{ items: Array<{ id: number }> }>('none', 'GET', `${S}/user/list?limit=100`);
      expect(list.body.items.map((u) => u.id)).not.toContain(created.body.id);
      // the username of a deleted user is free again
      expect((await call('operationMaker', 'POST', `${S}/user/create`, newUser('3'))).status).toBe(200);
    });
  });

  it('lists the new calls in the OpenAPI document', async () => {
    const r = await api.call<{ paths: Record<string, unknown> }>('GET', '/docs/json');
    for (const path of [
      '/v0/web/secure/user/list',
      '/v0/web/secure/user/create',
      '/v0/web/secure/user/{userId}',
      '/v0/web/secure/user/{userId}/wallet',
      '/v0/web/secure/user/{userId}/bank/approve',
      '/v0/web/secure/user/fee/update_all',
      '/mobile/auth/user/check_exists',
      '/v0/web/secure/admin/list',
      '/v0/web/secure/admin/{adminId}',
    ]) {
      expect(Object.keys(r.body.paths)).toContain(path);
    }
  });
});
