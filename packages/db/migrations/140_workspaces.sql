-- Workspaces (decision 064). A workspace owns the work: projects, devices, occupations, base auto-fixes and code
-- lists. Every user has a personal workspace whose id is the user's own id, so every existing owner_id already names
-- its owning workspace and no row changes: owner_id now means "the owning workspace". A user who never makes a
-- team works in that personal workspace and sees no change.
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.

CREATE TABLE workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- set on a personal workspace only: it goes with its user
  personal_of uuid UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workspace_members (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'surveyor', 'viewer')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user_idx ON workspace_members (user_id);
-- exactly one owner per workspace
CREATE UNIQUE INDEX workspace_members_one_owner ON workspace_members (workspace_id) WHERE role = 'owner';

-- every account made before gets its personal workspace, with the account's id
INSERT INTO workspaces (id, name, personal_of, created_at) SELECT id, name, id, created_at FROM users;
INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) SELECT id, id, 'owner', created_at FROM users;

-- and every account made from now on, whatever path makes it (sign-up, the demo seed, a fixture)
CREATE FUNCTION make_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO workspaces (id, name, personal_of) VALUES (NEW.id, NEW.name, NEW.id); INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (NEW.id, NEW.id, 'owner'); RETURN NEW; END $$;
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION make_personal_workspace();

-- the workspace the user works in (remembered across sign-ins); null = the personal one
ALTER TABLE users ADD COLUMN current_workspace_id uuid REFERENCES workspaces(id) ON DELETE SET NULL;

-- owner_id names the owning workspace: the same values, a new target
ALTER TABLE devices DROP CONSTRAINT devices_owner_id_fkey;
ALTER TABLE devices ADD CONSTRAINT devices_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES workspaces(id) ON DELETE CASCADE;
ALTER TABLE projects DROP CONSTRAINT projects_owner_id_fkey;
ALTER TABLE projects ADD CONSTRAINT projects_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES workspaces(id) ON DELETE CASCADE;
ALTER TABLE occupations DROP CONSTRAINT occupations_owner_id_fkey;
ALTER TABLE occupations ADD CONSTRAINT occupations_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES workspaces(id) ON DELETE CASCADE;
ALTER TABLE base_auto_fixes DROP CONSTRAINT base_auto_fixes_owner_id_fkey;
ALTER TABLE base_auto_fixes ADD CONSTRAINT base_auto_fixes_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES workspaces(id) ON DELETE CASCADE;
ALTER TABLE code_lists DROP CONSTRAINT code_lists_owner_id_fkey;
ALTER TABLE code_lists ADD CONSTRAINT code_lists_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES workspaces(id) ON DELETE CASCADE;

-- who recorded a point and who started an occupation, with the name they had then (a later rename or a removed
-- member leaves it as it was). Points and occupations made before were made by the only person who could: the
-- project's owner.
ALTER TABLE points ADD COLUMN recorded_by uuid REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE points ADD COLUMN recorded_by_name text NOT NULL DEFAULT '';
UPDATE points p SET recorded_by = u.id, recorded_by_name = u.name FROM projects pr JOIN users u ON u.id = pr.owner_id WHERE pr.id = p.project_id;
ALTER TABLE occupations ADD COLUMN started_by uuid REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE occupations ADD COLUMN started_by_name text NOT NULL DEFAULT '';
UPDATE occupations o SET started_by = u.id, started_by_name = u.name FROM users u WHERE u.id = o.owner_id;

-- Whatever stores an occupation's point (the gateway, a recompute), the point is attributed to who started it
CREATE FUNCTION point_recorder_of_occupation() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF NEW.occupation_id IS NOT NULL AND NEW.recorded_by IS NULL THEN SELECT o.started_by, o.started_by_name INTO NEW.recorded_by, NEW.recorded_by_name FROM occupations o WHERE o.id = NEW.occupation_id; NEW.recorded_by_name := coalesce(NEW.recorded_by_name, ''); END IF; RETURN NEW; END $$;
CREATE TRIGGER points_recorder_of_occupation BEFORE INSERT ON points FOR EACH ROW EXECUTE FUNCTION point_recorder_of_occupation();

-- NTRIP credentials pull the mountpoints of a workspace's projects: user_id names the owning workspace too
ALTER TABLE ntrip_credentials DROP CONSTRAINT ntrip_credentials_user_id_fkey;
ALTER TABLE ntrip_credentials ADD CONSTRAINT ntrip_credentials_user_id_fkey FOREIGN KEY (user_id) REFERENCES workspaces(id) ON DELETE CASCADE;
