-- When the orders of each block of 1,024 ids were created: the earliest and the latest created_at
-- of the orders whose id >> 10 is the block (decision 0435), and the earliest and the latest fill
-- date of its filled orders; the same for each span of 128 blocks below. A filter on the creation or
-- the fill date then reads only the spans and blocks whose dates meet its range
-- (order-connection-repository.ts blockScan): an order created (filled) in the range lies in such a
-- block whatever order the processes' clocks gave the ids and however late it filled; the exact date
-- filter is still applied to each order.
-- Like the status counters (migration 012), writers only ever insert, one row per block and span a
-- statement touched: no row is shared, so concurrent order inserts never wait for each other here,
-- and a rolled-back insert takes its rows with it. A block's dates are the min and max over its
-- rows; the job orderCounts folds them into one row per block and span now and then (min and max of
-- the same rows again: folding never changes an answer). No primary key, as for the counters: the
-- rows of a block are many until folded.
CREATE TABLE order_created_blocks (
  block       bigint NOT NULL,
  min_created timestamptz NOT NULL,
  max_created timestamptz NOT NULL,
  -- the same for the fill dates of its filled orders (none filled: NULL)
  min_filled  timestamptz,
  max_filled  timestamptz
);
-- a reader takes the blocks of one span at a time (below)
CREATE INDEX order_created_blocks_block ON order_created_blocks (block);

-- The same for every span of 128 blocks (id >> 17, 131,072 ids): a reader finds the spans that meet
-- its range first (76 rows at ten million orders) and reads the blocks of those it needs, never
-- every block.
CREATE TABLE order_created_spans (
  span        bigint NOT NULL,
  min_created timestamptz NOT NULL,
  max_created timestamptz NOT NULL,
  -- the same for the fill dates of its filled orders (none filled: NULL)
  min_filled  timestamptz,
  max_filled  timestamptz
);

CREATE FUNCTION order_created_blocks_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_created_blocks (block, min_created, max_created, min_filled, max_filled)
  SELECT id >> 10, min(created_at), max(created_at), min(filled_at), max(filled_at) FROM new_orders GROUP BY id >> 10;
  INSERT INTO order_created_spans (span, min_created, max_created, min_filled, max_filled)
  SELECT id >> 17, min(created_at), max(created_at), min(filled_at), max(filled_at) FROM new_orders GROUP BY id >> 17;
  RETURN NULL;
END $$;

-- An UPDATE that changes a creation or a fill date (a fill) adds the orders' new dates; the old
-- ones stay: a block's dates only ever widen, which keeps them true. An update that keeps both dates
-- adds nothing; an id is never changed.
CREATE FUNCTION order_created_blocks_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_created_blocks (block, min_created, max_created, min_filled, max_filled)
  SELECT n.id >> 10, min(n.created_at), max(n.created_at), min(n.filled_at), max(n.filled_at)
    FROM new_orders n JOIN old_orders o ON o.id = n.id
   WHERE n.created_at IS DISTINCT FROM o.created_at OR n.filled_at IS DISTINCT FROM o.filled_at
   GROUP BY n.id >> 10;
  INSERT INTO order_created_spans (span, min_created, max_created, min_filled, max_filled)
  SELECT n.id >> 17, min(n.created_at), max(n.created_at), min(n.filled_at), max(n.filled_at)
    FROM new_orders n JOIN old_orders o ON o.id = n.id
   WHERE n.created_at IS DISTINCT FROM o.created_at OR n.filled_at IS DISTINCT FROM o.filled_at
   GROUP BY n.id >> 17;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_created_blocks_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_created_blocks_add();
CREATE TRIGGER orders_created_blocks_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_created_blocks_update();

-- The orders already there, one row per block (CREATE TRIGGER has locked orders against writes
-- until this commits).
INSERT INTO order_created_blocks (block, min_created, max_created, min_filled, max_filled)
SELECT id >> 10, min(created_at), max(created_at), min(filled_at), max(filled_at) FROM orders GROUP BY id >> 10;
INSERT INTO order_created_spans (span, min_created, max_created, min_filled, max_filled)
SELECT id >> 17, min(created_at), max(created_at), min(filled_at), max(filled_at) FROM orders GROUP BY id >> 17;

CREATE FUNCTION order_created_blocks_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_created_blocks;
  DELETE FROM order_created_spans;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_created_blocks_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_created_blocks_truncate();
