import type { Queryable } from '@smi/db';

/** One project as an export header needs it. */
export interface ExportProject {
  id: string;
  name: string;
  description: string;
  sections: string[];
  baseMode: 'known' | 'auto';
  baseLatitude: number | null;
  baseLongitude: number | null;
  baseStation: { code: string; name: string } | null;
  createdAt: Date;
  lastModified: Date;
}

/** One point as every format writes it. */
export interface ExportPoint {
  id: string;
  name: string;
  type: string;
  latitude: number;
  longitude: number;
  accuracy: string | null;
  recordedAt: Date;
  device: string;
  section: string;
  fixType: string | null;
  satellites: number | null;
  hdop: number | null;
  horizontalAccuracy: number | null;
  verticalAccuracy: number | null;
  altitude: number | null;
}

/** What is known about a project's points before they are read: enough to pick the UTM zone and size a drawing. */
export interface PointStats {
  count: number;
  /** Circular mean, so points either side of the antimeridian average near +-180, not near 0. */
  meanLongitude: number | null;
  meanLatitude: number | null;
  bbox: { minLat: number; maxLat: number; minLon: number; maxLon: number } | null;
  firstAt: Date | null;
  lastAt: Date | null;
}

/** Rows per read: small enough that no statement holds the database for long, large enough to keep round trips few. */
export const PAGE_SIZE = 2000;

const POINT_COLUMNS = `id, name, type, latitude, longitude, accuracy, recorded_at, device, section, fix_type, satellites,
  hdop, horizontal_accuracy, vertical_accuracy, altitude, recorded_at::text AS cursor_at, seq::text AS cursor_seq`;

type PointRow = Record<string, unknown> & { cursor_at: string; cursor_seq: string };

/** The SQL behind exports: plain reads, each its own short statement (no transaction spans an export). */
export function exportsRepository(db: Queryable) {
  return {
    /** The project if it exists and belongs to ownerId; null otherwise (the caller answers both alike). */
    async findProject(ownerId: string, projectId: string): Promise<ExportProject | null> {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT p.id, p.name, p.description, p.sections, p.base_mode, p.base_latitude, p.base_longitude,
                p.created_at, p.last_modified, d.code AS base_code, d.name AS base_name
           FROM projects p LEFT JOIN devices d ON d.id = p.base_station_id
          WHERE p.id = $1 AND p.owner_id = $2`,
        [projectId, ownerId],
      );
      if (!row) return null;
      return {
        id: String(row.id),
        name: String(row.name),
        description: String(row.description ?? ''),
        sections: (row.sections as string[] | null) ?? [],
        baseMode: row.base_mode === 'known' ? 'known' : 'auto',
        baseLatitude: numberOrNull(row.base_latitude),
        baseLongitude: numberOrNull(row.base_longitude),
        baseStation: row.base_code ? { code: String(row.base_code), name: String(row.base_name) } : null,
        createdAt: new Date(row.created_at as string),
        lastModified: new Date(row.last_modified as string),
      };
    },

    async stats(projectId: string): Promise<PointStats> {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT count(*)::int AS count,
                degrees(atan2(avg(sin(radians(longitude))), avg(cos(radians(longitude))))) AS mean_lon,
                avg(latitude) AS mean_lat, min(latitude) AS min_lat, max(latitude) AS max_lat,
                min(longitude) AS min_lon, max(longitude) AS max_lon, min(recorded_at) AS first_at, max(recorded_at) AS last_at
           FROM points WHERE project_id = $1`,
        [projectId],
      );
      const count = Number(row?.count ?? 0);
      if (!row || count === 0) return { count: 0, meanLongitude: null, meanLatitude: null, bbox: null, firstAt: null, lastAt: null };
      return {
        count,
        meanLongitude: Number(row.mean_lon),
        meanLatitude: Number(row.mean_lat),
        bbox: { minLat: Number(row.min_lat), maxLat: Number(row.max_lat), minLon: Number(row.min_lon), maxLon: Number(row.max_lon) },
        firstAt: new Date(row.first_at as string),
        lastAt: new Date(row.last_at as string),
      };
    },

    /** Point counts by a column, largest first. */
    async countBy(projectId: string, column: 'section' | 'accuracy'): Promise<{ key: string | null; count: number }[]> {
      const rows = await db.query<{ key: string | null; count: number }>(
        `SELECT ${column} AS key, count(*)::int AS count FROM points WHERE project_id = $1 GROUP BY ${column} ORDER BY count DESC, key`,
        [projectId],
      );
      return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
    },

    /** Every section name: the project's list, then any a point carries that the list lacks. */
    async sectionsOf(project: ExportProject): Promise<string[]> {
      const rows = await db.query<{ section: string }>('SELECT DISTINCT section FROM points WHERE project_id = $1 ORDER BY section', [
        project.id,
      ]);
      const all = new Set(project.sections);
      for (const r of rows) all.add(r.section);
      return [...all];
    },

    /**
     * The project's points in time order (ties by insertion), PAGE_SIZE at a time. Keyset paging on
     * (recorded_at, seq): each page is one short indexed query, so a slow download never holds a transaction open.
     * The cursor travels as text so PostgreSQL's microseconds survive the round trip (a JS Date keeps only ms).
     */
    async *pages(projectId: string, section?: string): AsyncGenerator<ExportPoint[]> {
      let cursor: [string, string] | null = null;
      for (;;) {
        const params: unknown[] = [projectId];
        let where = 'project_id = $1';
        if (section !== undefined) where += ` AND section = $${params.push(section)}`;
        if (cursor) where += ` AND (recorded_at, seq) > ($${params.push(cursor[0])}::timestamptz, $${params.push(cursor[1])}::bigint)`;
        const rows = await db.query<PointRow>(
          `SELECT ${POINT_COLUMNS} FROM points WHERE ${where} ORDER BY recorded_at, seq LIMIT ${PAGE_SIZE}`,
          params,
        );
        if (rows.length > 0) yield rows.map(toPoint);
        if (rows.length < PAGE_SIZE) return;
        const last = rows[rows.length - 1]!;
        cursor = [last.cursor_at, last.cursor_seq];
      }
    },
  };
}
export type ExportsRepository = ReturnType<typeof exportsRepository>;

function numberOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function toPoint(r: PointRow): ExportPoint {
  return {
    id: String(r.id),
    name: String(r.name),
    type: String(r.type),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    accuracy: (r.accuracy as string | null) ?? null,
    recordedAt: new Date(r.recorded_at as string),
    device: String(r.device ?? ''),
    section: String(r.section),
    fixType: (r.fix_type as string | null) ?? null,
    satellites: numberOrNull(r.satellites),
    hdop: numberOrNull(r.hdop),
    horizontalAccuracy: numberOrNull(r.horizontal_accuracy),
    verticalAccuracy: numberOrNull(r.vertical_accuracy),
    altitude: numberOrNull(r.altitude),
  };
}
