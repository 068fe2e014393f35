/**
 * bench/audit-export: fills a fresh database with a chained audit trail (1,000,000 rows by
 * default), then exports it three ways in the same run and prints rows/s and the peak RSS growth
 * of each:
 *   - baseline: a plain keyset SELECT in batches, each row written as tab-separated text, no CSV;
 *   - export:   the server's CSV export (csvChunks over auditExportBatches behind a Readable, as the route sends it);
 *   - verify:   the hash-chain verification over the same rows (GET audit_trail/verify).
 * Not part of npm test.
 *
 *   node bench/audit-export.ts [--rows 1000000] [--db pglite|postgres]
 *   (postgres: a fresh database on the server of TEST_DATABASE_URL, dropped at the end)
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Db } from '../apps/server/src/db/db.ts';
import { openPglite } from '../apps/server/src/db/pglite-db.ts';
import { openPostgres } from '../apps/server/src/db/pg-db.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { appendAuditBulk } from '../apps/server/src/testing/audit-bulk.ts';
import { auditExportBatches } from '../apps/server/src/modules/audit/audit-trail.ts';
import { csvChunks, EXPORT_BATCH } from '../apps/server/src/http/csv-export.ts';
import { AUDIT_CSV_COLUMNS } from '../packages/domain/src/audit/audit-schemas.ts';
import { verifyAuditChain } from '../apps/server/src/modules/audit/audit-chain.ts';
import { DEV_AUDIT_HMAC_KEY } from '../apps/server/src/config.ts';
import { reportBench } from './support/bench-kit.ts';
import { measure, sink } from './support/export-measure.ts';

/** The chain is keyed (HMAC) as in production; the key itself does not change the cost. */
const KEYS = { auditHmacKey: DEV_AUDIT_HMAC_KEY, auditHmacPreviousKeys: [] };

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, db: { type: 'string', default: 'pglite' } } });
const ROWS = Number(values.rows);

async function plainSelect(db: Db): Promise<number> {
  const out = sink();
  async function* rows(): AsyncGenerator<string> {
    let cursor: { at: Date; id: number } | null = null;
    for (;;) {
      const batch: Array<{ id: number; at: Date; username: string; action: string; detail: unknown; device: string | null; ip: string | null }> =
        await db.query(
          `SELECT id, at, username, action, detail, device, ip FROM audit_log
            ${cursor ? 'WHERE (at, id) < ($2, $3)' : ''} ORDER BY at DESC, id DESC LIMIT $1`,
          cursor ? [EXPORT_BATCH, cursor.at, cursor.id] : [EXPORT_BATCH],
        );
      if (batch.length === 0) return;
      yield batch.map((r) => `${r.id}\t${r.at.toISOString()}\t${r.username}\t${r.action}\t${JSON.stringify(r.detail)}\t${r.device}\t${r.ip}\n`).join('');
      const last = batch[batch.length - 1]!;
      cursor = { at: last.at, id: last.id };
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  await pipeline(Readable.from(rows(), { objectMode: false }), out);
  return out.lines;
}

async function csvExport(db: Db): Promise<number> {
  const out = sink();
  await pipeline(Readable.from(csvChunks(AUDIT_CSV_COLUMNS, auditExportBatches(db, { username: null, timeRange: null, actionClassification: null, objectKind: null, objectId: null }, EXPORT_BATCH), { rows: 0 }), { objectMode: false }), out);
  return out.lines - 1;
}

const pgdb = values.db === 'postgres' ? await freshPostgresDatabase() : null;
const db: Db = pgdb ? await openPostgres(pgdb.url, { max: 2 }) : await openPglite(undefined);
try {
  await migrate(db);
  console.log(`audit export bench: ${ROWS.toLocaleString('en-US')} rows on ${db.driver} (node ${process.version})`);
  const fill = await measure(async () => {
    const step = 100_000;
    for (let done = 0; done < ROWS; done += step) {
      await appendAuditBulk(db, Math.min(step, ROWS - done), {
        start: new Date(Date.UTC(2020, 0, 1) + done * 1000).toISOString(),
        stepMs: 1000,
        usernames: ['alice', 'bob', 'carol', 'dave', 'erin'],
        actions: ['user.update', 'holiday.create', 'bank.add', 'order.create'],
      }, KEYS);
    }
  });
  console.log(`fill (chained inserts): ${fill.seconds.toFixed(1)} s, ${Math.round(ROWS / fill.seconds).toLocaleString('en-US')} rows/s`);
  const results: Array<[string, { result: number; seconds: number; peakMb: number }]> = [
    ['plain SELECT (baseline)', await measure(() => plainSelect(db))],
    ['CSV export', await measure(() => csvExport(db))],
  ];
  const verified = await measure(async () => (await verifyAuditChain(db, KEYS)).checked);
  results.push(['chain verify', verified]);
  for (const [name, r] of results) {
    console.log(
      `${name.padEnd(24)} ${r.result.toLocaleString('en-US').padStart(10)} rows  ${r.seconds.toFixed(1).padStart(6)} s  ` +
        `${Math.round(r.result / r.seconds).toLocaleString('en-US').padStart(9)} rows/s  peak RSS +${r.peakMb.toFixed(0)} MB`,
    );
  }
  const [base, exp] = [results[0]![1], results[1]![1]];
  console.log(`export / baseline: ${(exp.seconds / base.seconds).toFixed(2)}x the time, peak RSS ${exp.peakMb.toFixed(0)} vs ${base.peakMb.toFixed(0)} MB`);
  const rowsLabel = `${ROWS.toLocaleString('en-US')} rows, ${db.driver}`;
  reportBench({ bench: 'audit-export', what: `audit CSV export time, ${rowsLabel}`, figure: exp.seconds, baseline: base.seconds, unit: 's', goal: '<= 1.5x plain SELECT', met: exp.seconds <= 1.5 * base.seconds });
  // flat memory: the export's peak RSS growth stays near the plain SELECT's (within 1.5x, or 20 MB for small runs)
  reportBench({
    bench: 'audit-export',
    what: `audit CSV export peak RSS growth, ${rowsLabel}`,
    figure: exp.peakMb,
    baseline: base.peakMb,
    unit: 'MB',
    goal: '<= 1.5x plain SELECT',
    met: exp.peakMb <= Math.max(1.5 * base.peakMb, base.peakMb + 20),
  });
  // the trail begins with the cut-over row of the keyed chain
  if (exp.result !== ROWS + 1 || base.result !== ROWS + 1 || verified.result !== ROWS + 1) {
    console.error(`row counts differ: ${base.result} ${exp.result} ${verified.result}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
  await pgdb?.drop();
}
