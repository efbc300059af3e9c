import { livePoints, type Queryable } from '@smi/db';
import type { Calibration, CalibrationPair } from '@smi/geodesy';

export interface ProjectCrsRow {
  crs_code: number;
  vertical: 'ellipsoidal' | 'geoid';
  geoid_model: string | null;
  vertical_crs_code: number | null;
  corrections_datum: string;
  helmert_fallback: boolean;
}

export interface CalibrationRow {
  version: number;
  crs_code: number;
  pairs: { pairs: CalibrationPair[]; fixScale: boolean };
  solution: Calibration;
  created_at: Date | string;
}

/** The SQL of a project's coordinate system and its calibrations (migration 050). Ownership is checked by callers. */
export const crsRepository = {
  async settings(q: Queryable, projectId: string): Promise<ProjectCrsRow | null> {
    const [row] = await q.query<ProjectCrsRow>(
      'SELECT crs_code, vertical, geoid_model, vertical_crs_code, corrections_datum, helmert_fallback FROM project_crs WHERE project_id = $1',
      [projectId],
    );
    return row ?? null;
  },

  async saveSettings(q: Queryable, projectId: string, s: ProjectCrsRow): Promise<void> {
    await q.query(
      `INSERT INTO project_crs (project_id, crs_code, vertical, geoid_model, vertical_crs_code, corrections_datum, helmert_fallback)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (project_id) DO UPDATE SET crs_code = $2, vertical = $3, geoid_model = $4, vertical_crs_code = $5,
         corrections_datum = $6, helmert_fallback = $7, updated_at = now()`,
      [projectId, s.crs_code, s.vertical, s.geoid_model, s.vertical_crs_code, s.corrections_datum, s.helmert_fallback],
    );
  },

  /** The project's calibration: its highest version, unless that one was removed. */
  async activeCalibration(q: Queryable, projectId: string): Promise<CalibrationRow | null> {
    const [row] = await q.query<CalibrationRow & { removed_at: Date | null }>(
      'SELECT version, crs_code, pairs, solution, created_at, removed_at FROM project_calibrations WHERE project_id = $1 ORDER BY version DESC LIMIT 1',
      [projectId],
    );
    return row && !row.removed_at ? row : null;
  },

  async addCalibration(q: Queryable, projectId: string, crsCode: number, pairs: CalibrationRow['pairs'], solution: Calibration): Promise<CalibrationRow> {
    // the next version in the same statement: two saves at once get different versions or one fails the unique key
    const [row] = await q.query<CalibrationRow>(
      `INSERT INTO project_calibrations (project_id, version, crs_code, pairs, solution)
       VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM project_calibrations WHERE project_id = $1), $2, $3, $4)
       RETURNING version, crs_code, pairs, solution, created_at`,
      [projectId, crsCode, JSON.stringify(pairs), JSON.stringify(solution)],
    );
    return row!;
  },

  /**
   * The mean position of the project's points (longitude as a circular mean, as the exports' zone is chosen), or
   * null when it has none.
   */
  async meanPosition(q: Queryable, projectId: string): Promise<{ latitude: number; longitude: number } | null> {
    const [row] = await q.query<{ lat: number | null; lon: number | null }>(
      `SELECT avg(latitude) AS lat, degrees(atan2(avg(sin(radians(longitude))), avg(cos(radians(longitude))))) AS lon
         FROM ${livePoints()} WHERE project_id = $1`,
      [projectId],
    );
    return row && row.lat !== null && row.lon !== null ? { latitude: Number(row.lat), longitude: Number(row.lon) } : null;
  },

  /** The frame (its base setup's datum) and time of the project's points by id; another project's ids are left out. */
  async pointSources(q: Queryable, projectId: string, ids: string[]): Promise<Map<string, { datum: string | null; at: Date }>> {
    if (!ids.length) return new Map();
    const rows = await q.query<{ id: string; datum: string | null; recorded_at: Date }>(
      `SELECT p.id, b.datum, p.recorded_at FROM ${livePoints('p')} LEFT JOIN base_setups b ON b.id = p.base_setup_id
        WHERE p.project_id = $1 AND p.id = ANY($2::uuid[])`,
      [projectId, ids],
    );
    return new Map(rows.map((r) => [r.id, { datum: r.datum, at: new Date(r.recorded_at) }]));
  },

  /** Removes the project's calibration (kept in its history); false when there was none. */
  async removeCalibration(q: Queryable, projectId: string): Promise<boolean> {
    const rows = await q.query(
      `UPDATE project_calibrations SET removed_at = now()
        WHERE project_id = $1 AND removed_at IS NULL AND version = (SELECT max(version) FROM project_calibrations WHERE project_id = $1)
        RETURNING version`,
      [projectId],
    );
    return rows.length > 0;
  },
};
