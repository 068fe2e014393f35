import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { ensureCompliancePolicy } from '../policy-service.ts';
import { assetRequest, S, startOrderServer, TRADING_MOMENT, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const UNVERIFIED = { code: ErrorCode.DueDiligenceRequired, context: 'due diligence' };

/**
 * The due diligence enforcement switch through the API (decision 1106): off on the demo, so every
 * SPEC.md flow runs unchanged; turned on by two officers, after which a customer whose file is not
 * verified, or overdue for review, may deposit but neither order, withdraw nor transfer out.
 */
describe(`due diligence enforcement on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());

  const request = (action: string, role: string, fields: Record<string, string>, id?: number) => assetRequest(o, action, role, fields, id);
  const order = (userId: number, extra: Record<string, unknown> = {}) =>
    o.call<{ id: number; code?: number; context?: string }>('financeMaker', 'POST', `${S}/order/create`, { userId, action: 0, orderType: 'MARKET', symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null, ...extra });
  const read = () => o.call<PolicyView>('complianceOfficer', 'GET', `${S}/compliance/policy`);
  const propose = (enforce: boolean, role = 'complianceOfficer') => o.call<PolicyView & { code?: number; context?: string }>(role, 'POST', `${S}/compliance/policy/propose`, { enforce, note: 'Onboarding backlog cleared' });
  const agree = (role: string) => o.call<PolicyView & { code?: number; context?: string }>(role, 'POST', `${S}/compliance/policy/agree`);
  const counts = async () =>
    (await o.ts.db.query<{ orders: number; requests: number }>('SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM payment_requests)::int AS requests'))[0]!;
  const fileOf = (userId: number, status: string, nextReviewOn: string | null) =>
    o.ts.db.query(
      `INSERT INTO due_diligence_files (user_id, status, verified_by, verified_at, next_review_on, updated_at)
       VALUES ($1, $2, CASE WHEN $2 = 'verified' THEN (SELECT id FROM admins WHERE username = 'complianceofficer') END, CASE WHEN $2 = 'verified' THEN now() END, $3::date, now())
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, verified_by = EXCLUDED.verified_by, verified_at = EXCLUDED.verified_at, next_review_on = EXCLUDED.next_review_on`,
      [userId, status, nextReviewOn],
    );

  it('is off on the demo: an unverified customer orders and withdraws as SPEC.md says', async () => {
    expect((await read()).body).toMatchObject({ enforce: false, proposal: null });
    const userId = await o.newUser('ddoffone', { fund: '20000.00', gold: '5.0000' });
    expect((await order(userId)).status).toBe(200);
    expect((await request('withdrawal', 'financeMaker', { userId: String(userId), type: 'XAU', quantity: '1.0000' })).status).toBe(200);
  });

  it('is changed by two officers only; a proposal of the value in force, a second proposal or an agreement with none pending is refused', async () => {
    expect((await propose(false)).body).toMatchObject({ code: ErrorCode.CompliancePolicyConflict, context: 'Enforcement is off already.' });
    const proposed = await propose(true, 'superAdmin');
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body).toMatchObject({ enforce: false, proposal: { enforce: true, by: 'admin', note: 'Onboarding backlog cleared' } });
    expect((await propose(true, 'complianceOfficer')).body).toMatchObject({ code: ErrorCode.CompliancePolicyConflict });
    // the proposer may not agree to their own proposal; nothing changes
    const self = await agree('superAdmin');
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ code: ErrorCode.ComplianceFourEyes });
    expect((await read()).body).toMatchObject({ enforce: false, proposal: { enforce: true } });
    const agreed = await agree('complianceApprover');
    expect(agreed.body).toMatchObject({ enforce: true, updatedBy: 'complianceapprover', proposal: null });
    expect((await agree('complianceApprover')).body).toMatchObject({ code: ErrorCode.CompliancePolicyConflict, context: 'No change is proposed.' });
    const audit = await o.ts.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'compliance.policy%' ORDER BY id");
    expect(audit.map((a) => a.action)).toEqual(['compliance.policyPropose', 'compliance.policyAgree']);
  });

  it('with enforcement on: an unverified customer deposits but neither orders, sells, withdraws nor transfers out; nothing is written', async () => {
    expect((await read()).body.enforce).toBe(true);
    const userId = await o.newUser('ddonone', { fund: '20000.00', gold: '5.0000' });
    const other = await o.newUser('ddontwo', {});
    const before = await counts();
    const refused = [
      ['a buy', await order(userId)],
      ['a sell', await order(userId, { action: 1 })],
      ['a withdrawal', await request('withdrawal', 'financeMaker', { userId: String(userId), type: 'XAU', quantity: '1.0000' })],
      ['a transfer out', await request('transfer', 'financeMaker', { userId: String(userId), receiverUserId: String(other), type: 'MYR', amount: '10.00' })],
    ] as const;
    for (const [what, r] of refused) {
      expect(r.status, what).toBe(409);
      expect(r.body, what).toMatchObject(UNVERIFIED);
    }
    expect(await counts()).toEqual(before);
    // a deposit, and a transfer in from a verified customer, are received
    expect((await request('deposit', 'financeMaker', { userId: String(userId), type: 'MYR', amount: '100.00' })).status).toBe(200);
    await fileOf(other, 'verified', null);
        const sender = await o.newUser('ddonfour', { fund: '500.00' });
    await fileOf(sender, 'verified', '2099-12-31');
    expect((await request('transfer', 'financeMaker', { userId: String(sender), receiverUserId: String(userId), type: 'MYR', amount: '10.00' })).status).toBe(200);
  });

  it('with enforcement on: a verified customer trades; one whose periodic review fell due yesterday does not; a file migrated as review due does not', async () => {
    const userId = await o.newUser('ddverified', { fund: '20000.00' });
    // the server's clock stands at a trading moment: its Kuala Lumpur date is "today"
    const today = businessDate(new Date(TRADING_MOMENT));
    await fileOf(userId, 'verified', today);
    const accepted = await order(userId);
    expect(accepted.status, accepted.text).toBe(200);
    const yesterday = businessDate(startOfBusinessDay(today, -1));
    await fileOf(userId, 'verified', yesterday);
    expect((await order(userId)).body).toMatchObject(UNVERIFIED);
    await fileOf(userId, 'reviewDue', null);
    expect((await order(userId)).body).toMatchObject(UNVERIFIED);
  });

  it('a pending withdrawal of a customer unverified since cannot be approved; turned off by two officers, it can', async () => {
    const userId = await o.newUser('ddpending', { fund: '20000.00', gold: '5.0000' });
    await fileOf(userId, 'verified', null);
    const pending = await request('withdrawal', 'financeMaker', { userId: String(userId), type: 'XAU', quantity: '1.0000' });
    expect(pending.status).toBe(200);
    await fileOf(userId, 'submitted', null);
    expect((await request('withdrawal', 'financeApprover', {}, pending.body.id)).body).toMatchObject(UNVERIFIED);
    expect((await propose(false)).status).toBe(200);
    expect((await agree('complianceApprover')).body).toMatchObject({ enforce: false });
    const approved = await request('withdrawal', 'financeApprover', {}, pending.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body.status).not.toBe('pending');
  });

  it('is written on at the first start of a production database and never overwritten by a later start', async () => {
    await o.ts.db.query('DELETE FROM compliance_policy');
    await ensureCompliancePolicy(o.ts.db, true, new Date());
    expect((await read()).body.enforce).toBe(true);
    await ensureCompliancePolicy(o.ts.db, false, new Date());
    expect((await read()).body.enforce).toBe(true);
  });
});
