-- Customer statements (decision 1010): a statement line names the order or the payment request its
-- journal entry belongs to. The links were only ever read from the order's or the request's side;
-- without these, each line of a statement would scan both tables for its entry.
CREATE INDEX order_ledger_entries_entry ON order_ledger_entries (entry_id);
CREATE INDEX payment_requests_hold_entry ON payment_requests (hold_entry_id) WHERE hold_entry_id IS NOT NULL;
CREATE INDEX payment_requests_decision_entry ON payment_requests (decision_entry_id) WHERE decision_entry_id IS NOT NULL;
