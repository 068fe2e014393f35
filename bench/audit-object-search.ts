/**
 * bench/audit-object-search: "who approved request 17" on a long trail. Fills a fresh database with
 * a chained audit trail (500,000 rows by default) whose rows name their objects as route() writes
 * them, then times the first page of the trail filtered by one object (kind and number), the
 * service the list route calls, next to the plainest page of the same size: the unfiltered first
 * page, newest first. Two cases:
 *   - realistic: 4 kinds of objects with about 2.5 rows each (a request created and decided);
 *   - worst for the design: one object named by a fifth of all rows, read at its oldest page
 *     (keyset pages walk the index backwards from the newest);
 * and, for context, the realistic case with the object index (migration 036) dropped.
 * Not part of npm test.
 *
 *   node bench/audit-object-search.ts [--rows 500000] [--db pglite|postgres] [--runs 200]
 *   (postgres: a fresh database on the server of TEST_DATABASE_URL, dropped at the end)
 */
import { parseArgs } from 'node:util';
import { AuditListBody } from '../packages/domain/src/audit/audit-schemas.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { openPglite } from '../apps/server/src/db/pglite-db.ts';
import { openPostgres } from '../apps/server/src/db/pg-db.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { appendAuditBulk } from '../apps/server/src/testing/audit-bulk.ts';
import { listAuditTrail } from '../apps/server/src/modules/audit/audit-trail.ts';
import { DEV_AUDIT_HMAC_KEY } from '../apps/server/src/config.ts';
import { percentile, reportBench } from './support/bench-kit.ts';

const KEYS = { auditHmacKey: DEV_AUDIT_HMAC_KEY, auditHmacPreviousKeys: [] };
const { values } = parseArgs({ options: { rows: { type: 'string', default: '500000' }, db: { type: 'string', default: 'pglite' }, runs: { type: 'string', default: '200' } } });
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const KINDS = ['request', 'user', 'order', 'holiday'] as const;
/** Objects per kind: about 2.5 rows each over the three fifths of rows that name an ordinary object. */
const PER_KIND = Math.max(1, Math.round((ROWS * 0.6) / KINDS.length / 2.5));
const HOT = { kind: 'user', id: 999_999_999 };

/** Row i: every fifth names the hot object, one in five names nothing, the rest an ordinary object. */
const objectOf = (i: number) => (i % 5 === 0 ? HOT : i % 5 === 1 ? null : { kind: KINDS[i % KINDS.length]!, id: ((i * 7919) % PER_KIND) + 1 });

async function timed(db: Db, body: () => unknown): Promise<{ p50: number; p95: number; rows: number }> {
  const ms: number[] = [];
  let rows = 0;
  for (let r = 0; r < RUNS; r += 1) {
    const started = performance.now();
    const page = await listAuditTrail(db, AuditListBody.parse(body()));
    ms.push(performance.now() - started);
    rows += page.items.length;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), rows };
}

/** The cursor of the hot object's oldest page (walked once, outside the timing). */
async function oldestCursor(db: Db): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    const page = await listAuditTrail(db, AuditListBody.parse({ objectKind: HOT.kind, objectId: HOT.id, limit: 100, after }));
    if (!page.next) return after;
    after = page.next;
  }
}

const pgdb = values.db === 'postgres' ? await freshPostgresDatabase() : null;
const db: Db = pgdb ? await openPostgres(pgdb.url, { max: 2 }) : await openPglite(undefined);
try {
  await migrate(db);
  console.log(`audit object search bench: ${ROWS.toLocaleString('en-US')} rows on ${db.driver}, ${RUNS} runs per case (node ${process.version})`);
  const step = 100_000;
  for (let done = 0; done < ROWS; done += step) {
    await appendAuditBulk(db, Math.min(step, ROWS - done), {
      start: new Date(Date.UTC(2020, 0, 1) + done * 1000).toISOString(),
      stepMs: 1000,
      usernames: ['alice', 'bob', 'carol'],
      actions: ['asset.approve', 'user.update', 'order.settle', 'holiday.update'],
      object: (i) => objectOf(done + i),
    }, KEYS);
  }
  await db.exec('ANALYZE audit_log');
  let k = 0;
  const someObject = () => {
    k += 1;
    return { objectKind: KINDS[k % KINDS.length], objectId: ((k * 104_729) % PER_KIND) + 1, limit: 10 };
  };
  const baseline = await timed(db, () => ({ limit: 10 }));
  const realistic = await timed(db, someObject);
  const deepest = await oldestCursor(db);
  const worst = await timed(db, () => ({ objectKind: HOT.kind, objectId: HOT.id, limit: 100, ...(deepest ? { after: deepest } : {}) }));
  const worstBaseline = await timed(db, () => ({ limit: 100 }));
  await db.exec('DROP INDEX audit_log_object');
  const noIndex = await timed(db, someObject);
  const line = (name: string, r: { p50: number; p95: number; rows: number }) =>
    console.log(`${name.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(8)} ms  p95 ${r.p95.toFixed(2).padStart(8)} ms  (${(r.rows / RUNS).toFixed(1)} rows a page)`);
  line('first page, no filter, 10 rows (baseline)', baseline);
  line('one object (kind and number), 10 rows', realistic);
  line('hot object, oldest page of 100', worst);
  line('first page, no filter, 100 rows (baseline)', worstBaseline);
  line('one object, the object index dropped', noIndex);
  const what = `${ROWS.toLocaleString('en-US')} rows, ${db.driver}`;
  reportBench({ bench: 'audit-object-search', what: `audit search by object p95, ${what}`, figure: realistic.p95, baseline: baseline.p95, unit: 'ms', goal: '<= 2x unfiltered first page', met: realistic.p95 <= 2 * baseline.p95 });
  reportBench({ bench: 'audit-object-search', what: `audit search by a hot object, oldest page p95, ${what}`, figure: worst.p95, baseline: worstBaseline.p95, unit: 'ms', goal: '<= 2x unfiltered first page', met: worst.p95 <= 2 * worstBaseline.p95 });
} finally {
  await db.close();
  await pgdb?.drop();
}
