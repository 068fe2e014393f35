import type { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';

/** What `npm run audit:verify` prints for a verify answer (and `npm run audit:cutover` when it refuses). */
export function describeVerify(result: AuditVerifyAnswer, where: string, anchorId: number | null = null): string {
  const keyed = result.keyed.cutoverId === null ? 'no keyed rows' : `keyed from row ${result.keyed.cutoverId}, key ${result.keyed.keyId}, ${result.keyed.rotations} rotation(s)`;
  if (result.ok) {
    const head = result.head ? `head row ${result.head.id} ${result.head.hash}` : 'empty trail';
    return `OK: ${result.checked} audit rows chained (${head}; ${keyed}) in ${where}${anchorId === null ? '' : `; it holds the anchor row ${anchorId}`}.`;
  }
  return `BROKEN at audit row ${result.broken!.id} (${result.broken!.kind}): ${result.broken!.reason}; ${result.checked} rows verified before it (${keyed}).`;
}
