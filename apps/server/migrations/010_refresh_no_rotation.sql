-- Refresh tokens are no longer rotated (DECISIONS.md §9): a session has one refresh token, the
-- one its sign-in answered, for its whole life. Tokens rotated away before this change were
-- single-use and must not come back to life: they are forgotten. The newest token of each
-- session stays, so a console signed in before the change goes on with the token it holds.
DELETE FROM refresh_tokens WHERE used_at IS NOT NULL;
DELETE FROM refresh_tokens r
 USING refresh_tokens n
 WHERE n.session_id = r.session_id
   AND (n.created_at, n.token_hash) > (r.created_at, r.token_hash);
ALTER TABLE refresh_tokens DROP COLUMN used_at;
DROP INDEX refresh_tokens_session;
CREATE UNIQUE INDEX refresh_tokens_one_per_session ON refresh_tokens (session_id);

-- Refused refreshes that presented no valid token (unknown token, or a token of another admin
-- id), per address: the refresh throttle counts them within the sign-in throttling window.
CREATE TABLE refresh_failures (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX refresh_failures_ip_at ON refresh_failures (ip, at);
CREATE INDEX refresh_failures_at ON refresh_failures (at);
