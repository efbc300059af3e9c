import type { StakeRecordView } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';
import { cutFill, pointGuidance, stationOffset, withinTolerance, type DesignVertex } from '@smi/design';
import { fromMetres, toMetres, type LinearUnit } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';

export interface StakeRecordRow {
  occupation_id: string;
  design_point_id: string | null;
  design_name: string;
  design_e: number;
  design_n: number;
  design_h: number | null;
  tolerance_h: number;
  tolerance_v: number;
  status: string;
  point_id: string | null;
  point_name: string | null;
  occupation_name: string;
  started_by_name: string;
  created_at: Date;
  finished_at: Date | null;
  latitude: number | null;
  longitude: number | null;
  ellipsoidal_height: number | null;
  altitude: number | null;
  geoid_separation: number | null;
  recorded_at: Date | null;
  datum: string | null;
  design_line_id: string | null;
  line_snapshot: LineSnapshot | null;
  station: number | null;
  line_offset: number | null;
}

/** A design line as it was when staking started (metres): what the staked point's station and offset are read against. */
export interface LineSnapshot {
  name: string;
  closed: boolean;
  startStation: number;
  vertices: DesignVertex[];
}

export const stakeRecordsRepository = {
  async insert(
    q: Queryable,
    r: {
      occupationId: string;
      projectId: string;
      designPointId: string | null;
      name: string;
      e: number;
      n: number;
      h: number | null;
      toleranceH: number;
      toleranceV: number;
      /** staked on a design line: its id, the station and offset staked (metres) and the line as it is now */
      line?: { id: string; station: number; offset: number; snapshot: LineSnapshot } | null;
    },
  ) {
    await q.query(
      `INSERT INTO stake_records (occupation_id, project_id, design_point_id, design_name, design_e, design_n, design_h, tolerance_h, tolerance_v,
                                  design_line_id, line_snapshot, station, line_offset)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [r.occupationId, r.projectId, r.designPointId, r.name, r.e, r.n, r.h, r.toleranceH, r.toleranceV, r.line?.id ?? null, r.line ? JSON.stringify(r.line.snapshot) : null, r.line?.station ?? null, r.line?.offset ?? null],
    );
  },

  /** The project's records, oldest first; the caller has checked the project is the workspace's. */
  async list(q: Queryable, projectId: string): Promise<StakeRecordRow[]> {
    return q.query<StakeRecordRow>(
      `SELECT s.occupation_id, s.design_point_id, s.design_name, s.design_e, s.design_n, s.design_h, s.tolerance_h, s.tolerance_v,
              s.design_line_id, s.line_snapshot, s.station, s.line_offset,
              o.status, o.point_id, p.name AS point_name, o.name AS occupation_name, o.started_by_name, o.created_at, o.finished_at,
              p.latitude, p.longitude, p.ellipsoidal_height, p.altitude, p.geoid_separation, p.recorded_at,
              (SELECT bs.datum FROM base_setups bs WHERE bs.id = p.base_setup_id) AS datum
         FROM stake_records s JOIN occupations o ON o.id = s.occupation_id LEFT JOIN ${livePoints('p')} ON p.id = o.point_id
        WHERE s.project_id = $1 ORDER BY s.created_at, s.occupation_id`,
      [projectId],
    );
  },
};

/**
 * One record as the list and the cut sheet give it: the stored point in the project's coordinates (the one
 * computation, decision 039) against the design as staked, rover - design (decision 046), in the CRS's unit.
 */
export function stakeRecordView(r: StakeRecordRow, g: ProjectGeodesy, unit: LinearUnit): StakeRecordView {
  const u = (m: number) => fromMetres(m, unit);
  const c =
    r.latitude !== null && r.longitude !== null
      ? pointCoordinates(g, { latitude: r.latitude, longitude: r.longitude, ellipsoidalHeight: r.ellipsoidal_height, altitude: r.altitude, geoidSeparation: r.geoid_separation, datum: r.datum, recordedAt: r.recorded_at ?? undefined })
      : null;
  const design = { e: r.design_e, n: r.design_n, h: r.design_h };
  const staked = c && { e: toMetres(c.easting, unit), n: toMetres(c.northing, unit), h: c.height === null ? null : toMetres(c.height, unit) };
  const d = staked && pointGuidance(design, staked);
  const within = d && withinTolerance(d.horizontalDistance, d.dH, { horizontal: r.tolerance_h, vertical: r.tolerance_v });
  const l = r.line_snapshot;
  const on = l && staked && stationOffset({ name: l.name, code: '', layer: '', closed: l.closed, startStation: l.startStation, vertices: l.vertices, line: 0 }, staked.e, staked.n);
  return {
    OccupationId: r.occupation_id,
    Status: r.status,
    PointId: r.point_id,
    PointName: r.point_name ?? r.occupation_name,
    DesignPointId: r.design_point_id,
    Design: { name: r.design_name, easting: u(r.design_e), northing: u(r.design_n), elevation: r.design_h === null ? null : u(r.design_h) },
    Staked: c && { easting: c.easting, northing: c.northing, elevation: c.height },
    dN: d && u(d.dN),
    dE: d && u(d.dE),
    dH: d && d.dH !== null ? u(d.dH) : null,
    distance: d && u(d.horizontalDistance),
    cutFill: d && d.dH !== null ? cutFill(d.dH).kind : null,
    within,
    tolerance: { horizontal: u(r.tolerance_h), vertical: u(r.tolerance_v) },
    Line:
      l && r.station !== null && r.line_offset !== null
        ? { id: r.design_line_id, name: l.name, station: u(r.station), offset: u(r.line_offset), stakedStation: on ? u(on.station) : null, stakedOffset: on ? u(on.offset) : null }
        : null,
    StakedBy: r.started_by_name,
    StartedAt: new Date(r.created_at).toISOString(),
    FinishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  };
}

const CSV_HEADER = (sym: string) =>
  [
    'design_name', `design_northing_${sym}`, `design_easting_${sym}`, `design_elevation_${sym}`, 'staked_name', `staked_northing_${sym}`, `staked_easting_${sym}`, `staked_elevation_${sym}`,
    `dn_${sym}`, `de_${sym}`, `dz_${sym}`, 'cut_fill', `horizontal_distance_${sym}`, 'in_tolerance', 'status', 'staked_by', 'started_at',
    'line', `station_${sym}`, `offset_${sym}`, `staked_station_${sym}`, `staked_offset_${sym}`,
  ].join(',');

/** A text cell: quoted when it holds a delimiter or a quote; a leading formula character is neutralised. */
function text(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const fixed = (v: number | null, d = 3) => (v === null ? '' : v.toFixed(d));

/** The cut sheet: one row per record, lengths to the millimetre (or 0.001 ft), CRLF lines. */
export function stakeReportCsv(records: StakeRecordView[], unitSymbol: string): string {
  const lines = [CSV_HEADER(unitSymbol)];
  for (const r of records) {
    lines.push(
      [
        text(r.Design.name), fixed(r.Design.northing), fixed(r.Design.easting), fixed(r.Design.elevation), text(r.PointName),
        fixed(r.Staked?.northing ?? null), fixed(r.Staked?.easting ?? null), fixed(r.Staked?.elevation ?? null),
        fixed(r.dN), fixed(r.dE), fixed(r.dH), r.cutFill ?? '', fixed(r.distance), r.within ? (r.within.both ? 'yes' : 'no') : '',
        r.Status, text(r.StakedBy), r.StartedAt,
        r.Line ? text(r.Line.name) : '', fixed(r.Line?.station ?? null), fixed(r.Line?.offset ?? null), fixed(r.Line?.stakedStation ?? null), fixed(r.Line?.stakedOffset ?? null),
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
