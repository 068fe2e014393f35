import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { CHART_OF_ACCOUNTS } from '@aurum/domain/finance/chart-of-accounts';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { GL_MAPPING_MAX_BYTES, type GlMappingAnswer } from '@aurum/domain/finance/gl-mapping';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { journalTestServer, postDated } from '../../../testing/journal-posting.ts';
import { until } from '../../../testing/until.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';
const D1 = dayAfter(businessDate(new Date()), -2);

const GOOD = ['glCode,accountCode,accountName', '1100-MYR,1010,Maybank current account', '2100-MYR,L-200,"Client monies, trust"', '4100-MYR,,'].join('\r\n');

describe(`the accountant's mapping of GL codes, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf } = bed;

  beforeAll(async () => {
    await postDated(bed.ts.db, bed.userId, { at: new Date(startOfBusinessDay(D1).getTime() + 10 * 3_600_000).toISOString(), from: 'house:bank', to: `user:${bed.userId}:fund`, asset: 'MYR', amount: '500.00', kind: 'deposit', note: 'mapped deposit' });
    const closed = await bed.api.call('POST', `${SECURE}/ledger/closes`, { token: await tokenOf('financeApprover'), body: { date: D1 } });
    expect(closed.status).toBe(200);
  });

  const read = async (role = 'none') => bed.api.call<GlMappingAnswer>('GET', `${SECURE}/finance/gl-mapping`, { token: await tokenOf(role) });
  const upload = async (content: string | Uint8Array, role = 'financeApprover', name = 'mapping.csv') => {
    const form = new FormData();
    form.set('file', new Blob([content]), name);
    const r = await fetch(`${bed.ts.url}${SECURE}/finance/gl-mapping`, { method: 'PUT', headers: { authorization: `Bearer ${await tokenOf(role)}` }, body: form });
    return { status: r.status, body: (await r.json()) as GlMappingAnswer & { code?: number; context?: string; detail?: Record<string, unknown> } };
  };
  const csvOf = async (list: string, query = '') => {
    const r = await fetch(`${bed.ts.url}${SECURE}/export/${list}?${query}`, { headers: { authorization: `Bearer ${await tokenOf('financeMaker')}` } });
    expect(r.status).toBe(200);
    return parse(Buffer.from(await r.arrayBuffer()).toString('utf8'), { bom: true, columns: true }) as Array<Record<string, string>>;
  };
  const mappingAudits = async () => bed.ts.db.query<{ detail: { before: { mappingId: number | null }; after: Record<string, unknown> } }>("SELECT detail FROM audit_log WHERE action = 'finance.glMapping' ORDER BY id");

  it('is read by every admin: none at first, every code of the chart unmapped', async () => {
    const r = await read('none');
    expect(r.status).toBe(200);
    expect(r.body.mapping).toBeNull();
    expect(r.body.accounts).toHaveLength(CHART_OF_ACCOUNTS.length);
    expect(r.body.unmapped).toEqual(CHART_OF_ACCOUNTS.map((a) => a.code));
  });

  it('is replaced as a whole by a finance approver from a CSV file, audited with what changed; other roles are refused (403)', async () => {
    for (const role of ['financeMaker', 'operationApprover', 'none']) expect((await upload(GOOD, role)).status, role).toBe(403);
    const r = await upload(GOOD, 'financeApprover', 'our chart.csv');
    expect(r.status).toBe(200);
    expect(r.body.mapping).toMatchObject({ fileName: 'our chart.csv', uploadedBy: bed.ts.demo.byRole.financeApprover!.username, lines: 2 });
    expect(r.body.accounts.find((a) => a.glCode === '2100-MYR')).toMatchObject({ accountCode: 'L-200', accountName: 'Client monies, trust' });
    // an empty code and name leave the code unmapped
    expect(r.body.unmapped).toContain('4100-MYR');
    expect(r.body.unmapped).not.toContain('1100-MYR');
    expect((await read('none')).body).toEqual(r.body);
    const [audit] = await mappingAudits();
    expect(audit!.detail.before).toMatchObject({ mappingId: null, lines: 0 });
    expect(audit!.detail.after).toMatchObject({ mappingId: r.body.mapping!.id, fileName: 'our chart.csv', lines: 2, added: ['1100-MYR', '2100-MYR'], changed: [], removed: [] });
    expect(audit!.detail.after.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is applied by both exports: mapped codes under the accountant\'s code and name, the others as they are, marked unmapped', async () => {
    const lines = await csvOf('journal', `from=${D1}&to=${D1}&unit=MYR`);
    const deposit = lines.filter((l) => l.memo === 'deposit: mapped deposit');
    expect(deposit.map((l) => [l.accountCode, l.accountName, l.mapped, l.glCode])).toEqual([
      ['1010', 'Maybank current account', 'true', '1100-MYR'],
      ['L-200', 'Client monies, trust', 'true', '2100-MYR'],
    ]);
    const daily = await csvOf('journal_daily', `from=${D1}&to=${D1}&unit=MYR`);
    expect(daily.find((l) => l.glCode === '1100-MYR')).toMatchObject({ accountCode: '1010', accountName: 'Maybank current account', mapped: 'true' });
    const unmapped = [...lines, ...daily].filter((l) => l.mapped === 'false');
    for (const l of unmapped) expect([l.accountCode, l.accountName]).toEqual([l.glCode, l.glName]);
  });

  it('gives its template as a CSV of the chart with the mapping in force, which uploads back unchanged', async () => {
    const template = await csvOf('gl_mapping');
    expect(template.map((r) => r.glCode)).toEqual(CHART_OF_ACCOUNTS.map((a) => a.code));
    expect(template.find((r) => r.glCode === '1100-MYR')).toEqual({ glCode: '1100-MYR', glName: 'Bank', accountCode: '1010', accountName: 'Maybank current account' });
    const r = await fetch(`${bed.ts.url}${SECURE}/export/gl_mapping`, { headers: { authorization: `Bearer ${await tokenOf('financeMaker')}` } });
    const back = await upload(Buffer.from(await r.arrayBuffer()), 'financeApprover', 'gl-mapping.csv');
    expect(back.status).toBe(200);
    expect(back.body.accounts).toEqual((await read()).body.accounts);
    expect((await mappingAudits()).at(-1)!.detail.after).toMatchObject({ lines: 2, added: [], changed: [], removed: [] });
  });

  it('refuses a bad file naming its line and field (or the file), and changes nothing', async () => {
    const before = (await read()).body;
    const versions = async () => (await bed.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gl_mappings'))[0]!.n;
    const count = await versions();
    const audits = (await mappingAudits()).length;
    const cases: Array<[string, string | Uint8Array, string, Record<string, unknown>]> = [
      ['wrong headers', 'glCode,code,accountName\r\n1100-MYR,1010,Bank', 'line 1 header', { rule: 'glMapping', reason: 'unknownColumn', column: 'code', line: 1 }],
      ['a missing column', 'glCode,accountName\r\n1100-MYR,Bank', 'line 1 header', { reason: 'missingColumn', column: 'accountCode' }],
      ['duplicate codes', 'glCode,accountCode,accountName\r\n1100-MYR,1010,Bank\r\n2100-MYR,2000,Customers\r\n1100-MYR,1011,Bank again', 'line 4 glCode', { reason: 'duplicate', firstLine: 2, line: 4, problems: 1 }],
      ['a code not in the chart', 'glCode,accountCode,accountName\r\n1100-MYR,1010,Bank\r\n9999-MYR,9,Nowhere\r\n8888-XAU,8,Nowhere', 'line 3 glCode', { reason: 'notInChart', problems: 2, lines: '3,4' }],
      ['a formula for a name', 'glCode,accountCode,accountName\r\n1100-MYR,1010,"=HYPERLINK(""http://evil.example"")"', 'line 2 accountName', { reason: 'formulaLike' }],
      ['an unclosed quote', 'glCode,accountCode,accountName\r\n1100-MYR,"1010,Bank', 'line 2 row', { reason: 'csv' }],
      ['over the size limit', `glCode,accountCode,accountName\r\n${'1100-MYR,1010,Bank\r\n'.repeat(Math.ceil(GL_MAPPING_MAX_BYTES / 20))}`, 'file', { rule: 'tooLarge', maxBytes: GL_MAPPING_MAX_BYTES }],
      ['an empty file', '', 'file', { rule: 'empty' }],
      ['not UTF-8', new Uint8Array([0x67, 0x6c, 0x43, 0x6f, 0x64, 0x65, 0x0d, 0x0a, 0xe9, 0xe8]), 'file', { rule: 'notUtf8' }],
    ];
    for (const [what, content, context, detail] of cases) {
      const r = await upload(content);
      expect(r.status, what).toBe(400);
      expect(r.body, what).toMatchObject({ code: ErrorCode.InvalidFormat, context, detail });
    }
    // a call without the file: the field is named
    const json = await bed.api.call('PUT', `${SECURE}/finance/gl-mapping`, { token: await tokenOf('financeApprover'), body: { file: 'x' } });
    expect([json.status, json.body.code, json.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'file']);
    expect((await read()).body).toEqual(before);
    expect(await versions()).toBe(count);
    expect((await mappingAudits()).length).toBe(audits);
  });

  // PGlite has one connection: a transaction held open there would hold every call
  it.runIf(driver === 'postgres')('replaces one at a time: a replacement waits for one in progress, then names the version it replaced', async () => {
    const [admin] = await bed.ts.db.query<{ id: number }>('SELECT id FROM admins WHERE username = $1', [bed.ts.demo.byRole.superAdmin!.username]);
    let locked!: () => void;
    let release!: () => void;
    const hasLock = new Promise<void>((r) => (locked = r));
    const released = new Promise<void>((r) => (release = r));
    // another replacement in progress: it holds the mapping's lock and writes a version, not yet committed
    const other = bed.ts.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7261400, 0)');
      const [v] = await tx.query<{ id: number }>("INSERT INTO gl_mappings (file_name, sha256, line_count, uploaded_by) VALUES ('other.csv', repeat('0', 64), 0, $1) RETURNING id", [admin!.id]);
      locked();
      await released;
      return Number(v!.id);
    });
    await hasLock;
    const waiting = upload(GOOD, 'financeApprover', 'after.csv');
    try {
      await until('the upload waits for the lock', async () => (await bed.ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))[0]!.n === 1, 10_000);
    } finally {
      release();
    }
    const otherId = await other;
    const r = await waiting;
    expect(r.status).toBe(200);
    expect((await mappingAudits()).at(-1)!.detail.before.mappingId).toBe(otherId);
    expect(r.body.mapping!.id).toBeGreaterThan(otherId);
  });
});
