import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/pg-db.ts';
import { freshPostgresDatabase } from '../testing/postgres-databases.ts';
import { runMoneyRace, startServerProcess, type ServerProcess } from '../testing/money-race.ts';
import { assertOrderCounts } from '../testing/order-counts-check.ts';
import { foldStatusCounts } from '../modules/orders/order-counts-repository.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Money races across processes (decision 0530): the
 * small version of bench/race-two-processes.ts. PostgreSQL only: PGlite is one process on one
 * connection, where transactions cannot interleave.
 */
(driver === 'postgres' ? describe : describe.skip)('two server processes on one PostgreSQL database, one user, concurrent money calls', () => {
  const servers: ServerProcess[] = [];
  let db: Db;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-race-test-'));
  let url = '';

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    url = pg.url;
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600' };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    db = await openPostgres(pg.url, { max: 2 });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('200 deposit approvals, submissions and offline orders from 8 workers: no answer >= 500, the fund equals the journal and the answers', async () => {
    const report = await runMoneyRace({ urls: servers.map((s) => s.url), db, operations: 200, workers: 8 });
    expect(report.serverErrorSamples).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(Object.keys(report.byStatus).every((s) => Number(s) < 500)).toBe(true);
    expect(report.fund.api).toBe(report.fund.journal);
    expect(report.fund.journal).toBe(report.fund.expected);
    expect(report.gold.api).toBe(report.gold.journal);
    expect(report.gold.journal).toBe(report.gold.expected);
    expect(report.recordsMatchAnswers).toBe(true);
    // the race did move money: approvals and orders went through
    expect(report.byStatus['200']).toBeGreaterThan(150);
    for (const s of servers) expect(s.output()).not.toContain('deadlock detected');
    // the orders both processes created and filled meanwhile are counted exactly (migration 012)
    await assertOrderCounts(db);
    // 16 s on a quiet machine, 57 s at half the CPU: the limit guards against a hang
  }, 180_000);

  it('order status changes on two connections do not wait for each other, and the counts stay exact through a fold', async () => {
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await Promise.all([a.connect(), b.connect()]);
    try {
      const ids = (await db.query<{ id: number }>("SELECT id FROM orders WHERE status = 'FILLED' ORDER BY id LIMIT 2")).map((r) => r.id);
      expect(ids).toHaveLength(2);
      // a changes an order's status and keeps its transaction open; b must not wait for it (no shared row)
      await a.query('BEGIN');
      await a.query("UPDATE orders SET status = 'SETTLED' WHERE id = $1", [ids[0]]);
      await b.query("SET lock_timeout = '2s'");
      await b.query('BEGIN');
      await b.query("UPDATE orders SET status = 'CANCELED' WHERE id = $1", [ids[1]]);
      await b.query("INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram) SELECT 'RACE-B', user_id, 'BUY', 'MARKET', 'CREATED', 'XAU/MYR', 'MYR', 1 FROM orders WHERE id = $1", [ids[1]]);
      await b.query('COMMIT');
      // a fold on a third connection while a is still open: it folds what it sees, a's rows stay for later
      await db.transaction((tx) => foldStatusCounts(tx));
      await assertOrderCounts(db);
      await a.query('COMMIT');
      await assertOrderCounts(db);
      await db.transaction((tx) => foldStatusCounts(tx));
      await assertOrderCounts(db);
      // folded: one row per status
      expect(await db.query('SELECT status FROM order_status_counts GROUP BY status HAVING count(*) > 1')).toEqual([]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
