-- Screening of customers against the active lists (decision 1104). One row per screened name of a
-- customer: the people of the due diligence file, else the customer's own name. Its index keys
-- (domain nameIndexKeys) let a changed list find its candidate customers as a customer finds its
-- candidate entries; `fingerprint` is a hash of the screened fields, so a dismissal holds only
-- while they stay as they were.
CREATE TABLE screening_subjects (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  person_id    bigint REFERENCES due_diligence_people (id) ON DELETE SET NULL,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  key          text NOT NULL,
  tokens       text[] NOT NULL,
  birth_date   text CHECK (birth_date ~ '^\d{4}(-\d{2}-\d{2})?$'),
  nationality  text CHECK (nationality ~ '^[A-Z]{2,3}$'),
  document     text CHECK (length(document) BETWEEN 1 AND 40),
  fingerprint  text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  updated_at   timestamptz NOT NULL,
  UNIQUE (user_id, fingerprint)
);
CREATE INDEX screening_subjects_trgm ON screening_subjects USING gin (key gin_trgm_ops);
CREATE INDEX screening_subjects_tokens ON screening_subjects USING gin (tokens);

-- A listed name close enough to a customer's to be work, with the matcher's reasons. Keyed by the
-- subject's fingerprint and the entry's list, reference and content hash: a re-screen finds the
-- same hit (dismissed stays dismissed); a changed customer or entry makes a new one.
CREATE TABLE screening_hits (
  id                   bigserial PRIMARY KEY,
  user_id              bigint NOT NULL REFERENCES users (id),
  subject_id           bigint REFERENCES screening_subjects (id) ON DELETE SET NULL,
  subject_fingerprint  text NOT NULL,
  subject_name         text NOT NULL,
  entry_id             bigint NOT NULL REFERENCES screening_entries (id),
  version_id           bigint NOT NULL REFERENCES screening_list_versions (id),
  list_id              bigint NOT NULL REFERENCES screening_lists (id),
  list_kind            text NOT NULL CHECK (list_kind IN ('un', 'ministry', 'pep', 'internal')),
  entry_reference      text NOT NULL,
  entry_content_hash   text NOT NULL,
  name_matched         text NOT NULL,
  quality              text NOT NULL CHECK (quality IN ('good', 'low')),
  score                numeric(5, 4) NOT NULL CHECK (score >= 0 AND score <= 1),
  outcome              text NOT NULL CHECK (outcome IN ('hold', 'review')),
  reasons              jsonb NOT NULL,
  status               text NOT NULL CHECK (status IN ('open', 'dismissed', 'confirmed')),
  -- a dismissal: one officer proposes with a note, a second agrees
  proposed_by          bigint REFERENCES admins (id),
  proposed_at          timestamptz,
  proposal_note        text CHECK (length(proposal_note) BETWEEN 1 AND 2000),
  agreed_by            bigint REFERENCES admins (id),
  agreed_at            timestamptz,
  confirmed_by         bigint REFERENCES admins (id),
  confirmed_at         timestamptz,
  found_at             timestamptz NOT NULL,
  CHECK (agreed_by IS NULL OR agreed_by <> proposed_by),
  CHECK ((status = 'dismissed') = (agreed_by IS NOT NULL)),
  CHECK ((status = 'confirmed') = (confirmed_by IS NOT NULL))
);
CREATE UNIQUE INDEX screening_hits_once ON screening_hits (user_id, subject_fingerprint, list_id, entry_reference, entry_content_hash);
CREATE INDEX screening_hits_by_status ON screening_hits (status, id);

-- Which active list versions screened whom, when: one customer, or every customer (user_id null).
CREATE TABLE screening_runs (
  id           bigserial PRIMARY KEY,
  trigger      text NOT NULL CHECK (trigger IN ('customer', 'officer', 'delta', 'nightly')),
  user_id      bigint REFERENCES users (id),
  version_ids  integer[] NOT NULL,
  subjects     integer NOT NULL CHECK (subjects >= 0),
  hits         integer NOT NULL CHECK (hits >= 0),
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz NOT NULL
);
CREATE INDEX screening_runs_by_user ON screening_runs (user_id, id);
