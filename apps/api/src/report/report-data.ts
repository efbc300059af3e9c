import { livePoints, type Db } from '@smi/db';
import type { BaseSetupRow } from '@smi/base-setups';
import type { FeatureCode } from '@smi/contracts';
import { parseCodeString } from '@smi/feature-codes';
import { keyset } from '../exports/repository.js';
import { photoNamer } from '../exports/photo-names.js';
import { projectCodeList } from '../code-lists/shot-codes.js';

/** A code of the project's list that its points use, with how many points carry it (the report's legend). */
export interface ReportCode {
  code: FeatureCode;
  points: number;
}

/** A photo as the report shows it: its point, its name as every export gives it, and where its thumbnail is. */
export interface ReportPhoto {
  number: number;
  pointName: string;
  fileName: string;
  storageKey: string;
}

/** A point as the coordinates table needs it: where it is (the project-coordinate function's input) and what it is. */
export interface ReportPosition {
  /** Fixed when the point was made (decision 041). */
  number: number;
  name: string;
  /** The feature code string (empty: none). */
  code: string;
  section: string;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  altitude: number | null;
  geoid_separation: number | null;
  fix_type: string | null;
  base_setup_id: string | null;
  recorded_at: Date;
}

/** A point as the evidence table shows it: how it was measured. */
export interface ReportEvidence {
  id: string;
  number: number;
  name: string;
  method: string;
  fix_type: string | null;
  epochs: number | null;
  epochs_rejected: number | null;
  fix_percent: number | null;
  /** sqrt(sigma_e^2 + sigma_n^2) of the occupation */
  sigma_h: number | null;
  sigma_u: number | null;
  /** The receiver's own 1-sigma estimates (a point recorded in the browser has no occupation sigmas). */
  horizontal_accuracy: number | null;
  vertical_accuracy: number | null;
  pdop: number | null;
  correction_age: number | null;
  antenna_height: number | null;
  antenna_height_type: string | null;
  antenna_reference: string | null;
  antenna_model: string | null;
  warnings: string[];
  base_setup_id: string | null;
  /** The surveyor's free-text note (empty: none). */
  note: string;
  /** Who measured it: the member's name then (null when not known). */
  recorded_by_name: string | null;
}

const POSITION_COLUMNS = 'number, name, code, section, latitude, longitude, ellipsoidal_height, altitude, geoid_separation, fix_type, base_setup_id';
type PositionRow = [number, string, string, string, number, number, number | null, number | null, number | null, string | null, string | null, string, number];
const EVIDENCE_COLUMNS = `id, number, name, method, fix_type, epochs, epochs_rejected, fix_percent,
  CASE WHEN sigma_e IS NOT NULL AND sigma_n IS NOT NULL THEN sqrt(sigma_e * sigma_e + sigma_n * sigma_n) END, sigma_u,
  horizontal_accuracy, vertical_accuracy, pdop, correction_age, antenna_height, antenna_height_type, antenna_reference, antenna_model,
  warnings, base_setup_id, note, recorded_by_name`;
type EvidenceRow = [string, number, string, string, string | null, number | null, number | null, number | null, number | null, number | null,
  number | null, number | null, number | null, number | null, number | null, string | null, string | null, string | null, string[], string | null, string,
  string | null];

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
  from_setup_id: string | null;
  to_setup_id: string | null;
  /** When the point was measured: the epoch its positions are taken at. */
  recorded_at: Date;
  old_latitude: number;
  old_longitude: number;
  old_height: number | null;
  new_latitude: number;
  new_longitude: number;
  new_height: number | null;
}

