-- The survey-grade point model (decision 016): heights, antenna, precision evidence and the base vector every later
-- capability fills in. All new columns are nullable or defaulted, so the browser's POST /api/points keeps working as it
-- is (Method 'client': a point the browser sent, not measured by the server).

-- how the point was measured: client (the browser's POST /api/points), or an occupation method run by the server
ALTER TABLE points ADD COLUMN method text NOT NULL DEFAULT 'client'
  CHECK (method IN ('client', 'rapid', 'topo', 'control', 'continuous'));

-- heights of the mark in metres: ellipsoidal (h), the receiver's geoid separation (N, from GGA); altitude stays the
-- height above mean sea level the receiver reports (h - N)
ALTER TABLE points ADD COLUMN ellipsoidal_height double precision;
ALTER TABLE points ADD COLUMN geoid_separation double precision;

-- antenna: height as measured (metres), how, to which reference, the antenna and its ARP-to-phase-centre offset
ALTER TABLE points ADD COLUMN antenna_height double precision;
ALTER TABLE points ADD COLUMN antenna_height_type text CHECK (antenna_height_type IN ('vertical', 'slant'));
ALTER TABLE points ADD COLUMN antenna_reference text;
ALTER TABLE points ADD COLUMN antenna_model text;
ALTER TABLE points ADD COLUMN antenna_offset double precision;

-- precision evidence: the reported 1-sigma (metres) east/north/up, the receiver's own (GST), DOPs, satellites
ALTER TABLE points ADD COLUMN sigma_e double precision;
ALTER TABLE points ADD COLUMN sigma_n double precision;
ALTER TABLE points ADD COLUMN sigma_u double precision;
ALTER TABLE points ADD COLUMN receiver_sigma_e double precision;
ALTER TABLE points ADD COLUMN receiver_sigma_n double precision;
ALTER TABLE points ADD COLUMN receiver_sigma_u double precision;
ALTER TABLE points ADD COLUMN pdop double precision;
ALTER TABLE points ADD COLUMN vdop double precision;
ALTER TABLE points ADD COLUMN satellites_min integer;
ALTER TABLE points ADD COLUMN satellites_max integer;

-- the occupation: epochs used and rejected (by reason), share of fixed epochs, worst correction age, GNSS times
ALTER TABLE points ADD COLUMN epochs integer;
ALTER TABLE points ADD COLUMN epochs_rejected integer;
ALTER TABLE points ADD COLUMN rejected_reasons jsonb;
ALTER TABLE points ADD COLUMN fix_percent double precision;
ALTER TABLE points ADD COLUMN correction_age double precision;
ALTER TABLE points ADD COLUMN started_at timestamptz;
ALTER TABLE points ADD COLUMN ended_at timestamptz;

-- what the surveyor must know about the point (codes, decision 016): float allowed, stopped early, HDOP for PDOP, ...
ALTER TABLE points ADD COLUMN warnings text[] NOT NULL DEFAULT '{}';

-- the point's geometry source of truth (decision 023): the occupation and base setup it came from and the ECEF vector
-- (metres) from the base's broadcast reference position to the rover's antenna phase centre
ALTER TABLE points ADD COLUMN occupation_id uuid;
ALTER TABLE points ADD COLUMN base_setup_id uuid;
ALTER TABLE points ADD COLUMN vector_dx double precision;
ALTER TABLE points ADD COLUMN vector_dy double precision;
ALTER TABLE points ADD COLUMN vector_dz double precision
