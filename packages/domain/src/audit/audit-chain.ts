/**
 * The audit hash chain (decisions 0301, 0303 and 0308):
 * every audit row carries `prev_hash` (the `row_hash` of the row before it in id order,
 * GENESIS_HASH for the first) and `row_hash`. Removing, inserting or altering a row breaks the
 * chain at that row or the one after it.
 *
 * Two parts: rows written before the cut-over (`key_id` null) carry plain sha256 of
 * `auditCanonical(row)` (migration 006); from the cut-over row (action `audit.keyCutover`) on,
 * every row carries HMAC-SHA256 of its canonical text (which then ends with its `key_id`) under a
 * server key that is never stored in the database, so a database superuser cannot recompute it.
 * A key change is an `audit.keyRotation` row: keyed with the new key and endorsed (a MAC in its
 * detail) with the old one. After the cut-over, every row is keyed with the chain's current key.
 *
 * Pure: hashing is handed in (the server uses node:crypto). The SQL function
 * `audit_log_canonical` of migration 006 gives the same nine-field text (tests compare them).
 */
import type { AuditAction } from './classifications.ts';

export const GENESIS_HASH = '0'.repeat(64);

export const AUDIT_KEY_CUTOVER = 'audit.keyCutover' satisfies AuditAction;
export const AUDIT_KEY_ROTATION = 'audit.keyRotation' satisfies AuditAction;
/** The keyed hash of the rows from the cut-over on. */
export const AUDIT_KEYED_ALGORITHM = 'HMAC-SHA256';
/** A key id: the first 16 hex digits of HMAC-SHA256(key, AUDIT_KEY_ID_LABEL), a fingerprint that tells nothing of the key. */
export const AUDIT_KEY_ID = /^[0-9a-f]{16}$/;
export const AUDIT_KEY_ID_LABEL = 'aurum audit key id';

/** The chained fields of one audit row, as text exactly as the database renders them. */
export interface AuditChainFields {
  id: number | string;
  /** `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`: microseconds, UTC. */
  at: string;
  adminId: number | string | null;
  username: string;
  action: string;
  /** `detail::text`: PostgreSQL's own rendering of the jsonb value. */
  detail: string;
  device: string | null;
  ip: string | null;
  prevHash: string;
  /** The key of a keyed row (from the cut-over on); null or absent for a plain sha256 row. */
  keyId?: string | null;
}

/**
 * The canonical serialisation: a JSON array of strings (or null), no spaces:
 * `["<id>","<at>","<adminId>"|null,"<username>","<action>","<detail text>","<device>"|null,"<ip>"|null,"<prevHash>"]`,
 * and for a keyed row a tenth element, `"<keyId>"` (so a row cannot be moved to another key).
 * JSON string escaping is the same in JavaScript and in PostgreSQL's to_json(text).
 */
export function auditCanonical(row: AuditChainFields): string {
  const text = (v: string | number | null) => (v === null ? 'null' : JSON.stringify(String(v)));
  const fields = [row.id, row.at, row.adminId, row.username, row.action, row.detail, row.device, row.ip, row.prevHash];
  if (row.keyId !== null && row.keyId !== undefined) fields.push(row.keyId);
  return `[${fields.map(text).join(',')}]`;
}

/** The detail of the cut-over row. */
export function cutoverDetail(keyId: string): { keyId: string; algorithm: string } {
  return { keyId, algorithm: AUDIT_KEYED_ALGORITHM };
}

/** What the old key endorses in a rotation row: its place in the chain and both key ids. */
export function rotationEndorsementText(r: { id: number | string; prevHash: string; fromKeyId: string; toKeyId: string }): string {
  return JSON.stringify([AUDIT_KEY_ROTATION, String(r.id), r.prevHash, r.fromKeyId, r.toKeyId]);
}

export interface RotationDetail {
  fromKeyId: string;
  toKeyId: string;
  /** HMAC-SHA256 (hex) of rotationEndorsementText under the old key. */
  endorsement: string;
}

