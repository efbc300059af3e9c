import type { BaseSetupSource, BaseSetupView } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';

export interface BaseSetupRow {
  id: string;
  project_id: string;
  series_id: string;
  version: number;
  previous_id: string | null;
  current: boolean;
  source: BaseSetupSource;
  base_device_id: string | null;
  x: number;
  y: number;
  z: number;
  latitude: number;
  longitude: number;
  height: number;
  antenna_height: number | null;
  datum: string;
  sigma_h: number | null;
  sigma_v: number | null;
  started_at: Date;
  ended_at: Date | null;
  created_by: string | null;
  created_at: Date;
  points?: string | number;
}

export interface NewSetup {
  projectId: string;
  seriesId?: string;
  version?: number;
  previousId?: string | null;
  source: BaseSetupSource;
  baseDeviceId: string | null;
  x: number;
  y: number;
  z: number;
  latitude: number;
  longitude: number;
  height: number;
  antennaHeight: number | null;
  datum?: string;
  sigmaH?: number | null;
  sigmaV?: number | null;
  createdBy: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toBaseSetupView(r: BaseSetupRow): BaseSetupView {
  return {
    _id: r.id,
    ProjectId: r.project_id,
    SeriesId: r.series_id,
    Version: r.version,
    PreviousId: r.previous_id,
    Current: r.current,
    Source: r.source,
    BaseDeviceId: r.base_device_id,
    X: r.x,
    Y: r.y,
    Z: r.z,
    Latitude: r.latitude,
    Longitude: r.longitude,
    Height: r.height,
    AntennaHeight: r.antenna_height,
    Datum: r.datum,
    SigmaH: r.sigma_h,
    SigmaV: r.sigma_v,
    StartedAt: iso(r.started_at)!,
    EndedAt: iso(r.ended_at),
    CreatedBy: r.created_by,
    CreatedAt: iso(r.created_at)!,
    Points: Number(r.points ?? 0),
  };
}

/** The version in force of the open setup of the project `project` names (a parameter, or a column of a join). */
export const currentSetupOf = (project: string) => `SELECT * FROM base_setups WHERE project_id = ${project} AND current AND ended_at IS NULL ORDER BY created_at DESC LIMIT 1`;

export const baseSetupsRepository = {
  async insert(q: Queryable, s: NewSetup): Promise<BaseSetupRow> {
    const [row] = await q.query<BaseSetupRow>(
      `INSERT INTO base_setups (project_id, series_id, version, previous_id, source, base_device_id, x, y, z, latitude, longitude,
         height, antenna_height, datum, sigma_h, sigma_v, created_by)
       VALUES ($1, COALESCE($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         -- a setup not told its frame takes the project's corrections datum (decision 024): its points are in that frame
         COALESCE($14, (SELECT corrections_datum FROM project_crs WHERE project_id = $1), 'WGS84'), $15, $16, $17)
       RETURNING *`,
      [
        s.projectId,
        s.seriesId ?? null,
        s.version ?? 1,
        s.previousId ?? null,
        s.source,
        s.baseDeviceId,
        s.x,
        s.y,
        s.z,
        s.latitude,
        s.longitude,
        s.height,
        s.antennaHeight,
        s.datum ?? null,
        s.sigmaH ?? null,
        s.sigmaV ?? null,
        s.createdBy,
      ],
    );
    return row!;
  },

  /** The version in force of the project's open setup (not ended), if any. */
  async currentOf(q: Queryable, projectId: string, lock = false): Promise<BaseSetupRow | undefined> {
    const [row] = await q.query<BaseSetupRow>(
      `${currentSetupOf('$1')} ${lock ? 'FOR UPDATE' : ''}`,
      [projectId],
    );
    return row;
  },

  /** A setup version of a project the user owns (else undefined: another account's reads as missing). */
  async owned(q: Queryable, ownerId: string, id: string, lock = false): Promise<BaseSetupRow | undefined> {
    // locking: the project row first, then the setup, the order the gateway's storePoint takes them in (a point's
    // foreign key to its setup locks the setup too): the other order could deadlock with it
    if (lock) await q.query('SELECT 1 FROM projects WHERE id = (SELECT project_id FROM base_setups WHERE id = $1) AND owner_id = $2 FOR UPDATE', [id, ownerId]);
    const [row] = await q.query<BaseSetupRow>(
      `SELECT s.* FROM base_setups s JOIN projects p ON p.id = s.project_id AND p.owner_id = $2 WHERE s.id = $1 ${lock ? 'FOR UPDATE OF s' : ''}`,
      [id, ownerId],
    );
    return row;
  },

  async byId(q: Queryable, id: string): Promise<BaseSetupRow | undefined> {
    const [row] = await q.query<BaseSetupRow>('SELECT * FROM base_setups WHERE id = $1', [id]);
    return row;
  },

  async list(q: Queryable, projectId: string): Promise<BaseSetupRow[]> {
    return q.query<BaseSetupRow>(
      `SELECT s.*, (SELECT count(*) FROM ${livePoints('pt')} WHERE pt.base_setup_id = s.id) AS points
       FROM base_setups s WHERE s.project_id = $1 ORDER BY s.created_at DESC, s.version DESC`,
      [projectId],
    );
  },
};
