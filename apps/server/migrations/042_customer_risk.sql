-- The customer's risk (decision 1105): the latest assessment, one row per customer, and every
-- assessment that changed it, kept as made (append-only, like the journal) so that the band a
-- customer was in on any day can be shown to the regulator.
CREATE TABLE customer_risk (
  user_id      bigint PRIMARY KEY REFERENCES users (id),
  score        integer NOT NULL CHECK (score BETWEEN 0 AND 1000),
  band         text NOT NULL CHECK (band IN ('low', 'standard', 'high')),
  reasons      jsonb NOT NULL,
  computed_at  timestamptz NOT NULL
);
CREATE INDEX customer_risk_band ON customer_risk (band);

CREATE TABLE customer_risk_assessments (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  score        integer NOT NULL CHECK (score BETWEEN 0 AND 1000),
  band         text NOT NULL CHECK (band IN ('low', 'standard', 'high')),
  reasons      jsonb NOT NULL,
  -- what the factors were given (people's countries, channel, volumes, open hits), to explain it later
  inputs       jsonb NOT NULL,
  computed_by  bigint REFERENCES admins (id),
  computed_at  timestamptz NOT NULL
);
CREATE INDEX customer_risk_assessments_by_user ON customer_risk_assessments (user_id, id);

CREATE TRIGGER customer_risk_assessments_no_update_delete BEFORE UPDATE OR DELETE ON customer_risk_assessments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER customer_risk_assessments_no_truncate BEFORE TRUNCATE ON customer_risk_assessments
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
