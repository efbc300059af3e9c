-- Every occupation epoch stores the ECEF vector from the base to the rover's antenna (phase
-- centre as the rover reported it) and the base setup it was measured under, as the points do (migration 003's
-- vector_dx/dy/dz, 041's base_setup_id). The origin says what the vector was measured from: the base's broadcast
-- reference position (RTCM 1005/1006), or its live NMEA position when it never broadcast one (the base-NMEA rule).
ALTER TABLE point_epochs
  ADD COLUMN vector_dx double precision,
  ADD COLUMN vector_dy double precision,
  ADD COLUMN vector_dz double precision,
  ADD COLUMN vector_origin text CHECK (vector_origin IN ('broadcast', 'base-nmea')),
  ADD COLUMN base_setup_id uuid REFERENCES base_setups(id) ON DELETE SET NULL;
CREATE INDEX point_epochs_base_setup_idx ON point_epochs (base_setup_id) WHERE base_setup_id IS NOT NULL;
