-- Months and years of the books, proposals a second admin decides, adjustments with a value date and
-- evidence, and the rate a USD hedge is booked at (decisions 1041, 1042, 1044).
--
-- 1. ledger_period_closes: a closed month (yyyy-MM) or year (yyyy). A year's row names its closing
--    entry (income and expense into retained earnings).
-- 2. finance_proposals: what needs a second admin besides adjustments: a month's or a year's close
--    (proposed by one closer, approved by another) and a reopening of a closed day (two superAdmins).
--    At most one pending proposal per kind and target.
-- 3. ledger_adjustments: the value date the maker chose (null for those made before: they were dated
--    in the first open day at approval), the evidence uploaded with it, and the adjustment it
--    reverses.
-- 4. hedges.booked_rate: the USD/MYR rate a USD hedge's price and fee were booked in the journal at.
--    Hedges recorded before this migration are not in the journal (in_journal false).

CREATE TABLE ledger_period_closes (
  period      text PRIMARY KEY CHECK (period ~ '^[0-9]{4}(-[0-9]{2})?$'),
  kind        text NOT NULL CHECK (kind IN ('month', 'year')),
  proposed_by bigint NOT NULL REFERENCES admins(id),
  approved_by bigint NOT NULL REFERENCES admins(id),
  closed_at   timestamptz NOT NULL,
  entry_id    bigint REFERENCES ledger_entries(id),
  CHECK ((kind = 'month') = (length(period) = 7)),
  CHECK (kind = 'year' OR entry_id IS NULL)
);

CREATE TABLE finance_proposals (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('monthClose', 'yearClose', 'dayReopen')),
  target         text NOT NULL CHECK (target ~ '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$'),
  reason         text CHECK (length(reason) BETWEEN 1 AND 1000),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  proposed_by    bigint NOT NULL REFERENCES admins(id),
  proposed_at    timestamptz NOT NULL DEFAULT now(),
  decided_by     bigint REFERENCES admins(id),
  decided_at     timestamptz,
  decline_reason text CHECK (length(decline_reason) BETWEEN 1 AND 1000),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (kind <> 'dayReopen' OR reason IS NOT NULL)
);
CREATE UNIQUE INDEX finance_proposals_one_pending ON finance_proposals (kind, target) WHERE status = 'pending';
CREATE INDEX finance_proposals_status ON finance_proposals (status, id);

ALTER TABLE ledger_adjustments
  ADD COLUMN value_date date,
  ADD COLUMN evidence_key text,
  ADD COLUMN evidence_type text CHECK (evidence_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  ADD COLUMN reverses bigint REFERENCES ledger_adjustments(id),
  ADD CONSTRAINT ledger_adjustments_evidence_pair CHECK ((evidence_key IS NULL) = (evidence_type IS NULL));
-- an adjustment is reversed at most once
CREATE UNIQUE INDEX ledger_adjustments_reversed_once ON ledger_adjustments (reverses) WHERE reverses IS NOT NULL AND status <> 'declined';

ALTER TABLE hedges ADD COLUMN booked_rate numeric(12, 4) CHECK (booked_rate > 0);
ALTER TABLE hedges ADD COLUMN in_journal boolean NOT NULL DEFAULT false;
ALTER TABLE hedges ALTER COLUMN in_journal SET DEFAULT true;
