-- Bumped in the same transaction as every change to a project's points: the api keeps each project's serialized
-- point list keyed by it, so a list is answered from memory until a point changes, in every api process.
ALTER TABLE projects ADD COLUMN points_revision bigint NOT NULL DEFAULT 0;
