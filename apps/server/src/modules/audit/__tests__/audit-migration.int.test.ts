import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { migrate } from '../../../db/migrate.ts';
import { databaseMigratedBefore } from '../../../testing/migrated-before.ts';
import { writeAudit } from '../audit-writer.ts';
import { verifyAuditChain } from '../audit-chain.ts';
import { DEV_AUDIT_HMAC_KEY } from '../../../config.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const KEYS = { auditHmacKey: DEV_AUDIT_HMAC_KEY, auditHmacPreviousKeys: [] };

describe(`migration 006 chains the audit rows written before it, 011 keys the rows after them, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await databaseMigratedBefore('006'));
  });
  afterAll(() => close?.());

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
    expect(await db.query('SELECT id FROM audit_log WHERE key_id IS NOT NULL')).toEqual([]);
    // a plain chain before any key: each row checks out, but the trail does not end keyed yet
    expect(await verifyAuditChain(db, KEYS)).toMatchObject({ ok: false, checked: 5, broken: { id: 5, kind: 'key' } });

    // the first row written by the server records the cut-over, then continues the chain keyed
    await db.transaction((tx) => writeAudit(tx, { username: 'new', adminId: null, action: 'auth.logout', detail: {}, device: null, ip: null }, KEYS));
    const after = await db.query<{ id: number; action: string; key_id: string | null }>('SELECT id, action, key_id FROM audit_log ORDER BY id');
    expect(after.map((r) => [r.action, r.key_id !== null])).toEqual([
      ...Array(5).fill(['auth.login', false]),
      ['audit.keyCutover', true],
      ['auth.logout', true],
    ]);
    // the plain part before the cut-over still verifies, the keyed part after it too
    expect(await verifyAuditChain(db, KEYS)).toMatchObject({ ok: true, checked: 7, head: { id: 7 }, keyed: { cutoverId: 6, rotations: 0 } });
  });

  it('pins the plain rows: a superuser who rewrites one and re-chains the plain part breaks the link into the cut-over', async () => {
    await db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER ALL');
      await tx.query("UPDATE audit_log SET username = 'mallory' WHERE id = 2");
      await tx.query(`DO $$
        DECLARE r record; prev text := repeat('0', 64); h text;
        BEGIN
          FOR r IN SELECT * FROM audit_log WHERE key_id IS NULL ORDER BY id LOOP
            h := audit_log_row_hash(r.id, r.at, r.admin_id, r.username, r.action, r.detail, r.device, r.ip, prev);
            UPDATE audit_log SET prev_hash = prev, row_hash = h WHERE id = r.id;
            prev := h;
          END LOOP;
        END $$`);
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER ALL');
    });
    expect(await verifyAuditChain(db, KEYS)).toMatchObject({ ok: false, checked: 5, broken: { id: 6, kind: 'link' } });
  });
});
