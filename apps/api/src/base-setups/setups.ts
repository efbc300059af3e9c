import type { BaseCorrection, CorrectBaseSetupBody } from '@smi/contracts';
import { livePoints, type Db, type Queryable } from '@smi/db';
import { BASE_FROM_NMEA, ecefToGeodetic, geodeticToEcef, sub, vectorPoint, type Vec3 } from '@smi/geodesy';
import { baseReferenceOf, setupInForce as openSetupInForce, baseSetupsRepository, toBaseSetupView, type BaseSetupRow } from '@smi/base-setups';
import { AppError } from '../http/errors.js';
import { POINT_COLUMNS, type PointRow, type RecordedIn } from '../points/repository.js';
import { projectsRepository } from '../projects/repository.js';
import { heightOf, supersede, targetAt } from './recompute.js';
import type { AuditActor } from '../audit/audit-log.js';

const notFound = () => new AppError(404, 'Base setup not found');

type ProjectWithBase = { id: string; base_station_id: string | null; base_mode: string; base_latitude: number | null; base_longitude: number | null };

/**
 * The project's setup in force, opened from its Known Position or its base's broadcast 1005/1006 when it has
 * none (the gateway's rule, shared with the points it measures). Undefined: nothing to open one from.
 */
export async function setupInForce(q: Queryable, project: ProjectWithBase, userId: string | null) {
  if (!project.base_station_id) return baseSetupsRepository.currentOf(q, project.id, true);
  return openSetupInForce(q, project, await baseReferenceOf(q, project.base_station_id), userId);
}

/**
 * How the browser placed the point it posts (POST /api/points), when it does not say: in Known Position mode with
 * typed coordinates the rover shifted by the known minus the live base NMEA position, else the rover as it reported
 * itself (relative to the base's broadcast position).
 */
export function inferredCorrection(project: Pick<ProjectWithBase, 'base_mode' | 'base_latitude' | 'base_longitude'>): BaseCorrection {
  return project.base_mode === 'known' && project.base_latitude !== null && project.base_longitude !== null ? 'base-nmea' : 'none';
}

/**
 * Whether attachToSetup can change a point of this project (read with the point's insert): without a base, or a
 * 'none' point against a base that has broadcast nothing, the point stays as it was sent, and the record call skips
 * the second transaction.
 */
export function attaches(project: RecordedIn, said?: BaseCorrection): boolean {
  if (!project.base_station_id) return false;
  return (said ?? inferredCorrection(project)) !== 'none' || project.broadcasts;
}

/**
 * A point the browser recorded becomes a vector of the base setup in force, so a later correction of the base
 * moves it too:
 * - 'none' (Auto Fix): the rover's RTK position, relative to the broadcast position: vector = point - broadcast;
 *   under a setup corrected since (not at the broadcast position) the point is stored at setup + vector.
 * - 'broadcast' / 'base-nmea' (Known Position): the browser already placed it against the known base, so the
 *   vector is point - setup and the point stays; 'base-nmea' (known - live base NMEA, the default there) flags it.
 * Without a base, or a 'none' point with nothing broadcast, the point is left as it was sent. Returns the point as it
 * now is when it was attached (read by the statement that attached it), else undefined.
 */
export async function attachToSetup(db: Db, ownerId: string, byUserId: string, pointId: string, projectId: string, said?: BaseCorrection): Promise<PointRow | undefined> {
  return db.tx(async (q): Promise<PointRow | undefined> => {
    const project = await projectsRepository.owned(q, ownerId, projectId, true);
    if (!project || !project.base_station_id) return;
    const ref = await baseReferenceOf(q, project.base_station_id);
    const correction = said ?? inferredCorrection(project);
    if (correction === 'none' && !ref.broadcast) return;
    // a setup made here is made by the member recording the point, not by the workspace that owns the project
    const setup = await openSetupInForce(q, project, ref, byUserId);
    if (!setup) return;
    const [p] = await q.query<{ latitude: number; longitude: number; ellipsoidal_height: number | null; geoid_separation: number | null; altitude: number | null }>(
      `SELECT latitude, longitude, ellipsoidal_height, geoid_separation, altitude FROM ${livePoints()} WHERE id = $1 AND base_setup_id IS NULL`,
      [pointId],
    );
    if (!p) return;
    const h = heightOf(p, setup.height);
    const at = geodeticToEcef(p.latitude, p.longitude, h);
    const setupAt: Vec3 = [setup.x, setup.y, setup.z];
    if (correction !== 'none') {
      const vector = sub(at, setupAt);
      const warn = correction === 'base-nmea' ? BASE_FROM_NMEA : null;
      const [row] = await q.query<PointRow>(
        `UPDATE points SET base_setup_id = $2, vector_dx = $3, vector_dy = $4, vector_dz = $5,
           warnings = CASE WHEN $6::text IS NULL OR $6 = ANY(warnings) THEN warnings ELSE array_append(warnings, $6) END WHERE id = $1
         RETURNING ${POINT_COLUMNS}`,
        [pointId, setup.id, ...vector, warn],
      );
      await bumpPoints(q, project.id);
      return row;
    }
    const { vector, antenna } = vectorPoint({ roverAntenna: at, broadcast: ref.broadcast, setup: setupAt });
    if (setupAt.every((v, k) => v === ref.broadcast![k])) {
      // the setup is the broadcast position: the point is where the rover put it (no round trip through ECEF)
      const [row] = await q.query<PointRow>(`UPDATE points SET base_setup_id = $2, vector_dx = $3, vector_dy = $4, vector_dz = $5 WHERE id = $1 RETURNING ${POINT_COLUMNS}`, [
        pointId,
        setup.id,
        ...vector!,
      ]);
      return row;
    }
    const g = ecefToGeodetic(...antenna);
    const dh = g.height - h;
    const [row] = await q.query<PointRow>(
      `UPDATE points SET base_setup_id = $2, vector_dx = $3, vector_dy = $4, vector_dz = $5, latitude = $6, longitude = $7,
         ellipsoidal_height = ellipsoidal_height + $8, altitude = altitude + $8 WHERE id = $1 RETURNING ${POINT_COLUMNS}`,
      [pointId, setup.id, ...vector!, g.latitude, g.longitude, dh],
    );
    await bumpPoints(q, project.id);
    return row;
  });
}

