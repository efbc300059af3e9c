-- Photos of a point (decision 067). The files live in the photo store (the data folder, or an S3 bucket); a row
-- names them by its storage key. A row is written only after both files are stored, so a row always has its files.
CREATE TABLE point_photos (
  id uuid PRIMARY KEY,
  point_id uuid NOT NULL REFERENCES points(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  media_type text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  bytes integer NOT NULL CHECK (bytes > 0),
  width integer NOT NULL,
  height integer NOT NULL,
  taken_at text,
  recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_photos_point_idx ON point_photos (point_id, created_at, id);

-- However a photo's row goes (its point, project or account deleted, or the photo itself), its files are queued
-- here in the same transaction and removed from the store after it commits: no path can leave a file behind.
CREATE TABLE photo_removals (
  storage_key text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION queue_photo_removal() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO photo_removals (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING; RETURN OLD; END $$;
CREATE TRIGGER point_photos_removed AFTER DELETE ON point_photos FOR EACH ROW EXECUTE FUNCTION queue_photo_removal();
