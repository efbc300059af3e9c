import {
  accuracyGrade,
  EMPTY_PROGRESS,
  type AuditAction,
  type AuditObjectKind,
  type EpochRejectReason,
  type EpochView,
  type OccupationMethod,
  type OccupationProgress,
  type OccupationStatus,
  type OccupationView,
  type Tolerances,
} from '@smi/contracts';
import { AUDITED_POINT_COLUMNS, livePoints, pointSnapshot, writeAudit, type AuditedPointRow, type Db, type Queryable } from '@smi/db';
import { measureAgainstBase, type BaseReference, type ProjectBase } from '@smi/base-setups';
import { baseOfOccupation, epochAntenna, measuredPoint } from './base-vectors.js';
import type { Epoch } from './epoch.js';
import type { Measurement } from './measurement.js';
import { endOccupations } from './status.js';
import { occupationViewOf, type OccupationViewRow } from './view.js';

/**
 * The one repository of the `occupations` table and its raw epochs: a user's occupations as the api starts, reads
 * and cancels them (always within the owner's account), and the runs the gateway's engine claims, reports on and
 * ends with their point.
 */

/** The antenna an occupation was started with, resolved from the project's settings and the antenna table. */
export interface ResolvedAntenna {
  Height: number;
  HeightType: 'vertical' | 'slant';
  Reference: string;
  Model: string;
  Offset: number;
  /** vertical: height of the Reference above the ARP, m */
  ReferenceOffset?: number;
  Radius?: number;
  ShmpOffset?: number;
}

/** The view's columns as stored (a progress not written yet is partial), and whether the occupation has gone stale. */
export interface OccupationRow extends Omit<OccupationViewRow, 'progress'> {
  progress: Partial<OccupationProgress>;
  stale: boolean;
}

// a running occupation whose gateway has not written for this long (and past its own pause limit) is gone with it
const STALE_AFTER_S = 30;
const VIEW_COLUMNS = `id, project_id, device_id, device_code, client_id, method, name, section, tolerances, status, reason, progress, point_id,
  created_at, (status IN ('running', 'paused') AND heartbeat_at < now() - make_interval(secs => GREATEST(max_pause_s, ${STALE_AFTER_S}))) AS stale`;

export function toOccupationView(r: OccupationRow): OccupationView {
  // an occupation the gateway has not reported on yet has a partial progress: the view fills the rest with zeros
  return occupationViewOf({ ...r, progress: { ...EMPTY_PROGRESS, ...r.progress } });
}

/** An occupation as its run needs it (the gateway's engine): its antenna, limits and the project's base. */
export interface OccupationRunRow {
  id: string;
  project_id: string;
  owner_id: string;
  device_id: string;
  device_code: string;
  device_name: string;
  client_id: string | null;
  method: OccupationMethod;
  name: string;
  section: string;
  antenna: ResolvedAntenna;
  tolerances: Tolerances;
  max_pause_s: number;
  split_gap_s: number;
  status: OccupationStatus;
  reason: string | null;
  progress: OccupationProgress;
  point_id: string | null;
  created_at: Date;
  /** the project's base station's device code (its RTCM state on this gateway is looked up by it) */
  base_code: string | null;
}

const RUN_COLUMNS = `o.id, o.project_id, o.owner_id, o.device_id, o.device_code, d.name AS device_name, o.client_id, o.method, o.name, o.section,
  o.antenna, o.tolerances, o.max_pause_s, o.split_gap_s, o.status, o.reason, o.progress, o.point_id, o.created_at,
  (SELECT b.code FROM projects p JOIN devices b ON b.id = p.base_station_id WHERE p.id = o.project_id) AS base_code`;

export interface EpochRow {
  seq: number;
  epoch: Epoch;
  reason: EpochRejectReason | null;
  /** the base as this gateway knew it when the epoch arrived (undefined: it does not ingest the base) */
  base?: BaseReference;
}

/**
 * A text column of a batch as a list of its distinct values and each row's 1-based position in it (NaN: null), for a
 * statement to look up (`list[index::int]`): the raw-epoch rows repeat a handful of ids and words.
 */
