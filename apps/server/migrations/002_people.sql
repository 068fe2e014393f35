-- People and access: users' addresses, trade configuration and session revocation, bank accounts
-- (at most one live per user, maker-checker), and the wallet ledger: an append-only journal of
-- double-entry postings from which every balance is derived (DECISIONS.md §6).

-- end-user sessions live in the mobile back end; logout and password reset record the moment
-- from which that back end must refuse the user's older sessions
ALTER TABLE users ADD COLUMN sessions_revoked_at timestamptz;

-- trade configuration (SPEC.md §3): one per user, with defaults, so every user has one
ALTER TABLE users ADD COLUMN allowed_action text NOT NULL DEFAULT 'all'
  CHECK (allowed_action IN ('all', 'buyAndSell', 'buyOnly', 'sellOnly', 'readOnly'));
ALTER TABLE users ADD COLUMN allowed_pair text NOT NULL DEFAULT 'none'
  CHECK (allowed_pair IN ('none', 'XAU/MYR', 'XAU/USD'));
ALTER TABLE users ADD COLUMN interest_rate numeric(8, 6) NOT NULL DEFAULT 0 CHECK (interest_rate >= 0 AND interest_rate <= 1);
ALTER TABLE users ADD COLUMN premium numeric(14, 3) NOT NULL DEFAULT 0 CHECK (premium >= 0);
ALTER TABLE users ADD COLUMN refinery_fees numeric(14, 3) NOT NULL DEFAULT 0 CHECK (refinery_fees >= 0);
ALTER TABLE users ADD COLUMN trade_limit numeric(24, 4) CHECK (trade_limit > 0);
ALTER TABLE users ADD COLUMN fee_adjust_mode text NOT NULL DEFAULT 'none'
  CHECK (fee_adjust_mode IN ('none', 'both', 'buy', 'sell'));
ALTER TABLE users ADD COLUMN tier text NOT NULL DEFAULT 'gold' CHECK (tier IN ('gold', 'platinum', 'silver'));
ALTER TABLE users ADD COLUMN updated_by bigint REFERENCES admins(id);
ALTER TABLE users ADD COLUMN deleted_by bigint REFERENCES admins(id);

-- a phone number is the country code followed by the number (60 + 123 = 601 + 23)
CREATE UNIQUE INDEX users_phone_key ON users ((phone_country_code || phone_number))
  WHERE deleted_at IS NULL AND phone_number IS NOT NULL;
-- the user list sorts on indexed columns only (id, lower(username), lower(email) exist already)
CREATE INDEX users_category_list ON users (category, id) WHERE deleted_at IS NULL;
CREATE INDEX users_created_at_list ON users (created_at, id) WHERE deleted_at IS NULL;

CREATE TABLE user_addresses (
  user_id     bigint PRIMARY KEY REFERENCES users(id),
  street_one  text NOT NULL,
  street_two  text,
  city        text NOT NULL,
  state       text NOT NULL,
  postal_code text NOT NULL,
  country     text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  bigint REFERENCES admins(id)
);

-- a bank account is pending until approved or declined; approved ones are fixed; removal keeps
-- the row (status 'removed') for the record, and frees the user for a new one
CREATE TABLE bank_accounts (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id),
  bank_name      text NOT NULL,
  account_owner  text NOT NULL,
  account_number text NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'removed')),
  submitted_by   bigint REFERENCES admins(id),
  submitted_at   timestamptz NOT NULL DEFAULT now(),
  decided_by     bigint REFERENCES admins(id),
  decided_at     timestamptz,
  approved_at    timestamptz,
  removed_by     bigint REFERENCES admins(id),
  removed_at     timestamptz,
  CHECK ((status = 'removed') = (removed_at IS NOT NULL))
);
-- at most one per user (SPEC.md §9): 1004 when another one is live
CREATE UNIQUE INDEX bank_accounts_one_per_user ON bank_accounts (user_id) WHERE status <> 'removed';

-- the wallet ledger: one journal entry per change, with its postings
CREATE TABLE ledger_entries (
  id         bigserial PRIMARY KEY,
  kind       text NOT NULL CHECK (kind ~ '^[a-z][a-zA-Z.]{0,40}$'),
  user_id    bigint REFERENCES users(id),
  note       text,
  created_by bigint REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, created_at DESC, id DESC);

CREATE TABLE ledger_postings (
  id           bigserial PRIMARY KEY,
  entry_id     bigint NOT NULL REFERENCES ledger_entries(id),
  from_account text NOT NULL CHECK (from_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau))$'),
  to_account   text NOT NULL CHECK (to_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|tradingMyr|tradingXau))$'),
  asset        text NOT NULL CHECK (asset IN ('MYR', 'XAU')),
  amount       numeric(24, 4) NOT NULL CHECK (amount > 0),
  -- the user whose book each side is (null for house accounts): statements and balances by user
  from_user_id bigint GENERATED ALWAYS AS (CASE WHEN from_account LIKE 'user:%' THEN split_part(from_account, ':', 2)::bigint END) STORED,
  to_user_id   bigint GENERATED ALWAYS AS (CASE WHEN to_account LIKE 'user:%' THEN split_part(to_account, ':', 2)::bigint END) STORED,
  CHECK (from_account <> to_account)
);
CREATE INDEX ledger_postings_entry ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_from ON ledger_postings (from_account);
CREATE INDEX ledger_postings_to ON ledger_postings (to_account);
CREATE INDEX ledger_postings_from_user ON ledger_postings (from_user_id) WHERE from_user_id IS NOT NULL;
CREATE INDEX ledger_postings_to_user ON ledger_postings (to_user_id) WHERE to_user_id IS NOT NULL;

-- the journal is append-only, like the audit trail: a correction is a new entry
CREATE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_postings_no_update_delete BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
