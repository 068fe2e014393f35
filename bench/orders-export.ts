/**
 * bench/orders-export: fills a fresh database with orders (1,000,000 by default; the seed of
 * bench/orders-connection.ts), then reads every one of them two ways in the same run and prints the
 * time and the peak RSS growth of each:
 *   - baseline: a plain keyset SELECT of the same rows (the order columns and the username, by id, in
 *     batches of the export's size), each row written as tab-separated text, no CSV;
 *   - export:   the server's CSV export of the orders list (csvChunks over orderExportBatches behind a
 *     Readable, as GET /v0/web/secure/export/orders sends it: the connection's page query, the
 *     Order fields, formula escaping, csv-stringify quoting).
 * Both write into the same sink with backpressure, interleaved over --rounds rounds (the first warms
 * up; the last is the figure). Goals (decision 0930): the export within 1.5x the baseline's time (wall
 * and CPU time are both reported: on a shared machine CPU time is the steadier), and at most 50 MB
 * of RSS growth in any round.
 *
 *   node bench/orders-export.ts [--rows 1000000] [--db pglite|postgres] [--rounds 2]
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
import { csvChunks, EXPORT_BATCH } from '../apps/server/src/http/csv-export.ts';
import { orderExportBatches } from '../apps/server/src/modules/orders/order-read-service.ts';
import { ORDER_EXPORT_COLUMNS } from '../apps/server/src/modules/orders/order-export-routes.ts';
import { reportBench } from './support/bench-kit.ts';
import { measure, sink, type Measured } from './support/export-measure.ts';
import { SEED_ORDERS } from './support/order-seed.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, db: { type: 'string', default: 'pglite' }, rounds: { type: 'string', default: '2' } } });
const ROWS = Number(values.rows);
const ROUNDS = Math.max(1, Number(values.rounds));

/** The same rows by a plain keyset SELECT: the order's columns and its user's name, by id. */
async function plainSelect(db: Db): Promise<number> {
  const out = sink();
  async function* rows(): AsyncGenerator<string> {
    let after = 0;
    for (;;) {
      const batch: Array<Record<string, unknown> & { id: number }> = await db.query(
        `SELECT orders.*, (SELECT users.username FROM users WHERE users.id = orders.user_id) AS username
           FROM orders WHERE orders.id > $1 ORDER BY orders.id LIMIT $2`,
        [after, EXPORT_BATCH],
      );
      if (batch.length === 0) return;
      let text = '';
      for (const r of batch) text += `${Object.values(r).join('\t')}\n`;
      yield text;
      after = batch[batch.length - 1]!.id;
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  await pipeline(Readable.from(rows(), { objectMode: false }), out);
  return out.lines;
}

async function csvExport(db: Db): Promise<number> {
  const out = sink();
  await pipeline(Readable.from(csvChunks(ORDER_EXPORT_COLUMNS, orderExportBatches(db, {}, EXPORT_BATCH), { rows: 0 }), { objectMode: false }), out);
  return out.lines - 1;
}

const pgdb = values.db === 'postgres' ? await freshPostgresDatabase() : null;
const db: Db = pgdb ? await openPostgres(pgdb.url, { max: 2 }) : await openPglite(undefined);
try {
  await migrate(db);
  console.log(`orders export bench: ${ROWS.toLocaleString('en-US')} orders on ${db.driver} (node ${process.version})`);
  const fill = await measure(async () => {
    await db.query(
      `INSERT INTO users (username, email, first_name, last_name)
       SELECT 'bench_user_' || g, 'bench_user_' || g || '@example.com', 'Bench', CASE WHEN g % 3 = 0 THEN '=HYPERLINK("x")' ELSE '王' || g END
         FROM generate_series(1, 50) AS g`,
    );
    await db.query(SEED_ORDERS, [ROWS]);
    await db.query('VACUUM ANALYZE orders');
  });
  console.log(`fill: ${fill.seconds.toFixed(1)} s`);
  // round 1 warms up both paths (JIT, the V8 heap sizing, PGlite's buffers: whichever runs first
  // otherwise pays for them); the last round is the figure. Interleaved, so load on a shared
  // machine falls on both alike.
  const rounds: Array<{ base: Measured<number>; exp: Measured<number> }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const base = await measure(() => plainSelect(db));
    const exp = await measure(() => csvExport(db));
    rounds.push({ base, exp });
    for (const [name, r] of [
      ['plain SELECT (baseline)', base],
      ['CSV export', exp],
    ] as const) {
      console.log(
        `round ${round}: ${name.padEnd(24)} ${r.result.toLocaleString('en-US').padStart(10)} rows  ${r.seconds.toFixed(1).padStart(6)} s wall  ${r.cpu.toFixed(1).padStart(6)} s CPU  ` +
          `${Math.round(r.result / r.seconds).toLocaleString('en-US').padStart(9)} rows/s  peak RSS +${r.peakMb.toFixed(0)} MB`,
      );
    }
  }
  const { base, exp } = rounds[rounds.length - 1]!;
  console.log(
    `export / baseline: ${(exp.seconds / base.seconds).toFixed(2)}x the wall time, ${(exp.cpu / base.cpu).toFixed(2)}x the CPU time; ` +
      `peak RSS growth ${exp.peakMb.toFixed(0)} MB (baseline ${base.peakMb.toFixed(0)} MB; first round ${rounds[0]!.exp.peakMb.toFixed(0)} MB)`,
  );
  const label = `${ROWS.toLocaleString('en-US')} orders, ${db.driver}`;
  reportBench({ bench: 'orders-export', what: `orders CSV export wall time, ${label}`, figure: exp.seconds, baseline: base.seconds, unit: 's', goal: '<= 1.5x plain SELECT', met: exp.seconds <= 1.5 * base.seconds });
  reportBench({ bench: 'orders-export', what: `orders CSV export CPU time, ${label}`, figure: exp.cpu, baseline: base.cpu, unit: 's', goal: '<= 1.5x plain SELECT', met: exp.cpu <= 1.5 * base.cpu });
  const peak = Math.max(...rounds.map((r) => r.exp.peakMb));
  reportBench({ bench: 'orders-export', what: `orders CSV export peak RSS growth (any round), ${label}`, figure: peak, baseline: null, unit: 'MB', goal: '<= 50 MB', met: peak <= 50 });
  if (exp.result !== ROWS || base.result !== ROWS) {
    console.error(`row counts differ: baseline ${base.result}, export ${exp.result}, seeded ${ROWS}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
  await pgdb?.drop();
}
