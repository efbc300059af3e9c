import type { AccuracyLevel, AntennaHeightType, FixType, PointMethod, PointView, RecordPointBody } from '@smi/contracts';
import { livePoints, POINT_TOMBSTONE_DAYS, pointSnapshotSql, type Queryable } from '@smi/db';

export interface PointRow {
  id: string;
  project_id: string;
  number: number;
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
  method: PointMethod;
  ellipsoidal_height: number | null;
  geoid_separation: number | null;
  antenna_height: number | null;
  antenna_height_type: AntennaHeightType | null;
  antenna_reference: string | null;
  antenna_model: string | null;
  antenna_offset: number | null;
  sigma_e: number | null;
  sigma_n: number | null;
  sigma_u: number | null;
  receiver_sigma_e: number | null;
  receiver_sigma_n: number | null;
  receiver_sigma_u: number | null;
  pdop: number | null;
  vdop: number | null;
  satellites_min: number | null;
  satellites_max: number | null;
  epochs: number | null;
  epochs_rejected: number | null;
  rejected_reasons: Record<string, number> | null;
  fix_percent: number | null;
  correction_age: number | null;
  started_at: Date | null;
  ended_at: Date | null;
  warnings: string[];
  occupation_id: string | null;
  base_setup_id: string | null;
  vector_dx: number | null;
  vector_dy: number | null;
  vector_dz: number | null;
  code: string;
  attributes: Record<string, Record<string, string | number | boolean | null>>;
  note: string;
  recorded_by: string | null;
  recorded_by_name: string;
}

/** Every column of a point, in the order of PointRow (decision 016 for the survey-grade ones). */
export const POINT_COLUMNS = `id, project_id, number, client_id, name, type, latitude, longitude, accuracy, recorded_at, device, section, fix_type,
  satellites, hdop, horizontal_accuracy, vertical_accuracy, altitude, created_at, method, ellipsoidal_height, geoid_separation,
  antenna_height, antenna_height_type, antenna_reference, antenna_model, antenna_offset, sigma_e, sigma_n, sigma_u,
  receiver_sigma_e, receiver_sigma_n, receiver_sigma_u, pdop, vdop, satellites_min, satellites_max, epochs, epochs_rejected,
  rejected_reasons, fix_percent, correction_age, started_at, ended_at, warnings, occupation_id, base_setup_id,
  vector_dx, vector_dy, vector_dz, code, attributes, note, recorded_by, recorded_by_name`;
const COLUMNS = POINT_COLUMNS;

/** A deleted point: when, by whom (the name then), and until when it can be restored (decision 072). */
export interface TombstoneRow extends PointRow {
  deleted_at: Date;
  deleted_by: string | null;
  deleted_by_name: string;
  restorable_until: Date;
}
const TOMBSTONE_COLUMNS = `deleted_at, deleted_by, coalesce(deleted_by_name, '') AS deleted_by_name,
  deleted_at + make_interval(hours => ${24 * POINT_TOMBSTONE_DAYS}) AS restorable_until`;
/** deleted, and not yet past its days (the purge may not have run since); days of 24 hours whatever the time zone */
const RESTORABLE = `deleted_at IS NOT NULL AND deleted_at >= now() - make_interval(hours => ${24 * POINT_TOMBSTONE_DAYS})`;

/** Who records a point: the signed-in member and the name they have at that time. */
export interface Recorder {
  id: string;
  name: string;
}

/** What a recorded point's project says about its base: whether the point becomes a vector of a setup (decision 023). */
export interface RecordedIn {
  base_station_id: string | null;
  base_mode: string;
  base_latitude: number | null;
  base_longitude: number | null;
  /** the base has broadcast its position (1005/1006) */
  broadcasts: boolean;
}

