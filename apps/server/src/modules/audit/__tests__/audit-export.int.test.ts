import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '@aurum/domain/audit/audit-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { appendAuditBulk } from '../../../testing/audit-bulk.ts';
import { writeAudit } from '../audit-writer.ts';
import { auditExportBatches } from '../audit-trail.ts';
import { csvChunks } from '../../../http/csv-export.ts';
import type { Queryable } from '../../../db/db.ts';
import { parseCsv } from './parse-csv.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

describe(`audit trail: CSV export, on ${driver}`, () => {
  let ts: TestServer;
  let jwt: string;

  beforeAll(async () => {
    ts = await startTestServer();
    const api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
    // 30 rows in 2030, one a day from 1 January, cycling through three users and three actions
    await appendAuditBulk(ts.db, 30, {
      start: '2030-01-01T04:00:00Z',
      stepMs: 86_400_000,
      usernames: ['alice', 'Bob_Trader', 'carol'],
      actions: ['holiday.create', 'user.create', 'bank.add'],
    }, ts.config);
    // an awkward row: quotes and a backslash in the name, a formula-looking device, non-ASCII
    await ts.db.transaction((tx) =>
      writeAudit(tx, {
        username: 'weird"name\\',
        adminId: null,
        action: 'user.update',
        detail: { before: { name: 'a\n\t\u0001"b"' }, after: { name: '中文 é 😀' } },
        device: '=cmd|" /c calc',
        ip: null,
      }, ts.config),
    );
  });
  afterAll(() => ts?.close());

  it('exports the filtered trail as a CSV attachment with proper quoting', async () => {
    const r = await fetch(`${ts.url}${S}/audit_trail/export?from=2030-01-01&to=2030-01-03&username=bob`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-trail-\d{8}T\d{6}Z\.csv"$/);
    // a UTF-8 byte order mark first (spreadsheets then read the file as UTF-8)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['id', 'date', 'username', 'action', 'detail', 'device', 'ip', 'deviceName']);
    expect(rows.slice(1)).toHaveLength(1); // only Bob_Trader on 1 January (rows cycle alice, Bob, carol from i=1: i=1 is Bob)
    const [, date, username, action, detail, device, ip, deviceName] = rows[1]!;
    expect([date, username, action, device, ip, deviceName]).toEqual(['2030-01-01T04:00:00.000Z', 'Bob_Trader', 'user.create', 'bulk-agent/1.0', '10.0.1.1', '']);
    expect(JSON.parse(detail!)).toEqual({ before: { n: 1 }, after: { n: 2, note: 'row "1", bulk' } });
    // the awkward row: a formula-looking device is defused, quotes doubled
    const weird = parseCsv(await (await fetch(`${ts.url}${S}/audit_trail/export?username=weird`, { headers: { authorization: `Bearer ${jwt}` } })).text());
    expect(weird).toHaveLength(2);
    expect(weird[1]![2]).toBe('weird"name\\');
    expect(weird[1]![5]).toBe(`'=cmd|" /c calc`);
    expect(JSON.parse(weird[1]![4]!).after.name).toBe('中文 é 😀');
  });

  it('streams a large export: 20,000 rows arrive in chunks, read batch by batch as they are consumed', async () => {
    await appendAuditBulk(ts.db, 20_000, { start: '2031-01-01T00:00:00Z', stepMs: 1000, usernames: ['bulkexport'], actions: ['user.update'] }, ts.config);
    // the generator reads one batch per chunk taken: after the header and the first chunk, two queries ran
    let queries = 0;
    const counting: Queryable = {
      query: (sql, params) => {
        queries++;
        return ts.db.query(sql, params);
      },
    };
    const filter = { username: 'bulkexport', timeRange: null, actionClassification: null, objectKind: null, objectId: null };
    const chunks = csvChunks(AUDIT_CSV_COLUMNS, auditExportBatches(counting, filter, 1000), { rows: 0 });
    await chunks.next(); // header
    const first = await chunks.next();
    expect(queries).toBe(2);
    expect((first.value as string).split('\r\n').length - 1).toBe(1000);
    await chunks.return(undefined);
    expect(queries).toBe(2);

    const r = await fetch(`${ts.url}${S}/audit_trail/export?username=bulkexport`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(r.status).toBe(200);
    const reader = r.body!.getReader();
    const decoder = new TextDecoder();
    let reads = 0;
    let lines = 0;
    let tail = '';
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      bytes += value.byteLength;
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      tail = parts.pop()!;
      lines += parts.length;
    }
    expect(lines).toBe(20_001); // header + rows
    expect(reads).toBeGreaterThan(10);
    // the whole file is a few MB, sent in many chunks; that the server holds one batch at a time is
    // shown above (one query per chunk taken) and its memory is measured by bench/audit-export.ts
    expect(bytes).toBeGreaterThan(2_000_000);
  });
});
