-- A deleted point is kept as a tombstone for 30 days, restorable by an admin or the owner (decision 072): the row
-- stays with its photos, epochs and history, marked with when and by whom it was deleted. Reads of points go through
-- one fragment that leaves tombstones out; a purge removes them for good after 30 days.
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.
ALTER TABLE points ADD COLUMN deleted_at timestamptz;
ALTER TABLE points ADD COLUMN deleted_by uuid REFERENCES users(id) ON DELETE SET NULL;
-- the member's name when they deleted it: a later rename or removal leaves it as it was
ALTER TABLE points ADD COLUMN deleted_by_name text;

-- A deleted point's name is free again at once; restoring it while a live point has taken its name is refused (409).
-- The index keeps its name: the api reads a refusal of a taken name by it.
DROP INDEX points_project_name_key;
CREATE UNIQUE INDEX points_project_name_key ON points (project_id, name) WHERE name <> '' AND deleted_at IS NULL;

-- The deleted points of a project (the restore list) and the purge's walk by age
CREATE INDEX points_tombstones_idx ON points (project_id, deleted_at) WHERE deleted_at IS NOT NULL;

-- A point measured by an occupation takes the first free name among the live points only
CREATE OR REPLACE FUNCTION free_point_name(project uuid, wanted text) RETURNS text LANGUAGE plpgsql AS
  $$ DECLARE k integer := 2; candidate text := wanted; BEGIN IF wanted = '' THEN RETURN wanted; END IF; WHILE EXISTS (SELECT 1 FROM points WHERE project_id = project AND name = candidate AND deleted_at IS NULL) LOOP candidate := wanted || ' (' || k || ')'; k := k + 1; END LOOP; RETURN candidate; END $$;

-- The ClientIds of purged points: a late retry of a point recorded, deleted and purged never records it again
CREATE TABLE purged_point_clients (
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  purged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, client_id)
);
