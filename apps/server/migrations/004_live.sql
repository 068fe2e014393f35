-- The live market: which process runs the price feed (a lease, so another takes over when it
-- stops), and manual metal prices that override the feed until they expire or are withdrawn.

CREATE TABLE market_feed_lease (
  id     int PRIMARY KEY CHECK (id = 1),
  holder text,
  until  timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO market_feed_lease (id) VALUES (1);

CREATE TABLE manual_prices (
  metal      text PRIMARY KEY CHECK (metal IN ('xau', 'xpt', 'xag')),
  bid        numeric(14, 2) NOT NULL CHECK (bid > 0),
  ask        numeric(14, 2) NOT NULL CHECK (ask >= bid),
  expires_at timestamptz,
  set_by     bigint REFERENCES admins(id),
  set_at     timestamptz NOT NULL DEFAULT now()
);