/** What the survey report reads: one project of the owner, its setups, history, and points in batches. */
export function reportData(db: Db) {
  return {
    async project(ownerId: string, id: string) {
      const [row] = await db.query<{
        id: string;
        name: string;
        description: string;
        created_at: Date;
        last_modified: Date;
        base_mode: string;
        base_name: string | null;
        base_code: string | null;
        owner_name: string | null;
        owner_email: string | null;
      }>(
        // the project belongs to a workspace (decision 064): its owner is the workspace's owner, a person in a team too
        `SELECT p.id, p.name, p.description, p.created_at, p.last_modified, p.base_mode, d.name AS base_name, d.code AS base_code,
                u.name AS owner_name, u.email AS owner_email
         FROM projects p
         LEFT JOIN workspace_members wm ON wm.workspace_id = p.owner_id AND wm.role = 'owner'
         LEFT JOIN users u ON u.id = wm.user_id
         LEFT JOIN devices d ON d.id = p.base_station_id
         WHERE p.id = $1 AND p.owner_id = $2`,
        [id, ownerId],
      );
      return row;
    },
    async dates(projectId: string) {
      const [row] = await db.query<{ first: Date | null; last: Date | null; count: string }>(
        `SELECT min(recorded_at) AS first, max(recorded_at) AS last, count(*) AS count FROM ${livePoints()} WHERE project_id = $1`,
        [projectId],
      );
      return row!;
    },
    /** The devices that recorded the project's points, most points first. */
    devices(projectId: string) {
      return db.query<{ device: string; n: string }>(
        `SELECT device, count(*) AS n FROM ${livePoints()} WHERE project_id = $1 GROUP BY device ORDER BY count(*) DESC, device`,
        [projectId],
      );
    },
    /** Who measured the project's points (the member's name when each was recorded), most points first. */
    recorders(projectId: string) {
      return db.query<{ name: string | null; n: string }>(
        `SELECT recorded_by_name AS name, count(*) AS n FROM ${livePoints()} WHERE project_id = $1 GROUP BY recorded_by_name ORDER BY count(*) DESC, recorded_by_name`,
        [projectId],
      );
    },
    /** Who last set the project's coordinate system and its calibration, and when (the audit trail's latest entry of each). */
    frameChanges(projectId: string) {
      return db.query<{ action: 'crs.changed' | 'calibration.changed' | 'calibration.removed'; user_name: string; at: Date }>(
        `SELECT DISTINCT ON (action) action, user_name, at FROM audit_log
          WHERE project_id = $1 AND action IN ('crs.changed', 'calibration.changed', 'calibration.removed') ORDER BY action, seq DESC`,
        [projectId],
      );
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
      return db.query<{ base_setup_id: string | null; points: string; n: string; min: number | null; mean: number | null; max: number | null }>(
        `SELECT base_setup_id, count(*) AS points, count(correction_age) AS n, min(correction_age) AS min, avg(correction_age) AS mean, max(correction_age) AS max
         FROM ${livePoints()} WHERE project_id = $1 GROUP BY base_setup_id`,
        [projectId],
      );
    },
    history(projectId: string) {
      return db.query<ReportHistory>(
        `SELECT h.point_id, h.changed_at, h.reason, u.name AS changed_by_name, h.from_setup_id, h.to_setup_id, p.recorded_at, h.old_latitude, h.old_longitude, h.old_height,
                h.new_latitude, h.new_longitude, h.new_height
         FROM point_history h JOIN ${livePoints('p')} ON p.id = h.point_id LEFT JOIN users u ON u.id = h.changed_by
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
               FROM ${livePoints()} WHERE project_id = $1) p GROUP BY fix_type ORDER BY fix_type NULLS LAST`,
        [projectId],
      );
    },
    /**
     * The codes the points use, in the list's order, each with its number of points, read with the project's list
     * as the linework reads them; code strings the list cannot read are counted apart.
     */
    async codesUsed(ownerId: string, projectId: string): Promise<{ codes: ReportCode[]; unread: number }> {
      const list = await projectCodeList(db, ownerId, projectId);
      const rows = await db.query<{ code: string; n: number }>(
        `SELECT code, count(*)::int AS n FROM ${livePoints()} WHERE project_id = $1 AND code <> '' GROUP BY code`,
        [projectId],
      );
      const counts = new Map<string, number>();
      let unread = 0;
      for (const r of rows) {
        const parsed = list ? parseCodeString(r.code, list) : null;
        if (!parsed?.ok) {
          unread += r.n;
          continue;
        }
        // a shot on two strings of one code (EP1 EP2) counts once for it
        for (const code of new Set(parsed.codes.map((c) => c.code.code))) counts.set(code, (counts.get(code) ?? 0) + r.n);
      }
      const codes = (list?.codes ?? []).flatMap((code) => {
        const n = counts.get(code.code);
        return n ? [{ code, points: n }] : [];
      });
      return { codes, unread };
    },
    /** Every photo of the project, its points in the order they were taken, each named as the exports name it. */
    async photos(projectId: string): Promise<ReportPhoto[]> {
      const rows = await db.query<{ number: number; name: string; file_name: string; storage_key: string }>(
        `SELECT pt.number, pt.name, ph.file_name, ph.storage_key FROM point_photos ph JOIN ${livePoints('pt')} ON pt.id = ph.point_id
         WHERE pt.project_id = $1 ORDER BY pt.recorded_at, pt.seq, ph.created_at, ph.id`,
        [projectId],
      );
      const named = photoNamer();
      return rows.map((r) => ({ number: r.number, pointName: r.name, fileName: named(r.file_name), storageKey: r.storage_key }));
    },
    /** The points in the order they were taken, a page at a time (the exports' keyset paging), for the coordinates. */
    async *positions(projectId: string): AsyncGenerator<ReportPosition[]> {
      for await (const page of keyset<PositionRow>(db, POSITION_COLUMNS, projectId)) {
        yield page.map(([number, name, code, section, latitude, longitude, ellipsoidal_height, altitude, geoid_separation, fix_type, base_setup_id, at]) => ({
          number, name, code, section, latitude, longitude, ellipsoidal_height, altitude, geoid_separation, fix_type, base_setup_id, recorded_at: new Date(at),
        }));
      }
    },
    /** The same points in the same order, for their evidence. */
    async *evidence(projectId: string): AsyncGenerator<ReportEvidence[]> {
      for await (const page of keyset<EvidenceRow>(db, EVIDENCE_COLUMNS, projectId)) {
        yield page.map((r) => ({
          id: r[0], number: r[1], name: r[2], method: r[3], fix_type: r[4], epochs: r[5], epochs_rejected: r[6], fix_percent: r[7], sigma_h: r[8],
          sigma_u: r[9], horizontal_accuracy: r[10], vertical_accuracy: r[11], pdop: r[12], correction_age: r[13], antenna_height: r[14],
          antenna_height_type: r[15], antenna_reference: r[16], antenna_model: r[17], warnings: r[18], base_setup_id: r[19], note: r[20],
          recorded_by_name: r[21],
        }));
      }
    },
  };
}
export type ReportData = ReturnType<typeof reportData>;
