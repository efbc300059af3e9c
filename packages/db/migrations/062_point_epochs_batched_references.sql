-- Decision 031: the raw epochs of the occupations running on a gateway are written 2,000 rows a second
-- (200 rovers at 10 Hz). Their two foreign keys checked each row on its own (a query and a row lock on the
-- occupation, or the base setup, per epoch): a quarter of the embedded database's work for the epochs. The writer
-- (the gateway's writeEpochBatch) now locks each occupation and setup once per statement (FOR KEY SHARE, what the
-- foreign key took per row) and leaves out the rows of an occupation that is gone; the deletes the foreign keys
-- cascaded are these triggers, once per statement.
ALTER TABLE point_epochs DROP CONSTRAINT point_epochs_occupation_id_fkey;
ALTER TABLE point_epochs DROP CONSTRAINT point_epochs_base_setup_id_fkey;

-- ON DELETE CASCADE, as it was: an occupation's epochs go with it (its project, device or owner deleted)
-- (each body on one line: the migrator splits statements at a semicolon that ends a line)
CREATE FUNCTION point_epochs_of_deleted_occupations() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN DELETE FROM point_epochs e USING gone g WHERE e.occupation_id = g.id; RETURN NULL; END $$;
CREATE TRIGGER occupations_deleted_epochs AFTER DELETE ON occupations
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION point_epochs_of_deleted_occupations();

-- ON DELETE SET NULL, as it was
CREATE FUNCTION point_epochs_of_deleted_base_setups() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE point_epochs e SET base_setup_id = NULL FROM gone g WHERE e.base_setup_id = g.id; RETURN NULL; END $$;
CREATE TRIGGER base_setups_deleted_epochs AFTER DELETE ON base_setups
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION point_epochs_of_deleted_base_setups();
