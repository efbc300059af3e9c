-- Design points and lines listed in the order they were imported or typed (a file's own order: "next" in stake-out
-- follows it), not by name: one import's rows share a created_at.
ALTER TABLE design_points ADD COLUMN seq bigserial;
ALTER TABLE design_lines ADD COLUMN seq bigserial;
