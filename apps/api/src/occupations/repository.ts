import type { ProjectBase } from '@smi/base-setups';
import type { EpochView, OccupationMethod, OccupationProgress, OccupationView, Tolerances } from '@smi/contracts';
import { EMPTY_PROGRESS } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';
import { endOccupations, occupationViewOf, type OccupationViewRow } from '@smi/occupations';
import type { ResolvedAntenna } from './settings.js';

/** The view's columns as stored (a progress not written yet is partial), and whether the occupation has gone stale. */
export interface OccupationRow extends Omit<OccupationViewRow, 'progress'> {
  progress: Partial<OccupationProgress>;
  stale: boolean;
}

// a running occupation whose gateway has not written for this long (and past its own pause limit) is gone with it
const STALE_AFTER_S = 30;
const COLUMNS = `id, project_id, device_id, device_code, client_id, method, name, section, tolerances, status, reason, progress, point_id,
  created_at, (status IN ('running', 'paused') AND heartbeat_at < now() - make_interval(secs => GREATEST(max_pause_s, ${STALE_AFTER_S}))) AS stale`;

export function toOccupationView(r: OccupationRow): OccupationView {
  // an occupation the gateway has not reported on yet has a partial progress: the view fills the rest with zeros
  return occupationViewOf({ ...r, progress: { ...EMPTY_PROGRESS, ...r.progress } });
}

