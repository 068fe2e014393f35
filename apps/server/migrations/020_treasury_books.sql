-- Treasury books, net position and coverage (decisions 0831,
-- 0832, 0835 and 0836).
--
-- 1. The ledger grows into metal books: assets XPT and XAG beside MYR and XAU, and accounts
--    metal:<METAL>:<place> for every place metal can be (vault:<code>, transit, provider:<name>,
--    borrowed, outside). Each metal sums to zero on its own, like MYR and XAU before.
-- 2. treasury_book_deltas: the balances the coverage rule reads inside every buy's transaction,
--    without a scan of the ledger or of the orders. Like order_status_counts (migration 012):
--    statement triggers add (metal, book, delta) rows in the writer's own transaction, writers only
--    insert (no shared row, no wait), the job treasuryBooks folds them into one row per book, and a
--    read sums the few rows there are. Books: 'wallets' (every user's metal, all users together),
--    each house or metal account by its name (house:vault, metal:XAU:vault:KUL-01, ...),
--    'buyObligations' (quantity of BUY orders FILLED, SETTLED or OVERDUE) and 'heldForSells' (gold
--    reserved by SELL orders still FILLED).
-- 3. An existing database gets an opening balance: customer metal already there and no bars, so a
--    synthetic bar marked as such ('opening-balance' form, vault OPENING) and its posting
--    outside -> vault:OPENING cover it exactly; reconciliation shows it as a break until the
--    custodian's list replaces it.

-- 1. the ledger's assets and account forms (old rows satisfy the new checks: NOT VALID skips the scan)
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_asset_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_asset_check CHECK (asset IN ('MYR', 'XAU', 'XPT', 'XAG')) NOT VALID;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_from_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_from_account_check CHECK (from_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_to_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_to_account_check CHECK (to_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;

-- 2. the books' delta rows (no key, no index: only summed, folded and deleted as a whole)
CREATE TABLE treasury_book_deltas (
  metal text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  book  text NOT NULL,
  delta numeric(28, 4) NOT NULL
);

CREATE FUNCTION treasury_books_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO treasury_book_deltas (metal, book, delta)
  SELECT asset, book, sum(d) FROM (
    SELECT asset, CASE WHEN to_account LIKE 'user:%' THEN 'wallets' ELSE to_account END AS book, amount AS d
      FROM new_postings WHERE asset <> 'MYR'
    UNION ALL
    SELECT asset, CASE WHEN from_account LIKE 'user:%' THEN 'wallets' ELSE from_account END AS book, -amount AS d
      FROM new_postings WHERE asset <> 'MYR'
  ) AS moved
  GROUP BY asset, book HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_postings_treasury_books AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION treasury_books_postings();

-- what one order row counts in the order books
CREATE FUNCTION treasury_order_books(action text, status text, quantity numeric, reserved numeric)
RETURNS TABLE (book text, amount numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'buyObligations', quantity WHERE action = 'BUY' AND status IN ('FILLED', 'SETTLED', 'OVERDUE')
  UNION ALL
  SELECT 'heldForSells', reserved WHERE action = 'SELL' AND status = 'FILLED' AND reserved > 0
$$;

CREATE FUNCTION treasury_books_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO treasury_book_deltas (metal, book, delta)
    SELECT split_part(o.symbol, '/', 1), b.book, sum(b.amount)
      FROM new_orders o, treasury_order_books(o.action, o.status, o.quantity_gram, o.gold_reserved) b
     GROUP BY 1, 2 HAVING sum(b.amount) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO treasury_book_deltas (metal, book, delta)
    SELECT split_part(o.symbol, '/', 1), b.book, -sum(b.amount)
      FROM old_orders o, treasury_order_books(o.action, o.status, o.quantity_gram, o.gold_reserved) b
     GROUP BY 1, 2 HAVING sum(b.amount) <> 0;
  ELSE
    INSERT INTO treasury_book_deltas (metal, book, delta)
    SELECT metal, book, sum(d) FROM (
      SELECT split_part(o.symbol, '/', 1) AS metal, b.book, -b.amount AS d
        FROM old_orders o, treasury_order_books(o.action, o.status, o.quantity_gram, o.gold_reserved) b
      UNION ALL
      SELECT split_part(o.symbol, '/', 1), b.book, b.amount
        FROM new_orders o, treasury_order_books(o.action, o.status, o.quantity_gram, o.gold_reserved) b
    ) AS moved
    GROUP BY metal, book HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_treasury_books_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION treasury_books_orders();
CREATE TRIGGER orders_treasury_books_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION treasury_books_orders();
CREATE TRIGGER orders_treasury_books_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION treasury_books_orders();

CREATE FUNCTION treasury_books_orders_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM treasury_book_deltas WHERE book IN ('buyObligations', 'heldForSells');
  RETURN NULL;
END $$;
CREATE TRIGGER orders_treasury_books_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION treasury_books_orders_truncate();

-- The coverage rule without one hot lock per metal (bench/coverage-check.ts): the headroom is
-- handed out in advance as quota slots (escrow). Invariant: per metal, the sum of the slots never
-- exceeds the true headroom (available bars + metal at providers - customer metal).
--   - A buy of q grams takes q from one slot (picked by its user), a row lock on that slot only:
--     concurrent buys of other slots do not wait for each other, and headroom and quota drop alike.
--   - When the slot has too little (or for any other change that grows customer metal: a gold
--     deposit, the cancel of a filled sell, a bar released, q = 0), the slow path locks every slot
--     of the metal (FOR UPDATE, in slot order), reads the books with a fresh snapshot (a VOLATILE
--     plpgsql function takes one per statement), and hands the headroom left out again.
--   - Whatever lowers the supply or grows customer metal outside those checks (a bar's status or
--     weight changed, metal posted from house:vault into a wallet) zeroes the metal's slots by
--     trigger, so the next check takes the slow path.
CREATE TABLE treasury_coverage_quota (
  metal text NOT NULL CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  slot  integer NOT NULL,
  grams numeric(28, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (metal, slot)
);
INSERT INTO treasury_coverage_quota (metal, slot) SELECT m, s FROM unnest(ARRAY['XAU', 'XPT', 'XAG']) AS m, generate_series(0, 15) AS s;

CREATE FUNCTION treasury_cover(p_metal text, p_grams numeric, p_slot int)
RETURNS TABLE (path text, customer text, supply text, mode text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_customer numeric;
  v_supply numeric;
  v_mode text;
  v_slots int;
  v_share numeric;
BEGIN
  IF p_grams > 0 THEN
    UPDATE treasury_coverage_quota SET grams = grams - p_grams WHERE metal = p_metal AND slot = p_slot AND grams >= p_grams;
    IF FOUND THEN
      RETURN QUERY SELECT 'quota'::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  -- every slot of the metal, in slot order: waits for the buys holding one, excludes every other slow path
  PERFORM 1 FROM treasury_coverage_quota WHERE metal = p_metal ORDER BY slot FOR UPDATE;
  SELECT coalesce(sum(CASE WHEN d.book = 'heldForSells' THEN -d.delta ELSE d.delta END), 0) INTO v_customer
    FROM treasury_book_deltas d WHERE d.metal = p_metal AND d.book IN ('wallets', 'heldForSells', 'buyObligations');
  SELECT coalesce((SELECT sum(b.book_weight) FROM vault_bars b WHERE b.metal = p_metal AND b.status = 'available'), 0)
       + coalesce((SELECT sum(d.delta) FROM treasury_book_deltas d WHERE d.metal = p_metal AND d.book LIKE 'metal:' || p_metal || ':provider:%'), 0)
    INTO v_supply;
  SELECT s.coverage_mode INTO v_mode FROM treasury_settings s WHERE s.metal = p_metal;
  SELECT count(*) INTO v_slots FROM treasury_coverage_quota WHERE metal = p_metal;
  v_share := CASE WHEN v_supply > v_customer AND v_slots > 0 THEN trunc((v_supply - v_customer) / v_slots, 4) ELSE 0 END;
  UPDATE treasury_coverage_quota SET grams = v_share WHERE metal = p_metal;
  RETURN QUERY SELECT 'books'::text, v_customer::text, v_supply::text, coalesce(v_mode, 'refuse');
END $$;

-- supply lowered or customer metal grown outside the checks: the next check takes the slow path
CREATE FUNCTION treasury_quota_reset_bars() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM treasury_coverage_quota WHERE metal IN (SELECT metal FROM changed_bars) ORDER BY metal, slot FOR UPDATE;
  UPDATE treasury_coverage_quota SET grams = 0 WHERE grams <> 0 AND metal IN (SELECT metal FROM changed_bars);
  RETURN NULL;
END $$;
CREATE TRIGGER vault_bars_quota_reset_update AFTER UPDATE ON vault_bars
  REFERENCING NEW TABLE AS changed_bars FOR EACH STATEMENT EXECUTE FUNCTION treasury_quota_reset_bars();
CREATE TRIGGER vault_bars_quota_reset_delete AFTER DELETE ON vault_bars
  REFERENCING OLD TABLE AS changed_bars FOR EACH STATEMENT EXECUTE FUNCTION treasury_quota_reset_bars();

CREATE FUNCTION treasury_quota_reset_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM treasury_coverage_quota
   WHERE metal IN (SELECT asset FROM new_postings WHERE from_account = 'house:vault' AND to_account LIKE 'user:%') ORDER BY metal, slot FOR UPDATE;
  UPDATE treasury_coverage_quota SET grams = 0
   WHERE grams <> 0 AND metal IN (SELECT asset FROM new_postings WHERE from_account = 'house:vault' AND to_account LIKE 'user:%');
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_postings_quota_reset AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION treasury_quota_reset_postings();

-- the books of what is there already (the triggers above lock both tables against writes until this commits)
INSERT INTO treasury_book_deltas (metal, book, delta)
SELECT asset, book, sum(d) FROM (
  SELECT asset, CASE WHEN to_account LIKE 'user:%' THEN 'wallets' ELSE to_account END AS book, amount AS d FROM ledger_postings WHERE asset <> 'MYR'
  UNION ALL
  SELECT asset, CASE WHEN from_account LIKE 'user:%' THEN 'wallets' ELSE from_account END AS book, -amount AS d FROM ledger_postings WHERE asset <> 'MYR'
) AS moved
GROUP BY asset, book HAVING sum(d) <> 0;
INSERT INTO treasury_book_deltas (metal, book, delta)
SELECT split_part(o.symbol, '/', 1), b.book, sum(b.amount)
  FROM orders o, treasury_order_books(o.action, o.status, o.quantity_gram, o.gold_reserved) b
 GROUP BY 1, 2 HAVING sum(b.amount) <> 0;

-- 3. the opening balance of an existing database: customer metal (wallets - held for sells + buy
-- obligations) with no available bar to cover it gets one synthetic bar of exactly that weight
DO $$
DECLARE
  m text;
  owed numeric;
  entry bigint;
  opening bigint;
BEGIN
  FOREACH m IN ARRAY ARRAY['XAU', 'XPT', 'XAG'] LOOP
    SELECT coalesce(sum(CASE WHEN book = 'heldForSells' THEN -delta ELSE delta END), 0) INTO owed
      FROM treasury_book_deltas WHERE metal = m AND book IN ('wallets', 'heldForSells', 'buyObligations');
    IF owed > 0 AND NOT EXISTS (SELECT 1 FROM vault_bars WHERE metal = m AND status = 'available') THEN
      INSERT INTO vaults (code, name, custodian) VALUES ('OPENING', 'Opening balance (migration 020)', 'Opening balance: to reconcile')
        ON CONFLICT (code) DO NOTHING;
      SELECT id INTO opening FROM vaults WHERE code = 'OPENING';
      INSERT INTO vault_bars (serial, refiner, metal, form, gross_weight, fineness, fine_weight, book_weight, custodian, vault_id, status)
        VALUES ('OPENING-' || m, 'Opening balance', m, 'opening-balance', round(owed, 4), 1000, round(owed, 4), round(owed, 4), 'Opening balance: to reconcile', opening, 'available');
      INSERT INTO ledger_entries (kind, note) VALUES ('treasury.opening', 'Opening balance (migration 020): customer metal already held, no bars recorded') RETURNING id INTO entry;
      INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount)
        VALUES (entry, 'metal:' || m || ':outside', 'metal:' || m || ':vault:OPENING', m, round(owed, 4));
    END IF;
  END LOOP;
END $$;
