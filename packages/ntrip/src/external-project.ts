/**
 * `p` takes network corrections from an external caster: its own enabled source, or its owner's Settings source
 * while Settings' RTK Correction Source reads NTRIP and the project has none of its own.
 */
export const EXTERNAL_PROJECT = `(EXISTS (SELECT 1 FROM project_ntrip_sources s WHERE s.project_id = p.id AND s.enabled)
  OR EXISTS (SELECT 1 FROM user_ntrip_sources us JOIN users u ON u.id = us.user_id
              WHERE us.user_id = p.owner_id AND u.settings->'device'->>'rtkCorrectionSource' = 'NTRIP'))`;
