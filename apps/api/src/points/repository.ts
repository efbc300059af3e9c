import type { AccuracyLevel, AntennaHeightType, FixType, PointMethod, PointView, RecordPointBody } from '@smi/contracts';
import type { Queryable } from '@smi/db';

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
   * `project` false: not the owner's project. `row` undefined: the project already has a point with this ClientId
   * (the retry of a lost reply), nothing was changed.
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
         ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${COLUMNS}),
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

  async byId(q: Queryable, pointId: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`SELECT ${COLUMNS} FROM points WHERE id = $1`, [pointId]);
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

  async setCode(q: Queryable, projectId: string, pointId: string, code: string, attributes: PointRow['attributes']): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET code = $3, attributes = $4::jsonb WHERE id = $1 AND project_id = $2 RETURNING ${COLUMNS}`, [
      pointId,
      projectId,
      code,
      JSON.stringify(attributes),
    ]);
    return row;
  },

  async setNote(q: Queryable, projectId: string, pointId: string, note: string): Promise<PointRow | undefined> {
    const [row] = await q.query<PointRow>(`UPDATE points SET note = $3 WHERE id = $1 AND project_id = $2 RETURNING ${COLUMNS}`, [pointId, projectId, note]);
    return row;
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
