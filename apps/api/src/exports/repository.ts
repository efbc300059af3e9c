import { setImmediate as nextTurn } from 'node:timers/promises';
import { livePoints, type Db } from '@smi/db';
import { photoNamer } from './photo-names.js';

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
  /** Fixed when the point was made (decision 041): PNEZD's P. */
  number: number;
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
  /** h of the mark, metres above the WGS 84 ellipsoid (decision 016); null when not known. */
  ellipsoidalHeight: number | null;
  /** The receiver's geoid separation N (GGA), metres; null when not known. */
  geoidSeparation: number | null;
  /** survey-grade precision evidence (decision 016); null fields where the point was not measured by the server */
  precision: ExportPrecision;
  /** The frame of the base setup the point was measured from (decision 024); null: the project's corrections datum. */
  datum: string | null;
  /** The feature code string ('' for none), its attribute values by code and attribute, and the note (decision 057). */
  code: string;
  attributes: Record<string, Record<string, string | number | boolean | null>>;
  note: string;
  /** The file names of its photos, oldest first (decision 067), each unique in the export (photoNamer). */
  photos: string[];
  /** The same photos with their ids and storage keys: the files a zip beside the points file holds (decision 076). */
  photoFiles: { id: string; name: string; storageKey: string }[];
  /** Who measured it: the member's name when the point was recorded (null for a point nobody is known to have taken). */
  collectedBy: string | null;
}

/** The occupation's figures an export shows (decision 016 columns), in PRECISION_COLUMNS order. */
export interface ExportPrecision {
  method: string;
  sigmaE: number | null;
  sigmaN: number | null;
  sigmaU: number | null;
  pdop: number | null;
  epochs: number | null;
  epochsRejected: number | null;
  fixPercent: number | null;
  correctionAge: number | null;
  antennaHeight: number | null;
  warnings: string[];
}
// one JSON array in the page row, so the columns of other capabilities append beside it without reindexing
const PRECISION_COLUMNS = `json_build_array(method, sigma_e, sigma_n, sigma_u, pdop, epochs, epochs_rejected, fix_percent, correction_age,
  antenna_height, warnings)`;
type PrecisionRow = [string, number | null, number | null, number | null, number | null, number | null, number | null, number | null,
  number | null, number | null, string[]];

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

/**
 * Rows per read: small enough that no statement holds the database for long and that a page's objects die young.
 * Under the server's 4 MB young generation (decision 005) a page of 2,000 (~3 MB of objects while it is parsed and
 * written) outlived a scavenge and was promoted, and a 100,000-point export grew the heap by 86-140 MB of old
 * garbage (csv, dxf, pdf); at 500, 5-58 MB, in the same time (the next page is read while one is written).
 */
export const PAGE_SIZE = 500;

// Each row travels as a JSON array, recorded_at and seq last (the cursor); text keeps PostgreSQL's microseconds
const POINT_COLUMNS = `id, name, type, latitude, longitude, accuracy, device, section, fix_type, satellites, hdop,
  horizontal_accuracy, vertical_accuracy, altitude, ellipsoidal_height, geoid_separation, ${PRECISION_COLUMNS},
  (SELECT bs.datum FROM base_setups bs WHERE bs.id = t.base_setup_id), number,
  json_build_array(code, note, attributes,
    (SELECT coalesce(json_agg(json_build_array(ph.id, ph.file_name, ph.storage_key) ORDER BY ph.created_at, ph.id), '[]') FROM point_photos ph WHERE ph.point_id = t.id),
    recorded_by_name)`;
type FeatureRow = [string, string, ExportPoint['attributes'], [string, string, string][], string | null];
type PointRow = [string, string, string, number, number, string | null, string, string, string | null, number | null,
  number | null, number | null, number | null, number | null, number | null, number | null, PrecisionRow, string | null, number, FeatureRow, string, number];

const POSITION_COLUMNS = `name, latitude, longitude, section, ellipsoidal_height, altitude, geoid_separation,
  (SELECT bs.datum FROM base_setups bs WHERE bs.id = t.base_setup_id)`;
type PositionRow = [string, number, number, string, number | null, number | null, number | null, string | null, string, number];
/** Where a point is (enough for its project coordinates), its name and section: what a plan drawing needs. */
export interface Position {
  name: string;
  latitude: number;
  longitude: number;
  section: string;
  ellipsoidalHeight: number | null;
  altitude: number | null;
  geoidSeparation: number | null;
  datum: string | null;
  recordedAt: Date;
}

