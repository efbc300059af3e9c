-- Decision 019: registering an e-mail that already has an account answers like a new account,
-- with a session of a pending registration kept here (never an account: no password, never verified). Its token
-- looks like any new account's, so the row, not the token, holds the name and e-mail typed. Rows older than the
-- session lifetime (7 days) are deleted when new ones are made.
CREATE TABLE pending_registrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_registrations_created_idx ON pending_registrations (created_at);
