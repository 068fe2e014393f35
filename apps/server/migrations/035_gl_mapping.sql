-- The accountant's mapping of GL codes to codes of their own chart (decision 1018): a file replaced
-- as a whole, each upload a new version, so what was in force at any moment stays readable; the
-- latest version is the one the accounting exports apply.
CREATE TABLE gl_mappings (
  id          bigserial PRIMARY KEY,
  file_name   text NOT NULL CHECK (length(file_name) <= 255),
  sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  line_count  integer NOT NULL CHECK (line_count >= 0),
  uploaded_by bigint NOT NULL REFERENCES admins(id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gl_mapping_lines (
  mapping_id   bigint NOT NULL REFERENCES gl_mappings(id),
  gl_code      text NOT NULL CHECK (gl_code ~ '^[0-9]{4}-[A-Z]{3}$'),
  account_code text NOT NULL CHECK (length(account_code) BETWEEN 1 AND 40),
  account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 120),
  PRIMARY KEY (mapping_id, gl_code)
);