export interface ChainedRow extends AuditChainFields {
  keyId: string | null;
  rowHash: string | null;
}

/** The hashes the walk needs; `hmac` answers null for a key id the configuration does not hold. */
export interface ChainHasher {
  sha256(text: string): string;
  hmac(keyId: string, text: string): string | null;
  /** A key anyone can compute (the public development key, in production): a row keyed with it is a break, even when the key is held. */
  publicKeyId?: string | null;
}

/**
 * A row the chain must contain, recorded outside the database (a head or the cut-over): a trail
 * rewritten as a whole, however consistent, no longer holds it.
 */
export interface ChainAnchor {
  id: number;
  hash: string;
}

export type ChainBreakKind = 'altered' | 'link' | 'key';

export interface ChainBreak {
  id: number;
  /**
   * 'altered': the row's content does not give its row_hash; 'link': its prev_hash is not the
   * row_hash of the row before it (a row was removed, inserted or replaced); 'key': it is keyed
   * with a key the configuration does not hold or with the public development key in production,
   * changes key without a valid rotation, or the trail does not end with a row keyed with the
   * current key. A missing anchor row is a 'link' break, an anchor row of another hash 'altered'.
   */
  kind: ChainBreakKind;
  reason: string;
}

/** Where a walk over the chain stands: the last row seen (null before the first) and the chain's key. */
export interface ChainState {
  lastId: number | null;
  lastHash: string;
  checked: number;
  /** The key of the rows so far: null before the cut-over. */
  keyId: string | null;
  /** The cut-over row (the first keyed row), once seen. */
  cutoverId: number | null;
  rotations: number;
  /** The anchor row was met (and matched). */
  anchored?: boolean;
}

export const chainStart = (): ChainState => ({ lastId: null, lastHash: GENESIS_HASH, checked: 0, keyId: null, cutoverId: null, rotations: 0 });

const anchorMissing = (anchor: ChainAnchor): ChainBreak => ({
  id: anchor.id,
  kind: 'link',
  reason: `the anchor row ${anchor.id} (AUDIT_ANCHOR or --anchor-id) is not in the trail: rows were removed or the trail was rewritten`,
});

const notHeld = (id: number, keyId: string): ChainBreak => ({
  id,
  kind: 'key',
  reason: `row ${id} is keyed with key ${keyId}, which the configuration does not hold (AUDIT_HMAC_KEY, AUDIT_HMAC_PREVIOUS_KEYS)`,
});

function parseRotation(detail: string): RotationDetail | null {
  try {
    const d = JSON.parse(detail) as Partial<RotationDetail> | null;
    if (d && typeof d.fromKeyId === 'string' && typeof d.toKeyId === 'string' && typeof d.endorsement === 'string') {
      return { fromKeyId: d.fromKeyId, toKeyId: d.toKeyId, endorsement: d.endorsement };
    }
  } catch {
    // not JSON: not a rotation
  }
  return null;
}

