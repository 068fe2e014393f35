import type { Db } from '../db/db.ts';
import { AUDIT_CHAIN_LOCK } from '../modules/audit/audit-writer.ts';

export interface AuditBulkSpec {
  /** Time of row 1; row i is at start + (i - 1) x stepMs. */
  start: string;
  stepMs: number;
  /** Row i gets usernames[i % length] and actions[i % length]. */
  usernames: string[];
  actions: string[];
}

/**
 * Appends n chained audit rows in one statement, for tests and the bench: a recursive query
 * computes each row's hash with the SQL function of migration 006 (the same value writeAudit
 * computes in the server), under writeAudit's lock, then moves the id sequence past them.
 * Details carry before/after with quotes and commas, so CSV quoting is exercised.
 */
export async function appendAuditBulk(db: Db, n: number, spec: AuditBulkSpec): Promise<void> {
  const fields = (i: string) => `
    SELECT $2::timestamptz + ((${i}) - 1) * make_interval(secs => $3::double precision / 1000) AS at,
           ($4::text[])[1 + (${i}) % array_length($4::text[], 1)] AS username,
           ($5::text[])[1 + (${i}) % array_length($5::text[], 1)] AS action,
           jsonb_build_object('before', jsonb_build_object('n', ${i}), 'after', jsonb_build_object('n', (${i}) + 1, 'note', 'row "' || (${i}) || '", bulk')) AS detail,
           'bulk-agent/1.0' AS device,
           '10.0.' || ((${i}) % 250) || '.1' AS ip`;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
    await tx.query(
      `WITH RECURSIVE
         base AS (
           SELECT coalesce((SELECT max(id) FROM audit_log), 0) AS id0,
                  coalesce((SELECT row_hash FROM audit_log ORDER BY id DESC LIMIT 1), repeat('0', 64)) AS prev),
         chain AS (
           SELECT 1 AS i, b.id0 + 1 AS id, f.at, f.username, f.action, f.detail, f.device, f.ip, b.prev AS prev_hash,
                  audit_log_row_hash(b.id0 + 1, f.at, NULL, f.username, f.action, f.detail, f.device, f.ip, b.prev) AS row_hash
             FROM base b CROSS JOIN LATERAL (${fields('1')}) f
            WHERE $1::int >= 1
           UNION ALL
           SELECT c.i + 1, c.id + 1, f.at, f.username, f.action, f.detail, f.device, f.ip, c.row_hash,
                  audit_log_row_hash(c.id + 1, f.at, NULL, f.username, f.action, f.detail, f.device, f.ip, c.row_hash)
             FROM chain c CROSS JOIN LATERAL (${fields('c.i + 1')}) f
            WHERE c.i < $1::int)
       INSERT INTO audit_log (id, at, admin_id, username, action, detail, device, ip, prev_hash, row_hash)
       SELECT id, at, NULL, username, action, detail, device, ip, prev_hash, row_hash FROM chain`,
      [n, spec.start, spec.stepMs, spec.usernames, spec.actions],
    );
    await tx.query(`SELECT setval(pg_get_serial_sequence('audit_log', 'id'), (SELECT max(id) FROM audit_log))`);
  });
}
