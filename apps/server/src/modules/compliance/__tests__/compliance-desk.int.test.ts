import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { HitView } from '@aurum/domain/compliance/hit-schemas';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import type { ListsAnswer, UploadAnswer } from '@aurum/domain/compliance/list-schemas';
import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { customerPrice } from '@aurum/domain/orders/order-pricing';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { assetRequest, S, startOrderServer, TRADING_MOMENT, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
/** The bound: every customer at or above the hold score is held within 60 s of the list's activation. */
const HELD_WITHIN_MS = 60_000;

/**
 * The compliance desk from the outside, through its API only, as its officers and the finance
 * desk meet it: the ministry's PDF and the UN's XML uploaded by one officer and activated by a
 * second; the customers whose names are listed held by screening before the activation answers;
 * a confirmed match frozen by two officers with its freeze report; the frozen customer's pending
 * withdrawal not approvable and open limit order not filled; nothing said to staff outside
 * compliance names a screening.
 */
describe(`the compliance desk from the outside on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());

  const upload = async (listId: number, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    const r = await fetch(`${o.ts.url}${S}/compliance/lists/${listId}/versions`, { method: 'POST', headers: { authorization: `Bearer ${await o.as('complianceOfficer')}` }, body: form });
    return { status: r.status, body: (await r.json()) as UploadAnswer };
  };
  const request = (action: string, role: string, fields: Record<string, string>, id?: number) => assetRequest(o, action, role, fields, id);
  const holdOf = async (userId: number) => (await o.call<{ items: HoldView[] }>('complianceOfficer', 'GET', `${S}/compliance/holds`)).body.items.find((h) => h.userId === userId);
  const hitsOf = async (userId: number) => (await o.call<{ items: HitView[] }>('complianceOfficer', 'GET', `${S}/compliance/hits?limit=200`)).body.items.filter((h) => h.userId === userId);
  const activateList = async (code: string, file: string, name: string) => {
    const lists = (await o.call<ListsAnswer>('complianceOfficer', 'GET', `${S}/compliance/lists`)).body.items;
    const list = lists.find((l) => l.code === code)!;
    const uploaded = await upload(list.id, fixture(file), name);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const started = performance.now();
    const activated = await o.call('complianceApprover', 'POST', `${S}/compliance/lists/versions/${uploaded.body.version.id}/activate`, {});
    expect(activated.status, activated.text).toBe(200);
    return { versionId: uploaded.body.version.id, started };
  };

  let listed: number;
  let namesake: number;
  let limitId: number;
  let withdrawalId: number;

  it('customers listed by the ministry and by the UN are held by screening within the bound of each activation; a stranger is not', async () => {
    // Lim Kok Wah is on the ministry's list (KDN.I.04-2016); before it is loaded he has a pending
    // gold withdrawal and an open limit buy below the market
    listed = await o.newUser('kokwah', { fund: '50000.00', gold: '10.0000' }, { first_name: 'Kok Wah', last_name: 'Lim' });
    const p = o.ts.app.market.orderPricing()!;
    const buy = customerPrice(p.quote, p.fx, p.settings).myr.buy;
    const limit = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId: listed, action: 0, orderType: 'LIMIT', symbol: 'XAU/MYR', currency: 'MYR', quantity: '2', goodTillDate: null, comment: null, price: roundTo(new Decimal(buy).minus(1), 3),
    });
    expect(limit.status, limit.text).toBe(200);
    limitId = limit.body.id;
    const withdrawal = await request('withdrawal', 'financeMaker', { userId: String(listed), type: 'XAU', quantity: '1.0000' });
    expect(withdrawal.status).toBe(200);
    withdrawalId = withdrawal.body.id;
    // Nur Hidayah binti Osman is on the UN's list (QDi.902); a customer with an unrelated name is not
    namesake = await o.newUser('nurhidayah', { fund: '100.00' }, { first_name: 'Nur Hidayah', last_name: 'binti Osman' });
    const stranger = await o.newUser('stranger', { fund: '100.00' }, { first_name: 'Wong', last_name: 'Siew Ling' });

    const ministry = await activateList('kdn-66b', 'ministry-66b.pdf', 'kdn-66b.pdf');
    const heldMinistry = await holdOf(listed);
    expect(performance.now() - ministry.started).toBeLessThan(HELD_WITHIN_MS);
    expect(heldMinistry).toMatchObject({ status: 'held', source: 'screening', placedBy: null });
    const un = await activateList('un-sc', 'un-consolidated.xml', 'consolidated.xml');
    expect(performance.now() - un.started).toBeLessThan(HELD_WITHIN_MS);
    expect(await holdOf(namesake)).toMatchObject({ status: 'held', source: 'screening' });
    expect(await holdOf(stranger)).toBeUndefined();
    expect(await hitsOf(stranger)).toEqual([]);

    // the hit explains itself: which list, which entry, which name, what score and why
    const [hit] = await hitsOf(listed);
    expect(hit).toMatchObject({ listKind: 'ministry', entryReference: 'KDN.I.04-2016', outcome: 'hold', status: 'open', versionId: ministry.versionId });
    expect(Number(hit!.score)).toBeGreaterThanOrEqual(0.88);
    expect(hit!.reasons.length).toBeGreaterThan(0);
  });

  it('a confirmed match is frozen by two officers with its freeze report; the pending withdrawal cannot be approved and the limit order does not fill', async () => {
    const [hit] = await hitsOf(listed);
    const confirmed = await o.call<HitView>('complianceOfficer', 'POST', `${S}/compliance/hits/${hit!.id}/confirm`, { note: 'MyKad and birth date agree with the ministry entry' });
    expect(confirmed.status, confirmed.text).toBe(200);
    const hold = (await holdOf(listed))!;
    expect(hold.proposal).toMatchObject({ decision: 'freeze', by: 'complianceofficer' });
    const frozen = await o.call<HoldView>('complianceApprover', 'POST', `${S}/compliance/holds/${hold.id}/agree`);
    expect(frozen.body).toMatchObject({ status: 'frozen' });
    const report = await o.call<{ frozen: { goldGrams: string; goldHeldGrams: string }; pendingRequests: number; openOrders: number }>('complianceOfficer', 'GET', `${S}/compliance/holds/${hold.id}/freeze-report`);
    expect(report.body).toMatchObject({ frozen: { goldGrams: '9.0000', goldHeldGrams: '1.0000' }, pendingRequests: 1, openOrders: 1 });

    // the finance desk: the withdrawal is refused with 'compliance hold' and nothing more
    const approval = await request('withdrawal', 'financeApprover', {}, withdrawalId);
    expect([approval.status, approval.body.code, approval.body.context]).toEqual([409, ErrorCode.ComplianceHold, 'compliance hold']);
    expect(JSON.stringify(approval.body)).not.toMatch(/screen|sanction|list|KDN|ministry|match/i);
    // the price falls through the limit: the frozen customer's order waits
    o.source.xau = { bid: '1900.00', ask: '1901.00' };
    await o.waitForPrice();
    await o.ts.app.orders.runOnce(new Date(TRADING_MOMENT));
    expect((await o.call<{ order: OrderNode }>('none', 'GET', `${S}/order/${limitId}`)).body.order.status).toBe('CREATED');
    // staff outside compliance read that a hold is in force, and not why
    const detail = await o.call<{ complianceHold: boolean }>('financeApprover', 'GET', `${S}/user/${listed}`);
    expect(detail.body.complianceHold).toBe(true);
    expect(detail.text).not.toMatch(/screen|sanction|KDN|ministry|hit/i);
    for (const role of ['financeApprover', 'operationApprover', 'none']) {
      expect((await o.call(role, 'GET', `${S}/compliance/hits`)).status, role).toBe(403);
    }
  });

  it('a customer created after the lists, by a path that does not screen, is screened in full by the backlog job within its minute', async () => {
    const late = await o.newUser('latecomer', { fund: '10.00' }, { first_name: 'Siti Aminah', last_name: 'binti Rahman' });
    expect(await holdOf(late)).toBeUndefined();
    const screened = await o.ts.app.jobs.get('screeningBacklog').runOnce(new Date(TRADING_MOMENT));
    expect(screened).toBeGreaterThanOrEqual(1);
    expect(await holdOf(late)).toMatchObject({ status: 'held', source: 'screening' });
    const [hit] = await hitsOf(late);
    expect(hit).toMatchObject({ listKind: 'ministry', entryReference: 'KDN.I.02-2014' });
    // screened once: the next tick finds nobody left
    expect(await o.ts.app.jobs.get('screeningBacklog').runOnce(new Date(TRADING_MOMENT))).toBe(0);
  });
});
