-- NTRIP (decision 025). A user's NTRIP credential gets a name the user recognises, and may be limited to one
-- project (its base and its network corrections' mountpoint).
ALTER TABLE ntrip_credentials ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE ntrip_credentials ADD COLUMN project_id uuid REFERENCES projects(id) ON DELETE CASCADE;

-- Settings' "RTK Correction Source: NTRIP": the user's external caster (the URL as typed, and what it says), used by
-- every Active project of the user that has no external source of its own while the setting reads NTRIP. The
-- password never leaves the server. state/last_error/last_data_at are written by the gateway that runs the client.
CREATE TABLE user_ntrip_sources (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  mountpoint text NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version IN (1, 2)),
  username text NOT NULL DEFAULT '',
  password text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  state text,
  last_error text,
  last_data_at timestamptz
);
