import type { Queryable } from '@smi/db';
import { ecefToGeodetic, geodeticToEcef, vectorPoint, type Vec3 } from '@smi/geodesy';
import { baseSetupsRepository, type BaseSetupRow, type NewSetup } from './repository.js';

/** What is known of a project's base at a moment (decision 023). */
export interface BaseReference {
  /** The antenna reference point it broadcasts (RTCM 1005/1006), ECEF metres; null when none was ever received. */
  broadcast: Vec3 | null;
  /** 1006 only */
  broadcastAntennaHeight?: number | null;
  /** Its own latest NMEA fix (degrees; height ellipsoidal when the receiver gave N, else its altitude, else null). */
  live: { latitude: number; longitude: number; height: number | null } | null;
}

/** The project columns a base setup is resolved from. */
export interface ProjectBase {
  id: string;
  base_station_id: string | null;
  base_mode: string;
  base_latitude: number | null;
  base_longitude: number | null;
}

/** The columns a stored base reference is made of (base_rtcm_state and the base's device row). */
export interface BaseReferenceColumns {
  arp_x: number | null;
  arp_y: number | null;
  arp_z: number | null;
  arp_antenna_height: number | null;
  last_latitude: number | null;
  last_longitude: number | null;
  last_altitude: number | null;
}

/** The base's device row (d) and its broadcast position (s) as BaseReferenceColumns: joined by baseReferenceOf and the occupations' one read. */
export const BASE_REFERENCE_COLUMNS = 's.arp_x, s.arp_y, s.arp_z, s.arp_antenna_height, d.last_latitude, d.last_longitude, d.last_altitude';

export function baseReferenceOfColumns(r: BaseReferenceColumns): BaseReference {
  return {
    broadcast: r.arp_x !== null && r.arp_y !== null && r.arp_z !== null ? [r.arp_x, r.arp_y, r.arp_z] : null,
    broadcastAntennaHeight: r.arp_antenna_height,
    live: r.last_latitude !== null && r.last_longitude !== null ? { latitude: r.last_latitude, longitude: r.last_longitude, height: r.last_altitude } : null,
  };
}

/**
 * The base as the database knows it: the broadcast position the gateway that ingests the base wrote to
 * base_rtcm_state, and the base's last NMEA position from its device row (altitude only: no N there).
 */
export async function baseReferenceOf(q: Queryable, deviceId: string): Promise<BaseReference> {
  const [r] = await q.query<BaseReferenceColumns>(`SELECT ${BASE_REFERENCE_COLUMNS} FROM devices d LEFT JOIN base_rtcm_state s ON s.device_id = d.id WHERE d.id = $1`, [deviceId]);
  return r ? baseReferenceOfColumns(r) : { broadcast: null, live: null };
}

function knownMode(project: ProjectBase): project is ProjectBase & { base_latitude: number; base_longitude: number } {
  return project.base_mode === 'known' && project.base_latitude !== null && project.base_longitude !== null;
}

/**
 * Whether setupInForce has something to open a setup from: Known Position with typed coordinates and anything
 * known of the base (nothing yet: no height to give the setup, and nothing measured against it either), else a
 * broadcast position.
 */
export function canOpenSetup(project: ProjectBase, ref: BaseReference): project is ProjectBase & { base_station_id: string } {
  if (!project.base_station_id) return false;
  return knownMode(project) ? ref.broadcast !== null || ref.live !== null : ref.broadcast !== null;
}

/**
 * The setup a project would open now, when it has none in force (nothing is written):
 * - Known Position with typed coordinates: a 'known' setup there (the panel has no height: the broadcast
 *   position's, else the live base's altitude; the NMEA fallback shifts horizontally only, see nmeaOrigin);
 * - else a base that has broadcast its position: an 'rtcm' setup at that position.
 * Undefined: no base, or nothing to open a setup from.
 */
export function proposedSetup(project: ProjectBase, ref: BaseReference, userId: string | null): NewSetup | undefined {
  if (!canOpenSetup(project, ref)) return undefined;
  const base = { projectId: project.id, baseDeviceId: project.base_station_id, createdBy: userId };
  if (knownMode(project)) {
    const height = ref.broadcast ? ecefToGeodetic(...ref.broadcast).height : (ref.live?.height ?? 0);
    const [x, y, z] = geodeticToEcef(project.base_latitude, project.base_longitude, height);
    return {
      ...base,
      source: 'known',
      x,
      y,
      z,
      latitude: project.base_latitude,
      longitude: project.base_longitude,
      height,
      antennaHeight: ref.broadcast ? (ref.broadcastAntennaHeight ?? null) : null,
    };
  }
  const arp = ref.broadcast;
  if (!arp) return undefined;
  const g = ecefToGeodetic(...arp);
  return { ...base, source: 'rtcm', x: arp[0], y: arp[1], z: arp[2], latitude: g.latitude, longitude: g.longitude, height: g.height, antennaHeight: ref.broadcastAntennaHeight ?? null };
}

/**
 * The project's base setup in force, opened (proposedSetup) when there is none and there is something to open it
 * from. Undefined: no base, or nothing to open a setup from. Call it in a transaction that holds the project row.
 */
export async function setupInForce(q: Queryable, project: ProjectBase, ref: BaseReference, userId: string | null): Promise<BaseSetupRow | undefined> {
  const current = await baseSetupsRepository.currentOf(q, project.id, true);
  if (current) return current;
  const proposal = proposedSetup(project, ref, userId);
  return proposal && baseSetupsRepository.insert(q, proposal);
}

/**
 * The base-NMEA fallback origin (known - live base) as a point: the live base's latitude/longitude at the setup's
 * height, so the shift it gives is horizontal, as the base-NMEA rule is (NMEA heights would add metres of noise,
 * and a device row has no geoid separation to make its altitude ellipsoidal).
 */
export function nmeaOrigin(ref: BaseReference, setup: Pick<BaseSetupRow, 'height'> | undefined): Vec3 | null {
  if (!ref.live || !setup) return null;
  return geodeticToEcef(ref.live.latitude, ref.live.longitude, setup.height);
}

export type VectorOrigin = 'broadcast' | 'base-nmea';

/**
 * A rover antenna measured against the base: the vector from the broadcast ARP (else, with a setup, from the live
 * base: flagged), and the antenna under the setup in force (setup + vector). Without a setup the rover stays as
 * it reported itself.
 */
export function measureAgainstBase(apc: Vec3, ref: BaseReference, setup: Pick<BaseSetupRow, 'x' | 'y' | 'z' | 'height'> | undefined) {
  const p = vectorPoint({ roverAntenna: apc, broadcast: ref.broadcast, setup: setup ? [setup.x, setup.y, setup.z] : null, liveBase: nmeaOrigin(ref, setup) });
  const origin: VectorOrigin | null = p.vector ? (ref.broadcast ? 'broadcast' : 'base-nmea') : null;
  return { ...p, origin };
}