/** Points are reached through their project; callers check the project is the user's first. */
export const pointsRepository = {
  /**
   * Records a point and counts it in its project in one statement (one round trip, atomic on its own): the project row
   * is locked, the point inserted, and Total_Points, Sections, Last_Modified and the points revision updated with it.
   * `project` false: not the owner's project. `row` undefined: the project already has (or had: deleted, purged) a
   * point with this ClientId (the retry of a lost reply), nothing was changed.
   */
  async record(q: Queryable, ownerId: string, by: Recorder, p: RecordPointBody & { Timestamp: string; Attributes: PointRow['attributes'] }): Promise<{ project?: RecordedIn; row?: PointRow }> {
    const [result] = await q.query<PointRow & { project_found: boolean } & { [K in keyof RecordedIn as `project_${K}`]: RecordedIn[K] }>(
      `WITH project AS (
         SELECT p.id, p.base_station_id, p.base_mode, p.base_latitude, p.base_longitude, s.arp_x IS NOT NULL AS broadcasts
         FROM projects p LEFT JOIN base_rtcm_state s ON s.device_id = p.base_station_id
         WHERE p.id = $1 AND p.owner_id = $17::uuid FOR UPDATE OF p),
       inserted AS (
         INSERT INTO points (project_id, client_id, name, type, latitude, longitude, accuracy, recorded_at, device, section,
           fix_type, satellites, hdop, horizontal_accuracy, vertical_accuracy, altitude, ellipsoidal_height, geoid_separation, code, attributes, note, warnings,
           recorded_by, recorded_by_name)
         SELECT id, $2::uuid, $3::text, $4::text, $5::float8, $6::float8, $7::text, $8::timestamptz, $9::text, $10::text,
           $11::text, $12::int, $13::float8, $14::float8, $15::float8, $16::float8, $18::float8, $19::float8, $20::text, $21::jsonb, $22::text,
           -- sent by the browser, not measured by the server
           ARRAY['not-measured-by-server'], $23::uuid, $24::text FROM project
         -- a point deleted and purged since is never recorded again by a late retry of it
         WHERE NOT EXISTS (SELECT 1 FROM purged_point_clients x WHERE x.project_id = project.id AND x.client_id = $2::uuid)
         ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${COLUMNS}),
       -- its audit entry in the same statement (decision 071): recording stays one statement
       audited AS (
         INSERT INTO audit_log (workspace_id, project_id, user_id, user_name, action, object_kind, object_id, before, after)
         SELECT $17::uuid, inserted.project_id, $23::uuid, $24::text, 'point.recorded', 'point', inserted.id::text, NULL, ${pointSnapshotSql('inserted')}
         FROM inserted),
       counted AS (
         UPDATE projects SET total_points = total_points + 1, last_modified = now(), points_revision = points_revision + 1,
           -- a section the project does not have yet is added: a point taken in the field is never refused for its section
           sections = CASE WHEN inserted.section = ANY(sections) THEN sections ELSE array_append(sections, inserted.section) END
         FROM inserted WHERE projects.id = inserted.project_id)
       SELECT EXISTS (SELECT 1 FROM project) AS project_found, project.base_station_id AS project_base_station_id,
         project.base_mode AS project_base_mode, project.base_latitude AS project_base_latitude,
         project.base_longitude AS project_base_longitude, project.broadcasts AS project_broadcasts, inserted.*
       FROM (SELECT 1) AS one LEFT JOIN project ON true LEFT JOIN inserted ON true`,
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
        p.EllipsoidalHeight ?? null,
        p.GeoidSeparation ?? null,
        p.Code,
        JSON.stringify(p.Attributes),
        p.Note,
        by.id,
        by.name,
      ],
    );
    const {
      project_found,
      project_base_station_id: base_station_id,
      project_base_mode: base_mode,
      project_base_latitude: base_latitude,
      project_base_longitude: base_longitude,
      project_broadcasts: broadcasts,
      ...row
    } = result!;
    if (!project_found) return {};
    return { project: { base_station_id, base_mode, base_latitude, base_longitude, broadcasts }, row: row.id ? row : undefined };
  },

  /** A live point (not deleted); a tombstone answers like a missing point. */
  async byId(q: Queryable, pointId: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`SELECT ${COLUMNS} FROM ${livePoints()} WHERE id = $1`, [pointId]);
    return row;
  },

  /**
   * The point a ClientId recorded, deleted or not (a retry of a deleted point must find it, never record it again);
   * `purged`: it was deleted and purged since.
   */
  async byClientId(q: Queryable, projectId: string, clientId: string): Promise<(PointRow & { deleted_at: Date | null }) | { purged: true } | undefined> {
    const [row] = await q.query<PointRow & { deleted_at: Date | null }>(
      `SELECT ${COLUMNS}, deleted_at FROM points /* with tombstones */ WHERE project_id = $1 AND client_id = $2`,
      [projectId, clientId],
    );
    if (row) return row;
    const [purged] = await q.query('SELECT 1 FROM purged_point_clients WHERE project_id = $1 AND client_id = $2', [projectId, clientId]);
    return purged ? { purged: true } : undefined;
  },

  /** In the order they were taken; points with the same time in the order they were recorded. */
  async list(q: Queryable, projectId: string): Promise<PointRow[]> {
    return q.query<PointRow>(`SELECT ${COLUMNS} FROM ${livePoints()} WHERE project_id = $1 ORDER BY recorded_at, seq`, [projectId]);
  },

  /** Marks a live point deleted (a tombstone, decision 072); undefined when there is no such live point. */
  async remove(q: Queryable, projectId: string, pointId: string, by: Recorder): Promise<TombstoneRow | undefined> {
    const [row] = await q.query<TombstoneRow>(
      `UPDATE points SET deleted_at = now(), deleted_by = $3, deleted_by_name = $4
        WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}, ${TOMBSTONE_COLUMNS}`,
      [pointId, projectId, by.id, by.name],
    );
    return row;
  },

  /** The project's deleted points still restorable, the last deleted first. */
  async deleted(q: Queryable, projectId: string): Promise<TombstoneRow[]> {
    return q.query<TombstoneRow>(
      `SELECT ${COLUMNS}, ${TOMBSTONE_COLUMNS} FROM points /* with tombstones */
        WHERE project_id = $1 AND ${RESTORABLE} ORDER BY deleted_at DESC, seq DESC`,
      [projectId],
    );
  },

  /** A deleted point still restorable, locked; undefined for a live, purged, expired or missing one. */
  async tombstone(q: Queryable, projectId: string, pointId: string): Promise<TombstoneRow | undefined> {
    const [row] = await q.query<TombstoneRow>(
      `SELECT ${COLUMNS}, ${TOMBSTONE_COLUMNS} FROM points /* with tombstones */ WHERE id = $1 AND project_id = $2 AND ${RESTORABLE} FOR UPDATE`,
      [pointId, projectId],
    );
    return row;
  },

  /** Brings a deleted point back; the partial unique index refuses it while a live point has its name. */
  async restore(q: Queryable, projectId: string, pointId: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(
      `UPDATE points SET deleted_at = NULL, deleted_by = NULL, deleted_by_name = NULL
        WHERE id = $1 AND project_id = $2 AND ${RESTORABLE} RETURNING ${COLUMNS}`,
      [pointId, projectId],
    );
    return row;
  },

  /**
   * Removes for good the points deleted more than POINT_TOMBSTONE_DAYS before `now` (their photos' rows, epochs'
   * links and history go with them by the foreign keys), keeping their ClientIds so a late retry cannot record them
   * again. One statement: a purge that fails leaves every tombstone as it was.
   */
  async purge(q: Queryable, now: Date): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM points /* with tombstones */ WHERE deleted_at < $1::timestamptz - make_interval(hours => $2::int) RETURNING project_id, client_id),
       kept AS (
         INSERT INTO purged_point_clients (project_id, client_id) SELECT project_id, client_id FROM gone WHERE client_id IS NOT NULL
         ON CONFLICT DO NOTHING)
       SELECT count(*)::int AS n FROM gone`,
      [now.toISOString(), 24 * POINT_TOMBSTONE_DAYS],
    );
    return row!.n;
  },

  async setCode(q: Queryable, projectId: string, pointId: string, code: string, attributes: PointRow['attributes']): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET code = $3, attributes = $4::jsonb WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`, [
      pointId,
      projectId,
      code,
      JSON.stringify(attributes),
    ]);
    return row;
  },

  async setNote(q: Queryable, projectId: string, pointId: string, note: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET note = $3 WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`, [pointId, projectId, note]);
    return row;
  },

  async rename(q: Queryable, projectId: string, pointId: string, name: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET name = $3 WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`, [
      pointId,
      projectId,
      name,
    ]);
    return row;
  },
};

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export function toPointView(r: PointRow): PointView {
  return {
    _id: r.id,
    ProjectId: r.project_id,
    Number: r.number,
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
    Method: r.method,
    EllipsoidalHeight: r.ellipsoidal_height,
    GeoidSeparation: r.geoid_separation,
    AntennaHeight: r.antenna_height,
    AntennaHeightType: r.antenna_height_type,
    AntennaReference: r.antenna_reference,
    AntennaModel: r.antenna_model,
    AntennaOffset: r.antenna_offset,
    SigmaE: r.sigma_e,
    SigmaN: r.sigma_n,
    SigmaU: r.sigma_u,
    ReceiverSigmaE: r.receiver_sigma_e,
    ReceiverSigmaN: r.receiver_sigma_n,
    ReceiverSigmaU: r.receiver_sigma_u,
    Pdop: r.pdop,
    Vdop: r.vdop,
    SatellitesMin: r.satellites_min,
    SatellitesMax: r.satellites_max,
    Epochs: r.epochs,
    EpochsRejected: r.epochs_rejected,
    RejectedReasons: r.rejected_reasons,
    FixPercent: r.fix_percent,
    CorrectionAge: r.correction_age,
    StartedAt: isoOrNull(r.started_at),
    EndedAt: isoOrNull(r.ended_at),
    Warnings: r.warnings,
    OccupationId: r.occupation_id,
    BaseSetupId: r.base_setup_id,
    VectorDx: r.vector_dx,
    VectorDy: r.vector_dy,
    VectorDz: r.vector_dz,
    Code: r.code,
    Attributes: r.attributes,
    Note: r.note,
    RecordedBy: { Id: r.recorded_by, Name: r.recorded_by_name },
  };
}
