-- Vault movements (decision 0812): receive, release, dispatch,
-- arrive and status changes of bars, each recorded by a maker as pending and applied only when
-- another admin approves (maker-checker), or declined with a reason.

CREATE TABLE vault_movements (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('receive', 'release', 'dispatch', 'arrive', 'status')),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  -- a status movement's target
  to_status      text CHECK (to_status IN ('available', 'reserved', 'quarantined')),
  -- receive: the vault the bars come into; dispatch and arrive: the destination
  vault_id       bigint REFERENCES vaults(id),
  -- the payment request (a physical gold deposit or withdrawal) the bars move for
  request_id     bigint REFERENCES payment_requests(id),
  -- the custodian bar list an import recorded this receive from
  list_id        bigint REFERENCES custodian_bar_lists(id),
  note           text CHECK (length(note) <= 1000),
  decline_reason text CHECK (length(decline_reason) <= 1000),
  submitted_by   bigint REFERENCES admins(id),
  decided_by     bigint REFERENCES admins(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz,
  CHECK ((kind = 'status') = (to_status IS NOT NULL)),
  CHECK (kind NOT IN ('receive', 'dispatch') OR vault_id IS NOT NULL)
);
CREATE INDEX vault_movements_status ON vault_movements (status, id);
CREATE INDEX vault_movements_request ON vault_movements (request_id) WHERE request_id IS NOT NULL;

-- the bars of a movement: the bar (gone once a declined receive removed it) and what it was when
-- recorded (a snapshot as JSON: serial, refiner, metal, book weight, status, vault)
CREATE TABLE vault_movement_bars (
  movement_id bigint NOT NULL REFERENCES vault_movements(id),
  seq         integer NOT NULL,
  bar_id      bigint REFERENCES vault_bars(id) ON DELETE SET NULL,
  bar         jsonb NOT NULL,
  PRIMARY KEY (movement_id, seq)
);
CREATE INDEX vault_movement_bars_bar ON vault_movement_bars (bar_id);
-- at most one pending movement per bar: the maker's next movement of a bar waits for the decision
CREATE TABLE vault_bar_pending (
  bar_id      bigint PRIMARY KEY REFERENCES vault_bars(id) ON DELETE CASCADE,
  movement_id bigint NOT NULL REFERENCES vault_movements(id)
);
