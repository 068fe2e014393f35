-- Staff second factor (decisions 0220-0222): TOTP (RFC 6238) per admin, its recovery codes, the sign-in
-- used sign-in challenges (between the password and the code), and the roles a superAdmin requires it of.

-- One row per admin that started enrolling; confirmed_at set once a code confirmed it. The secret is
-- AES-256-GCM encrypted with TOTP_ENCRYPTION_KEY (never stored in clear). last_step: the last TOTP
-- time step used (enrolment or sign-in); a code of that step or an earlier one never works again.
CREATE TABLE admin_second_factors (
  admin_id     bigint PRIMARY KEY REFERENCES admins(id),
  secret_enc   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_step    bigint NOT NULL DEFAULT 0
);

-- Ten per confirmed enrolment, SHA-256 hashed; used_at set once used (never twice).
CREATE TABLE admin_recovery_codes (
  admin_id   bigint NOT NULL REFERENCES admins(id),
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);

-- The sign-in challenges already used (a challenge is a signed token the 401 answers, so a refused
-- sign-in writes nothing but its audit row): one row per challenge id, so it never works twice.
-- Rows past expires_at may be deleted.
CREATE TABLE admin_used_challenges (
  challenge_id text PRIMARY KEY,
  admin_id     bigint NOT NULL REFERENCES admins(id),
  used_at      timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);

-- The roles whose admins must have the second factor (a superAdmin's setting).
CREATE TABLE second_factor_roles (
  role       text PRIMARY KEY CHECK (role IN ('none','superAdmin','financeApprover','financeMaker','operationApprover','operationMaker')),
  set_by     bigint REFERENCES admins(id),
  set_at     timestamptz NOT NULL DEFAULT now()
);