/** The content check of one row against what the walk knows; null when its row_hash is right. */
function contentBreak(row: ChainedRow, id: number, state: ChainState, hasher: ChainHasher): ChainBreak | null {
  const altered = (why = 'it was altered'): ChainBreak => ({ id, kind: 'altered', reason: `row ${id} does not match its row_hash: ${why}` });
  if (row.keyId !== null && hasher.publicKeyId && row.keyId === hasher.publicKeyId) {
    return {
      id,
      kind: 'key',
      reason: `row ${id} is keyed with the public development key (${row.keyId}), which anyone can compute: production trusts no row under it`,
    };
  }
  if (state.keyId === null) {
    if (row.keyId === null) return row.rowHash !== null && row.rowHash === hasher.sha256(auditCanonical(row)) ? null : altered();
    // the first keyed row: it must be the cut-over
    if (row.action !== AUDIT_KEY_CUTOVER) {
      return { id, kind: 'key', reason: `row ${id} is the first keyed row but not the cut-over (${AUDIT_KEY_CUTOVER})` };
    }
    const mac = hasher.hmac(row.keyId, auditCanonical(row));
    if (mac === null) return notHeld(id, row.keyId);
    return row.rowHash === mac ? null : altered();
  }
  if (row.keyId === null) {
    return altered(`it carries a plain sha256 hash after the cut-over to keyed hashes at row ${state.cutoverId}, so it was rewritten`);
  }
  if (row.keyId !== state.keyId) {
    const rotation = row.action === AUDIT_KEY_ROTATION ? parseRotation(row.detail) : null;
    if (!rotation || rotation.fromKeyId !== state.keyId || rotation.toKeyId !== row.keyId) {
      return { id, kind: 'key', reason: `row ${id} is keyed with key ${row.keyId} but the chain's key is ${state.keyId} and it is no rotation from it` };
    }
    const mac = hasher.hmac(row.keyId, auditCanonical(row));
    if (mac === null) return notHeld(id, row.keyId);
    if (row.rowHash !== mac) return altered();
    const endorsement = hasher.hmac(state.keyId, rotationEndorsementText({ id: row.id, prevHash: row.prevHash, fromKeyId: state.keyId, toKeyId: row.keyId }));
    if (endorsement === null) return notHeld(id, state.keyId);
    if (endorsement !== rotation.endorsement) return { id, kind: 'key', reason: `row ${id} rotates to key ${row.keyId} without the endorsement of the old key ${state.keyId}` };
    return null;
  }
  const mac = hasher.hmac(row.keyId, auditCanonical(row));
  if (mac === null) return notHeld(id, row.keyId);
  return row.rowHash === mac ? null : altered();
}

/**
 * Checks the next rows of the chain (in id order, following `state`). Answers the first break,
 * or null with `state` advanced; feed it batch after batch to verify a table of any size, then
 * call verifyChainEnd.
 */
export function verifyAuditRows(rows: readonly ChainedRow[], state: ChainState, hasher: ChainHasher, anchor: ChainAnchor | null = null): ChainBreak | null {
  for (const row of rows) {
    const id = Number(row.id);
    if (anchor && !state.anchored && id > anchor.id) return anchorMissing(anchor);
    const broken = contentBreak(row, id, state, hasher);
    if (broken) return broken;
    if (row.prevHash !== state.lastHash) {
      const before = state.lastId === null ? 'the start of the chain' : `row ${state.lastId}`;
      return { id, kind: 'link', reason: `row ${id} does not follow ${before}: a row between them was removed, inserted or replaced` };
    }
    if (anchor && id === anchor.id) {
      if (row.rowHash !== anchor.hash) {
        return { id, kind: 'altered', reason: `row ${id} does not carry the anchored hash ${anchor.hash} (AUDIT_ANCHOR or --anchor-hash): the trail was rewritten` };
      }
      state.anchored = true;
    }
    if (row.keyId !== null && state.keyId === null) state.cutoverId = id;
    else if (row.keyId !== null && row.keyId !== state.keyId) state.rotations += 1;
    state.keyId = row.keyId;
    state.lastId = id;
    state.lastHash = row.rowHash!;
    state.checked += 1;
  }
  return null;
}

/**
 * After the last row: the anchor, when given, must have been met, and a trail that is not empty
 * must end with a row keyed with the current key (the server brings the chain to its key when it
 * starts and before every append, or refuses to write). Otherwise its
 * keyed rows were removed or rewritten as plain sha256, or it still awaits a server of this key.
 */
export function verifyChainEnd(state: ChainState, currentKeyId: string, anchor: ChainAnchor | null = null): ChainBreak | null {
  if (anchor && !state.anchored) return anchorMissing(anchor);
  if (state.lastId === null || state.keyId === currentKeyId) return null;
  const id = state.lastId;
  const how = state.keyId === null ? 'a plain sha256 hash' : `key ${state.keyId}`;
  return {
    id,
    kind: 'key',
    reason: `the trail ends at row ${id} with ${how}, not with the current key ${currentKeyId}: its keyed rows were removed or rewritten, or no server with this key has written to it yet`,
  };
}
