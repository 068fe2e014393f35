import { auditCanonical } from '@aurum/domain/audit/audit-chain';
import type { Db } from '../db/db.ts';
import { auditKeyring, type AuditKeySource } from '../modules/audit/audit-keys.ts';
import { lockAuditChain } from '../modules/audit/audit-writer.ts';

export interface AuditBulkSpec {
  /** Time of row 1; row i is at start + (i - 1) x stepMs. */
  start: string;
  stepMs: number;
  /** Row i gets usernames[i % length] and actions[i % length]. */
  usernames: string[];
  actions: string[];
  /** The object row i is about (kept in its detail as route() writes it), or none. */
  object?: (i: number) => { kind: string; id: number } | null;
}

const BATCH = 5000;

/**
 * Appends n chained, keyed audit rows for tests and the bench, in batches of 5,000 (one
 * transaction each, under writeAudit's lock, after bringing the chain to the configured key as
 * writeAudit does): PostgreSQL renders the details (`jsonb::text`), the MACs are computed here with
 * the configured key (it never reaches the database), and one INSERT takes the batch.
 * Details carry before/after with quotes and commas, so CSV quoting is exercised.
 */
export async function appendAuditBulk(db: Db, n: number, spec: AuditBulkSpec, keys: AuditKeySource): Promise<void> {
  const keyring = auditKeyring(keys);
  const startMs = Date.parse(spec.start);
  for (let done = 0; done < n; done += BATCH) {
    const count = Math.min(BATCH, n - done);
    await db.transaction(async (tx) => {
      let { prevHash } = await lockAuditChain(tx, keys);
      const ids = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id FROM generate_series(1, $1::int) ORDER BY 1`, [count]);
      const rows = Array.from({ length: count }, (_, k) => {
        const i = done + k + 1;
        const iso = new Date(startMs + (i - 1) * spec.stepMs).toISOString();
        return {
          id: Number(ids[k]!.id),
          // as PostgreSQL renders it: microseconds
          at: `${iso.slice(0, 23)}000Z`,
          adminId: null,
          username: spec.usernames[i % spec.usernames.length]!,
          action: spec.actions[i % spec.actions.length]!,
          detail: JSON.stringify({ before: { n: i }, after: { n: i + 1, note: `row "${i}", bulk` }, ...(spec.object?.(i) ? { object: spec.object(i) } : {}) }),
          device: 'bulk-agent/1.0',
          ip: `10.0.${i % 250}.1`,
          prevHash: '',
          keyId: keyring.currentKeyId,
          rowHash: '',
        };
      });
      const rendered = await tx.query<{ t: string }>('SELECT d::jsonb::text AS t FROM unnest($1::text[]) WITH ORDINALITY AS u(d, o) ORDER BY o', [rows.map((r) => r.detail)]);
      rows.forEach((r, k) => {
        r.detail = rendered[k]!.t;
        r.prevHash = prevHash;
        r.rowHash = keyring.hmac(r.keyId, auditCanonical(r))!;
        prevHash = r.rowHash;
      });
      const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
      await tx.query(
        `INSERT INTO audit_log (id, at, admin_id, username, action, detail, device, ip, prev_hash, row_hash, key_id)
         SELECT id, at, NULL, username, action, detail::jsonb, device, ip, prev_hash, row_hash, key_id
           FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
             AS u(id, at, username, action, detail, device, ip, prev_hash, row_hash, key_id)`,
        [column('id'), column('at'), column('username'), column('action'), column('detail'), column('device'), column('ip'), column('prevHash'), column('rowHash'), column('keyId')],
      );
    });
  }
}
