import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { lockDataDir } from '../../../db/data-dir-lock.ts';
import { runCli, freshCliDatabase } from '../../../testing/cli-process.ts';
import { runMoneyRace } from '../../../testing/money-race.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The rows of the append-only tables with an id up to `maxId`, as text (the restored copy must hold exactly these). */
async function appendOnlyRows(db: Db, table: 'audit_log' | 'ledger_postings' | 'ledger_entries', maxId: number): Promise<string[]> {
  const rows = await db.query<{ r: string }>(`SELECT t::text AS r FROM ${table} t WHERE id <= $1 ORDER BY id`, [maxId]);
  return rows.map((x) => x.r);
}

/**
 * The restore drill (README "Backups"): a server with demo data and money moving (deposits approved,
 * orders), a backup taken by `npm run backup` while calls keep writing, restored by `npm run restore`
 * into a fresh place, checked by `npm run backup:verify`; then damaged files, a target that holds
 * data, and the retention of BACKUP_KEEP files.
 */
describe(`backups on ${driver}: backup while serving, restore, verify`, () => {
  let server: TestServer;
  let backupDir: string;
  let releaseFolder = () => undefined as void;
  const cleanups: Array<() => Promise<unknown>> = [];
  /** The command's env pointing at the server's database (its data folder, or its PostgreSQL database). */
  let sourceEnv: Record<string, string>;
  let backupFile = '';
  /** The fresh place the first test restored into (it holds data after it). */
  let restoredEnv: Record<string, string> = {};

  beforeAll(async () => {
    backupDir = await mkdtemp(join(tmpdir(), 'aurum-backups-'));
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
    server = await startTestServer({ env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2', ACCESS_TOKEN_TTL_SECONDS: '3600' }, jobs: ['backup'] });
    if (driver === 'pglite') {
      // the test's process holds the data folder, as `npm start` does: the command must ask it (SIGUSR2)
      releaseFolder = lockDataDir(server.config.dataDir);
      sourceEnv = { DATA_DIR: server.config.dataDir };
    } else {
      sourceEnv = { DATABASE_URL: server.config.databaseUrl! };
    }
    sourceEnv.BACKUP_DIR = backupDir;
    sourceEnv.BACKUP_KEEP = '2';
    // activity before the backup: deposits submitted and approved, offline buys and sells
    const before = await runMoneyRace({ urls: [server.url], db: server.db, operations: 24, workers: 2 });
    expect(before.serverErrors).toBe(0);
  }, 120_000);
  afterAll(async () => {
    releaseFolder();
    await server?.close();
    for (const c of cleanups.reverse()) await c();
  });

  it('a backup taken while calls keep writing restores into a fresh place, verifies, and equals the source at its moment', async () => {
    const ids = async () => {
      const [r] = await server.db.query<{ a: number; p: number; o: number }>(
        'SELECT (SELECT coalesce(max(id), 0) FROM audit_log) AS a, (SELECT coalesce(max(id), 0) FROM ledger_postings) AS p, (SELECT count(*) FROM orders) AS o',
      );
      return { audit: Number(r!.a), postings: Number(r!.p), orders: Number(r!.o) };
    };
    const atStart = await ids();
    // writes go on during the backup: another race until the command answers
    let stop = false;
    const writes = (async () => {
      let rounds = 0;
      while (!stop || rounds === 0) {
        const r = await runMoneyRace({ urls: [server.url], db: server.db, operations: 6, workers: 2 });
        expect(r.serverErrors).toBe(0);
        rounds += 1;
      }
      return rounds;
    })();
    const backup = await runCli('backup.ts', sourceEnv);
    stop = true;
    await writes;
    expect(backup.output).toMatch(/aurum-.*\.backup/);
    expect(backup.code).toBe(0);
    backupFile = backup.output.trim();
    const afterWrites = await ids();
    expect(afterWrites.audit).toBeGreaterThan(atStart.audit);

    const target = await freshCliDatabase(driver, cleanups);
    restoredEnv = target.env;
    const restore = await runCli('restore.ts', target.env, [backupFile]);
    expect(restore.output).toContain("equal to the backup's record");
    expect(restore.code).toBe(0);

    const verify = await runCli('backup-verify.ts', { ...target.env }, [backupFile]);
    expect(verify.output).toMatch(/^OK: /);
    expect(verify.output).toContain('balances of');
    expect(verify.output).toContain('audit chain: OK');
    expect(verify.output).toContain('order counters: equal to count(*)');
    expect(verify.output).toContain('migrations: at head');
    expect(verify.code).toBe(0);

    // the restored copy is the source at one moment: it holds everything written before the
    // backup began, and its append-only rows are exactly the source's up to its last id
    await target.inside(async (restored) => {
      const got = await restored.query<{ a: number; p: number; o: number }>(
        'SELECT (SELECT coalesce(max(id), 0) FROM audit_log) AS a, (SELECT coalesce(max(id), 0) FROM ledger_postings) AS p, (SELECT count(*) FROM orders) AS o',
      );
      const at = { audit: Number(got[0]!.a), postings: Number(got[0]!.p), orders: Number(got[0]!.o) };
      expect(at.audit).toBeGreaterThanOrEqual(atStart.audit);
      expect(at.postings).toBeGreaterThanOrEqual(atStart.postings);
      expect(at.orders).toBeGreaterThanOrEqual(atStart.orders);
      for (const [table, max] of [['audit_log', at.audit], ['ledger_postings', at.postings]] as const) {
        expect(await appendOnlyRows(restored, table, max), table).toEqual(await appendOnlyRows(server.db, table, max));
      }
    });
  }, 120_000);

  it('a truncated or damaged file is refused with a clear message and changes nothing; a target holding data is refused without --force', async () => {
    expect(backupFile).not.toBe('');
    const whole = await readFile(backupFile);
    const scratch = await mkdtemp(join(tmpdir(), 'aurum-damaged-'));
    cleanups.push(() => rm(scratch, { recursive: true, force: true }));
    const truncated = join(scratch, 'truncated.backup');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const flipped = Buffer.from(whole);
    flipped[Math.floor(whole.length / 3)]! ^= 0xff;
    const damaged = join(scratch, 'damaged.backup');
    await writeFile(damaged, flipped);

    const target = await freshCliDatabase(driver, cleanups);
    const tables = async () => {
      const c = new pg.Client({ connectionString: target.env.DATABASE_URL });
      await c.connect();
      try {
        return (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.n;
      } finally {
        await c.end();
      }
    };
    const t = await runCli('restore.ts', target.env, [truncated]);
    expect(t.output).toContain('is not a complete Aurum backup');
    expect(t.code).toBe(1);
    const d = await runCli('restore.ts', target.env, [damaged]);
    expect(d.output).toContain('is damaged: the checksum of its data differs');
    expect(d.code).toBe(1);
    const v = await runCli('backup-verify.ts', target.env, [damaged]);
    expect(v.output).toContain('is damaged');
    expect(v.code).toBe(1);
    // nothing was created in the target
    if (driver === 'pglite') expect(await readdir(target.env.DATA_DIR!)).not.toContain('pg');
    else expect(await tables()).toBe(0);

    // the first test's target holds data: refused, saying what it holds; --force replaces it
    expect(restoredEnv).not.toEqual({});
    const again = await runCli('restore.ts', restoredEnv, [backupFile]);
    expect(again.output).toMatch(/already holds .*orders.*--force/s);
    expect(again.code).toBe(1);
    const forced = await runCli('restore.ts', restoredEnv, [backupFile, '--force']);
    expect(forced.output).toContain("equal to the backup's record");
    expect(forced.code).toBe(0);
  }, 120_000);

  it('keeps BACKUP_KEEP files: older ones go once a new one is complete', async () => {
    // the embedded database's scheduled job (what SIGUSR2 and the timer run); pg_dump through the command
    const take = async () => {
      if (driver === 'pglite') return String(await server.app.jobs.get('backup').runOnce());
      const r = await runCli('backup.ts', sourceEnv);
      expect(r.code, r.output).toBe(0);
      return r.output.trim();
    };
    const written = [await take(), await take(), await take()];
    const left = (await readdir(backupDir)).filter((n) => n.endsWith('.backup')).sort();
    expect(left).toHaveLength(2);
    expect(left.map((n) => join(backupDir, n))).toEqual(written.slice(1));
    expect(await readdir(backupDir)).not.toContainEqual(expect.stringMatching(/partial/));
  }, 120_000);
});