function indexed<T>(rows: number) {
  const values: T[] = [];
  const at = new Map<T, number>();
  const index = new Float64Array(rows);
  return {
    values,
    index,
    set(row: number, value: T | null): void {
      if (value === null) {
        index[row] = NaN;
        return;
      }
      let k = at.get(value);
      if (k === undefined) at.set(value, (k = values.push(value)));
      index[row] = k;
    },
  };
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
      const [same] = await q.query<OccupationRow>(`SELECT ${VIEW_COLUMNS} FROM occupations WHERE project_id = $1 AND client_id = $2`, [o.projectId, o.clientId]);
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
       ON CONFLICT (project_id, client_id) DO NOTHING RETURNING ${VIEW_COLUMNS}`,
      [o.projectId, o.ownerId, o.deviceId, o.deviceCode, o.clientId, o.method, o.name, o.section, JSON.stringify(o.antenna), JSON.stringify(o.tolerances), o.maxPauseS, o.splitGapS,
        o.code, JSON.stringify(o.attributes), o.note, o.startedBy.id, o.startedBy.name],
    );
    if (row) return { row, created: true };
    // the same ClientId raced in from another tab: answer that one
    const [same] = await q.query<OccupationRow>(`SELECT ${VIEW_COLUMNS} FROM occupations WHERE project_id = $1 AND client_id = $2`, [o.projectId, o.clientId]);
    return { row: same!, created: false };
  },

  /** The user's occupation; one whose gateway is gone is failed on the way (it cannot finish any more). */
  async byId(q: Queryable, ownerId: string, id: string): Promise<OccupationRow | undefined> {
    const [row] = await q.query<OccupationRow>(`SELECT ${VIEW_COLUMNS} FROM occupations WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    if (row?.stale) {
      const [failed] = await endOccupations<OccupationRow>(q, 'failed', 'the gateway running it stopped', { id }, { returning: VIEW_COLUMNS });
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

  // the gateway's engine: the runs it claims, their raw epochs and progress, and their end with a point
  /** Any account's occupation as its run needs it (the engine's; a user's request uses byId). */
  async forRun(q: Queryable, id: string): Promise<OccupationRunRow | undefined> {
    const [row] = await q.query<OccupationRunRow>(`SELECT ${RUN_COLUMNS} FROM occupations o JOIN devices d ON d.id = o.device_id WHERE o.id = $1`, [id]);
    return row;
  },

  /** Whether any occupation is running or paused (on any gateway). */
  async anyActive(q: Queryable): Promise<boolean> {
    return (await q.query(`SELECT 1 FROM occupations WHERE status IN ('running', 'paused') LIMIT 1`)).length > 0;
  },

  async active(q: Queryable): Promise<OccupationRunRow[]> {
    return q.query<OccupationRunRow>(`SELECT ${RUN_COLUMNS} FROM occupations o JOIN devices d ON d.id = o.device_id WHERE o.status IN ('running', 'paused')`);
  },

  /** Raw epochs of one occupation, many rows in one statement. */
  async writeEpochs(db: Db, occupationId: string, rows: EpochRow[]): Promise<void> {
    await this.writeEpochBatch(db, rows.map((row) => ({ occupationId, row })));
  },

  /**
   * Raw epochs of any number of occupations in one statement (the engine's tick: every running occupation's), each
   * with its vector from the base (decision 023: from the broadcast position the epoch's own moment knew, else the
   * database's) and the base setup in force for its occupation. The base and setup are the project's: read once per
   * project in the batch (given projectId), not once per occupation (200 rovers of a project: 3 reads a tick, not 600).
   */
  async writeEpochBatch(db: Db, batch: { occupationId: string; projectId?: string; row: EpochRow }[]): Promise<void> {
    if (!batch.length) return;
    // each project's (else occupation's) base, as its latest epoch here knew it
    const keyOf = (b: { occupationId: string; projectId?: string }) => b.projectId ?? b.occupationId;
    const latest = new Map<string, { occupationId: string; row: EpochRow }>();
    for (const b of batch) latest.set(keyOf(b), b);
    const bases = new Map<string, Awaited<ReturnType<typeof baseOfOccupation>>>();
    for (const [key, b] of latest) bases.set(key, await baseOfOccupation(db, b.occupationId, b.row.base));
    // one pass over the rows into the statement's columns: numbers in Float64Arrays (NaN: null; integers too, cast in
    // SQL), each one buffer to the database's thread and bound there in binary (float-params.mjs); the texts and ids,
    // a handful of values repeated on every row, each once in a list that the rows index (a 250-row batch names about
    // 50 occupations, one fix type, one setup): 1,250 strings a batch were cloned to the database's thread and parsed
    // there, now about 60
    const n = batch.length;
    const column = () => new Float64Array(n);
    const seq = column();
    const at = column();
    const lat = column();
    const lon = column();
    const eh = column();
    const alt = column();
    const sats = column();
    const hdop = column();
    const pdop = column();
    const sh = column();
    const sv = column();
    const age = column();
    const dx = column();
    const dy = column();
    const dz = column();
    const occupations = indexed<string>(n);
    const fixes = indexed<string>(n);
    const reasons = indexed<string>(n);
    const origins = indexed<string>(n);
    const setups = indexed<string>(n);
    const nan = (v: number | null) => (v === null ? NaN : v);
    for (let i = 0; i < n; i++) {
      const b = batch[i]!;
      const { epoch: e, reason } = b.row;
      const base = bases.get(keyOf(b))!;
      const apc = epochAntenna(e);
      const v = apc ? measureAgainstBase(apc, b.row.base?.broadcast ? b.row.base : base.ref, base.setup) : null;
      occupations.set(i, b.occupationId);
      seq[i] = b.row.seq;
      at[i] = e.time;
      lat[i] = nan(e.latitude);
      lon[i] = nan(e.longitude);
      eh[i] = e.altitude !== null && e.geoidSeparation !== null ? e.altitude + e.geoidSeparation : NaN;
      alt[i] = nan(e.altitude);
      fixes.set(i, e.fix);
      sats[i] = nan(e.satellites);
      hdop[i] = nan(e.hdop);
      pdop[i] = nan(e.pdop);
      sh[i] = e.sigmaN !== null && e.sigmaE !== null ? Math.hypot(e.sigmaN, e.sigmaE) : NaN;
      sv[i] = nan(e.sigmaV);
      age[i] = nan(e.correctionAge);
      reasons.set(i, reason);
      dx[i] = v?.vector ? v.vector[0] : NaN;
      dy[i] = v?.vector ? v.vector[1] : NaN;
      dz[i] = v?.vector ? v.vector[2] : NaN;
      origins.set(i, v?.origin ?? null);
      setups.set(i, base.setup?.id ?? null);
    }
    await db.query(
      // each occupation and setup locked once, as their foreign keys did per row (migration 062): the rows of an
      // occupation deleted meanwhile are left out, a setup deleted meanwhile is left null
      `WITH live AS (SELECT id FROM occupations WHERE id = ANY($1::uuid[]) FOR KEY SHARE),
            setups AS (SELECT id FROM base_setups WHERE id = ANY($5::uuid[]) FOR KEY SHARE),
            v AS (SELECT $1::uuid[] AS occupations, $2::text[] AS fixes, $3::text[] AS reasons, $4::text[] AS origins, $5::uuid[] AS setups)
       INSERT INTO point_epochs (occupation_id, seq, at, latitude, longitude, ellipsoidal_height, altitude, fix_type, satellites, hdop, pdop,
         sigma_h, sigma_v, correction_age, accepted, reason, vector_dx, vector_dy, vector_dz, vector_origin, base_setup_id)
       SELECT v.occupations[u.o::int], u.seq::int, to_timestamp(u.at_ms / 1000), u.latitude, u.longitude, u.ellipsoidal_height, u.altitude,
         v.fixes[u.f::int], u.satellites::int, u.hdop, u.pdop, u.sigma_h, u.sigma_v, u.correction_age, u.r IS NULL, v.reasons[u.r::int],
         u.vector_dx, u.vector_dy, u.vector_dz, v.origins[u.g::int], (SELECT s.id FROM setups s WHERE s.id = v.setups[u.s::int])
       FROM v, unnest($6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[],
         $14::float8[], $15::float8[], $16::float8[], $17::float8[], $18::float8[], $19::float8[], $20::float8[], $21::float8[], $22::float8[],
         $23::float8[], $24::float8[], $25::float8[])
         AS u(o, seq, at_ms, latitude, longitude, ellipsoidal_height, altitude, f, satellites, hdop, pdop, sigma_h, sigma_v, correction_age,
              r, vector_dx, vector_dy, vector_dz, g, s)
       WHERE v.occupations[u.o::int] IN (SELECT id FROM live)
       ON CONFLICT DO NOTHING`,
      [
        occupations.values,
        fixes.values,
        reasons.values,
        origins.values,
        setups.values,
        occupations.index,
        seq,
        at,
        lat,
        lon,
        eh,
        alt,
        fixes.index,
        sats,
        hdop,
        pdop,
        sh,
        sv,
        age,
        reasons.index,
        dx,
        dy,
        dz,
        origins.index,
        setups.index,
      ],
    );
  },

  /**
   * Status and progress as the runs have them, and a heartbeat (this gateway still runs them), for any number of
   * occupations in one statement. Only while active and claimed by this gateway: answers the ids that still are (one
   * missing ended, or was failed by a hand-over: its run stops here).
   */
  async saveProgressBatch(q: Queryable, gatewayId: string, list: { id: string; status: OccupationStatus; progress: OccupationProgress }[]): Promise<Set<string>> {
    if (!list.length) return new Set();
    const rows = await q.query<{ id: string }>(
      `UPDATE occupations o SET status = u.status, progress = u.progress::jsonb, heartbeat_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS u(id, status, progress)
        WHERE o.id = u.id AND o.gateway_id = $1 AND o.status IN ('running', 'paused') RETURNING o.id`,
      [gatewayId, list.map((x) => x.id), list.map((x) => x.status), list.map((x) => JSON.stringify(x.progress))],
    );
    return new Set(rows.map((r) => r.id));
  },

  /**
   * The gateway the rover's first epoch reaches claims the occupation: from then on only it runs it. 'mine' when
   * this gateway holds it now; otherwise the gateway that held it (the rover's epochs moved: a reconnect to another
   * gateway, or a restart of the one running it), or null when it is no longer active.
   */
  async claim(q: Queryable, id: string, gatewayId: string): Promise<{ mine: true } | { mine: false; heldBy: string | null }> {
    const [row] = await q.query<{ claimed: boolean; gateway_id: string | null }>(
      `WITH c AS (UPDATE occupations SET gateway_id = $2, heartbeat_at = now()
                  WHERE id = $1 AND status IN ('running', 'paused') AND (gateway_id IS NULL OR gateway_id = $2) RETURNING id)
       SELECT EXISTS (SELECT 1 FROM c) AS claimed, (SELECT gateway_id FROM occupations WHERE id = $1 AND status IN ('running', 'paused')) AS gateway_id`,
      [id, gatewayId],
    );
    if (row?.claimed) return { mine: true };
    return { mine: false, heldBy: row?.gateway_id ?? null };
  },

  /** Ends an active occupation without a point; false when it had already ended. */
  async finish(q: Queryable, id: string, status: 'failed' | 'cancelled' | 'done', reason: string | null, progress?: OccupationProgress): Promise<boolean> {
    return (await endOccupations(q, status, reason, { id }, { progress })).length > 0;
  },

  /**
   * The point, in one transaction with everything that says it exists: the project's counters, the raw epochs the
   * statistics set aside, the occupation's status. Nothing when the occupation is no longer active (cancelled,
   * failed elsewhere): a kill -9 at any moment leaves either all of it or none. The point is a vector from the
   * project's base under its setup in force (measuredPoint, decision 023), as are its epochs.
   */
  async storePoint(
    db: Db,
    o: OccupationRunRow,
    measured: Measurement,
    progress: OccupationProgress,
    name: string,
    final: boolean,
    base?: BaseReference,
  ): Promise<string | undefined> {
    return db.tx(async (q) => {
      const [live] = await q.query<{ status: string }>(`SELECT status FROM occupations WHERE id = $1 FOR UPDATE`, [o.id]);
      if (!live || (live.status !== 'running' && live.status !== 'paused')) return undefined;
      // names are unique per project (decision 041): the start refused a taken one, but a point measured is never lost
      // for its name, so one taken meanwhile (another tab, a continuous run's suffix) becomes "name (2)"; the project
      // row is locked first, as recording a point does, so two points cannot take the same free name
      await q.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [o.project_id]);
      const a = o.antenna;
      const v = await measuredPoint(q, o.id, measured, base);
      const m = { ...measured, ...v };
      const [point] = await q.query<{ id: string } & AuditedPointRow>(
        `INSERT INTO points (project_id, name, type, latitude, longitude, accuracy, recorded_at, device, section, fix_type, satellites, hdop,
           horizontal_accuracy, vertical_accuracy, altitude, method, ellipsoidal_height, geoid_separation, antenna_height, antenna_height_type,
           antenna_reference, antenna_model, antenna_offset, sigma_e, sigma_n, sigma_u, receiver_sigma_e, receiver_sigma_n, receiver_sigma_u,
           pdop, vdop, satellites_min, satellites_max, epochs, epochs_rejected, rejected_reasons, fix_percent, correction_age, started_at,
           ended_at, warnings, occupation_id, base_setup_id, vector_dx, vector_dy, vector_dz)
         VALUES ($1, free_point_name($1, $2), 'recorded', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
           $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42, $43, $44, $45) RETURNING id, ${AUDITED_POINT_COLUMNS}`,
        [
          o.project_id,
          name,
          m.latitude,
          m.longitude,
          accuracyGrade(m.correctionAge === null ? null : m.correctionAge * 1000),
          new Date(m.endedAt).toISOString(),
          o.device_name || o.device_code,
          o.section,
          m.fix,
          m.satellites,
          m.hdop,
          Math.hypot(m.sigmaE, m.sigmaN),
          m.sigmaU,
          m.altitude,
          o.method,
          m.ellipsoidalHeight,
          m.geoidSeparation,
          a.Height,
          a.HeightType,
          a.Reference,
          a.Model,
          a.Offset,
          m.sigmaE,
          m.sigmaN,
          m.sigmaU,
          m.receiverSigmaE,
          m.receiverSigmaN,
          m.receiverSigmaU,
          m.pdop,
          m.vdop,
          m.satellitesMin,
          m.satellitesMax,
          m.epochs,
          m.epochsRejected,
          JSON.stringify(m.rejectedReasons),
          m.fixPercent,
          m.correctionAge,
          new Date(m.startedAt).toISOString(),
          new Date(m.endedAt).toISOString(),
          m.warnings,
          o.id,
          v.setupId,
          v.vector?.[0] ?? null,
          v.vector?.[1] ?? null,
          v.vector?.[2] ?? null,
        ],
      );
      await q.query(
        `UPDATE projects SET total_points = total_points + 1, last_modified = now(), points_revision = points_revision + 1,
           sections = CASE WHEN $2 = ANY(sections) THEN sections ELSE array_append(sections, $2) END WHERE id = $1`,
        [o.project_id, o.section],
      );
      // epochs written before the setup was opened belong to the point's
      if (v.setupId) await q.query('UPDATE point_epochs SET base_setup_id = $2 WHERE occupation_id = $1 AND base_setup_id IS NULL', [o.id, v.setupId]);
      if (m.setAside.size) {
        await q.query(
          `UPDATE point_epochs SET accepted = false, reason = r.reason FROM unnest($2::int[], $3::text[]) AS r(seq, reason)
           WHERE point_epochs.occupation_id = $1 AND point_epochs.seq = r.seq`,
          [o.id, [...m.setAside.keys()], [...m.setAside.values()]],
        );
      }
      await q.query(
        `UPDATE occupations SET point_id = $2, progress = $3, heartbeat_at = now(),
           status = CASE WHEN $4 THEN 'done' ELSE status END, finished_at = CASE WHEN $4 THEN now() ELSE finished_at END WHERE id = $1`,
        [o.id, point!.id, JSON.stringify(progress), final],
      );
      // in the audit trail as a point recorded, by the member who started the occupation (the point's recorder)
      await writeAudit<AuditAction, AuditObjectKind>(q, { id: point!.recorded_by, name: point!.recorded_by_name ?? '', workspaceId: o.owner_id }, {
        action: 'point.recorded',
        objectKind: 'point',
        objectId: point!.id,
        projectId: o.project_id,
        after: { ...pointSnapshot(point!), Occupation: o.id, Method: o.method },
      });
      return point!.id;
    });
  },

  /**
   * Occupations whose gateway stopped saying it runs them (a restart, a crash): failed with the reason. A fresh one
   * that never got an epoch is left to its pause limit.
   */
  /** What a gateway ran when its engine stopped: failed with the reason (ids). */
  async failHeldBy(q: Queryable, gatewayId: string, reason: string): Promise<string[]> {
    return (await endOccupations(q, 'failed', reason, { gatewayId })).map((r) => r.id);
  },

  async failStale(q: Queryable, staleAfterS: number, reason: string, asOf?: Date): Promise<string[]> {
    return (await endOccupations(q, 'failed', reason, { silentFor: staleAfterS, asOf })).map((r) => r.id);
  },
};
