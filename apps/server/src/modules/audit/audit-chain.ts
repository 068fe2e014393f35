import { chainStart, verifyAuditRows, verifyChainEnd, type ChainAnchor, type ChainBreak, type ChainState } from '@aurum/domain/audit/audit-chain';
import type { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { auditKeyring, type AuditKeySource } from './audit-keys.ts';
import { chainBatch } from './audit-repository.ts';
import { lockAuditChain } from './audit-writer.ts';

const BATCH = 5000;

const answer = (state: ChainState, broken: ChainBreak | null): AuditVerifyAnswer => ({
  ok: broken === null,
  checked: state.checked,
  head: broken === null && state.lastId !== null ? { id: state.lastId, hash: state.lastHash } : null,
  keyed: { cutoverId: state.cutoverId, keyId: state.keyId, rotations: state.rotations },
  broken,
});

/**
 * Walks the whole audit chain in id order, in keyset batches (bounded memory at any size), and
 * answers the first break or the head of the intact chain. Shared by GET audit_trail/verify and
 * `npm run audit:verify`; the check itself is the domain's verifyAuditRows with the configured
 * keys (the plain sha256 part up to the cut-over, HMAC after it, across rotations), then
 * verifyChainEnd: the trail must end with a row keyed with the current key. In production a row
 * keyed with the public development key is a break. With an anchor (AUDIT_ANCHOR, or the CLI's
 * --anchor-id/--anchor-hash), the trail must also hold that row with that hash: a record kept
 * outside the database catches a trail rewritten as a whole.
 */
export async function verifyAuditChain(
  q: Queryable,
  keys: AuditKeySource & Partial<Pick<Config, 'auditAnchor'>>,
  batchSize = BATCH,
  anchor: ChainAnchor | null = keys.auditAnchor ?? null,
): Promise<AuditVerifyAnswer> {
  const keyring = auditKeyring(keys);
  const state = chainStart();
  for (;;) {
    const rows = await chainBatch(q, state.lastId ?? 0, batchSize);
    const broken = verifyAuditRows(rows, state, keyring, anchor);
    if (broken) return answer(state, broken);
    if (rows.length < batchSize) break;
  }
  return answer(state, verifyChainEnd(state, keyring.currentKeyId, anchor));
}

/**
 * At start: brings the chain to the configured key as the first append would (a rotation from a
 * held earlier key; the cut-over after plain sha256 rows outside production only), so that from
 * the first start of a server on, the trail ends with a row keyed with the current key. Answers
 * what it recorded. Throws AuditChainNotReadyError (the start stops with its message) when no
 * automatic step applies: in production a trail without a cut-over (`npm run audit:cutover`) or
 * one that ends plain or under a key this configuration does not hold (`npm run audit:verify`).
 */
export async function prepareAuditChain(db: Db, keys: AuditKeySource): Promise<{ recorded: 'cutover' | 'rotation' | null; keyId: string }> {
  const { recorded } = await db.transaction((tx) => lockAuditChain(tx, keys));
  return { recorded, keyId: auditKeyring(keys).currentKeyId };
}
