-- Notifications (SPEC.md §3): subject, content, all users or selected users. One row per
-- recipient, written in the sending transaction (the recipient set is fixed at commit, so a
-- process that stops mid-delivery loses nobody); a background worker delivers pending ones in
-- batches through the mailer (SMTP or the outbox), with a lease, retries and a give-up point.

CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  subject     text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  content     text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 10000),
  recipients  text NOT NULL CHECK (recipients IN ('all', 'selected')),
  created_by  bigint REFERENCES admins(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_created ON notifications (created_at DESC, id DESC);

CREATE TABLE notification_recipients (
  notification_id bigint NOT NULL REFERENCES notifications(id),
  user_id         bigint NOT NULL REFERENCES users(id),
  -- the address when the notification was sent
  email           text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  -- not before: a claimed row is leased until then, a failed one waits for its retry
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  delivered_at    timestamptz,
  failed_at       timestamptz,
  -- read state (set by whatever shows the user the notification)
  read_at         timestamptz,
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_recipients_pending ON notification_recipients (next_attempt_at)
  WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX notification_recipients_user ON notification_recipients (user_id, notification_id DESC);
