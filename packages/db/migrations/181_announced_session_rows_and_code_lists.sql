-- What a session reads on every request (an account's name, e-mail, verification, token version and current workspace,
-- its role there, a pending registration) is announced on the channel session_rows whenever it changes, with the id
-- of the user it belongs to; a TRUNCATE announces an empty id (every user). The embedded database's api process keeps
-- the rows it has read until they are announced (decision 082). Statement-level for a TRUNCATE, row-level otherwise.
CREATE FUNCTION session_row_changed() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('session_rows', ''); RETURN NULL; END IF; IF TG_TABLE_NAME = 'workspace_members' THEN IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('session_rows', OLD.user_id::text); END IF; IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('session_rows', NEW.user_id::text); END IF; ELSE IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('session_rows', OLD.id::text); END IF; IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('session_rows', NEW.id::text); END IF; END IF; RETURN NULL; END $$;
CREATE TRIGGER users_session_row AFTER INSERT OR DELETE OR UPDATE OF name, email, is_verified, token_version, current_workspace_id ON users FOR EACH ROW EXECUTE FUNCTION session_row_changed();
CREATE TRIGGER users_session_rows_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION session_row_changed();
CREATE TRIGGER workspace_members_session_row AFTER INSERT OR UPDATE OR DELETE ON workspace_members FOR EACH ROW EXECUTE FUNCTION session_row_changed();
CREATE TRIGGER workspace_members_session_rows_truncated AFTER TRUNCATE ON workspace_members FOR EACH STATEMENT EXECUTE FUNCTION session_row_changed();
CREATE TRIGGER pending_registrations_session_row AFTER INSERT OR UPDATE OR DELETE ON pending_registrations FOR EACH ROW EXECUTE FUNCTION session_row_changed();
CREATE TRIGGER pending_registrations_session_rows_truncated AFTER TRUNCATE ON pending_registrations FOR EACH STATEMENT EXECUTE FUNCTION session_row_changed();

-- The same for the code list a project's new shots are read with: a project's list or owner changing, or the project
-- going, announces the project's id on project_code_lists; a list edited or deleted announces an empty id (every
-- project). Recording a point keeps the list it read until then (decision 082).
CREATE FUNCTION project_code_list_changed() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'code_lists' THEN PERFORM pg_notify('project_code_lists', ''); ELSE PERFORM pg_notify('project_code_lists', OLD.id::text); END IF; RETURN NULL; END $$;
CREATE TRIGGER projects_code_list AFTER DELETE OR UPDATE OF code_list_id, owner_id ON projects FOR EACH ROW EXECUTE FUNCTION project_code_list_changed();
CREATE TRIGGER projects_code_lists_truncated AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION project_code_list_changed();
CREATE TRIGGER code_lists_changed AFTER UPDATE OR DELETE ON code_lists FOR EACH ROW EXECUTE FUNCTION project_code_list_changed();
CREATE TRIGGER code_lists_truncated AFTER TRUNCATE ON code_lists FOR EACH STATEMENT EXECUTE FUNCTION project_code_list_changed();
