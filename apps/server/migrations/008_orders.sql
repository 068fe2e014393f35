-- Orders: the trade life cycle (DECISIONS.md §5). Money columns are NUMERIC; every money
-- movement of an order is a journal entry of the wallet ledger, linked here by order_ledger_entries.

CREATE TABLE orders (
  id                    bigserial PRIMARY KEY,
  execution_id          text NOT NULL UNIQUE,
  user_id               bigint NOT NULL REFERENCES users(id),
  action                text NOT NULL CHECK (action IN ('BUY', 'SELL')),
  order_type            text NOT NULL CHECK (order_type IN ('MARKET', 'LIMIT', 'OFF_LINE')),
  status                text NOT NULL CHECK (status IN ('CANCELED', 'CREATED', 'FILLED', 'OVERDUE', 'PAID', 'REFUNDED', 'REVERTED', 'SETTLED')),
  symbol                text NOT NULL CHECK (symbol IN ('XAU/MYR', 'XAU/USD')),
  currency              text NOT NULL CHECK (currency IN ('MYR', 'USD')),
  quantity_gram         numeric(24, 4) NOT NULL CHECK (quantity_gram > 0),
  -- limit orders: MYR per gram (XAU/MYR) or USD per troy ounce (XAU/USD)
  limit_price           numeric(18, 3) CHECK (limit_price > 0),
  -- at fill: the raw quote (USD/oz), the customer prices (MYR/g, USD/oz), the USD/MYR rate used
  cost_price            numeric(18, 3),
  quote_price           numeric(18, 3),
  myr_price             numeric(18, 3),
  usd_price             numeric(18, 3),
  exchange_rate         numeric(12, 4),
  -- MYR amount of the order (price per gram x grams, 2 decimals) and its USD amount for XAU/USD
  amount                numeric(24, 2),
  usd_amount            numeric(24, 2),
  balance_deducted      numeric(24, 2) NOT NULL DEFAULT 0 CHECK (balance_deducted >= 0),
  credit_deducted       numeric(24, 2) NOT NULL DEFAULT 0 CHECK (credit_deducted >= 0),
  gold_reserved         numeric(24, 4) NOT NULL DEFAULT 0 CHECK (gold_reserved >= 0),
  spread_adjustment     numeric(18, 3),
  customized_adjustment numeric(18, 3),
  user_fee              numeric(18, 3),
  global_fee            numeric(18, 3),
  -- interest rates (annual fractions) fixed when the order fills
  interest_rate_personal numeric(8, 6) NOT NULL DEFAULT 0,
  interest_rate_global  numeric(8, 6) NOT NULL DEFAULT 0,
  -- interest bookkeeping: unpaid interest carried at interest_from (the last payment's date)
  interest_carried      numeric(24, 4) NOT NULL DEFAULT 0,
  interest_from         date,
  use_aht_config        boolean NOT NULL DEFAULT false,
  source                text,
  note                  text,
  comment               text,
  is_custom             boolean NOT NULL DEFAULT false,
  good_till_date        date,
  created_at            timestamptz NOT NULL DEFAULT now(),
  created_by            bigint REFERENCES admins(id),
  filled_at             timestamptz,
  settled_at            timestamptz,
  settled_by            bigint REFERENCES admins(id),
  interest_start_at     timestamptz,
  completed_at          timestamptz,
  canceled_at           timestamptz,
  canceled_by           bigint REFERENCES admins(id),
  reverted_at           timestamptz,
  reverted_by           bigint REFERENCES admins(id),
  revert_reason         text,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK ((order_type = 'LIMIT') = (limit_price IS NOT NULL))
);
-- the connection pages by id (keyset); each filter has an index ending in id
CREATE INDEX orders_user_id ON orders (user_id, id);
CREATE INDEX orders_status_id ON orders (status, id);
CREATE INDEX orders_type_id ON orders (order_type, id);
CREATE INDEX orders_created_at ON orders (created_at, id);
CREATE INDEX orders_filled_at ON orders (filled_at, id) WHERE filled_at IS NOT NULL;
CREATE INDEX orders_good_till ON orders (good_till_date, id) WHERE good_till_date IS NOT NULL;
-- the engine's queues
CREATE INDEX orders_waiting_limit ON orders (symbol, action, id) WHERE status = 'CREATED';
CREATE INDEX orders_settled_interest ON orders (interest_start_at) WHERE status = 'SETTLED';

CREATE TABLE order_timeline (
  id             bigserial PRIMARY KEY,
  order_id       bigint NOT NULL REFERENCES orders(id),
  action         text NOT NULL CHECK (action IN ('CANCELED', 'COMPLETE', 'DECLINED', 'FILLED', 'INTEREST_START', 'ORDER', 'RECEIVED', 'RECEIVING', 'REFUNDED', 'REVERTED', 'SETTLED')),
  date           timestamptz NOT NULL,
  secondary_date timestamptz,
  created_by     bigint REFERENCES admins(id)
);
CREATE INDEX order_timeline_order ON order_timeline (order_id, id);

-- payments of an order: MYR for buys, XAU grams delivered for sells; split into interest and principal
CREATE TABLE order_payments (
  id            bigserial PRIMARY KEY,
  order_id      bigint NOT NULL REFERENCES orders(id),
  kind          text NOT NULL CHECK (kind IN ('MYR', 'XAU')),
  amount        numeric(24, 4) NOT NULL CHECK (amount > 0),
  to_interest   numeric(24, 4) NOT NULL DEFAULT 0 CHECK (to_interest >= 0),
  to_principal  numeric(24, 4) NOT NULL DEFAULT 0 CHECK (to_principal >= 0),
  payment_date  date NOT NULL,
  note          text,
  submitted_by  bigint REFERENCES admins(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  refunded_at   timestamptz,
  CHECK (to_interest + to_principal = amount)
);
CREATE INDEX order_payments_order ON order_payments (order_id, id);

-- every journal entry an order caused (fill, settle, payments, completion, cancel, revert)
CREATE TABLE order_ledger_entries (
  order_id bigint NOT NULL REFERENCES orders(id),
  entry_id bigint NOT NULL REFERENCES ledger_entries(id),
  purpose  text NOT NULL,
  PRIMARY KEY (order_id, entry_id)
);

-- Idempotency-Key: the first answer of a (route, key) is kept and given again for a repeat
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL,
  admin_id     bigint REFERENCES admins(id),
  request_hash text NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
