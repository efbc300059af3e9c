-- Feature code lists (decisions 045, 056). A list belongs to the account that made it (owner_id, as devices and
-- projects do), so a later move to shared workspaces is one UPDATE of this column's successor. The list itself
-- (control codes and codes with their attributes) is one JSON document: it is read and written whole, exactly as
-- the contracts' codeList schema reads it.
CREATE TABLE code_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  control_codes jsonb NOT NULL,
  codes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_lists_owner_idx ON code_lists (owner_id, name);

-- The list a project's shots are read with; none: the shipped default list. A list in use cannot be deleted (NO ACTION is
-- checked at the end of a statement, so deleting an account removes its projects and lists together).
ALTER TABLE projects ADD COLUMN code_list_id uuid REFERENCES code_lists(id);
CREATE INDEX projects_code_list_idx ON projects (code_list_id) WHERE code_list_id IS NOT NULL;
