-- Treasury (decision 0800): the tables the treasury's parts share. Each part
-- adds what only it needs in its own migration (vault movements 018, reconciliation 019, books and
-- position 020, hedges 021, price-feed health 022).
--
-- Quantities are grams with 4 decimals. A bar's `book_weight` is what the books count: fine weight
-- for gold (gross x fineness / 1000), gross weight for silver and platinum (the industry's custom).

CREATE TABLE vaults (
  id         bigserial PRIMARY KEY,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'),
  name       text NOT NULL,
  custodian  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- one row per physical bar (LBMA Good Delivery weight-list fields); a bar is known by refiner + serial
CREATE TABLE vault_bars (
  id             bigserial PRIMARY KEY,
  serial         text NOT NULL CHECK (length(serial) BETWEEN 1 AND 40),
  refiner        text NOT NULL CHECK (length(refiner) BETWEEN 1 AND 100),
  metal          text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  form           text NOT NULL DEFAULT 'bar' CHECK (length(form) BETWEEN 1 AND 40),
  year           integer CHECK (year BETWEEN 1900 AND 2200),
  gross_weight   numeric(24, 4) NOT NULL CHECK (gross_weight > 0),
  -- parts per thousand, e.g. 999.9
  fineness       numeric(7, 3) NOT NULL CHECK (fineness > 0 AND fineness <= 1000),
  fine_weight    numeric(24, 4) NOT NULL CHECK (fine_weight > 0),
  book_weight    numeric(24, 4) NOT NULL CHECK (book_weight > 0),
  refiner_weight numeric(24, 4),
  vault_weight   numeric(24, 4),
  custodian      text NOT NULL,
  vault_id       bigint REFERENCES vaults(id),
  -- pending: recorded, waiting for the checker (not counted); released: left the house (not counted)
  status         text NOT NULL CHECK (status IN ('pending', 'available', 'reserved', 'inTransit', 'quarantined', 'released')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX vault_bars_refiner_serial ON vault_bars (metal, lower(refiner), serial) WHERE status <> 'released';
CREATE INDEX vault_bars_metal_status ON vault_bars (metal, status);

-- a custodian's weight list as imported (CSV or Excel), kept as it came for reconciliation
CREATE TABLE custodian_bar_lists (
  id          bigserial PRIMARY KEY,
  custodian   text NOT NULL,
  vault_id    bigint REFERENCES vaults(id),
  file_name   text NOT NULL,
  as_of       date NOT NULL,
  row_count   integer NOT NULL,
  imported_by bigint REFERENCES admins(id),
  imported_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE custodian_bars (
  list_id      bigint NOT NULL REFERENCES custodian_bar_lists(id),
  line         integer NOT NULL,
  serial       text NOT NULL,
  refiner      text NOT NULL,
  metal        text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  gross_weight numeric(24, 4) NOT NULL,
  fineness     numeric(7, 3) NOT NULL,
  fine_weight  numeric(24, 4) NOT NULL,
  PRIMARY KEY (list_id, line)
);

-- trades with outside providers; the client reference is the idempotency key
CREATE TABLE hedges (
  id                bigserial PRIMARY KEY,
  client_ref        text NOT NULL UNIQUE CHECK (length(client_ref) BETWEEN 1 AND 64),
  provider          text NOT NULL,
  provider_order_id text,
  metal             text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  side              text NOT NULL CHECK (side IN ('BUY', 'SELL')),
  quantity          numeric(24, 4) NOT NULL CHECK (quantity > 0),
  price             numeric(18, 3) NOT NULL CHECK (price > 0),
  currency          text NOT NULL CHECK (currency IN ('MYR', 'USD')),
  fee               numeric(24, 2) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  traded_at         timestamptz NOT NULL,
  -- a canceled hedge no longer counts in the position
  state             text NOT NULL CHECK (state IN ('filled', 'settled', 'canceled')),
  position_before   numeric(24, 4) NOT NULL,
  position_after    numeric(24, 4) NOT NULL,
  request_hash      text NOT NULL,
  created_by        bigint REFERENCES admins(id),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hedges_metal_state ON hedges (metal, state);

-- which orders a hedge covers, and how much of each
CREATE TABLE hedge_orders (
  hedge_id bigint NOT NULL REFERENCES hedges(id),
  order_id bigint NOT NULL REFERENCES orders(id),
  quantity numeric(24, 4) NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (hedge_id, order_id)
);
CREATE INDEX hedge_orders_order ON hedge_orders (order_id);

-- per metal: the coverage rule's mode and the net position's target and band
CREATE TABLE treasury_settings (
  metal         text PRIMARY KEY CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  coverage_mode text NOT NULL DEFAULT 'refuse' CHECK (coverage_mode IN ('refuse', 'alert')),
  target        numeric(24, 4) NOT NULL DEFAULT 0,
  band          numeric(24, 4) NOT NULL DEFAULT 1000 CHECK (band >= 0),
  -- whether the last check found the net position outside the band (an alert is raised on the change)
  outside_band  boolean NOT NULL DEFAULT false,
  updated_by    bigint REFERENCES admins(id),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO treasury_settings (metal) VALUES ('XAU'), ('XPT'), ('XAG');
