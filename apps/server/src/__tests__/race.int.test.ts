import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/pg-db.ts';
import { freshPostgresDatabase } from '../testing/postgres-databases.ts';
import { runMoneyRace, startServerProcess, type ServerProcess } from '../testing/money-race.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Money races across processes (docs/decisions.md "Lock order of money-moving transactions"): the
 * small version of bench/race-two-processes.ts. PostgreSQL only: PGlite is one process on one
 * connection, where transactions cannot interleave.
 */
(driver === 'postgres' ? describe : describe.skip)('two server processes on one PostgreSQL database, one user, concurrent money calls', () => {
  const servers: ServerProcess[] = [];
  let db: Db;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-race-test-'));

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600' };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    db = await openPostgres(pg.url, 2);
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
  }, 90_000);
});
