-- The live market's settings: system modes, holidays, and per-metal adjust settings in a regular
-- and an after-hour variant (DECISIONS.md §4).

CREATE TABLE system_modes (
  id                int PRIMARY KEY CHECK (id = 1),
  panic             boolean NOT NULL DEFAULT false,
  trading_period    boolean NOT NULL DEFAULT false,
  auto_settle       boolean NOT NULL DEFAULT false,
  auto_settle_since timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        bigint REFERENCES admins(id)
);
INSERT INTO system_modes (id) VALUES (1);

CREATE TABLE holidays (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  date       date NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES admins(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE adjust_settings (
  metal         text NOT NULL CHECK (metal IN ('xau', 'xpt', 'xag')),
  variant       text NOT NULL CHECK (variant IN ('regular', 'afterHour')),
  currency_bid  numeric(12, 4) NOT NULL DEFAULT 0,
  currency_ask  numeric(12, 4) NOT NULL DEFAULT 0,
  buy_spread    numeric(14, 2) NOT NULL DEFAULT 0 CHECK (buy_spread >= 0),
  sell_spread   numeric(14, 2) NOT NULL DEFAULT 0 CHECK (sell_spread >= 0),
  premium       numeric(14, 3) NOT NULL DEFAULT 0 CHECK (premium >= 0),
  refinery_fees numeric(14, 3) NOT NULL DEFAULT 0 CHECK (refinery_fees >= 0),
  interest_rate numeric(8, 6) NOT NULL DEFAULT 0 CHECK (interest_rate >= 0 AND interest_rate <= 1),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    bigint REFERENCES admins(id),
  PRIMARY KEY (metal, variant)
);
INSERT INTO adjust_settings (metal, variant, currency_bid, currency_ask, buy_spread, sell_spread, premium, refinery_fees, interest_rate) VALUES
  ('xau', 'regular',   -0.0100, 0.0100, 2.50, 2.50, 1.500, 0.800, 0.080000),
  ('xau', 'afterHour', -0.0200, 0.0200, 4.00, 4.00, 2.000, 1.000, 0.080000),
  ('xpt', 'regular',   -0.0100, 0.0100, 5.00, 5.00, 2.000, 1.500, 0.080000),
  ('xpt', 'afterHour', -0.0200, 0.0200, 8.00, 8.00, 2.500, 2.000, 0.080000),
  ('xag', 'regular',   -0.0100, 0.0100, 0.20, 0.20, 0.050, 0.030, 0.080000),
  ('xag', 'afterHour', -0.0200, 0.0200, 0.35, 0.35, 0.080, 0.050, 0.080000);
