-- The changes feed of a project's points (decision 073): every insert, update and delete of a point takes the project's
-- next change number, and point_changes keeps the latest number of each point (a delete included). A client that
-- knows the number it saw last asks for everything after it. The number is taken under the project row's lock, held
-- to the commit: within a project, numbers commit in order and a reader never sees one without all lower ones.
-- Written by a trigger, so every writer (api routes, base-setup re-computation, the gateway's occupations) counts.
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.
ALTER TABLE projects ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;

CREATE TABLE point_changes (
  point_id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_changes_project_seq_idx ON point_changes (project_id, seq);

-- AFTER, per row: the statement that wrote the point (and may itself update the project row) has finished. A point
-- deleted with its project finds no project row any more and leaves nothing behind.
CREATE FUNCTION point_changed() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE pid uuid; ptid uuid; s bigint; BEGIN IF TG_OP = 'DELETE' THEN pid := OLD.project_id; ptid := OLD.id; ELSE pid := NEW.project_id; ptid := NEW.id; END IF; UPDATE projects SET change_seq = change_seq + 1 WHERE id = pid RETURNING change_seq INTO s; IF s IS NULL THEN RETURN NULL; END IF; INSERT INTO point_changes (point_id, project_id, seq, deleted, changed_at) VALUES (ptid, pid, s, TG_OP = 'DELETE', now()) ON CONFLICT (point_id) DO UPDATE SET project_id = EXCLUDED.project_id, seq = EXCLUDED.seq, deleted = EXCLUDED.deleted, changed_at = EXCLUDED.changed_at; RETURN NULL; END $$;
CREATE TRIGGER points_changed AFTER INSERT OR UPDATE OR DELETE ON points FOR EACH ROW EXECUTE FUNCTION point_changed();
