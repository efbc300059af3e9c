import type { AccuracyLevel, FixType, PointView, RecordPointBody } from '@smi/contracts';
import type { Queryable } from '@smi/db';

export interface PointRow {
  id: string;
  project_id: string;
  client_id: string | null;
  name: string;
  type: string;
  latitude: number;
  longitude: number;
  accuracy: AccuracyLevel | null;
  recorded_at: Date;
  device: string;
  section: string;
  fix_type: FixType | null;
  satellites: number | null;
  hdop: number | null;
  horizontal_accuracy: number | null;
  vertical_accuracy: number | null;
  altitude: number | null;
  created_at: Date;
}

const COLUMNS = `id, project_id, client_id, name, type, latitude, longitude, accuracy, recorded_at, device, section, fix_type,
  satellites, hdop, horizontal_accuracy, vertical_accuracy, altitude, created_at`;

/** Points are reached through their project; callers check the project is the user's first. */
export const pointsRepository = {
  /** Inserts a point; undefined when the project already has a point with this ClientId (the retry of a lost reply). */
  async insert(q: Queryable, projectId: string, p: RecordPointBody & { Timestamp: string }): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(
      `INSERT INTO points (project_id, client_id, name, type, latitude, longitude, accuracy, recorded_at, device, section,
         fix_type, satellites, hdop, horizontal_accuracy, vertical_accuracy, altitude)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        projectId,
        p.ClientId ?? null,
        p.Name,
        p.Type,
        p.Latitude,
        p.Longitude,
        p.Accuracy,
        p.Timestamp,
        p.Device,
        p.Section,
        p.FixType ?? null,
        p.Satellites ?? null,
        p.Hdop ?? null,
        p.HorizontalAccuracy ?? null,
        p.VerticalAccuracy ?? null,
        p.Altitude ?? null,
      ],
    );
    return row;
  },

  async byClientId(q: Queryable, projectId: string, clientId: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`SELECT ${COLUMNS} FROM points WHERE project_id = $1 AND client_id = $2`, [projectId, clientId]);
    return row;
  },

  /** In the order they were taken; points with the same time in the order they were recorded. */
  async list(q: Queryable, projectId: string): Promise<PointRow[]> {
    return q.query<PointRow>(`SELECT ${COLUMNS} FROM points WHERE project_id = $1 ORDER BY recorded_at, seq`, [projectId]);
  },

  async remove(q: Queryable, projectId: string, pointId: string): Promise<boolean> {
    const rows = await q.query('DELETE FROM points WHERE id = $1 AND project_id = $2 RETURNING id', [pointId, projectId]);
    return rows.length > 0;
  },

  async rename(q: Queryable, projectId: string, pointId: string, name: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET name = $3 WHERE id = $1 AND project_id = $2 RETURNING ${COLUMNS}`, [
      pointId,
      projectId,
      name,
    ]);
    return row;
  },
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function toPointView(r: PointRow): PointView {
  return {
    _id: r.id,
    ProjectId: r.project_id,
    Name: r.name,
    Type: r.type,
    Latitude: r.latitude,
    Longitude: r.longitude,
    Accuracy: r.accuracy,
    Timestamp: iso(r.recorded_at),
    Device: r.device,
    Section: r.section,
    FixType: r.fix_type,
    Satellites: r.satellites,
    Hdop: r.hdop,
    HorizontalAccuracy: r.horizontal_accuracy,
    VerticalAccuracy: r.vertical_accuracy,
    Altitude: r.altitude,
    ClientId: r.client_id,
    Created_On: iso(r.created_at),
  };
}
