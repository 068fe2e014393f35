import { chainStart, verifyAuditRows, type ChainedRow } from '@aurum/domain/audit/audit-chain';
import type { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import type { Queryable } from '../../db/db.ts';
import { sha256Hex } from './audit-writer.ts';

const BATCH = 5000;

/**
 * Walks the whole audit chain in id order, in keyset batches (bounded memory at any size), and
 * answers the first break or the head of the intact chain. Shared by GET audit_trail/verify and
 * `npm run audit:verify`; the check itself is the domain's verifyAuditRows.
 */
export async function verifyAuditChain(q: Queryable, batchSize = BATCH): Promise<AuditVerifyAnswer> {
  const state = chainStart();
  for (;;) {
    const rows = await q.query<ChainedRow>(
      `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, admin_id AS "adminId", username, action,
              detail::text AS detail, device, ip, prev_hash AS "prevHash", row_hash AS "rowHash"
         FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`,
      [state.lastId ?? 0, batchSize],
    );
    const broken = verifyAuditRows(rows, state, sha256Hex);
    if (broken) return { ok: false, checked: state.checked, head: null, broken };
    if (rows.length < batchSize) break;
  }
  return { ok: true, checked: state.checked, head: state.lastId === null ? null : { id: state.lastId, hash: state.lastHash }, broken: null };
}