export const occupationsRepository = {
  async project(q: Queryable, ownerId: string, projectId: string): Promise<{ measurement_settings: unknown } | undefined> {
    const [row] = await q.query<{ measurement_settings: unknown }>('SELECT measurement_settings FROM projects WHERE id = $1 AND owner_id = $2', [projectId, ownerId]);
    return row;
  },

  /** The owner's project as its base setup is resolved from (else undefined: another account's reads as missing). */
  async projectBase(q: Queryable, ownerId: string, projectId: string): Promise<ProjectBase | undefined> {
    const [row] = await q.query<ProjectBase>(
      'SELECT id, base_station_id, base_mode, base_latitude, base_longitude FROM projects WHERE id = $1 AND owner_id = $2',
      [projectId, ownerId],
    );
    return row;
  },

  async device(q: Queryable, ownerId: string, deviceId: string): Promise<{ code: string } | undefined> {
    const [row] = await q.query<{ code: string }>('SELECT code FROM devices WHERE id = $1 AND owner_id = $2', [deviceId, ownerId]);
    return row;
  },

  /** The new occupation; `existing` when the project already has one with this ClientId, `busy` when the rover has one running. */
  async create(
    q: Queryable,
    o: {
      projectId: string;
      ownerId: string;
      deviceId: string;
      deviceCode: string;
      clientId: string | null;
      method: OccupationMethod;
      name: string;
      section: string;
      antenna: ResolvedAntenna;
      tolerances: Tolerances;
      maxPauseS: number;
      splitGapS: number;
      /** the code string, attribute values and note its point takes (checked with the project's code list) */
      code: string;
      attributes: Record<string, Record<string, string | number | boolean | null>>;
      note: string;
      /** the member who starts it, with their name now: its points are theirs (decision 064) */
      startedBy: { id: string; name: string };
    },
  ): Promise<{ row: OccupationRow; created: boolean } | { busy: true } | { nameTaken: true }> {
    if (o.clientId) {
      const [same] = await q.query<OccupationRow>(`SELECT ${COLUMNS} FROM occupations WHERE project_id = $1 AND client_id = $2`, [o.projectId, o.clientId]);
      if (same) return { row: same, created: false };
    }
    // the point will bear the name: one of the project's points has it, or another rover is measuring under it now
    if (o.name) {
      const [taken] = await q.query(
        `SELECT 1 FROM ${livePoints()} WHERE project_id = $1 AND name = $2
         UNION ALL SELECT 1 FROM occupations WHERE project_id = $1 AND name = $2 AND status IN ('running', 'paused')
           AND heartbeat_at >= now() - make_interval(secs => GREATEST(max_pause_s, ${STALE_AFTER_S})) LIMIT 1`,
        [o.projectId, o.name],
      );
      if (taken) return { nameTaken: true };
    }
    const [busy] = await q.query(`SELECT 1 FROM occupations WHERE device_id = $1 AND status IN ('running', 'paused')
      AND heartbeat_at >= now() - make_interval(secs => GREATEST(max_pause_s, ${STALE_AFTER_S}))`, [o.deviceId]);
    if (busy) return { busy: true };
    const [row] = await q.query<OccupationRow>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, client_id, method, name, section, antenna, tolerances, max_pause_s, split_gap_s,
         code, attributes, note, started_by, started_by_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17)
       ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${COLUMNS}`,
      [o.projectId, o.ownerId, o.deviceId, o.deviceCode, o.clientId, o.method, o.name, o.section, JSON.stringify(o.antenna), JSON.stringify(o.tolerances), o.maxPauseS, o.splitGapS,
        o.code, JSON.stringify(o.attributes), o.note, o.startedBy.id, o.startedBy.name],
    );
    if (row) return { row, created: true };
    // the same ClientId raced in from another tab: answer that one
    const [same] = await q.query<OccupationRow>(`SELECT ${COLUMNS} FROM occupations WHERE project_id = $1 AND client_id = $2`, [o.projectId, o.clientId]);
    return { row: same!, created: false };
  },

  /** The user's occupation; one whose gateway is gone is failed on the way (it cannot finish any more). */
  async byId(q: Queryable, ownerId: string, id: string): Promise<OccupationRow | undefined> {
    const [row] = await q.query<OccupationRow>(`SELECT ${COLUMNS} FROM occupations WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    if (row?.stale) {
      const [failed] = await endOccupations<OccupationRow>(q, 'failed', 'the gateway running it stopped', { id }, { returning: COLUMNS });
      return failed ?? (await this.byId(q, ownerId, id));
    }
    return row;
  },

  async cancel(q: Queryable, ownerId: string, id: string): Promise<boolean> {
    return (await endOccupations(q, 'cancelled', 'cancelled', { id, ownerId })).length > 0;
  },

  /** The raw epochs of a point of the user's project: those of its occupation within the point's time span. */
  async epochsOfPoint(q: Queryable, ownerId: string, projectId: string, pointId: string): Promise<EpochView[] | undefined> {
    const [point] = await q.query<{ occupation_id: string | null; started_at: Date | null; ended_at: Date | null }>(
      `SELECT p.occupation_id, p.started_at, p.ended_at FROM ${livePoints('p')} JOIN projects pr ON pr.id = p.project_id
       WHERE p.id = $1 AND p.project_id = $2 AND pr.owner_id = $3`,
      [pointId, projectId, ownerId],
    );
    if (!point) return undefined;
    if (!point.occupation_id) return [];
    const rows = await q.query<{
      seq: number;
      at: Date;
      latitude: number | null;
      longitude: number | null;
      ellipsoidal_height: number | null;
      fix_type: string | null;
      satellites: number | null;
      hdop: number | null;
      pdop: number | null;
      sigma_h: number | null;
      sigma_v: number | null;
      correction_age: number | null;
      accepted: boolean;
      reason: string | null;
      vector_dx: number | null;
      vector_dy: number | null;
      vector_dz: number | null;
      vector_origin: 'broadcast' | 'base-nmea' | null;
      base_setup_id: string | null;
    }>(
      `SELECT seq, at, latitude, longitude, ellipsoidal_height, fix_type, satellites, hdop, pdop, sigma_h, sigma_v, correction_age, accepted, reason,
         vector_dx, vector_dy, vector_dz, vector_origin, base_setup_id
       FROM point_epochs WHERE occupation_id = $1 AND at BETWEEN $2 AND $3 ORDER BY seq`,
      [point.occupation_id, point.started_at, point.ended_at],
    );
    return rows.map((r) => ({
      Seq: r.seq,
      Time: new Date(r.at).toISOString(),
      Latitude: r.latitude,
      Longitude: r.longitude,
      EllipsoidalHeight: r.ellipsoidal_height,
      Fix: r.fix_type,
      Satellites: r.satellites,
      Hdop: r.hdop,
      Pdop: r.pdop,
      SigmaH: r.sigma_h,
      SigmaV: r.sigma_v,
      CorrectionAge: r.correction_age,
      Accepted: r.accepted,
      Reason: r.reason,
      VectorDx: r.vector_dx,
      VectorDy: r.vector_dy,
      VectorDz: r.vector_dz,
      VectorOrigin: r.vector_origin,
      BaseSetupId: r.base_setup_id,
    }));
  },

  async saveSettings(q: Queryable, ownerId: string, projectId: string, settings: unknown): Promise<boolean> {
    const rows = await q.query('UPDATE projects SET measurement_settings = $3 WHERE id = $1 AND owner_id = $2 RETURNING id', [projectId, ownerId, JSON.stringify(settings)]);
    return rows.length > 0;
  },
};
