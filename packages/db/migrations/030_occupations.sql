-- Survey-grade measurement (decision 021): occupations measured on the gateway that receives the rover's
-- epochs, their raw epochs as evidence, and each project's measurement settings.

-- method defaults, tolerances, pause limit and antenna set-up of the project (contracts measurementSettings)
ALTER TABLE projects ADD COLUMN measurement_settings jsonb NOT NULL DEFAULT '{}';

CREATE TABLE occupations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  device_code text NOT NULL,
  -- made by the client: the same ClientId twice (a retry, two tabs) is one occupation
  client_id uuid,
  method text NOT NULL CHECK (method IN ('rapid', 'topo', 'control', 'continuous')),
  name text NOT NULL DEFAULT '',
  section text NOT NULL DEFAULT 'default',
  -- the antenna set-up and the tolerances in force (project settings merged with the request), as the api resolved them
  antenna jsonb NOT NULL,
  tolerances jsonb NOT NULL,
  max_pause_s double precision NOT NULL DEFAULT 60,
  split_gap_s double precision NOT NULL DEFAULT 10,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'paused', 'done', 'cancelled', 'failed')),
  reason text,
  progress jsonb NOT NULL DEFAULT '{}',
  -- the point it stored (the last one for a continuous occupation)
  point_id uuid REFERENCES points(id) ON DELETE SET NULL,
  -- which gateway runs it and when it last said so: a gateway that died leaves a stale heartbeat, failed on read
  gateway_id text,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (project_id, client_id)
);
CREATE INDEX occupations_active_idx ON occupations (device_code) WHERE status IN ('running', 'paused');

-- every epoch an occupation received, written in batches, kept as long as the occupation (and so its points)
CREATE TABLE point_epochs (
  occupation_id uuid NOT NULL REFERENCES occupations(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  at timestamptz NOT NULL,
  latitude double precision,
  longitude double precision,
  ellipsoidal_height double precision,
  altitude double precision,
  fix_type text,
  satellites integer,
  hdop double precision,
  pdop double precision,
  sigma_h double precision,
  sigma_v double precision,
  correction_age double precision,
  accepted boolean NOT NULL,
  reason text,
  PRIMARY KEY (occupation_id, seq)
);

ALTER TABLE points ADD CONSTRAINT points_occupation_fk FOREIGN KEY (occupation_id) REFERENCES occupations(id) ON DELETE SET NULL;
