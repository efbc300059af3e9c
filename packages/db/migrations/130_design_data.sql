-- Design data (decisions 046, 058): the points and lines a project is staked out from, apart from its measured
-- points. Grid easting/northing and elevations are in metres in the project's CRS grid and vertical reference,
-- whatever unit they were typed or imported in; an elevation may be empty (a 2D point: no cut/fill against it).
CREATE TABLE design_points (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  easting double precision NOT NULL,
  northing double precision NOT NULL,
  elevation double precision,
  code text NOT NULL DEFAULT '',
  layer text NOT NULL DEFAULT '',
  -- 'typed', or the format of the file it was imported from
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- a design point is picked by its name (a stake range "3-10" names them): one name once per project
CREATE UNIQUE INDEX design_points_name_idx ON design_points (project_id, name);

-- A line's vertices are read and written whole: [{e, n, h, bulge}], metres, bulge = tan(sweep / 4) to the next.
CREATE TABLE design_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL DEFAULT '',
  layer text NOT NULL DEFAULT '',
  closed boolean NOT NULL,
  start_station double precision NOT NULL DEFAULT 0,
  vertices jsonb NOT NULL,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX design_lines_project_idx ON design_lines (project_id, name);
