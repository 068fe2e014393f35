import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { BreakListAnswer, BreakView, LatestRunAnswer, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { startBusinessDay } from './business-day.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens } from '../../../testing/client.ts';
import { insertBar, insertCustodianList, insertVault, insertVaultEntry } from './recon-fixture.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const R = '/v0/web/secure/reconciliation';

describe(`reconciliation on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const token = roleTokens(() => ts);
  let vaultId = 0;
  let coverBar = 0;

  const call = async <T = Record<string, unknown>>(role: string, method: string, path: string, body?: unknown) =>
    api.call<T>(method, path, { token: await token(role), body });
  const openBreaks = async () => (await call<BreakListAnswer>('superAdmin', 'GET', `${R}/breaks?limit=100`)).body.items;
  const state = async () => {
    const [row] = await ts.db.query<{ runs: number; breaks: number; open: number; audit: number }>(
      `SELECT (SELECT count(*)::int FROM reconciliation_runs) AS runs, (SELECT count(*)::int FROM reconciliation_breaks) AS breaks,
              (SELECT count(*)::int FROM reconciliation_breaks WHERE status = 'open') AS open,
              (SELECT count(*)::int FROM audit_log WHERE action LIKE 'reconciliation.%') AS audit`,
    );
    return row!;
  };

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    // our vault: three gold bars; a second vault with no list holds the bar that covers the demo customers
    vaultId = await insertVault(ts.db, 'RECON1', 'Malca-Amit', [
      { serial: 'VC-1001', gross: '1000.0000' },
      { serial: 'VC-1002', gross: '1000.0000' },
      { serial: 'PM-77', refiner: 'PAMP', gross: '500.0000', fineness: '999.9' },
      // not counted: waiting for its checker, or gone
      { serial: 'VC-0999', gross: '1000.0000', status: 'pending' },
      { serial: 'VC-0998', gross: '1000.0000', status: 'released' },
    ]);
    const cover = await insertVault(ts.db, 'COVER', 'Brink', []);
    coverBar = await insertBar(ts.db, cover, 'Brink', { serial: 'CV-1', gross: '10000000.0000', fineness: '1000.0' });
    await insertVaultEntry(ts.db, 'bar Valcambi VC-1002 received into RECON1', '999.9000');
    await insertVaultEntry(ts.db, 'bar Valcambi VC-1001 received into RECON1', '999.9000');
  });
  afterAll(() => ts?.close());

  it('answers no run before the first, and refuses a run to admins without the permission', async () => {
    expect((await call<LatestRunAnswer>('none', 'GET', `${R}/latest`)).body).toEqual({ run: null });
    for (const role of ['none', 'financeMaker', 'operationMaker']) {
      const r = await call(role, 'POST', `${R}/run`);
      expect([role, r.status, r.body.code]).toEqual([role, 403, 1150]);
    }
    expect((await api.call('POST', `${R}/run`)).status).toBe(401);
    expect(await state()).toMatchObject({ runs: 0, breaks: 0, audit: 0 });
  });

  it('an imported list with one bar missing and one weight changed gives exactly those two breaks, with the postings that explain them', async () => {
    const listId = await insertCustodianList(ts.db, { vaultId, custodian: 'Malca-Amit', asOf: '2031-03-02' }, [
      { serial: 'VC-1001', gross: '1000.0000', fine: '999.8000' },
      // the custodian spells the refiner in capitals: the same bar
      { serial: 'PM-77', refiner: 'pamp ', gross: '500.0000' },
    ]);
    // an older list of the same vault is not the one matched
    await ts.db.query("UPDATE custodian_bar_lists SET imported_at = now() WHERE id = $1", [listId]);
    await insertCustodianList(ts.db, { vaultId, custodian: 'Malca-Amit', asOf: '2031-02-01', fileName: 'old.csv' }, []);

    const r = await call<RunView>('financeApprover', 'POST', `${R}/run`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ trigger: 'admin', ranBy: ts.demo.byRole.financeApprover!.username, barsCompared: 3, breaksFound: 2, breaksOpened: 2, openBreaks: 2 });
    expect(r.body.lists.map((l) => [l.id, l.vaultCode, l.asOf, l.rowCount])).toEqual([[listId, 'RECON1', '2031-03-02', 2]]);

    const breaks = await openBreaks();
    expect(breaks.map((b) => [b.kind, b.serial, b.refiner, b.vaultCode, b.difference]).sort()).toEqual([
      ['missingAtCustodian', 'VC-1002', 'Valcambi', 'RECON1', '-999.9000'],
      ['weightDiffers', 'VC-1001', 'Valcambi', 'RECON1', '-0.1000'],
    ]);
    const weight = breaks.find((b) => b.kind === 'weightDiffers')!;
    expect([weight.ours!.fineWeight, weight.theirs!.fineWeight, weight.ours!.grossWeight, weight.theirs!.grossWeight]).toEqual(['999.9000', '999.8000', '1000.0000', '1000.0000']);
    const missing = breaks.find((b) => b.kind === 'missingAtCustodian')!;
    expect(missing.theirs).toBeNull();
    expect(missing.postings.map((p) => [p.kind, p.note, p.to, p.amount])).toEqual([['vault.receive', 'bar Valcambi VC-1002 received into RECON1', 'house:vault', '999.9000']]);
    expect(weight.postings.map((p) => p.note)).toEqual(['bar Valcambi VC-1001 received into RECON1']);

    const [audit] = await ts.db.query<{ username: string; detail: { after: { runId: number; breaksFound: number } } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'reconciliation.run'",
    );
    expect(audit).toMatchObject({ username: ts.demo.byRole.financeApprover!.username, detail: { after: { runId: r.body.id, breaksFound: 2 } } });
    expect((await call<LatestRunAnswer>('none', 'GET', `${R}/latest`)).body.run).toEqual(r.body);
  });

  it('a second run keeps each open break once: no duplicate, the last run noted', async () => {
    const before = await openBreaks();
    const r = await call<RunView>('operationApprover', 'POST', `${R}/run`);
    expect(r.body).toMatchObject({ breaksFound: 2, breaksOpened: 0, openBreaks: 2 });
    const after = await openBreaks();
    expect(after.map((b) => b.id).sort()).toEqual(before.map((b) => b.id).sort());
    expect(after.every((b) => b.lastRunId === r.body.id && b.firstRunId < r.body.id)).toBe(true);
    expect(await state()).toMatchObject({ runs: 2, breaks: 2, open: 2 });
  });

  it('refuses bad input with 400 (1001, the field), unknown breaks with 404, and changes nothing', async () => {
    const [one] = await openBreaks();
    const before = await state();
    const refused: Array<[string, string, unknown, number, number, string | null]> = [
      ['POST', `${R}/breaks/${one!.id}/resolve`, {}, 400, 1001, 'note'],
      ['POST', `${R}/breaks/${one!.id}/resolve`, { note: '   ' }, 400, 1001, 'note'],
      ['POST', `${R}/breaks/${one!.id}/resolve`, { note: 'x'.repeat(1001) }, 400, 1001, 'note'],
      ['POST', `${R}/breaks/${one!.id}/resolve`, { note: 42 }, 400, 1001, 'note'],
      ['POST', `${R}/breaks/abc/resolve`, { note: 'ok' }, 400, 1001, 'id'],
      ['POST', `${R}/breaks/0/resolve`, { note: 'ok' }, 400, 1001, 'id'],
      ['POST', `${R}/breaks/99999999/resolve`, { note: 'ok' }, 404, 1003, 'break'],
      ['GET', `${R}/breaks?kind=lost`, undefined, 400, 1001, 'kind'],
      ['GET', `${R}/breaks?metal=XPD`, undefined, 400, 1001, 'metal'],
      ['GET', `${R}/breaks?status=closed`, undefined, 400, 1001, 'status'],
      ['GET', `${R}/breaks?limit=7`, undefined, 400, 1001, 'limit'],
      ['GET', `/v0/web/secure/export/reconciliation_breaks?kind=lost`, undefined, 400, 1001, 'kind'],
    ];
    for (const [method, path, body, status, code, context] of refused) {
      const r = await call('superAdmin', method, path, body);
      expect([path, r.status, r.body.code, r.body.context]).toEqual([path, status, code, context]);
    }
    // a maker cannot resolve
    expect((await call('financeMaker', 'POST', `${R}/breaks/${one!.id}/resolve`, { note: 'ok' })).status).toBe(403);
    expect(await state()).toEqual(before);
    expect((await openBreaks()).find((b) => b.id === one!.id)!.status).toBe('open');
  });

  it('resolving needs a note and closes the break; resolving it twice is 409 (3212); a later run opens it anew while the cause stays', async () => {
    const missing = (await openBreaks()).find((b) => b.kind === 'missingAtCustodian')!;
    const r = await call<BreakView>('operationApprover', 'POST', `${R}/breaks/${missing.id}/resolve`, { note: '  Custodian confirmed the bar is in their cage; list fixed tomorrow.  ' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: missing.id, status: 'resolved', resolvedBy: ts.demo.byRole.operationApprover!.username, note: 'Custodian confirmed the bar is in their cage; list fixed tomorrow.' });
    expect(r.body.resolvedAt).not.toBeNull();
    expect((await openBreaks()).map((b) => b.kind)).toEqual(['weightDiffers']);
    const resolved = (await call<BreakListAnswer>('none', 'GET', `${R}/breaks?status=resolved`)).body;
    expect(resolved.items.map((b) => b.id)).toEqual([missing.id]);
    expect(resolved.total).toBe(1);

    const again = await call('superAdmin', 'POST', `${R}/breaks/${missing.id}/resolve`, { note: 'again' });
    expect([again.status, again.body.code]).toEqual([409, 3212]);
    const audits = await ts.db.query<{ username: string; detail: { after: { status: string } } }>("SELECT username, detail FROM audit_log WHERE action = 'reconciliation.resolve'");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ username: ts.demo.byRole.operationApprover!.username, detail: { after: { status: 'resolved' } } });

    const run = await call<RunView>('superAdmin', 'POST', `${R}/run`);
    expect(run.body).toMatchObject({ breaksFound: 2, breaksOpened: 1, openBreaks: 2 });
    expect(await state()).toMatchObject({ breaks: 3, open: 2 });
  });

  it('finds customer metal short of available bars plus metal at providers, keeps the break open and brings its shortfall up to date', async () => {
    // every gold bar that covers customers (this fixture's and the demo vault's) goes to quarantine
    const covering = await ts.db.query<{ id: number }>("UPDATE vault_bars SET status = 'quarantined' WHERE metal = 'XAU' AND status = 'available' RETURNING id::int AS id");
    expect(covering.map((b) => b.id)).toContain(coverBar);
    const first = await call<RunView>('superAdmin', 'POST', `${R}/run`);
    expect(first.body.breaksOpened).toBe(1);
    const short = (await call<BreakListAnswer>('superAdmin', 'GET', `${R}/breaks?kind=coverageShort`)).body.items;
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ kind: 'coverageShort', metal: 'XAU', serial: null, ours: null, theirs: null, vaultCode: null });
    const shortBy = short[0]!.difference!;
    expect(Number(shortBy)).toBeGreaterThan(0);
    // the latest postings moving gold explain it
    expect(short[0]!.postings.length).toBeGreaterThan(0);
    expect(short[0]!.postings.every((p) => p.asset === 'XAU')).toBe(true);

    // a filled buy owes 10 g more; a hedge is a position, not metal held at a provider: it covers nothing
    const [user] = await ts.db.query<{ id: number }>('SELECT id::int AS id FROM users ORDER BY id LIMIT 1');
    await ts.db.query(
      "INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram) VALUES ('RECON-BUY', $1, 'BUY', 'MARKET', 'FILLED', 'XAU/MYR', 'MYR', 10)",
      [user!.id],
    );
    await ts.db.query(
      `INSERT INTO hedges (client_ref, provider, metal, side, quantity, price, currency, traded_at, state, position_before, position_after, request_hash)
       VALUES ('recon-h1', 'Provider', 'XAU', 'BUY', 2.5, 400, 'MYR', now(), 'filled', 0, 2.5, 'x')`,
    );
    const second = await call<RunView>('superAdmin', 'POST', `${R}/run`);
    expect(second.body.breaksOpened).toBe(0);
    const updated = (await call<BreakListAnswer>('superAdmin', 'GET', `${R}/breaks?kind=coverageShort`)).body.items;
    expect(updated.map((b) => [b.id, b.difference])).toEqual([[short[0]!.id, (Number(shortBy) + 10).toFixed(4)]]);

    // covered again: the break stays open until an admin resolves it, found last by the earlier run
    await ts.db.query("UPDATE vault_bars SET status = 'available' WHERE id = ANY($1::bigint[])", [covering.map((b) => b.id)]);
    const third = await call<RunView>('superAdmin', 'POST', `${R}/run`);
    expect(third.body).toMatchObject({ breaksFound: 2, breaksOpened: 0, openBreaks: 3 });
    const still = (await call<BreakListAnswer>('superAdmin', 'GET', `${R}/breaks?kind=coverageShort`)).body.items;
    expect(still.map((b) => [b.status, b.lastRunId])).toEqual([['open', second.body.id]]);
  });

  it('exports the breaks as CSV through the export mechanism, filtered like the list, with an audit row', async () => {
    const res = await fetch(`${ts.url}/v0/web/secure/export/reconciliation_breaks?status=all`, { headers: { authorization: `Bearer ${await token('financeMaker')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reconciliation-breaks-\d{8}T\d{6}Z\.csv"$/);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    const all = await ts.db.query<{ id: number; kind: string; serial: string | null; status: string }>('SELECT id::int AS id, kind, serial, status FROM reconciliation_breaks ORDER BY id');
    expect(rows.map((r) => [Number(r.id), r.kind, r.serial, r.status])).toEqual(all.map((b) => [b.id, b.kind, b.serial ?? '', b.status]));
    const weight = rows.find((r) => r.kind === 'weightDiffers')!;
    expect([weight['ours.fineWeight'], weight['theirs.fineWeight'], weight.difference, weight.vaultCode]).toEqual(['999.9000', '999.8000', '-0.1000', 'RECON1']);
    expect(weight.postingEntryIds).toMatch(/^\d+$/);
    const resolved = rows.find((r) => r.status === 'resolved')!;
    expect(resolved.note).toBe('Custodian confirmed the bar is in their cage; list fixed tomorrow.');

    const open = await fetch(`${ts.url}/v0/web/secure/export/reconciliation_breaks?kind=missingAtCustodian`, { headers: { authorization: `Bearer ${await token('financeMaker')}` } });
    const openRows = parse((await open.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(openRows.map((r) => [r.kind, r.status, r.serial])).toEqual([['missingAtCustodian', 'open', 'VC-1002']]);
    const [audit] = await ts.db.query<{ detail: { list: string; rows: number } }>("SELECT detail FROM audit_log WHERE action = 'data.export' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ list: 'reconciliation_breaks', rows: 1 });
  });

  it('the daily job runs once per business day after its time, never on a weekend or a holiday (injected clock)', async () => {
    const job = ts.app.jobs.get('reconciliation');
    const jobRuns = () => ts.db.query<{ d: string; ran_by: number | null }>("SELECT to_char(business_date, 'YYYY-MM-DD') AS d, ran_by FROM reconciliation_runs WHERE trigger = 'job' ORDER BY id");
    const auditsBefore = (await state()).audit;
    // Saturday and Sunday at 10:00 Kuala Lumpur
    expect(await job.runOnce(startBusinessDay('2031-03-01', 10))).toBeNull();
    expect(await job.runOnce(startBusinessDay('2031-03-02', 10))).toBeNull();
    // Monday before 09:00, then at 09:00, then later the same day
    expect(await job.runOnce(startBusinessDay('2031-03-03', 8, 59))).toBeNull();
    const monday = (await job.runOnce(startBusinessDay('2031-03-03', 9))) as RunView;
    expect(monday).toMatchObject({ trigger: 'job', ranBy: null, businessDate: '2031-03-03', breaksOpened: 0 });
    expect(await job.runOnce(startBusinessDay('2031-03-03', 17))).toBeNull();
    // Tuesday: its own run; Wednesday a system holiday: none
    expect(await job.runOnce(startBusinessDay('2031-03-04', 9, 30))).toMatchObject({ businessDate: '2031-03-04' });
    await ts.db.query("INSERT INTO holidays (name, date) VALUES ('Recon holiday', '2031-03-05')");
    expect(await job.runOnce(startBusinessDay('2031-03-05', 12))).toBeNull();
    expect(await jobRuns()).toEqual([
      { d: '2031-03-03', ran_by: null },
      { d: '2031-03-04', ran_by: null },
    ]);
    // the job is not an admin: no audit row; the latest run is the job's
    expect((await state()).audit).toBe(auditsBefore);
    expect((await call<LatestRunAnswer>('none', 'GET', `${R}/latest`)).body.run).toMatchObject({ trigger: 'job', businessDate: '2031-03-04' });
  });
});
