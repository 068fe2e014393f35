-- A journal entry's two times, its source and its metal (decision 1006).
--
-- 1. created_at stays the entry's value time: the moment it is dated, which decides the business day
--    it belongs to (and which a close refuses when that day is closed). recorded_at is the moment it
--    was made. They differ for what is dated earlier than it was written: an adjustment with a value
--    date, a payment dated on its payment date, a hedge on its trade time, a close's own entries.
-- 2. source_kind and source_id name what the entry is the journal's side of: an order, a payment
--    request, a ledger adjustment, a bar movement, a hedge, or a business day (a close's revaluation
--    and accruals, yyyymmdd) or year (its closing entry). The ledger answers "the order or request
--    behind an entry" from its own row; the link tables stay for their modules' own reads.
-- 3. metal: the metal the entry is about (an order's, a hedge's, a movement's), the P&L's dimension.
--
-- The rows written before this migration get their recorded_at (= created_at: they were dated when
-- made, but for adjustments, whose time of writing was not kept), source and metal once, here. The
-- journal is append-only (migration 002): its trigger is disabled for this one UPDATE, in this
-- migration's transaction, and enabled again before it commits; no amount, account or date changes.

ALTER TABLE ledger_entries
  ADD COLUMN recorded_at timestamptz,
  ADD COLUMN source_kind text CHECK (source_kind IN ('order', 'request', 'adjustment', 'movement', 'hedge', 'day', 'year')),
  ADD COLUMN source_id bigint,
  ADD COLUMN metal text CHECK (metal IN ('XAU', 'XPT', 'XAG')),
  ADD CONSTRAINT ledger_entries_source_pair CHECK ((source_kind IS NULL) = (source_id IS NULL));

ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete;

UPDATE ledger_entries e
SET recorded_at = coalesce(a.submitted_at, e.created_at),
    source_kind = CASE
      WHEN o.order_id IS NOT NULL THEN 'order'
      WHEN r.id IS NOT NULL THEN 'request'
      WHEN a.id IS NOT NULL THEN 'adjustment'
      WHEN m.movement_id IS NOT NULL THEN 'movement'
    END,
    source_id = coalesce(o.order_id, r.id, a.id, m.movement_id),
    metal = coalesce(
      split_part(ord.symbol, '/', 1),
      (SELECT min(p.asset) FROM ledger_postings p WHERE p.entry_id = e.id AND p.asset <> 'MYR')
    )
FROM ledger_entries x
LEFT JOIN (SELECT entry_id, min(order_id) AS order_id FROM order_ledger_entries GROUP BY entry_id) o ON o.entry_id = x.id
LEFT JOIN orders ord ON ord.id = o.order_id
LEFT JOIN LATERAL (
  SELECT pr.id FROM payment_requests pr WHERE pr.hold_entry_id = x.id OR pr.decision_entry_id = x.id ORDER BY pr.id LIMIT 1
) r ON true
LEFT JOIN ledger_adjustments a ON a.entry_id = x.id
LEFT JOIN LATERAL (
  SELECT substring(x.note FROM '^bar movement ([0-9]+):')::bigint AS movement_id WHERE x.kind LIKE 'vault.%'
) m ON true
WHERE x.id = e.id;

ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete;

ALTER TABLE ledger_entries ALTER COLUMN recorded_at SET DEFAULT now();
ALTER TABLE ledger_entries ALTER COLUMN recorded_at SET NOT NULL;

-- the entries of a source (an order's, a request's, a day's revaluation)
CREATE INDEX ledger_entries_source ON ledger_entries (source_kind, source_id) WHERE source_kind IS NOT NULL;
