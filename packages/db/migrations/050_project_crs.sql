-- A project's coordinate system, vertical reference and site calibration (decision 024). A project with no
-- row here keeps the original behaviour: WGS 84 latitude/longitude and the UTM zone of its points.

CREATE TABLE project_crs (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  -- an EPSG projected or geographic CRS of the catalogue (packages/geodesy/data)
  crs_code integer NOT NULL,
  -- ellipsoidal: heights are h; geoid: H = h - N with geoid_model (EGM96 built in, or a .gtx of GRIDS_DIR)
  vertical text NOT NULL DEFAULT 'ellipsoidal' CHECK (vertical IN ('ellipsoidal', 'geoid')),
  geoid_model text,
  -- an EPSG vertical CRS the geoid model realises, for the record and LandXML (e.g. 5773 EGM96 height)
  vertical_crs_code integer,
  -- the datum the RTK corrections (the base's coordinates) come in
  corrections_datum text NOT NULL DEFAULT 'WGS84',
  -- the 7-parameter shift instead of the CRS's grid: only when chosen, and flagged in exports
  helmert_fallback boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (vertical = 'ellipsoidal' OR geoid_model IS NOT NULL)
);

-- every solved calibration is kept (versioned); the project's calibration is its highest version unless removed
CREATE TABLE project_calibrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  version integer NOT NULL,
  crs_code integer NOT NULL,
  pairs jsonb NOT NULL,
  solution jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  UNIQUE (project_id, version)
);
