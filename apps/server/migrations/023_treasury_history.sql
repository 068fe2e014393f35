-- The net position's history (decision 0848): one point
-- per metal every five minutes, written by the treasuryBands job (the first process to reach a
-- slot writes it; the key keeps one), read by the Treasury screen's exposure chart.
CREATE TABLE treasury_history (
  metal   text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  at      timestamptz NOT NULL,
  net     numeric(24, 4) NOT NULL,
  mtm_myr numeric(24, 2),
  mtm_usd numeric(24, 2),
  PRIMARY KEY (metal, at)
);
CREATE INDEX treasury_history_at ON treasury_history (at);
