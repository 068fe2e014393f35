-- Foundation: admins and their sessions, password resets, the audit trail (which also feeds
-- sign-in throttling),
-- end users (the people issue extends them), the mail outbox and server secrets.

CREATE TABLE admins (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL,
  email         text NOT NULL,
  first_name    text NOT NULL DEFAULT '',
  last_name     text NOT NULL DEFAULT '',
  role          text NOT NULL CHECK (role IN ('none','superAdmin','financeApprover','financeMaker','operationApprover','operationMaker')),
  password_hash text NOT NULL,
  created_by    bigint REFERENCES admins(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX admins_username_key ON admins (lower(username)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX admins_email_key ON admins (lower(email)) WHERE deleted_at IS NULL;

CREATE TABLE admin_sessions (
  id           text PRIMARY KEY,
  admin_id     bigint NOT NULL REFERENCES admins(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  end_reason   text,
  user_agent   text,
  ip           text
);
CREATE INDEX admin_sessions_admin_open ON admin_sessions (admin_id) WHERE ended_at IS NULL;

-- one row per refresh token ever issued; a session is the token family
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES admin_sessions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  admin_id   bigint NOT NULL REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_admin ON password_resets (admin_id, created_at);

-- the audit trail: append-only (see the trigger below)
CREATE TABLE audit_log (
  id             bigserial PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  admin_id       bigint,
  username       text NOT NULL,
  action         text NOT NULL,
  detail         jsonb NOT NULL DEFAULT '{}'::jsonb,
  device         text,
  ip             text
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_username ON audit_log (lower(username), at DESC);
CREATE INDEX audit_log_action ON audit_log (action, at DESC);
-- sign-in throttling counts failed sign-ins per address
CREATE INDEX audit_log_failed_login_ip ON audit_log (ip, at) WHERE action = 'auth.loginFailed';

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

CREATE TABLE users (
  id                     bigserial PRIMARY KEY,
  username               text NOT NULL,
  email                  text NOT NULL,
  first_name             text NOT NULL DEFAULT '',
  last_name              text NOT NULL DEFAULT '',
  category               text NOT NULL DEFAULT 'none'
    CHECK (category IN ('none','jewelleryShop','wholesaler','individual','agent','manufacturer')),
  phone_country_code     text CHECK (char_length(phone_country_code) <= 3),
  phone_number           text CHECK (char_length(phone_number) <= 15),
  company_name           text,
  company_registration_number text,
  company_phone_number   text,
  accepted_terms_version text,
  internal               boolean NOT NULL DEFAULT false,
  password_hash          text,
  created_by             bigint REFERENCES admins(id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  deleted_at             timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL;

CREATE TABLE mail_outbox (
  id         bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  transport  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
