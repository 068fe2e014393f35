import { createHash } from 'node:crypto';
import type { AuditAction } from '@aurum/domain/audit/classifications';
import { GENESIS_HASH, auditCanonical } from '@aurum/domain/audit/audit-chain';
import type { Queryable } from '../../db/db.ts';

export type AuditDetail = Record<string, unknown>;

export interface AuditRow {
  username: string;
  adminId: number | null;
  action: AuditAction;
  detail: AuditDetail;
  device: string | null;
  ip: string | null;
}

/** Advisory lock of the audit chain: one append at a time, held until the appending transaction ends. */
export const AUDIT_CHAIN_LOCK = 7_261_004;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Appends one audit row, on the caller's transaction (it must be one: the chain lock is held
 * until it commits). Only `route()`, the seed and the CLI call this. The row is chained to the
 * last one (docs/decisions.md, "Audit and notifications"): under the lock, read the last
 * row_hash, take the next id and the transaction's time as PostgreSQL renders them, hash the
 * canonical serialisation here, insert.
 */
export async function writeAudit(q: Queryable, row: AuditRow): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
  const [next] = await q.query<{ id: number; at: string; detail: string; prev: string | null }>(
    `SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id,
            to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
            $1::jsonb::text AS detail,
            (SELECT row_hash FROM audit_log ORDER BY id DESC LIMIT 1) AS prev`,
    [JSON.stringify(row.detail ?? {})],
  );
  const prevHash = next!.prev ?? GENESIS_HASH;
  const fields = { ...row, id: next!.id, at: next!.at, detail: next!.detail, prevHash };
  await q.query(
    `INSERT INTO audit_log (id, at, admin_id, username, action, detail, device, ip, prev_hash, row_hash)
     VALUES ($1, $2::timestamptz, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)`,
    [fields.id, fields.at, row.adminId, row.username, row.action, fields.detail, row.device, row.ip, prevHash, sha256Hex(auditCanonical(fields))],
  );
}
