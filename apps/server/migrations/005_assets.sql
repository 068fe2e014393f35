-- Payment requests: deposits, withdrawals and transfers (DECISIONS.md §7, decision 0520).
-- Amounts are NUMERIC; every movement of value is a journal entry of the wallet ledger
-- (hold at creation, the posting at approval, the release at decline), linked here by entry id.
-- Receipt images live in the receipt storage (files under DATA_DIR/receipts by default); the row
-- keeps their storage key and content type.

CREATE TABLE payment_requests (
  id                     bigserial PRIMARY KEY,
  action                 text NOT NULL CHECK (action IN ('deposit', 'withdrawal', 'transfer')),
  method                 text CHECK (method IN ('bankTransfer', 'physicalGold')),
  type                   text NOT NULL CHECK (type IN ('MYR', 'XAU')),
  amount                 numeric(24, 2) CHECK (amount > 0),
  quantity               numeric(24, 4) CHECK (quantity > 0),
  status                 text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  user_id                bigint NOT NULL REFERENCES users(id),
  receiver_user_id       bigint REFERENCES users(id),
  note                   text,
  decline_reason         text,
  user_receipt_key       text,
  user_receipt_type      text CHECK (user_receipt_type IN ('image/jpeg', 'image/png')),
  verified_receipt_key   text,
  verified_receipt_type  text CHECK (verified_receipt_type IN ('image/jpeg', 'image/png')),
  hold_entry_id          bigint REFERENCES ledger_entries(id),
  decision_entry_id      bigint REFERENCES ledger_entries(id),
  submitted_by           bigint REFERENCES admins(id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  verified_by            bigint REFERENCES admins(id),
  decided_at             timestamptz,
  CHECK ((type = 'MYR') = (amount IS NOT NULL) AND (type = 'XAU') = (quantity IS NOT NULL)),
  CHECK ((action = 'transfer') = (receiver_user_id IS NOT NULL)),
  CHECK (receiver_user_id IS DISTINCT FROM user_id),
  CHECK (action = 'transfer' OR method = CASE type WHEN 'MYR' THEN 'bankTransfer' ELSE 'physicalGold' END),
  CHECK (action <> 'transfer' OR method IS NULL),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- the list pages by (created_at, id) or id; each filter has an index ending in id
CREATE INDEX payment_requests_created ON payment_requests (created_at, id);
CREATE INDEX payment_requests_action_status ON payment_requests (action, status, id);
CREATE INDEX payment_requests_status ON payment_requests (status, id);
CREATE INDEX payment_requests_user ON payment_requests (user_id, id);
CREATE INDEX payment_requests_receiver ON payment_requests (receiver_user_id, id) WHERE receiver_user_id IS NOT NULL;
-- pendingRequestCount (a user with pending requests cannot be deleted)
CREATE INDEX payment_requests_pending_user ON payment_requests (user_id) WHERE status = 'pending';
CREATE INDEX payment_requests_pending_receiver ON payment_requests (receiver_user_id) WHERE status = 'pending';
