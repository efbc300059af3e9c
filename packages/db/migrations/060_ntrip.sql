-- NTRIP (decision 025). A user's NTRIP credentials: for a controller or a receiver that is not a registered device, to
-- pull the user's mountpoints from the product's caster. The secret is stored as a bcrypt hash, shown once.
CREATE TABLE ntrip_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  username text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ntrip_credentials_user_idx ON ntrip_credentials (user_id);

-- A project that takes its corrections from an external caster (a network or a base elsewhere): where to connect,
-- which mountpoint, the credentials (the password never leaves the server), the protocol version and whether the
-- caster wants the rover's position (GGA, for network/VRS mountpoints).
CREATE TABLE project_ntrip_sources (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  mountpoint text NOT NULL,
  username text NOT NULL DEFAULT '',
  password text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1 CHECK (version IN (1, 2)),
  send_gga boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- written by the gateway that runs the client: connecting, connected, retrying; why the last attempt ended; when
  -- corrections last came
  state text NOT NULL DEFAULT 'connecting',
  last_error text,
  last_data_at timestamptz
);
