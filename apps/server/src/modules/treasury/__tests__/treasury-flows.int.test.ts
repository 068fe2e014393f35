import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { BreakListAnswer, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import type { BarPage, MovementView, VaultView } from '@aurum/domain/vault/vault-schemas';
import { DEMO_VAULT } from '../../../seed/demo-vault.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { gramsMoved, positionOf } from './treasury-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The treasury's parts together (decisions 0801, 0813, 0835, 0820), each through its own API: the vault's movements move
 * the books and the position, the coverage rule refuses a release that would uncover customers,
 * a custodian's list imported through the vault is what the reconciliation compares (a hedge
 * through its API: hedges.int.test.ts).
 */
describe(`treasury parts together on ${driver}`, () => {
  let o: OrderTestServer;
  let flow: VaultView;
  beforeAll(async () => {
    o = await startOrderServer();
    const created = await o.call<VaultView>('financeMaker', 'POST', `${S}/vault/create`, { code: 'FLOW1', name: 'Flow vault', custodian: 'Flow Custody' });
    expect(created.status, created.text).toBe(200);
    flow = created.body;
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  const position = () => positionOf(o);
  const diff = gramsMoved;
  const bar = (serial: string, grossWeight: string) => ({ serial, refiner: 'Valcambi', metal: 'XAU', grossWeight, fineness: '999.9', year: 2025 });
  const approve = (id: number) => o.call<MovementView>('financeApprover', 'POST', `${S}/vault/movement/${id}/approve`);

  it('a bar receive counts nowhere until a second admin approves it; then vault stock, net and headroom grow by its fine weight', async () => {
    const before = await position();
    const r = await o.call<MovementView>('financeMaker', 'POST', `${S}/vault/movement/receive`, {
      vaultId: flow.id,
      bars: [bar('FL-1', '1000.0000'), bar('FL-2', '1000.0000'), bar('FL-3', '500.0000')],
    });
    expect(r.status, r.text).toBe(200);
    expect(await position()).toMatchObject({ vaultStock: before.vaultStock, net: before.net, coverageHeadroom: before.coverageHeadroom });
    const self = await o.call('financeMaker', 'POST', `${S}/vault/movement/${r.body.id}/approve`);
    expect([self.status, self.body.code]).toEqual([403, ErrorCode.Forbidden]);
    const ok = await approve(r.body.id);
    expect(ok.status, ok.text).toBe(200);
    const after = await position();
    // 2,500 g gross at 999.9 parts per thousand: 2,499.75 g fine
    expect(diff(before.vaultStock, after.vaultStock)).toBe('2499.7500');
    expect(diff(before.net, after.net)).toBe('2499.7500');
    expect(diff(before.coverageHeadroom, after.coverageHeadroom)).toBe('2499.7500');
  });

  it('a release that would uncover customers is refused at approval with 2090, audited, and changes nothing', async () => {
    const demo = (await o.call<{ items: VaultView[] }>('none', 'GET', `${S}/vault/list`)).body.items.find((v) => v.code === DEMO_VAULT.code)!;
    const bars = (await o.call<BarPage>('none', 'GET', `${S}/vault/bar/list?vaultId=${demo.id}&status=available&metal=XAU`)).body.items;
    expect(bars.length).toBeGreaterThan(0);
    const before = await position();
    const release = await o.call<MovementView>('financeMaker', 'POST', `${S}/vault/movement/release`, { barIds: bars.map((b) => b.id), note: 'all of it' });
    expect(release.status, release.text).toBe(200);
    const refused = await approve(release.body.id);
    expect([refused.status, refused.body.code]).toEqual([422, ErrorCode.CustomersUncovered]);
    expect((refused.body as { detail?: Record<string, unknown> }).detail).toMatchObject({ rule: 'coverage', metal: 'XAU' });
    const movement = await o.call<MovementView>('none', 'GET', `${S}/vault/movement/${release.body.id}`);
    expect(movement.body.status).toBe('pending');
    const still = (await o.call<BarPage>('none', 'GET', `${S}/vault/bar/list?vaultId=${demo.id}&status=available&metal=XAU`)).body.items;
    expect(still.map((b) => b.id).sort()).toEqual(bars.map((b) => b.id).sort());
    expect(await position()).toMatchObject({ vaultStock: before.vaultStock, net: before.net });
    const audits = await o.ts.db.query<{ detail: { decision: string; what: string } }>("SELECT detail FROM audit_log WHERE action = 'treasury.coverage' ORDER BY id DESC LIMIT 1");
    expect(audits[0]?.detail).toMatchObject({ decision: 'refused' });
    const declined = await o.call<MovementView>('financeApprover', 'POST', `${S}/vault/movement/${release.body.id}/decline`, { reason: 'too much' });
    expect(declined.status, declined.text).toBe(200);
  });

  it('a weight list imported through the vault with one bar missing and one weight changed gives exactly those two breaks', async () => {
    const csv = ['Serial No,Brand,Gross Weight (g),Fineness,Year,Form', 'FL-1,Valcambi,1000.0000,999.9,2025,bar', 'FL-2,Valcambi,999.5000,999.9,2025,bar'].join('\r\n');
    const form = new FormData();
    form.append('vaultId', String(flow.id));
    form.append('asOf', '2030-01-06');
    form.append('file', new Blob([csv]), 'flow.csv');
    const imported = await fetch(`${o.ts.url}${S}/vault/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await o.as('financeMaker')}` } });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const run = await o.call<RunView>('superAdmin', 'POST', `${S}/reconciliation/run`);
    expect(run.status, run.text).toBe(200);
    const breaks = (await o.call<BreakListAnswer>('none', 'GET', `${S}/reconciliation/breaks?status=open`)).body.items;
    expect(breaks.map((b) => [b.kind, b.serial]).sort()).toEqual([
      ['missingAtCustodian', 'FL-3'],
      ['weightDiffers', 'FL-2'],
    ]);
    // each break lists the posting that brought its bar into the books (the receive's entry names it)
    for (const b of breaks) expect(b.postings.map((p) => p.kind)).toContain('vault.receive');
  });
});
