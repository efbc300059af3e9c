import type { Db } from '@smi/db';
import type { BaseSetupRow } from '../base-setups/repository.js';

export interface ReportPoint {
  id: string;
  name: string;
  method: string;
  recorded_at: Date;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  altitude: number | null;
  fix_type: string | null;
  epochs: number | null;
  epochs_rejected: number | null;
  fix_percent: number | null;
  sigma_h: number | null;
  sigma_u: number | null;
  pdop: number | null;
  antenna_height: number | null;
  correction_age: number | null;
  warnings: string[];
  base_setup_id: string | null;
  seq: string;
}

/** A setup as the report prints it: the stored row's figures, who made it, and what its base's RTCM said. */
export type ReportSetup = Pick<
  BaseSetupRow,
  'id' | 'version' | 'current' | 'latitude' | 'longitude' | 'height' | 'x' | 'y' | 'z' | 'antenna_height' | 'datum' | 'sigma_h' | 'sigma_v' | 'started_at' | 'ended_at' | 'created_at'
> & {
  source: string;
  created_by_name: string | null;
  antenna: string | null;
  receiver: string | null;
  message_types: Record<string, { count: number; firstAt: number; lastAt: number }> | null;
};

export interface ReportHistory {
  point_id: string;
  changed_at: Date;
  reason: string;
  changed_by_name: string | null;
  old_latitude: number;
  old_longitude: number;
  old_height: number | null;
  new_latitude: number;
  new_longitude: number;
  new_height: number | null;
}

const BATCH = 2000;

/** What the survey report reads: one project of the owner, its setups, history, and points in batches. */
export function reportData(db: Db) {
  return {
    async project(ownerId: string, id: string) {
      const [row] = await db.query<{ id: string; name: string; description: string; created_at: Date; last_modified: Date; base_mode: string; base_name: string | null; base_code: string | null }>(
        `SELECT p.id, p.name, p.description, p.created_at, p.last_modified, p.base_mode, d.name AS base_name, d.code AS base_code
         FROM projects p LEFT JOIN devices d ON d.id = p.base_station_id WHERE p.id = $1 AND p.owner_id = $2`,
        [id, ownerId],
      );
      return row;
    },
    async dates(projectId: string) {
      const [row] = await db.query<{ first: Date | null; last: Date | null; count: string }>(
        'SELECT min(recorded_at) AS first, max(recorded_at) AS last, count(*) AS count FROM points WHERE project_id = $1',
        [projectId],
      );
      return row!;
    },
    setups(projectId: string) {
      return db.query<ReportSetup>(
        `SELECT s.id, s.version, s.current, s.source, s.latitude, s.longitude, s.height, s.x, s.y, s.z, s.antenna_height, s.datum,
                s.sigma_h, s.sigma_v, s.started_at, s.ended_at, s.created_at, u.name AS created_by_name,
                r.antenna, r.receiver, r.message_types
         FROM base_setups s LEFT JOIN users u ON u.id = s.created_by LEFT JOIN base_rtcm_state r ON r.device_id = s.base_device_id
         WHERE s.project_id = $1 ORDER BY s.created_at, s.version`,
        [projectId],
      );
    },
    correctionAges(projectId: string) {
      return db.query<{ base_setup_id: string | null; n: string; min: number | null; mean: number | null; max: number | null }>(
        `SELECT base_setup_id, count(correction_age) AS n, min(correction_age) AS min, avg(correction_age) AS mean, max(correction_age) AS max
         FROM points WHERE project_id = $1 GROUP BY base_setup_id`,
        [projectId],
      );
    },
    history(projectId: string) {
      return db.query<ReportHistory>(
        `SELECT h.point_id, h.changed_at, h.reason, u.name AS changed_by_name, h.old_latitude, h.old_longitude, h.old_height,
                h.new_latitude, h.new_longitude, h.new_height
         FROM point_history h JOIN points p ON p.id = h.point_id LEFT JOIN users u ON u.id = h.changed_by
         WHERE p.project_id = $1 ORDER BY h.changed_at, h.id`,
        [projectId],
      );
    },
    summary(projectId: string) {
      return db.query<{ fix_type: string | null; n: string; h1: string; h2: string; h5: string; h10: string; hmore: string; hnone: string }>(
        `SELECT fix_type, count(*) AS n,
           count(*) FILTER (WHERE sigma_h <= 0.01) AS h1, count(*) FILTER (WHERE sigma_h > 0.01 AND sigma_h <= 0.02) AS h2,
           count(*) FILTER (WHERE sigma_h > 0.02 AND sigma_h <= 0.05) AS h5, count(*) FILTER (WHERE sigma_h > 0.05 AND sigma_h <= 0.1) AS h10,
           count(*) FILTER (WHERE sigma_h > 0.1) AS hmore, count(*) FILTER (WHERE sigma_h IS NULL) AS hnone
         FROM (SELECT fix_type, CASE WHEN sigma_e IS NOT NULL AND sigma_n IS NOT NULL THEN sqrt(sigma_e * sigma_e + sigma_n * sigma_n) END AS sigma_h
               FROM points WHERE project_id = $1) p GROUP BY fix_type ORDER BY fix_type NULLS LAST`,
        [projectId],
      );
    },
    /** The points in the order they were taken, a batch at a time (keyset: no OFFSET scans). */
    async *points(projectId: string): AsyncGenerator<ReportPoint[]> {
      let after: { at: Date; seq: string } | null = null;
      for (;;) {
        const rows: ReportPoint[] = await db.query<ReportPoint>(
          `SELECT id, name, method, recorded_at, latitude, longitude, ellipsoidal_height, altitude, fix_type, epochs, epochs_rejected,
                  fix_percent, CASE WHEN sigma_e IS NOT NULL AND sigma_n IS NOT NULL THEN sqrt(sigma_e * sigma_e + sigma_n * sigma_n) END AS sigma_h,
                  sigma_u, pdop, antenna_height, correction_age, warnings, base_setup_id, seq::text AS seq
           FROM points WHERE project_id = $1 AND ($2::timestamptz IS NULL OR (recorded_at, seq) > ($2::timestamptz, $3::bigint))
           ORDER BY recorded_at, seq LIMIT ${BATCH}`,
          [projectId, after?.at ?? null, after?.seq ?? null],
        );
        if (!rows.length) return;
        yield rows;
        const last: ReportPoint = rows[rows.length - 1]!;
        after = { at: last.recorded_at, seq: last.seq };
        if (rows.length < BATCH) return;
      }
    },
  };
}
export type ReportData = ReturnType<typeof reportData>;
