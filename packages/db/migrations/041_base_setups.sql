-- Base setups (decision 023): versioned records of the base coordinates in force for a project. Every
-- version is a row; a correction adds a version (previous_id -> the one it replaces) and moves the setup's points to
-- it, so points.base_setup_id always names the version their coordinates were computed with.
CREATE TABLE base_setups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- the setup across its versions
  series_id uuid NOT NULL,
  version integer NOT NULL,
  previous_id uuid REFERENCES base_setups(id) ON DELETE SET NULL,
  -- the version in force of its series
  current boolean NOT NULL DEFAULT true,
  source text NOT NULL CHECK (source IN ('rtcm', 'auto-fix', 'known', 'control')),
  base_device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
  -- the base antenna reference point taken as true: ECEF and WGS84 geodetic (metres, degrees)
  x double precision NOT NULL,
  y double precision NOT NULL,
  z double precision NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  height double precision NOT NULL,
  antenna_height double precision,
  datum text NOT NULL DEFAULT 'WGS84',
  -- Auto Fix: the 1-sigma of the averaged position, metres
  sigma_h double precision,
  sigma_v double precision,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (series_id, version)
);
CREATE INDEX base_setups_project_idx ON base_setups (project_id, created_at DESC);

ALTER TABLE points ADD CONSTRAINT points_base_setup_fk FOREIGN KEY (base_setup_id) REFERENCES base_setups(id) ON DELETE SET NULL;
CREATE INDEX points_base_setup_idx ON points (base_setup_id);

-- every re-computation of a point: who, when, which setup versions, and the mark before and after
CREATE TABLE point_history (
  id bigserial PRIMARY KEY,
  point_id uuid NOT NULL REFERENCES points(id) ON DELETE CASCADE,
  changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL,
  from_setup_id uuid REFERENCES base_setups(id) ON DELETE SET NULL,
  to_setup_id uuid REFERENCES base_setups(id) ON DELETE SET NULL,
  old_latitude double precision NOT NULL,
  old_longitude double precision NOT NULL,
  old_height double precision,
  old_altitude double precision,
  new_latitude double precision NOT NULL,
  new_longitude double precision NOT NULL,
  new_height double precision,
  new_altitude double precision
);
CREATE INDEX point_history_point_idx ON point_history (point_id, changed_at)
