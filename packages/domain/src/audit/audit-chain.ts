/**
 * The audit hash chain (docs/decisions.md, "Audit and notifications"): every audit row carries
 * `prev_hash` (the `row_hash` of the row before it in id order, GENESIS_HASH for the first) and
 * `row_hash` = sha256 (hex) of `auditCanonical(row)`. Removing, inserting or altering a row
 * breaks the chain at that row or the one after it.
 *
 * Pure: the hash function is handed in (the server uses node:crypto). The SQL function
 * `audit_log_row_hash` of migration 006 computes the same value (tests compare them).
 */
export const GENESIS_HASH = '0'.repeat(64);

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
}

/**
 * The canonical serialisation: a JSON array of nine strings (or null), no spaces:
 * `["<id>","<at>","<adminId>"|null,"<username>","<action>","<detail text>","<device>"|null,"<ip>"|null,"<prevHash>"]`.
 * JSON string escaping is the same in JavaScript and in PostgreSQL's to_json(text).
 */
export function auditCanonical(row: AuditChainFields): string {
  const text = (v: string | number | null) => (v === null ? 'null' : JSON.stringify(String(v)));
  return `[${[row.id, row.at, row.adminId, row.username, row.action, row.detail, row.device, row.ip, row.prevHash].map(text).join(',')}]`;
}

export interface ChainedRow extends AuditChainFields {
  rowHash: string | null;
}

export interface ChainBreak {
  id: number;
  /** 'altered': the row's content does not give its row_hash; 'link': its prev_hash is not the row_hash of the row before it (a row was removed, inserted or replaced). */
  kind: 'altered' | 'link';
  reason: string;
}

/** Where a walk over the chain stands: the last row seen (null before the first). */
export interface ChainState {
  lastId: number | null;
  lastHash: string;
  checked: number;
}

export const chainStart = (): ChainState => ({ lastId: null, lastHash: GENESIS_HASH, checked: 0 });

/**
 * Checks the next rows of the chain (in id order, following `state`). Answers the first break,
 * or null with `state` advanced; feed it batch after batch to verify a table of any size.
 */
export function verifyAuditRows(rows: readonly ChainedRow[], state: ChainState, sha256Hex: (text: string) => string): ChainBreak | null {
  for (const row of rows) {
    const id = Number(row.id);
    if (row.rowHash === null || row.rowHash !== sha256Hex(auditCanonical(row))) {
      return { id, kind: 'altered', reason: `row ${id} does not match its row_hash: it was altered` };
    }
    if (row.prevHash !== state.lastHash) {
      const before = state.lastId === null ? 'the start of the chain' : `row ${state.lastId}`;
      return { id, kind: 'link', reason: `row ${id} does not follow ${before}: a row between them was removed, inserted or replaced` };
    }
    state.lastId = id;
    state.lastHash = row.rowHash;
    state.checked += 1;
  }
  return null;
}