/** The SQL behind exports: plain reads, each its own short statement (no transaction spans an export). */
export function exportsRepository(db: Db) {
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
           FROM ${livePoints()} WHERE project_id = $1`,
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
    async countBy(projectId: string, column: 'section' | 'accuracy' | 'fix_type'): Promise<{ key: string | null; count: number }[]> {
      const rows = await db.query<{ key: string | null; count: number }>(
        `SELECT ${column} AS key, count(*)::int AS count FROM ${livePoints()} WHERE project_id = $1 GROUP BY ${column} ORDER BY count DESC, key`,
        [projectId],
      );
      return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
    },

    /** Every section name: the project's list, then any a point carries that the list lacks. */
    async sectionsOf(project: ExportProject): Promise<string[]> {
      const rows = await db.query<{ section: string }>(`SELECT DISTINCT section FROM ${livePoints()} WHERE project_id = $1 ORDER BY section`, [
        project.id,
      ]);
      const all = new Set(project.sections);
      for (const r of rows) all.add(r.section);
      return [...all];
    },

    /**
     * The project's points in time order (ties by insertion), PAGE_SIZE at a time. Keyset paging on
     * (recorded_at, seq): each page is one short indexed query, so a slow download never holds a transaction open.
     */
    async *pages(projectId: string, section?: string): AsyncGenerator<ExportPoint[]> {
      const named = photoNamer();
      for await (const page of keyset<PointRow>(db, POINT_COLUMNS, projectId, section)) yield page.map((r) => toPoint(r, named));
    },

    /** Only where each point is, its name and section (what a plan drawing needs), in the same order. */
    async *positions(projectId: string): AsyncGenerator<Position[]> {
      for await (const page of keyset<PositionRow>(db, POSITION_COLUMNS, projectId)) {
        yield page.map(([name, latitude, longitude, section, ellipsoidalHeight, altitude, geoidSeparation, datum, at]) => ({
          name, latitude, longitude, section, ellipsoidalHeight, altitude, geoidSeparation, datum, recordedAt: new Date(at),
        }));
      }
    },
  };
}

/**
 * Pages of rows after a (recorded_at, seq) cursor. A page comes back as one JSON value of arrays: parsing 17 typed
 * columns a row costs 3-4x more (PGlite and node-postgres alike), and arrays a third less than objects. The planner
 * hints keep the index walk even without statistics (PGlite never runs autovacuum; without them the planner sorts
 * every remaining row for each page). Each page is one queryWith (on PGlite one message to the database thread),
 * and the next page is asked for before this one is handed on: the database reads it while the caller writes this
 * one out (100,000 points to csv: 1.10-1.28 s before, see the commit).
 */
export async function* keyset<T extends unknown[]>(db: Db, columns: string, projectId: string, section?: string): AsyncGenerator<T[]> {
  const read = async (cursor: [string, number] | null): Promise<T[]> => {
    const params: unknown[] = [projectId];
    let where = 'project_id = $1';
    if (section !== undefined) where += ` AND section = $${params.push(section)}`;
    if (cursor) where += ` AND (recorded_at, seq) > ($${params.push(cursor[0])}::timestamptz, $${params.push(cursor[1])}::bigint)`;
    const sql = `SELECT json_agg(json_build_array(${columns}, recorded_at, seq) ORDER BY recorded_at, seq)::text AS page
                   FROM (SELECT * FROM ${livePoints()} WHERE ${where} ORDER BY recorded_at, seq LIMIT ${PAGE_SIZE}) t`;
    const [row] = await db.queryWith<{ page: string | null }>(PAGE_PLAN, sql, params);
    return row?.page ? (JSON.parse(row.page) as T[]) : [];
  };
  let next = read(null);
  for (;;) {
    const page = await next;
    if (page.length < PAGE_SIZE) {
      if (page.length > 0) yield page;
      return;
    }
    const last = page[page.length - 1]!;
    next = read([last[last.length - 2] as string, last[last.length - 1] as number]);
    // a caller that stops early (the client hung up) never awaits the page read ahead; its failure is nobody's
    next.catch(() => {});
    yield page;
    // PGlite answers without touching the event loop: let other requests (and a client's hang-up) in between pages
    await nextTurn();
  }
}

/** Planner switches for a keyset page: walk the (project_id, recorded_at, seq) index, never bitmap-and-sort. */
const PAGE_PLAN = { enable_bitmapscan: 'off', enable_sort: 'off' };

export type ExportsRepository = ReturnType<typeof exportsRepository>;

function numberOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function toPoint(r: PointRow, named: (fileName: string) => string): ExportPoint {
  const photoFiles = r[19][3].map(([id, fileName, storageKey]) => ({ id, name: named(fileName), storageKey }));
  return {
    id: r[0],
    name: r[1],
    type: r[2],
    latitude: r[3],
    longitude: r[4],
    accuracy: r[5],
    device: r[6],
    section: r[7],
    fixType: r[8],
    satellites: r[9],
    hdop: r[10],
    horizontalAccuracy: r[11],
    verticalAccuracy: r[12],
    altitude: r[13],
    ellipsoidalHeight: r[14],
    geoidSeparation: r[15],
    precision: toPrecision(r[16]),
    datum: r[17],
    number: r[18],
    code: r[19][0],
    note: r[19][1],
    attributes: r[19][2],
    photos: photoFiles.map((f) => f.name),
    photoFiles,
    collectedBy: r[19][4] ?? null,
    recordedAt: new Date(r[20]),
  };
}

function toPrecision(p: PrecisionRow): ExportPrecision {
  const [method, sigmaE, sigmaN, sigmaU, pdop, epochs, epochsRejected, fixPercent, correctionAge, antennaHeight, warnings] = p;
  return { method, sigmaE, sigmaN, sigmaU, pdop, epochs, epochsRejected, fixPercent, correctionAge, antennaHeight, warnings: warnings ?? [] };
}
