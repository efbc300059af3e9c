-- With DEVICE_ACTIVATION_SECRET set, a new registration is unclaimed (NULL) until the device's
-- holder proves possession with its activation key (decision 027). Every device registered before is claimed.
ALTER TABLE devices ADD COLUMN claimed_at timestamptz DEFAULT now();
