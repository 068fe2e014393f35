-- What an unverified customer may do (decision 1106). With enforcement on, a customer whose due
-- diligence file is not verified, or whose periodic review is overdue, may deposit and receive but
-- not order, withdraw or transfer out. One row, written at the first start from NODE_ENV (on in
-- production, off otherwise) and changed afterwards only by two officers.
CREATE TABLE compliance_policy (
  id                smallint PRIMARY KEY CHECK (id = 1),
  enforce           boolean NOT NULL,
  updated_by        bigint REFERENCES admins (id),
  updated_at        timestamptz NOT NULL,
  proposed_enforce  boolean,
  proposed_by       bigint REFERENCES admins (id),
  proposed_at       timestamptz,
  proposal_note     text CHECK (length(proposal_note) BETWEEN 1 AND 2000),
  CHECK ((proposed_enforce IS NULL) = (proposed_by IS NULL)
     AND (proposed_by IS NULL) = (proposed_at IS NULL)
     AND (proposed_at IS NULL) = (proposal_note IS NULL))
);

-- The freeze report drafted when two officers freeze a customer (decision 1107): who, what is frozen
-- in MYR and each metal, its value then, and since when. Written once; the desk files it.
CREATE TABLE compliance_freeze_reports (
  hold_id     bigint PRIMARY KEY REFERENCES compliance_holds (id),
  user_id     bigint NOT NULL REFERENCES users (id),
  drafted_at  timestamptz NOT NULL,
  content     jsonb NOT NULL
);
