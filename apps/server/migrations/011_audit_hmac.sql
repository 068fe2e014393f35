-- The keyed audit chain (decision 0303). Rows written before the cut-over
-- keep their plain sha256 row_hash (the table refuses UPDATE) and have key_id NULL. From the
-- cut-over row (action 'audit.keyCutover', appended by the server under the chain lock the first
-- time it writes or starts after this migration) on, every row's row_hash is HMAC-SHA256 of its
-- canonical text (the nine fields of migration 006 and key_id) under a key from the server's
-- configuration (AUDIT_HMAC_KEY), never stored here; key_id names that key by a fingerprint. A key
-- change is an 'audit.keyRotation' row keyed with the new key and endorsed with the old one.
-- Adding a nullable column rewrites no row, so the append-only trigger stays on.

ALTER TABLE audit_log ADD COLUMN key_id text;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_key_id_format CHECK (key_id IS NULL OR key_id ~ '^[0-9a-f]{16}$');
