-- the compliance desk's roles (decision 1101): an officer places holds and proposes, an approver agrees
ALTER TABLE admins DROP CONSTRAINT admins_role_check;
ALTER TABLE admins ADD CONSTRAINT admins_role_check
  CHECK (role IN ('none','superAdmin','financeApprover','financeMaker','operationApprover','operationMaker','complianceOfficer','complianceApprover'));
ALTER TABLE second_factor_roles DROP CONSTRAINT second_factor_roles_role_check;
ALTER TABLE second_factor_roles ADD CONSTRAINT second_factor_roles_role_check
  CHECK (role IN ('none','superAdmin','financeApprover','financeMaker','operationApprover','operationMaker','complianceOfficer','complianceApprover'));

-- A compliance hold on a customer. Held or frozen, nothing that moves value out goes through: each
-- such transaction reads this table after its wallet locks (decision 1101). At most one hold in
-- force per customer; released holds are kept (records are kept six years after the relationship).
CREATE TABLE compliance_holds (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id),
  status         text NOT NULL CHECK (status IN ('held', 'frozen', 'released')),
  source         text NOT NULL CHECK (source IN ('officer', 'screening')),
  note           text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
  placed_by      bigint REFERENCES admins (id),
  placed_at      timestamptz NOT NULL,
  proposal       text CHECK (proposal IN ('freeze', 'release')),
  proposed_by    bigint REFERENCES admins (id),
  proposed_at    timestamptz,
  proposal_note  text CHECK (length(proposal_note) BETWEEN 1 AND 2000),
  decided_by     bigint REFERENCES admins (id),
  decided_at     timestamptz,
  CHECK ((proposal IS NULL) = (proposed_by IS NULL) AND (proposal IS NULL) = (proposed_at IS NULL) AND (proposal IS NULL) = (proposal_note IS NULL)),
  CHECK (source = 'screening' OR placed_by IS NOT NULL)
);
CREATE UNIQUE INDEX compliance_holds_one_in_force ON compliance_holds (user_id) WHERE status <> 'released';
CREATE INDEX compliance_holds_by_status ON compliance_holds (status, id);
