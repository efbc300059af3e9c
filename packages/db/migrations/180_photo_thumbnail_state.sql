-- A photo's thumbnail is made after the upload's reply (decision 081): 'pending' until it is stored, 'made' once it
-- is, 'failed' when the photo's picture data could not be decoded (the photo is kept, flagged). Photos stored before
-- this had their thumbnail made with the upload.
ALTER TABLE point_photos ADD COLUMN thumbnail text NOT NULL DEFAULT 'made' CHECK (thumbnail IN ('pending', 'made', 'failed'));
-- the photos a starting api process makes thumbnails for
CREATE INDEX point_photos_thumbnail_pending_idx ON point_photos (created_at) WHERE thumbnail = 'pending';
