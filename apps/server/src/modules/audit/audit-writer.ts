import {
  AUDIT_KEY_CUTOVER,
  AUDIT_KEY_ROTATION,
  GENESIS_HASH,
  auditCanonical,
  cutoverDetail,
  rotationEndorsementText,
  type RotationDetail,
} from '@aurum/domain/audit/audit-chain';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Queryable } from '../../db/db.ts';
import type { AuditDetail, AuditEntry } from '../../http/route.ts';
import { AppError, checkedStatus } from '../../http/app-error.ts';
import { DEV_AUDIT_KEY_ID, auditKeyring, type AuditKeySource, type AuditKeyring } from './audit-keys.ts';
import { AUDIT_CHAIN_LOCK, firstKeyedRowId, insertAuditRow, lockChainHead, maxAuditId, nextAuditRow, renderedDetail } from './audit-repository.ts';

export { sha256Hex } from './audit-keys.ts';

/** An audit row as route(), the seed and the CLI hand it over (declared once, by route()). */
export type AuditRow = AuditEntry;
export type { AuditDetail };

export { AUDIT_CHAIN_LOCK };

/** What a client is told when the audit chain refuses to take a row (the operator's instructions go to the log). */
export const AUDIT_NOT_READY_CONTEXT = 'The audit trail is not ready, so no change can be saved now. Please tell the operator.';

/**
 * The chain is not at this configuration's key and no automatic step may bring it there: no row is
 * written, the audited change rolls back and answers 503 (3301). `message` tells the operator what
 * to run (`npm run audit:cutover`, `npm run audit:verify`); the client gets AUDIT_NOT_READY_CONTEXT.
 */
export class AuditChainNotReadyError extends AppError {
  constructor(operatorMessage: string) {
    super(checkedStatus(ErrorCode.AuditChainNotReady), ErrorCode.AuditChainNotReady, AUDIT_NOT_READY_CONTEXT);
    this.message = operatorMessage;
    this.name = 'AuditChainNotReadyError';
  }
}

/** The chain's key is one this configuration does not hold: another process rotated it, the key is wrong, or the trail was rewritten under another key. */
export class AuditKeyUnknownError extends AuditChainNotReadyError {
  readonly keyId: string;
  constructor(keyId: string) {
    super(
      keyId === DEV_AUDIT_KEY_ID
        ? `The audit chain is keyed with key ${keyId}, which this configuration does not hold: the public development key, which production never trusts ` +
            '(the trail was begun outside production, or rewritten under that key). Run `npm run audit:verify`. No audited change can be written until then.'
        : `The audit chain is keyed with key ${keyId}, which this configuration does not hold: set AUDIT_HMAC_KEY to the chain's key ` +
            '(or name it in AUDIT_HMAC_PREVIOUS_KEYS when rotating), or run `npm run audit:verify`. No audited change can be written until then.',
    );
    this.name = 'AuditKeyUnknownError';
    this.keyId = keyId;
  }
}

/** Inserts one row keyed with the current key after `prevHash`; answers its row_hash. */
async function appendKeyed(q: Queryable, keys: AuditKeyring, row: AuditRow, prevHash: string, detailOf?: (id: number) => AuditDetail): Promise<string> {
  const next = await nextAuditRow(q, row.detail ?? {});
  const id = next.id;
  // a rotation's detail holds a MAC over its own id: rendered once the id is known
  const detail = detailOf ? await renderedDetail(q, detailOf(id)) : next.detail;
  const fields = { ...row, id, at: next.at, detail, prevHash, keyId: keys.currentKeyId };
  const rowHash = keys.hmac(keys.currentKeyId, auditCanonical(fields))!;
  await insertAuditRow(q, {
    id,
    at: fields.at,
    admin_id: row.adminId,
    username: row.username,
    action: row.action,
    detail: fields.detail,
    device: row.device,
    ip: row.ip,
    prev_hash: prevHash,
    row_hash: rowHash,
    key_id: keys.currentKeyId,
  });
  return rowHash;
}

const SYSTEM = { username: 'system', adminId: null, device: null, ip: null } as const;

/** Appends the cut-over row (`audit.keyCutover`) under the current key after `prevHash`; answers its row_hash. */
const appendCutover = (q: Queryable, keys: AuditKeyring, prevHash: string) =>
  appendKeyed(q, keys, { ...SYSTEM, action: AUDIT_KEY_CUTOVER, detail: cutoverDetail(keys.currentKeyId) }, prevHash);

export interface LockAuditChainOptions {
  /**
   * 'emptyTrail': the caller is the operator's own first action on a fresh database (`npm run
   * admin:create`, the seed): when the audit table is empty, the cut-over is recorded even in production.
   */
  cutover?: 'emptyTrail';
}

