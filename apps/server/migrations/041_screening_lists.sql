-- Trigram and phonetic indexes for the screening candidates (decision 1103): both ship with
-- PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- A sanctions, PEP or internal list (decision 1103). Aurum fetches nothing: an officer uploads
-- each version by hand and a second officer activates it.
CREATE TABLE screening_lists (
  id          bigserial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{1,40}$'),
  kind        text NOT NULL CHECK (kind IN ('un', 'ministry', 'pep', 'internal')),
  format      text NOT NULL CHECK (format IN ('unXml', 'ministryPdf', 'csv')),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at  timestamptz NOT NULL
);

-- Every version ever uploaded is kept: which version screened a customer on a date is answerable.
CREATE TABLE screening_list_versions (
  id             bigserial PRIMARY KEY,
  list_id        bigint NOT NULL REFERENCES screening_lists (id),
  status         text NOT NULL CHECK (status IN ('proposed', 'active', 'superseded', 'rejected')),
  sha256         text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name      text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  byte_size      integer NOT NULL CHECK (byte_size > 0),
  entry_count    integer NOT NULL CHECK (entry_count >= 0),
  -- {added, removed, changed} counts against the version active at upload
  diff           jsonb NOT NULL,
  -- more than 20% of the active entries dropped: the checker must confirm it explicitly
  large_drop     boolean NOT NULL,
  uploaded_by    bigint NOT NULL REFERENCES admins (id),
  uploaded_at    timestamptz NOT NULL,
  decided_by     bigint REFERENCES admins (id),
  decided_at     timestamptz,
  active_from    timestamptz,
  active_until   timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> uploaded_by)
);
CREATE UNIQUE INDEX screening_list_versions_one_active ON screening_list_versions (list_id) WHERE status = 'active';
CREATE UNIQUE INDEX screening_list_versions_one_proposed ON screening_list_versions (list_id) WHERE status = 'proposed';

-- One listed person or entity in one version; content_hash says whether it changed between versions.
CREATE TABLE screening_entries (
  id             bigserial PRIMARY KEY,
  version_id     bigint NOT NULL REFERENCES screening_list_versions (id),
  reference      text NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
  entry_type     text NOT NULL CHECK (entry_type IN ('individual', 'entity')),
  primary_name   text NOT NULL CHECK (length(primary_name) BETWEEN 1 AND 500),
  birth_dates    text[] NOT NULL DEFAULT '{}',
  nationalities  text[] NOT NULL DEFAULT '{}',
  documents      jsonb NOT NULL DEFAULT '[]',
  details        jsonb NOT NULL DEFAULT '{}',
  content_hash   text NOT NULL,
  UNIQUE (version_id, reference)
);

-- Each name of an entry (the primary, its aliases with their quality, original-script names),
-- with its index keys (domain nameIndexKeys): the trigram index finds candidates on the key, the
-- array index on the spelling classes and phonetic keys of its tokens.
CREATE TABLE screening_entry_names (
  id         bigserial PRIMARY KEY,
  entry_id   bigint NOT NULL REFERENCES screening_entries (id),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  quality    text NOT NULL CHECK (quality IN ('good', 'low')),
  key        text NOT NULL,
  tokens     text[] NOT NULL
);
CREATE INDEX screening_entry_names_by_entry ON screening_entry_names (entry_id);
CREATE INDEX screening_entry_names_trgm ON screening_entry_names USING gin (key gin_trgm_ops);
CREATE INDEX screening_entry_names_tokens ON screening_entry_names USING gin (tokens);
