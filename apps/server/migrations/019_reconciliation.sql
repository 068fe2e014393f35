-- Reconciliation (decisions 0820-0823): the custodians' latest
-- imported bar lists matched to our vault records, and customer metal to the metal that covers it,
-- on demand and once per business day. A break stays open across runs until an admin resolves it
-- with a note; a later run finding the same break (same kind, same bar or metal) updates it.

CREATE TABLE reconciliation_runs (
  id            bigserial PRIMARY KEY,
  ran_at        timestamptz NOT NULL,
  -- the business date (Asia/Kuala_Lumpur) of ran_at
  business_date date NOT NULL,
  trigger       text NOT NULL CHECK (trigger IN ('admin', 'job')),
  ran_by        bigint REFERENCES admins(id),
  bars_compared integer NOT NULL DEFAULT 0,
  breaks_found  integer NOT NULL DEFAULT 0,
  breaks_opened integer NOT NULL DEFAULT 0,
  open_breaks   integer NOT NULL DEFAULT 0,
  CHECK ((trigger = 'admin') = (ran_by IS NOT NULL))
);
-- the daily job runs once per business day, whichever process gets there first
CREATE UNIQUE INDEX reconciliation_runs_job_day ON reconciliation_runs (business_date) WHERE trigger = 'job';

-- the custodian lists a run matched (the latest per custodian and vault when it ran)
CREATE TABLE reconciliation_run_lists (
  run_id  bigint NOT NULL REFERENCES reconciliation_runs(id),
  list_id bigint NOT NULL REFERENCES custodian_bar_lists(id),
  PRIMARY KEY (run_id, list_id)
);

CREATE TABLE reconciliation_breaks (
  id           bigserial PRIMARY KEY,
  -- kind + metal + refiner (lower case) + serial, or kind + metal for coverage (reconciliation-matcher.ts breakKey)
  break_key    text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('missingAtCustodian', 'missingInOurRecords', 'weightDiffers', 'finenessDiffers', 'coverageShort')),
  metal        text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  serial       text,
  refiner      text,
  vault_id     bigint REFERENCES vaults(id),
  -- the bar as each side records it ({serial, refiner, metal, grossWeight, fineness, fineWeight}), null where missing
  ours         jsonb,
  theirs       jsonb,
  difference   numeric(24, 4),
  -- the ledger postings that explain it, as found by the last run that found it
  postings     jsonb NOT NULL DEFAULT '[]',
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  first_run_id bigint NOT NULL REFERENCES reconciliation_runs(id),
  last_run_id  bigint NOT NULL REFERENCES reconciliation_runs(id),
  opened_at    timestamptz NOT NULL,
  resolved_by  bigint REFERENCES admins(id),
  resolved_at  timestamptz,
  note         text CHECK (note IS NULL OR length(note) BETWEEN 1 AND 1000),
  CHECK ((status = 'open') = (resolved_at IS NULL)),
  CHECK ((status = 'open') = (note IS NULL))
);
-- at most one open break per key: a later run updates it instead of opening another
CREATE UNIQUE INDEX reconciliation_breaks_open_key ON reconciliation_breaks (break_key) WHERE status = 'open';
CREATE INDEX reconciliation_breaks_status ON reconciliation_breaks (status, id);
