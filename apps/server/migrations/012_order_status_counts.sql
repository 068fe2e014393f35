-- Exact order counts per status without a count(*) over every order (decision 0420).
-- Each statement that inserts, deletes or changes the status of orders
-- adds rows (status, delta) here from a trigger, so the counts change in the same transaction as
-- the orders, whatever writes them (the service, the engine, the demo seed, a bulk INSERT ... SELECT,
-- a test's own SQL). Writers only ever insert: no row is shared, so concurrent order changes never
-- wait for each other here. The count of a status is sum(delta); the job orderCounts folds the rows
-- into one per status now and then (order-repository.ts foldStatusCounts), which keeps that sum cheap.
-- No primary key: rows are only summed, folded and deleted as a whole (and no index to bloat).
CREATE TABLE order_status_counts (
  status text NOT NULL,
  delta  bigint NOT NULL
);

-- Statement triggers with transition tables: a bulk statement adds one row per status it touched,
-- not one per order.
CREATE FUNCTION order_status_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, delta) SELECT status, count(*) FROM new_orders GROUP BY status;
  RETURN NULL;
END $$;

CREATE FUNCTION order_status_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, delta) SELECT status, -count(*) FROM old_orders GROUP BY status;
  RETURN NULL;
END $$;

-- An UPDATE that leaves every status as it was adds nothing (HAVING drops the zero sums).
CREATE FUNCTION order_status_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, delta)
  SELECT status, sum(d) FROM (
    SELECT status, -1 AS d FROM old_orders
    UNION ALL
    SELECT status, 1 AS d FROM new_orders
  ) AS change
  GROUP BY status HAVING sum(d) <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_status_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_insert();
CREATE TRIGGER orders_status_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_delete();
CREATE TRIGGER orders_status_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_update();

-- The orders already there (CREATE TRIGGER has locked orders against writes until this commits).
INSERT INTO order_status_counts (status, delta) SELECT status, count(*) FROM orders GROUP BY status;

-- TRUNCATE fires no row or statement change above: it empties the counts too.
CREATE FUNCTION order_status_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_status_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_truncate();
