-- Auto Fix (decision 023): the product averages the base's own NMEA position for a set time, on the gateway that
-- ingests the base, and offers the mean with its sigma as the base's coordinates (like RTKBase's survey-in).
-- Accepted, it becomes a base setup of source 'auto-fix'.
CREATE TABLE base_auto_fixes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  base_device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  base_code text NOT NULL,
  -- GNSS time the positions must span, seconds
  duration_s double precision NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed', 'cancelled', 'accepted')),
  reason text,
  epochs integer NOT NULL DEFAULT 0,
  outliers integer NOT NULL DEFAULT 0,
  elapsed_s double precision NOT NULL DEFAULT 0,
  -- the running mean, then the result: WGS84 as the receiver reports it, ellipsoidal height (altitude + N)
  latitude double precision,
  longitude double precision,
  height double precision,
  -- 1-sigma scatter of the positions averaged, metres
  sigma_h double precision,
  sigma_v double precision,
  setup_id uuid REFERENCES base_setups(id) ON DELETE SET NULL,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX base_auto_fixes_running_idx ON base_auto_fixes (project_id) WHERE status = 'running';
CREATE INDEX base_auto_fixes_base_idx ON base_auto_fixes (base_code) WHERE status = 'running'
