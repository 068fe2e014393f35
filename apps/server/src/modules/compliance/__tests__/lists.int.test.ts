import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { ActivateAnswer, ActiveAtAnswer, DiffAnswer, ListsAnswer, ListVersionView, ListView, UploadAnswer, VersionsAnswer } from '@aurum/domain/compliance/list-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, otherAdminToken, roleTokens } from '../../../testing/client.ts';
import { ENTITY_COLUMNS, INDIVIDUAL_COLUMNS, ministryPdf } from './fixtures/ministry-pdf.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const UN = fixture('un-consolidated.xml').toString('utf8');
const CSV_HEADER = 'Reference,Type,Name,Date of Birth,Place of Birth,Nationality,Passport / IC No.,Address,Date Listed';

/** The UN fixture with some entries cut out, one renamed and one added: a later version of the list. */
function laterUnList(): string {
  let xml = UN;
  for (const ref of ['QDi.905', 'QDi.906', 'QDi.907', 'KPe.913']) xml = xml.replace(new RegExp(`<(INDIVIDUAL|ENTITY)>(?:(?!</\\1>)[\\s\\S])*?<REFERENCE_NUMBER>${ref.replace('.', '\\.')}</REFERENCE_NUMBER>[\\s\\S]*?</\\1>`), '');
  xml = xml.replace('<ALIAS_NAME>Abu Hamid</ALIAS_NAME>', '<ALIAS_NAME>Abu Hamed</ALIAS_NAME>');
  return xml.replace(
    '</ENTITIES>',
    '<ENTITY><DATAID>6908199</DATAID><FIRST_NAME>Seri Bayu Relief Network</FIRST_NAME><REFERENCE_NUMBER>QDe.999</REFERENCE_NUMBER></ENTITY></ENTITIES>',
  );
}

