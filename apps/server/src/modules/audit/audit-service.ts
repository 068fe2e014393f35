import type { Queryable } from '../../db/db.ts';
import type { AuditKeySource } from './audit-keys.ts';
import { writeAudit, type AuditRow } from './audit-writer.ts';
import { prepareAuditChain, verifyAuditChain } from './audit-chain.ts';
import { auditExportBatches, listAuditTrail } from './audit-trail.ts';

// what the audit routes read: the chain (prepared at start, verified on demand) and the trail
export { auditExportBatches, listAuditTrail, prepareAuditChain, verifyAuditChain };

/** route()'s audit writer (http/route.ts gets it as an interface from app.ts): one keyed, chained row per call. */
export function routeAuditWriter(keys: AuditKeySource): (q: Queryable, row: AuditRow) => Promise<void> {
  return async (q, row) => {
    await writeAudit(q, row, keys);
  };
}