// a list read between the point's insert and this would be cached under the insert's revision
const bumpPoints = (q: Queryable, projectId: string) => q.query('UPDATE projects SET points_revision = points_revision + 1 WHERE id = $1', [projectId]);

/** New coordinates for a setup: a new version, every point of the old one re-computed (one transaction). */
export async function correctSetup(db: Db, ownerId: string, by: AuditActor, setupId: string, body: CorrectBaseSetupBody) {
  const out = await db.tx(async (q) => {
    const old = await baseSetupsRepository.owned(q, ownerId, setupId, true);
    if (!old) throw notFound();
    if (!old.current) throw new AppError(409, 'This base setup has a newer version');
    const target = targetAt(body.Latitude, body.Longitude, body.Height ?? old.height, {
      source: body.Source,
      antennaHeight: body.AntennaHeight === undefined ? old.antenna_height : body.AntennaHeight,
      datum: body.Datum ?? old.datum,
    });
    return supersede(q, old, target, { userId: by.id, reason: 'base corrected', by });
  });
  return { success: true as const, message: out.recomputed.Message, setup: toBaseSetupView(out.setup), recomputed: out.recomputed };
}

/** Back to the previous version's coordinates (itself a new version: the history only grows). */
export async function undoSetup(db: Db, ownerId: string, by: AuditActor, setupId: string) {
  const out = await db.tx(async (q) => {
    const old = await baseSetupsRepository.owned(q, ownerId, setupId, true);
    if (!old) throw notFound();
    if (!old.current) throw new AppError(409, 'This base setup has a newer version');
    const previous = old.previous_id ? await baseSetupsRepository.byId(q, old.previous_id) : undefined;
    if (!previous) throw new AppError(400, 'This base setup has no previous version');
    return supersede(q, old, fromRow(previous), { userId: by.id, reason: 'undo', by });
  });
  return { success: true as const, message: out.recomputed.Message, setup: toBaseSetupView(out.setup), recomputed: out.recomputed };
}

function fromRow(r: BaseSetupRow) {
  return {
    source: r.source,
    x: r.x,
    y: r.y,
    z: r.z,
    latitude: r.latitude,
    longitude: r.longitude,
    height: r.height,
    antennaHeight: r.antenna_height,
    datum: r.datum,
    sigmaH: r.sigma_h,
    sigmaV: r.sigma_v,
  };
}

/**
 * The Positioning Mode panel's Known Position: the typed latitude/longitude become the setup in force (its height
 * kept), re-computing the points of the setup. Nothing to re-compute when the project has no setup yet.
 */
export async function knownPositionTyped(db: Db, ownerId: string, by: AuditActor, projectId: string, latitude: number, longitude: number) {
  return db.tx(async (q) => {
    const project = await projectsRepository.owned(q, ownerId, projectId, true);
    if (!project) return null;
    const current = await setupInForce(q, project, by.id);
    if (!current) return null;
    if (current.latitude === latitude && current.longitude === longitude && current.source === 'known') return null;
    const target = targetAt(latitude, longitude, current.height, { source: 'known', antennaHeight: current.antenna_height, datum: current.datum });
    return supersede(q, current, target, { userId: by.id, reason: 'known position typed', by });
  });
}

/** Auto Fix chosen again: the setup in force ends; the next point opens a new one from the broadcast position. */
export async function endSetup(db: Db, projectId: string): Promise<void> {
  await db.query('UPDATE base_setups SET ended_at = now() WHERE project_id = $1 AND current AND ended_at IS NULL', [projectId]);
}

export async function listSetups(db: Db, ownerId: string, projectId: string) {
  if (!(await projectsRepository.owned(db, ownerId, projectId))) throw new AppError(404, 'Project not found');
  return { success: true as const, setups: (await baseSetupsRepository.list(db, projectId)).map(toBaseSetupView) };
}
