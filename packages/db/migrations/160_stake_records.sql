-- As-staked records (decision 070): an occupation of the rover on a design point, with the design as it was when
-- staking started (a later edit of the point does not change what was staked against) and the tolerances then.
CREATE TABLE stake_records (
  occupation_id uuid PRIMARY KEY REFERENCES occupations(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  design_point_id uuid REFERENCES design_points(id) ON DELETE SET NULL,
  design_name text NOT NULL,
  -- grid metres in the project's CRS, the elevation in its vertical reference (null: a 2D point)
  design_e double precision NOT NULL,
  design_n double precision NOT NULL,
  design_h double precision,
  tolerance_h double precision NOT NULL,
  tolerance_v double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stake_records_project_idx ON stake_records (project_id, created_at);
CREATE INDEX stake_records_design_idx ON stake_records (design_point_id);
