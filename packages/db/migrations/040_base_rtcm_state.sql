-- What the gateway learnt from a base's RTCM stream (decision 022): written throttled by the gateway, read by the api
-- (GET /api/devices/{id}) and by the base setups (the broadcast reference position).
CREATE TABLE base_rtcm_state (
  device_id uuid PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  station_id integer,
  -- message type -> { count, firstAt, lastAt } (ms since the epoch)
  message_types jsonb NOT NULL DEFAULT '{}',
  -- the antenna reference point the base broadcasts (1005/1006), ECEF metres
  arp_x double precision,
  arp_y double precision,
  arp_z double precision,
  arp_antenna_height double precision,
  arp_message_type integer,
  arp_itrf_year integer,
  arp_at timestamptz,
  antenna text,
  antenna_serial text,
  receiver text,
  firmware text,
  receiver_serial text,
  last_observation_at timestamptz,
  latency_ms double precision,
  frames bigint NOT NULL DEFAULT 0,
  crc_failures bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
