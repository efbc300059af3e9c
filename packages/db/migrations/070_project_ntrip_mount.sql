-- A project's mountpoint on the product's caster (decision 035): `P-` and 20 random hex digits, drawn once and kept,
-- unique. It was `P-` and the first 8 hex digits of the project id: guessable, and two projects in about 77,000 share
-- one. The old name stays readable as `legacy_ntrip_mount` for projects made before, so a rover configured with it
-- keeps working; a new project has none.
CREATE FUNCTION new_project_ntrip_mount() RETURNS text LANGUAGE sql VOLATILE AS $$
  -- gen_random_uuid is a strong random source; the 13th hex digit is its version (always 4) and is skipped
  SELECT 'P-' || upper(substr(h, 1, 12) || substr(h, 14, 8)) FROM (SELECT replace(gen_random_uuid()::text, '-', '') AS h) r
$$;

ALTER TABLE projects ADD COLUMN ntrip_mount text;
ALTER TABLE projects ADD COLUMN legacy_ntrip_mount text;
UPDATE projects SET ntrip_mount = new_project_ntrip_mount(), legacy_ntrip_mount = 'P-' || upper(substr(replace(id::text, '-', ''), 1, 8));
ALTER TABLE projects ALTER COLUMN ntrip_mount SET DEFAULT new_project_ntrip_mount();
ALTER TABLE projects ALTER COLUMN ntrip_mount SET NOT NULL;
CREATE UNIQUE INDEX projects_ntrip_mount_idx ON projects (ntrip_mount);
