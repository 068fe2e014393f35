-- The orders connection's quantity and symbol filters in id order (decision 0436). Without them a
-- page of a rare quantity walked the primary key past every other order (an amount held by 1 order
-- in 1,000: about 11,000 rows for a page of 10) and its bounded count read the whole table (102 ms
-- at a million orders); a symbol's count read five orders for each one it counted. With them the
-- page is an index range in id order and the count reads only the matching entries. The currency
-- filter follows the symbol (XAU/USD is quoted in USD) and has no index of its own.
-- Building them locks orders against writes for the time it takes (seconds at a million orders).
CREATE INDEX orders_quantity_id ON orders (quantity_gram, id);
CREATE INDEX orders_symbol_id ON orders (symbol, id);
