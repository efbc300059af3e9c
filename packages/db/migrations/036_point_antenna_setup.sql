-- The whole antenna set-up a point's heights were last reduced with, written when the set-up is corrected afterwards
-- (PUT /api/points/{projectId}/{pointId}/antenna): the reference's offset, radius and SHMP offset are not point
-- columns. Null: the point still has its occupation's set-up (occupations.antenna).
ALTER TABLE points ADD COLUMN antenna_setup jsonb;