describe(`screening lists on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let tokenOf: (role: string) => Promise<string>;
  const secondApprover = otherAdminToken(() => ts, 'complianceApprover', 'approvertwo');
  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    tokenOf = roleTokens(() => ts);
  });
  afterAll(() => ts?.close());

  const call = async <T,>(role: string, method: string, path: string, body?: unknown) =>
    api.call<T>(method, path, { token: role === 'approvertwo' ? await secondApprover() : await tokenOf(role), ...(body !== undefined ? { body } : {}) });
  const createList = (code: string, kind: string, format: string, name: string) => call<ListView>('complianceOfficer', 'POST', `${S}/compliance/lists`, { code, kind, format, name });
  const upload = async (listId: number, content: string | Uint8Array, name: string, role = 'complianceOfficer') => {
    const form = new FormData();
    form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
    const r = await fetch(`${ts.url}${S}/compliance/lists/${listId}/versions`, { method: 'POST', headers: { authorization: `Bearer ${await tokenOf(role)}` }, body: form });
    return { status: r.status, body: (await r.json()) as UploadAnswer & { code?: number; context?: string; detail?: Record<string, unknown> } };
  };
  const activate = (versionId: number, role: string, confirmLargeDrop?: boolean) =>
    call<ActivateAnswer>(role, 'POST', `${S}/compliance/lists/versions/${versionId}/activate`, confirmLargeDrop === undefined ? {} : { confirmLargeDrop });
  const diff = (versionId: number, change: string, query = '') => call<DiffAnswer>('complianceApprover', 'GET', `${S}/compliance/lists/versions/${versionId}/diff?change=${change}${query}`);
  const listOf = async (id: number) => (await call<ListsAnswer>('complianceOfficer', 'GET', `${S}/compliance/lists`)).body.items.find((l) => l.id === id)!;
  const history = async (id: number) => (await call<VersionsAnswer>('complianceOfficer', 'GET', `${S}/compliance/lists/${id}/versions`)).body.items;
  const counts = async () =>
    (await ts.db.query<{ versions: number; entries: number; names: number }>(
      'SELECT (SELECT count(*) FROM screening_list_versions)::int AS versions, (SELECT count(*) FROM screening_entries)::int AS entries, (SELECT count(*) FROM screening_entry_names)::int AS names',
    ))[0]!;
  const audits = async (action: string) => (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]!.n;

  let un: ListView;
  let first: ListVersionView;

  const seeded = async (code: string) => (await call<ListsAnswer>('complianceOfficer', 'GET', `${S}/compliance/lists`)).body.items.find((l) => l.code === code)!;

  it('an officer uploads the XML of the seeded UN list; a second officer reads the diff and activates it', async () => {
    un = await seeded('un-sc');
    expect(un).toMatchObject({ kind: 'un', format: 'unXml', active: null, proposed: null });
    expect((await createList('un-sc', 'un', 'unXml', 'Again')).body).toMatchObject({ code: ErrorCode.InvalidFormat, context: 'code' });

    const r = await upload(un.id, UN, 'consolidated.xml');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    first = r.body.version;
    expect(r.body).toMatchObject({ unchanged: false, version: { status: 'proposed', fileName: 'consolidated.xml', entryCount: 12, diff: { added: 12, removed: 0, changed: 0 }, baseVersionId: null, largeDrop: false, uploadedBy: ts.demo.byRole.complianceOfficer!.username } });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await listOf(un.id)).toMatchObject({ active: null, proposed: { id: first.id } });
    // every name is indexed with the domain's keys, the low-quality alias marked so
    const names = await ts.db.query<{ name: string; quality: string; key: string }>(
      "SELECT n.name, n.quality, n.key FROM screening_entry_names n JOIN screening_entries e ON e.id = n.entry_id WHERE e.version_id = $1 AND e.reference = 'QDi.901' ORDER BY n.id",
      [first.id],
    );
    expect(names.map((n) => [n.name, n.quality])).toEqual([
      ['Abdul Rahman Hamid Al-Tayyib', 'good'],
      ['عبد الرحمن حامد الطيب', 'good'],
      ['Abu Hamid', 'good'],
      ['Al-Tayyibi', 'low'],
    ]);
    expect(names.every((n) => n.key !== '')).toBe(true);

    const added = await diff(first.id, 'added', '&limit=5');
    expect(added.body).toMatchObject({ change: 'added', total: 12 });
    expect(added.body.items).toHaveLength(5);
    const page2 = await diff(first.id, 'added', '&limit=5&offset=10');
    expect(page2.body.items.map((e) => e.reference)).toEqual(['QDi.907', 'QDi.908']);

    // the officer may not decide (no permission); the approver does
    expect((await activate(first.id, 'complianceOfficer')).status).toBe(403);
    const done = await activate(first.id, 'complianceApprover');
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ versionId: first.id, previousVersionId: null });
    expect(await listOf(un.id)).toMatchObject({ active: { id: first.id, status: 'active', decidedBy: ts.demo.byRole.complianceApprover!.username }, proposed: null });
    expect(await audits('compliance.listUpload')).toBe(1);
    expect(await audits('compliance.listActivate')).toBe(1);
  });

  it('the same file again stores nothing and says so', async () => {
    const before = await counts();
    const again = await upload(un.id, UN, 'consolidated-copy.xml');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ unchanged: true, version: { id: first.id, status: 'active' } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a DOCTYPE, an off-schema file, a second proposal, each changing nothing', async () => {
    const before = await counts();
    const dtd = await upload(un.id, '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa">]><CONSOLIDATED_LIST/>', 'evil.xml');
    expect([dtd.status, dtd.body.code, dtd.body.detail?.rule]).toEqual([422, ErrorCode.ScreeningListFileRefused, 'doctype']);
    const off = await upload(un.id, '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>5</DATAID><FIRST_NAME>Ali</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>', 'off.xml');
    expect([off.status, off.body.context]).toEqual([422, 'INDIVIDUAL DATAID 5: no reference']);
    const root = await upload(un.id, '<SANCTIONS/>', 'root.xml');
    expect(root.body.context).toContain('SANCTIONS');
    expect(await counts()).toEqual(before);

    const later = await upload(un.id, laterUnList(), 'consolidated-2.xml');
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const pending = await upload(un.id, laterUnList().replace('QDe.999', 'QDe.998'), 'consolidated-3.xml');
    expect([pending.status, pending.body.code]).toEqual([409, ErrorCode.ScreeningListVersionConflict]);
    expect((await history(un.id)).map((v) => v.status)).toEqual(['proposed', 'active']);
  });

  it('shows what the next version adds, removes and changes; a large drop needs confirming; the previous version is kept, superseded', async () => {
    const [proposed] = await history(un.id);
    expect(proposed).toMatchObject({ status: 'proposed', entryCount: 9, diff: { added: 1, removed: 4, changed: 1 }, baseVersionId: first.id, largeDrop: true });
    expect((await diff(proposed!.id, 'added')).body.items.map((e) => e.primaryName)).toEqual(['Seri Bayu Relief Network']);
    expect((await diff(proposed!.id, 'removed')).body.items.map((e) => e.reference)).toEqual(['KPe.913', 'QDi.905', 'QDi.906', 'QDi.907']);
    const changed = (await diff(proposed!.id, 'changed')).body.items;
    expect(changed.map((e) => e.reference)).toEqual(['QDi.901']);
    expect(changed[0]!.names.map((n) => n.name)).toContain('Abu Hamed');

    const refused = await activate(proposed!.id, 'complianceApprover');
    expect([refused.status, refused.body.code, (refused.body as { detail?: unknown }).detail]).toEqual([422, ErrorCode.ScreeningListLargeDrop, { rule: 'largeDrop', removed: 4 }]);
    expect((await history(un.id)).map((v) => v.status)).toEqual(['proposed', 'active']);

    const done = await activate(proposed!.id, 'complianceApprover', true);
    expect(done.body).toEqual({ versionId: proposed!.id, previousVersionId: first.id });
    const [now, old] = await history(un.id);
    expect(now).toMatchObject({ status: 'active', activeUntil: null });
    expect(old).toMatchObject({ id: first.id, status: 'superseded', activeFrom: first.activeFrom ?? expect.any(String), activeUntil: now!.activeFrom });
    // which version screened at an instant
    const at = async (instant: string) => (await call<ActiveAtAnswer>('complianceOfficer', 'GET', `${S}/compliance/lists/${un.id}/active-at?at=${encodeURIComponent(instant)}`)).body.version?.id ?? null;
    expect(await at(old!.activeFrom!)).toBe(first.id);
    expect(await at(now!.activeFrom!)).toBe(now!.id);
    expect(await at('2000-01-01T00:00:00Z')).toBeNull();
    // the superseded version's entries are kept
    expect((await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM screening_entries WHERE version_id = $1', [first.id]))[0]!.n).toBe(12);
  });

  it("the ministry's PDF: unknown columns refused by name; the uploader may not activate; another officer rejects or activates", async () => {
    const ministry = await seeded('kdn-66b');
    const before = await counts();
    const changed = await ministryPdf([{ heading: 'A. INDIVIDUALS', columns: [...INDIVIDUAL_COLUMNS, { label: 'Remarks', width: 40 }], rows: [] }, { heading: 'B. ENTITIES', columns: ENTITY_COLUMNS, rows: [] }]);
    const columns = await upload(ministry.id, changed, 'kdn.pdf');
    expect([columns.status, columns.body.context]).toEqual([422, 'unknown columns in the table header: Remarks']);
    expect(await counts()).toEqual(before);

    // a superAdmin may upload and decide, but not both on one version
    const up = await upload(ministry.id, fixture('ministry-66b.pdf'), 'senarai-kdn.pdf', 'superAdmin');
    expect(up.body.version).toMatchObject({ entryCount: 8, diff: { added: 8 } });
    const own = await activate(up.body.version.id, 'superAdmin');
    expect([own.status, own.body.code]).toEqual([403, ErrorCode.ComplianceFourEyes]);
    const ownReject = await call('superAdmin', 'POST', `${S}/compliance/lists/versions/${up.body.version.id}/reject`);
    expect([ownReject.status, ownReject.body.code]).toEqual([403, ErrorCode.ComplianceFourEyes]);
    expect((await listOf(ministry.id)).proposed?.id).toBe(up.body.version.id);

    const rejected = await call<ListVersionView>('complianceApprover', 'POST', `${S}/compliance/lists/versions/${up.body.version.id}/reject`);
    expect(rejected.body).toMatchObject({ status: 'rejected', decidedBy: ts.demo.byRole.complianceApprover!.username });
    expect((await activate(up.body.version.id, 'approvertwo')).body.code).toBe(ErrorCode.ScreeningListVersionConflict);

    const again = await upload(ministry.id, fixture('ministry-66b.pdf'), 'senarai-kdn.pdf');
    expect(again.body.unchanged).toBe(false);
    const on = await activate(again.body.version.id, 'approvertwo');
    expect(on.body).toEqual({ versionId: again.body.version.id, previousVersionId: null });
    const names = (await diff(again.body.version.id, 'added')).body.items.find((e) => e.reference === 'KDN.I.01-2014')!.names.map((n) => n.name);
    expect(names).toEqual(['Ahmad Zulkifli bin Hassan', 'Abu Hassan', 'Pak Zul']);
    expect(await audits('compliance.listReject')).toBe(1);
  });

  it('the CSV template: wrong headers refused by name; 10,000 entries of 4 names load in one upload', async () => {
    const created = await createList('internal', 'internal', 'csv', 'Internal watch list');
    expect(created.body).toMatchObject({ code: 'internal', kind: 'internal', format: 'csv', active: null, proposed: null });
    const internal = created.body;
    const wrong = await upload(internal.id, 'Ref,Type,Full Name\nA,individual,B\n', 'watch.csv');
    expect([wrong.status, wrong.body.context]).toEqual([422, `unknown columns: Ref, Full Name (expected ${CSV_HEADER.split(',').join(', ')})`]);

    const rows = Array.from({ length: 10_000 }, (_, i) => `W-${i},individual,Person ${i} Abdullah @ Alias ${i} Tan @ Other ${i} Lim @ Nick ${i},1980,,Malaysia,,,`);
    const started = Date.now();
    const big = await upload(internal.id, `\uFEFF${CSV_HEADER}\n${rows.join('\n')}\n`, 'watch.csv');
    expect(big.status, JSON.stringify(big.body).slice(0, 300)).toBe(200);
    expect(big.body.version.entryCount).toBe(10_000);
    expect((await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM screening_entry_names n JOIN screening_entries e ON e.id = n.entry_id WHERE e.version_id = $1', [big.body.version.id]))[0]!.n).toBe(40_000);
    // seconds, not minutes (a generous bound for a shared machine)
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 180_000);
});
