-- Income accounts and the split of a fill (decisions 1020 and 1021).
--
-- 1. The house's income books (spread, fees, interestMyr, interestXau, revaluation) join the
--    journal's account forms. Old rows satisfy the wider checks: NOT VALID skips the scan.
-- 2. A fill records the market mid it was split at (MYR per gram, 8 decimals): a live fill the
--    mid of the quote and of the USD/MYR rate, an offline one the desk's cost. NULL marks an order
--    filled before the split: its spread and fee are still in house:tradingMyr.
-- 3. A payment records whether its interest part was posted to an interest book; the payments
--    made before this migration were not (their interest is in the trading desk's books).
-- 4. What the one-time reclassification moved per order, so that a later cancel or revert of
--    such an order gives back exactly its share.

-- 1. the journal's account forms (as migration 020, plus the income books)
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_from_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_from_account_check CHECK (from_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau|spread|fees|interestMyr|interestXau|revaluation)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_to_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_to_account_check CHECK (to_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau|spread|fees|interestMyr|interestXau|revaluation)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;

-- 2. the market mid of a fill
ALTER TABLE orders ADD COLUMN mid_myr_per_gram numeric(24, 8) CHECK (mid_myr_per_gram > 0);

-- 3. payments before this migration: interest in the trading desk; from now on: in an interest book
ALTER TABLE order_payments ADD COLUMN interest_in_income boolean NOT NULL DEFAULT false;
ALTER TABLE order_payments ALTER COLUMN interest_in_income SET DEFAULT true;

-- 4. the reclassification's share of each order (MYR 2 decimals; interest in the owed unit)
CREATE TABLE order_income_reclassified (
  order_id bigint PRIMARY KEY REFERENCES orders(id),
  entry_id bigint NOT NULL REFERENCES ledger_entries(id),
  spread   numeric(24, 2) NOT NULL,
  fee      numeric(24, 2) NOT NULL,
  interest numeric(24, 4) NOT NULL CHECK (interest >= 0)
);
