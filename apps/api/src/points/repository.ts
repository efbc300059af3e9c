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
  /**
   * Records a point and counts it in its project in one statement (one round trip, atomic on its own): the project row
   * is locked, the point inserted, and Total_Points, Sections, Last_Modified and the points revision updated with it.
   * `project` false: not the owner's project. `row` undefined: the project already has a point with this ClientId
   * (the retry of a lost reply), nothing was changed.
   */
  async record(q: Queryable, ownerId: string, p: RecordPointBody & { Timestamp: string }): Promise<{ project: boolean; row?: PointRow }> {
    const [result] = await q.query<PointRow & { project_found: boolean }>(
      `WITH project AS (SELECT id FROM projects WHERE id = $1 AND owner_id = $17::uuid FOR UPDATE),
       inserted AS (
         INSERT INTO points (project_id, client_id, name, type, latitude, longitude, accuracy, recorded_at, device, section,
           fix_type, satellites, hdop, horizontal_accuracy, vertical_accuracy, altitude)
         SELECT id, $2::uuid, $3::text, $4::text, $5::float8, $6::float8, $7::text, $8::timestamptz, $9::text, $10::text,
           $11::text, $12::int, $13::float8, $14::float8, $15::float8, $16::float8 FROM project
         ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${COLUMNS}),
       counted AS (
         UPDATE projects SET total_points = total_points + 1, last_modified = now(), points_revision = points_revision + 1,
           -- a section the project does not have yet is added: a point taken in the field is never refused for its section
           sections = CASE WHEN inserted.section = ANY(sections) THEN sections ELSE array_append(sections, inserted.section) END
         FROM inserted WHERE projects.id = inserted.project_id)
       SELECT EXISTS (SELECT 1 FROM project) AS project_found, inserted.* FROM (SELECT 1) AS one LEFT JOIN inserted ON true`,
      [
        p.ProjectId,
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
        ownerId,
      ],
    );
    const { project_found, ...row } = result!;
    return { project: project_found, row: row.id ? row : undefined };
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
