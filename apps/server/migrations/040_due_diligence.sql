-- The customer's due diligence file (decision 1102): one per customer, kept six years after the
-- relationship ends (AMLA s.17). A customer without a file, or with one not verified, is
-- unverified; those here before the desk existed start as "review due".
CREATE TABLE due_diligence_files (
  user_id                 bigint PRIMARY KEY REFERENCES users (id),
  status                  text NOT NULL CHECK (status IN ('reviewDue', 'draft', 'submitted', 'eddPending', 'verified')),
  occupation              text CHECK (length(occupation) BETWEEN 1 AND 200),
  source_of_funds         text CHECK (length(source_of_funds) BETWEEN 1 AND 500),
  source_of_wealth        text CHECK (length(source_of_wealth) BETWEEN 1 AND 500),
  purpose                 text CHECK (length(purpose) BETWEEN 1 AND 500),
  expected_monthly_myr    numeric(24, 2) CHECK (expected_monthly_myr >= 0),
  expected_monthly_grams  numeric(24, 4) CHECK (expected_monthly_grams >= 0),
  onboarding              text CHECK (onboarding IN ('faceToFace', 'remote')),
  -- who verified it and when; the next periodic review falls due on next_review_on
  verified_by             bigint REFERENCES admins (id),
  verified_at             timestamptz,
  next_review_on          date,
  -- enhanced due diligence for a high-risk customer: an officer proposes, a second approves
  edd_note                text CHECK (length(edd_note) BETWEEN 1 AND 2000),
  edd_proposed_by         bigint REFERENCES admins (id),
  edd_proposed_at         timestamptz,
  edd_approved_by         bigint REFERENCES admins (id),
  edd_approved_at         timestamptz,
  version                 integer NOT NULL DEFAULT 1,
  updated_by              bigint REFERENCES admins (id),
  updated_at              timestamptz NOT NULL,
  CHECK ((status = 'verified') = (verified_at IS NOT NULL AND verified_by IS NOT NULL))
);
CREATE INDEX due_diligence_files_review ON due_diligence_files (status, next_review_on);

-- The people a file names: the customer, and a company's directors and owners of 25% or more,
-- each with the same fields. Names are kept as written and as parsed (name_parts).
CREATE TABLE due_diligence_people (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES due_diligence_files (user_id),
  role               text NOT NULL CHECK (role IN ('customer', 'director', 'owner')),
  full_name          text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 300),
  name_parts         jsonb NOT NULL,
  document_kind      text CHECK (document_kind IN ('mykad', 'passport')),
  document_number    text CHECK (length(document_number) BETWEEN 1 AND 40),
  document_country   text CHECK (document_country ~ '^[A-Z]{2}$'),
  birth_date         date,
  nationality        text CHECK (nationality ~ '^[A-Z]{2}$'),
  residence          text CHECK (residence ~ '^[A-Z]{2}$'),
  ownership_percent  numeric(5, 2) CHECK (ownership_percent > 0 AND ownership_percent <= 100),
  -- a PEP declaration: {relation: 'self'|'family'|'associate', role, country, from, to}, or null
  pep                jsonb,
  CHECK (role <> 'owner' OR ownership_percent >= 25),
  CHECK ((document_kind IS NULL) = (document_number IS NULL))
);
CREATE INDEX due_diligence_people_by_user ON due_diligence_people (user_id);
CREATE UNIQUE INDEX due_diligence_people_one_customer ON due_diligence_people (user_id) WHERE role = 'customer';

INSERT INTO due_diligence_files (user_id, status, updated_at)
  SELECT id, 'reviewDue', now() FROM users WHERE deleted_at IS NULL;
