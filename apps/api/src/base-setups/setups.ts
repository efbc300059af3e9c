import type { CorrectBaseSetupBody } from '@smi/contracts';
import type { Db, Queryable } from '@smi/db';
import { ecefToGeodetic, geodeticToEcef, vectorPoint } from '@smi/geodesy';
import { broadcastPosition } from '../devices/base-rtcm.js';
import { AppError } from '../http/errors.js';
import { projectsRepository } from '../projects/repository.js';
import { heightOf, supersede, targetAt } from './recompute.js';
import { baseSetupsRepository, toBaseSetupView, type BaseSetupRow } from './repository.js';

const notFound = () => new AppError(404, 'Base setup not found');

/**
 * The project's setup in force; when it has none and its base has broadcast a 1005/1006, one is opened from that
 * broadcast position (source 'rtcm'). Undefined: no base, or a base that never broadcast its position.
 */
export async function setupInForce(q: Queryable, project: { id: string; base_station_id: string | null }, userId: string | null) {
  const current = await baseSetupsRepository.currentOf(q, project.id, true);
  if (current) return current;
  if (!project.base_station_id) return undefined;
  const b = await broadcastPosition(q, project.base_station_id);
  if (!b) return undefined;
  const g = ecefToGeodetic(b.x, b.y, b.z);
  return baseSetupsRepository.insert(q, {
    projectId: project.id,
    source: 'rtcm',
    baseDeviceId: project.base_station_id,
    x: b.x,
    y: b.y,
    z: b.z,
    latitude: g.latitude,
    longitude: g.longitude,
    height: g.height,
    antennaHeight: b.antennaHeight,
    createdBy: userId,
  });
}

/**
 * A point the browser recorded in Auto Fix mode is the rover's RTK position as it reported it: relative to the base's
 * broadcast position. With a broadcast position known it becomes a vector of the setup in force, so a later
 * correction of the base moves it too. In Known mode the browser shifted it by (known - live base), which the
 * server cannot undo exactly: such points are left as they were sent.
 */
export async function attachToSetup(db: Db, ownerId: string, pointId: string, projectId: string): Promise<void> {
  await db.tx(async (q) => {
    const project = await projectsRepository.owned(q, ownerId, projectId, true);
    if (!project || project.base_mode !== 'auto' || !project.base_station_id) return;
    const broadcast = await broadcastPosition(q, project.base_station_id);
    if (!broadcast) return;
    const setup = await setupInForce(q, project, ownerId);
    if (!setup || setup.source !== 'rtcm') return;
    const [p] = await q.query<{ latitude: number; longitude: number; ellipsoidal_height: number | null; geoid_separation: number | null; altitude: number | null }>(
      'SELECT latitude, longitude, ellipsoidal_height, geoid_separation, altitude FROM points WHERE id = $1 AND base_setup_id IS NULL',
      [pointId],
    );
    if (!p) return;
    const rover = geodeticToEcef(p.latitude, p.longitude, heightOf(p, setup.height));
    const { vector } = vectorPoint({ roverAntenna: rover, broadcast: [broadcast.x, broadcast.y, broadcast.z], setup: [setup.x, setup.y, setup.z] });
    await q.query('UPDATE points SET base_setup_id = $2, vector_dx = $3, vector_dy = $4, vector_dz = $5 WHERE id = $1', [pointId, setup.id, ...vector!]);
  });
}

/** New coordinates for a setup: a new version, every point of the old one re-computed (one transaction). */
export async function correctSetup(db: Db, ownerId: string, setupId: string, body: CorrectBaseSetupBody) {
  const out = await db.tx(async (q) => {
    const old = await baseSetupsRepository.owned(q, ownerId, setupId, true);
    if (!old) throw notFound();
    if (!old.current) throw new AppError(409, 'This base setup has a newer version');
    const target = targetAt(body.Latitude, body.Longitude, body.Height ?? old.height, {
      source: body.Source,
      antennaHeight: body.AntennaHeight === undefined ? old.antenna_height : body.AntennaHeight,
      datum: body.Datum ?? old.datum,
    });
    return supersede(q, old, target, { userId: ownerId, reason: 'base corrected' });
  });
  return { success: true as const, message: out.recomputed.Message, setup: toBaseSetupView(out.setup), recomputed: out.recomputed };
}

/** Back to the previous version's coordinates (itself a new version: the history only grows). */
export async function undoSetup(db: Db, ownerId: string, setupId: string) {
  const out = await db.tx(async (q) => {
    const old = await baseSetupsRepository.owned(q, ownerId, setupId, true);
    if (!old) throw notFound();
    if (!old.current) throw new AppError(409, 'This base setup has a newer version');
    const previous = old.previous_id ? await baseSetupsRepository.byId(q, old.previous_id) : undefined;
    if (!previous) throw new AppError(400, 'This base setup has no previous version');
    return supersede(q, old, fromRow(previous), { userId: ownerId, reason: 'undo' });
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
export async function knownPositionTyped(db: Db, ownerId: string, projectId: string, latitude: number, longitude: number) {
  return db.tx(async (q) => {
    const project = await projectsRepository.owned(q, ownerId, projectId, true);
    if (!project) return null;
    const current = await setupInForce(q, project, ownerId);
    if (!current) return null;
    if (current.latitude === latitude && current.longitude === longitude && current.source === 'known') return null;
    const target = targetAt(latitude, longitude, current.height, { source: 'known', antennaHeight: current.antenna_height, datum: current.datum });
    return supersede(q, current, target, { userId: ownerId, reason: 'known position typed' });
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
