import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../db/db.ts';
import { openPglite } from '../../../db/pglite-db.ts';
import { openPostgres } from '../../../db/pg-db.ts';
import { MIGRATIONS_DIR, migrate } from '../../../db/migrate.ts';
import { freshPostgresDatabase } from '../../../testing/postgres-databases.ts';
import { writeAudit } from '../audit-writer.ts';
import { verifyAuditChain } from '../audit-chain.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`migration 006 chains the audit rows written before it, on ${driver}`, () => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  let before: string;

  beforeAll(async () => {
    const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
    drop = pgdb?.drop;
    db = pgdb ? await openPostgres(pgdb.url, 2) : await openPglite(undefined);
    // the migrations before 006 only
    before = await mkdtemp(join(tmpdir(), 'aurum-mig-'));
    for (const f of await readdir(MIGRATIONS_DIR)) if (f < '006') await cp(join(MIGRATIONS_DIR, f), join(before, f));
    await migrate(db, before);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
    await rm(before, { recursive: true, force: true });
  });

  it('hashes the old rows in id order, so the chain verifies from its first row on', async () => {
    for (let i = 0; i < 5; i++) {
      await db.query(`INSERT INTO audit_log (username, action, detail, device, ip) VALUES ($1, 'auth.login', $2::jsonb, 'old "agent"', NULL)`, [
        `old${i}`,
        JSON.stringify({ i, text: 'é, "quoted"\n' }),
      ]);
    }
    await migrate(db);
    const rows = await db.query<{ id: number; prev_hash: string; row_hash: string }>('SELECT id, prev_hash, row_hash FROM audit_log ORDER BY id');
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash);
    // a new row written by the server continues the chain
    await db.transaction((tx) => writeAudit(tx, { username: 'new', adminId: null, action: 'auth.logout', detail: {}, device: null, ip: null }));
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: 6, head: { id: 6 } });
  });
});
