-- The finance desk's day close (decisions 1001, 1002 and 1003).
--
-- 1. ledger_day_closes: the closed business days, one row per close, in order. A close covers the
--    journal from the previous close's end (starts_at; null for the first close: the journal's
--    beginning) to the next day's first moment in Asia/Kuala_Lumpur (ends_at). Only the latest
--    close can be reopened, so the closes always cover one unbroken stretch of time.
-- 2. ledger_close_books: the balance of every kind of book (as the trial balance groups them:
--    user:0:fund, house:bank, metal:XAU:vault:X) at a close's end. A balance at any later moment is
--    this snapshot plus the postings since, never a sum over the whole journal.
-- 3. ledger_closed_balances: every journal account's balance at the latest close's end. A close
--    adds only its own postings to it (the customer books' check reads it), a reopen subtracts them.
-- 4. The journal refuses an entry dated before the latest close's end (SQLSTATE AU001, answered
--    409 3230). The close locks the journal in SHARE mode, which waits for every transaction that
--    has written an entry and blocks new writers until it commits: an entry dated in the day either
--    committed before the close (it is in the snapshot) or is refused.
-- 5. ledger_adjustments: a late fix proposed by a finance maker and posted when another admin
--    approves it, dated in the first open day.

CREATE TABLE ledger_day_closes (
  business_date date PRIMARY KEY,
  starts_at     timestamptz,
  ends_at       timestamptz NOT NULL UNIQUE,
  closed_by     bigint NOT NULL REFERENCES admins(id),
  closed_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR starts_at < ends_at)
);

CREATE TABLE ledger_close_books (
  business_date date NOT NULL REFERENCES ledger_day_closes(business_date) ON DELETE CASCADE,
  book          text NOT NULL,
  balance       numeric(28, 4) NOT NULL,
  PRIMARY KEY (business_date, book)
);

CREATE TABLE ledger_closed_balances (
  account text PRIMARY KEY,
  balance numeric(28, 4) NOT NULL
);

-- the journal's entries of a stretch of time (a close, a balance since a close, a day's trial balance)
CREATE INDEX ledger_entries_created ON ledger_entries (created_at, id);

CREATE FUNCTION ledger_refuse_closed_day() RETURNS trigger AS $$
DECLARE
  closed_before timestamptz;
BEGIN
  SELECT ends_at INTO closed_before FROM ledger_day_closes ORDER BY business_date DESC LIMIT 1;
  IF closed_before IS NOT NULL AND NEW.created_at < closed_before THEN
    RAISE EXCEPTION 'the business day of % is closed (closed before %)', NEW.created_at, closed_before USING ERRCODE = 'AU001';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_entries_closed_day BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed_day();

CREATE TABLE ledger_adjustments (
  id             bigserial PRIMARY KEY,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  -- [{from, to, asset, amount}], house books only (decision 1003)
  postings       jsonb NOT NULL,
  reason         text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  decline_reason text CHECK (length(decline_reason) <= 1000),
  submitted_by   bigint NOT NULL REFERENCES admins(id),
  submitted_at   timestamptz NOT NULL DEFAULT now(),
  decided_by     bigint REFERENCES admins(id),
  decided_at     timestamptz,
  entry_id       bigint REFERENCES ledger_entries(id),
  CHECK ((status = 'approved') = (entry_id IS NOT NULL))
);
CREATE INDEX ledger_adjustments_status ON ledger_adjustments (status, id);
