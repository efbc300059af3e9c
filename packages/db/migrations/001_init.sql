-- The whole store of Site Measurement IoT. Ids are UUIDs made by the server; every row hangs off one account.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  is_verified boolean NOT NULL DEFAULT false,
  -- bumped by logout, password change and reset: every token carrying an older value stops working
  token_version integer NOT NULL DEFAULT 0,
  settings jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- one live code per user and purpose; a new code replaces the old one
CREATE TABLE otp_codes (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);

CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('rover', 'base')),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- in the owner's "Connected Devices" list
  connected boolean NOT NULL DEFAULT false,
  online boolean NOT NULL DEFAULT false,
  battery integer CHECK (battery BETWEEN 0 AND 100),
  signal integer CHECK (signal BETWEEN 0 AND 100),
  last_update timestamptz,
  last_latitude double precision,
  last_longitude double precision,
  last_altitude double precision,
  last_fix text,
  last_satellites integer,
  last_hdop double precision,
  last_accuracy double precision,
  -- MQTT credential: bcrypt hash of the device secret; null until one is generated
  secret_hash text,
  registered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_owner_idx ON devices (owner_id);

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  base_station_id uuid REFERENCES devices(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Paused', 'Completed')),
  sections text[] NOT NULL DEFAULT ARRAY['default'],
  base_mode text NOT NULL DEFAULT 'auto' CHECK (base_mode IN ('known', 'auto')),
  base_latitude double precision,
  base_longitude double precision,
  total_points integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_owner_modified_idx ON projects (owner_id, last_modified DESC);

CREATE TABLE project_devices (
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, device_id)
);
CREATE INDEX project_devices_device_idx ON project_devices (device_id);

CREATE TABLE points (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- insertion order, the tie-breaker when two points share a timestamp
  seq bigserial NOT NULL,
  client_id uuid,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'recorded',
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  accuracy text CHECK (accuracy IN ('Low', 'Medium', 'High')),
  recorded_at timestamptz NOT NULL,
  device text NOT NULL DEFAULT '',
  section text NOT NULL DEFAULT 'default',
  fix_type text CHECK (fix_type IN ('rtk-fixed', 'rtk-float', 'dgps', 'single')),
  satellites integer,
  hdop double precision,
  horizontal_accuracy double precision,
  vertical_accuracy double precision,
  altitude double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, client_id)
);
CREATE INDEX points_project_time_idx ON points (project_id, recorded_at, seq);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
  type text NOT NULL,
  text text NOT NULL,
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_time_idx ON notifications (user_id, created_at DESC);
