-- The audit hash chain (decision 0301). Every row carries
-- prev_hash (row_hash of the row before it, in id order; 64 zeros for the first) and
-- row_hash = sha256 hex of the canonical serialisation of
-- (id, at, admin_id, username, action, detail, device, ip, prev_hash): a JSON array of nine
-- strings or null, no spaces (packages/domain/src/audit/audit-chain.ts auditCanonical).
-- writeAudit (apps/server/src/modules/audit/audit-writer.ts) appends under an advisory lock and
-- computes the hash in the server; the SQL function below computes the same value and is used
-- here to chain the rows written before this migration, and by tests and the bench for bulk rows.

ALTER TABLE audit_log ADD COLUMN prev_hash text;
ALTER TABLE audit_log ADD COLUMN row_hash text;

CREATE FUNCTION audit_log_canonical(p_id bigint, p_at timestamptz, p_admin_id bigint, p_username text, p_action text,
                                    p_detail jsonb, p_device text, p_ip text, p_prev_hash text) RETURNS text AS $$
  SELECT '[' || concat_ws(',',
    to_json(p_id::text)::text,
    to_json(to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text,
    coalesce(to_json(p_admin_id::text)::text, 'null'),
    to_json(p_username)::text,
    to_json(p_action)::text,
    to_json(p_detail::text)::text,
    coalesce(to_json(p_device)::text, 'null'),
    coalesce(to_json(p_ip)::text, 'null'),
    to_json(p_prev_hash)::text) || ']'
$$ LANGUAGE sql STABLE;

CREATE FUNCTION audit_log_row_hash(p_id bigint, p_at timestamptz, p_admin_id bigint, p_username text, p_action text,
                                   p_detail jsonb, p_device text, p_ip text, p_prev_hash text) RETURNS text AS $$
  SELECT encode(sha256(convert_to(audit_log_canonical(p_id, p_at, p_admin_id, p_username, p_action, p_detail, p_device, p_ip, p_prev_hash), 'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;

-- chain the rows already there, in id order (the append-only trigger is lifted for this only)
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;

DO $$
DECLARE
  r record;
  prev text := repeat('0', 64);
  h text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    h := audit_log_row_hash(r.id, r.at, r.admin_id, r.username, r.action, r.detail, r.device, r.ip, prev);
    UPDATE audit_log SET prev_hash = prev, row_hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
END
$$;

ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;

ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN row_hash SET NOT NULL;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_hash_format CHECK (row_hash ~ '^[0-9a-f]{64}$' AND prev_hash ~ '^[0-9a-f]{64}$');
-- one successor per row: a fork (two appends that read the same last hash) cannot be stored
CREATE UNIQUE INDEX audit_log_prev_hash_key ON audit_log (prev_hash);
