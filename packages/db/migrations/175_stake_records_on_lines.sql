-- Staking a design line (decision 080): a record may be against a station and offset of a line instead of a design
-- point. The line is kept as it was when staking started (its vertices, closure and start station), so the stored
-- point's own station and offset are read against the line it was staked to, whatever is edited afterwards.
ALTER TABLE stake_records
  ADD COLUMN design_line_id uuid REFERENCES design_lines(id) ON DELETE SET NULL,
  ADD COLUMN line_snapshot jsonb,
  ADD COLUMN station double precision,
  ADD COLUMN line_offset double precision;
CREATE INDEX stake_records_line_idx ON stake_records (design_line_id);
