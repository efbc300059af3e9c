-- A shot's feature code string, its attribute values by code and attribute name, and a free-text note (decision 057).
-- An occupation carries them from its start; the point it stores (every point of a continuous one) takes them.
-- Function bodies keep each semicolon inside a line: the migrator splits statements at a semicolon that ends one.
ALTER TABLE points ADD COLUMN code text NOT NULL DEFAULT '';
ALTER TABLE points ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}';
ALTER TABLE points ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE occupations ADD COLUMN code text NOT NULL DEFAULT '';
ALTER TABLE occupations ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}';
ALTER TABLE occupations ADD COLUMN note text NOT NULL DEFAULT '';

-- Whatever stores an occupation's point (the gateway, a recompute), the point gets the occupation's code and note
CREATE FUNCTION point_code_of_occupation() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF NEW.occupation_id IS NOT NULL AND NEW.code = '' THEN SELECT o.code, o.attributes, o.note INTO NEW.code, NEW.attributes, NEW.note FROM occupations o WHERE o.id = NEW.occupation_id; NEW.code := coalesce(NEW.code, ''); NEW.attributes := coalesce(NEW.attributes, '{}'); NEW.note := coalesce(NEW.note, ''); END IF; RETURN NEW; END $$;
CREATE TRIGGER points_code_of_occupation BEFORE INSERT ON points FOR EACH ROW EXECUTE FUNCTION point_code_of_occupation();
