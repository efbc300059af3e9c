-- Decision 017: when the device's stored position was fixed (GNSS time). last_update moves with every message (a battery
-- report too); a new subscriber's first reading takes its fixTime from here, so a stored position is never shown as
-- a fresh fix. NULL: no position known (never sent, or the receiver's last word was "no fix").
ALTER TABLE devices ADD COLUMN last_fix_at timestamptz;
