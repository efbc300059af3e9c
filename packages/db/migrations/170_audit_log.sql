-- The audit trail (decision 071): one append-only row per change, written in the transaction of the change it
-- describes. No foreign key reaches what an entry describes, the workspace or the member: an entry outlives them all.
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.
CREATE TABLE audit_log (
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  workspace_id uuid NOT NULL,
  project_id uuid,
  user_id uuid,
  -- the member's name at that time: a later rename or removal leaves the entry as it was
  user_name text NOT NULL,
  action text NOT NULL,
  object_kind text NOT NULL,
  object_id text,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_workspace_idx ON audit_log (workspace_id, seq DESC);

-- Append-only in the database itself: whatever path reaches the table, an entry is never changed or removed
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501'; END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
