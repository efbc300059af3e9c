-- Point names are unique within a project, and every point has a number fixed when it is made (decision 041).
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.

-- The name itself when no point of the project has it, else the first of "name (2)", "name (3)", ... that is free.
-- An empty name is never a duplicate (the map shows such a point as 'Unnamed Point').
CREATE FUNCTION free_point_name(project uuid, wanted text) RETURNS text LANGUAGE plpgsql AS
  $$ DECLARE k integer := 2; candidate text := wanted; BEGIN IF wanted = '' THEN RETURN wanted; END IF; WHILE EXISTS (SELECT 1 FROM points WHERE project_id = project AND name = candidate) LOOP candidate := wanted || ' (' || k || ')'; k := k + 1; END LOOP; RETURN candidate; END $$;

-- Duplicates recorded before: the first point of a name (time order, as every list shows them) keeps it, each
-- later one gets the first free "name (k)"
DO $$ DECLARE r record; BEGIN FOR r IN SELECT id, project_id, name FROM (SELECT id, project_id, name, row_number() OVER (PARTITION BY project_id, name ORDER BY recorded_at, seq) AS nth FROM points WHERE name <> '') d WHERE nth > 1 ORDER BY project_id, name, nth LOOP UPDATE points SET name = free_point_name(r.project_id, r.name) WHERE id = r.id; END LOOP; END $$;

CREATE UNIQUE INDEX points_project_name_key ON points (project_id, name) WHERE name <> '';

-- The last number given in each project: it only grows, so a deleted point's number is never given again
CREATE TABLE point_numbers (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  last_number integer NOT NULL
);

-- Points made before get the numbers the PNEZD export gave them (their place in time order), so a drawing
-- imported from an earlier export still matches
ALTER TABLE points ADD COLUMN number integer;
UPDATE points p SET number = o.n FROM (SELECT id, row_number() OVER (PARTITION BY project_id ORDER BY recorded_at, seq)::int AS n FROM points) o WHERE o.id = p.id;
INSERT INTO point_numbers (project_id, last_number) SELECT project_id, max(number) FROM points GROUP BY project_id;
ALTER TABLE points ALTER COLUMN number SET NOT NULL;
ALTER TABLE points ADD CONSTRAINT points_project_number_key UNIQUE (project_id, number);

-- Every insert takes the project's next number, whatever path made the point (the browser's record, an occupation)
CREATE FUNCTION next_point_number() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO point_numbers AS n (project_id, last_number) VALUES (NEW.project_id, 1) ON CONFLICT (project_id) DO UPDATE SET last_number = n.last_number + 1 RETURNING n.last_number INTO NEW.number; RETURN NEW; END $$;
CREATE TRIGGER points_number BEFORE INSERT ON points FOR EACH ROW EXECUTE FUNCTION next_point_number();
