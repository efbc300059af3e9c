-- A device's own NTRIP password, apart from its MQTT secret: plain NTRIP on 2101 carries passwords in the clear, so a
-- device may use one that is worth nothing on the broker. NULL: the device logs in to the caster with its MQTT
-- secret, as before. Only its bcrypt hash is kept.
ALTER TABLE devices ADD COLUMN ntrip_secret_hash text;