/**
 * Takes the chain lock (on the caller's transaction; held until it commits) and brings the chain
 * to the configured key, where an automatic step may (decisions 0305 and 0306):
 * - after rows of a held earlier key (AUDIT_HMAC_PREVIOUS_KEYS; outside production also the public
 *   development key), the rotation row (`audit.keyRotation`, keyed with the new key and endorsed
 *   with the old one);
 * - after plain sha256 rows (or none), the cut-over row (`audit.keyCutover`), but outside
 *   production only (a development convenience that protects nothing), or on an empty trail with
 *   `cutover: 'emptyTrail'`. In production the cut-over is the operator's `npm run audit:cutover`:
 *   an automatic one would endorse a trail a superuser rewrote as plain sha256.
 * Answers the row_hash to chain the next row onto and what it recorded. Throws
 * AuditChainNotReadyError (AuditKeyUnknownError for a key this configuration does not hold) when
 * no step applies: nothing is written.
 */
export async function lockAuditChain(
  q: Queryable,
  source: AuditKeySource,
  options: LockAuditChainOptions = {},
): Promise<{ prevHash: string; recorded: 'cutover' | 'rotation' | null }> {
  const keys = auditKeyring(source);
  const last = await lockChainHead(q);
  if (last && last.key_id === keys.currentKeyId) return { prevHash: last.row_hash, recorded: null };
  if (!last || last.key_id === null) {
    if (keys.production && !(last === undefined && options.cutover === 'emptyTrail')) {
      throw new AuditChainNotReadyError(
        last === undefined
          ? 'The audit trail is empty and production records no cut-over by itself: `npm run admin:create` records it with the first admin, or run `npm run audit:cutover`. No audited change can be written until then.'
          : `The audit trail ends with row ${last.id}, a plain sha256 row, and production records no cut-over to keyed hashes by itself. ` +
              'If this trail was never keyed (a database from before the keyed chain), run `npm run audit:cutover`; if it was, its keyed rows were rewritten: run `npm run audit:verify`. ' +
              'No audited change can be written until then.',
      );
    }
    const prevHash = await appendCutover(q, keys, last?.row_hash ?? GENESIS_HASH);
    return { prevHash, recorded: 'cutover' };
  }
  const fromKeyId = last.key_id;
  if (!keys.has(fromKeyId)) throw new AuditKeyUnknownError(fromKeyId);
  const toKeyId = keys.currentKeyId;
  const prevHash = await appendKeyed(q, keys, { ...SYSTEM, action: AUDIT_KEY_ROTATION, detail: {} }, last.row_hash, (id): AuditDetail & RotationDetail => ({
    fromKeyId,
    toKeyId,
    endorsement: keys.hmac(fromKeyId, rotationEndorsementText({ id, prevHash: last.row_hash, fromKeyId, toKeyId }))!,
  }));
  return { prevHash, recorded: 'rotation' };
}

/**
 * `npm run audit:cutover`, the operator's one-time action: under the chain lock, appends the
 * cut-over row under the configured key after the plain sha256 rows (or as the first row). Refuses
 * (answers the first keyed row, writes nothing) when the trail has a keyed row already: a cut-over
 * happened before, and a trail that no longer ends keyed was rewritten or awaits a rotation.
 */
export async function cutoverAuditChain(q: Queryable, source: AuditKeySource): Promise<{ cutover: { id: number; hash: string } } | { keyedRowId: number }> {
  const keys = auditKeyring(source);
  const last = await lockChainHead(q);
  const keyedRowId = await firstKeyedRowId(q);
  if (keyedRowId !== undefined) return { keyedRowId };
  const hash = await appendCutover(q, keys, last?.row_hash ?? GENESIS_HASH);
  // under the lock, the last row is the one just appended
  return { cutover: { id: Number(await maxAuditId(q)), hash } };
}

/**
 * Appends one audit row, on the caller's transaction (it must be one: the chain lock is held
 * until it commits). Only `route()`, the seed and the CLI call this. The row is chained to the
 * last one and keyed (decisions 0302 and 0303): under the
 * lock, bring the chain to the configured key (or refuse with AuditChainNotReadyError, 503 3301,
 * when no automatic step may: see lockAuditChain), take the next id and the transaction's time as
 * PostgreSQL renders them, MAC the canonical serialisation here, insert.
 */
export async function writeAudit(
  q: Queryable,
  row: AuditRow,
  keys: AuditKeySource,
  options: LockAuditChainOptions = {},
): Promise<'cutover' | 'rotation' | null> {
  const { prevHash, recorded } = await lockAuditChain(q, keys, options);
  await appendKeyed(q, auditKeyring(keys), row, prevHash);
  return recorded;
}
