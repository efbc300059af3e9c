import type { BaseMode, ProjectStatus, ProjectView } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { DEVICE_COLUMNS, toDeviceView, type DeviceRow } from '@smi/devices';

export interface ProjectRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  base_station_id: string | null;
  status: ProjectStatus;
  sections: string[];
  base_mode: BaseMode;
  base_latitude: number | null;
  base_longitude: number | null;
  total_points: number;
  created_at: Date;
  last_modified: Date;
}

export const PROJECT_COLUMNS = `id, owner_id, name, description, base_station_id, status, sections, base_mode, base_latitude,
  base_longitude, total_points, created_at, last_modified`;

/** Every project read and write names its owner: another account's project is simply not there. */
export const projectsRepository = {
  async create(q: Queryable, p: { ownerId: string; name: string; description: string; baseStationId: string; clientIds: string[] }) {
    const [row] = await q.query<ProjectRow>(
      `INSERT INTO projects (owner_id, name, description, base_station_id) VALUES ($1, $2, $3, $4) RETURNING ${PROJECT_COLUMNS}`,
      [p.ownerId, p.name, p.description, p.baseStationId],
    );
    if (p.clientIds.length) {
      await q.query(
        `INSERT INTO project_devices (project_id, device_id, position)
         SELECT $1, d, (o - 1)::int FROM unnest($2::uuid[]) WITH ORDINALITY AS t(d, o)`,
        [row!.id, p.clientIds],
      );
    }
    return row!;
  },

  /** The owner's project; `lock` holds its row until the transaction ends (point writes keep Total_Points exact). */
  async owned(q: Queryable, ownerId: string, id: string, lock = false): Promise<ProjectRow | undefined> {
    const [row] = await q.query<ProjectRow>(
      `SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = $1 AND owner_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, ownerId],
    );
    return row;
  },

  /** The revision of the owner's project's points (see migration 002), as text; undefined when not theirs. */
  async pointsRevision(q: Queryable, ownerId: string, id: string): Promise<string | undefined> {
    const [row] = await q.query<{ revision: string }>('SELECT points_revision::text AS revision FROM projects WHERE id = $1 AND owner_id = $2', [
      id,
      ownerId,
    ]);
    return row?.revision;
  },

  /** Most recently modified first; `limit` null lists them all. */
  async list(q: Queryable, ownerId: string, limit: number | null): Promise<ProjectRow[]> {
    return q.query<ProjectRow>(
      `SELECT ${PROJECT_COLUMNS} FROM projects WHERE owner_id = $1 ORDER BY last_modified DESC, created_at DESC, id LIMIT $2`,
      [ownerId, limit],
    );
  },

  /** Applies one change to the owner's project and stamps Last_Modified; undefined when the project is not theirs. */
  async update(q: Queryable, ownerId: string, id: string, set: string, values: unknown[] = [], where = ''): Promise<ProjectRow | undefined> {
    const [row] = await q.query<ProjectRow>(
      `UPDATE projects SET ${set}, last_modified = now() WHERE id = $1 AND owner_id = $2 ${where} RETURNING ${PROJECT_COLUMNS}`,
      [id, ownerId, ...values],
    );
    return row;
  },

  /** Stamps Last_Modified and the points revision after a change to one of the project's points. */
  async touch(q: Queryable, ownerId: string, id: string): Promise<void> {
    await q.query('UPDATE projects SET last_modified = now(), points_revision = points_revision + 1 WHERE id = $1 AND owner_id = $2', [id, ownerId]);
  },

  async remove(q: Queryable, ownerId: string, id: string): Promise<boolean> {
    // points and project_devices go with it (ON DELETE CASCADE), in the same statement
    const rows = await q.query('DELETE FROM projects WHERE id = $1 AND owner_id = $2 RETURNING id', [id, ownerId]);
    return rows.length > 0;
  },

  /** Projects as the API answers them, with the base station and client devices expanded (two queries for any number). */
  async views(q: Queryable, rows: ProjectRow[]): Promise<ProjectView[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const clients = await q.query<DeviceRow & { project_id: string }>(
      `SELECT pd.project_id, ${DEVICE_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1d.$2')}
       FROM project_devices pd JOIN devices d ON d.id = pd.device_id
       WHERE pd.project_id = ANY($1::uuid[]) ORDER BY pd.position`,
      [ids],
    );
    const baseIds = rows.flatMap((r) => (r.base_station_id ? [r.base_station_id] : []));
    const bases = baseIds.length
      ? await q.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM devices WHERE id = ANY($1::uuid[])`, [baseIds])
      : [];
    return rows.map((r) => {
      const base = bases.find((b) => b.id === r.base_station_id);
      return toProjectView(r, base ?? null, clients.filter((c) => c.project_id === r.id));
    });
  },
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function toProjectView(r: ProjectRow, base: DeviceRow | null, clients: DeviceRow[]): ProjectView {
  return {
    _id: r.id,
    Name: r.name,
    Description: r.description,
    UserId: r.owner_id,
    BaseStation: r.base_station_id,
    BaseStationDevice: base ? toDeviceView(base) : null,
    ClientDevices: clients.map(toDeviceView),
    Status: r.status,
    Sections: r.sections,
    BaseMode: r.base_mode,
    baseMode: r.base_mode,
    BaseLatitude: r.base_latitude,
    baseLatitude: r.base_latitude,
    BaseLongitude: r.base_longitude,
    baseLongitude: r.base_longitude,
    Created_On: iso(r.created_at),
    Last_Modified: iso(r.last_modified),
    Total_Points: r.total_points,
  };
}
