-- Price-feed health (decision 0863). One row:
-- the feed's health as last recorded by any server process. A process that sees the health change
-- updates it only when it differs (under the row lock), and only that process writes the audit row,
-- so a change is audited once however many processes see it.
CREATE TABLE price_feed_health (
  id         smallint PRIMARY KEY CHECK (id = 1),
  state      text NOT NULL CHECK (state IN ('healthy', 'stale', 'disagree')),
  -- what the state was decided on (the sources' last tick times, the disagreement in basis points)
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO price_feed_health (id, state) VALUES (1, 'healthy');
