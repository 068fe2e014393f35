import type { AuditAction } from '@aurum/domain/audit/classifications';
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

/** Appends one audit row, on the caller's transaction. Only `route()` and the CLI call this. */
export async function writeAudit(q: Queryable, row: AuditRow): Promise<void> {
  await q.query(
    'INSERT INTO audit_log (admin_id, username, action, detail, device, ip) VALUES ($1, $2, $3, $4::jsonb, $5, $6)',
    [row.adminId, row.username, row.action, JSON.stringify(row.detail ?? {}), row.device, row.ip],
  );
}
