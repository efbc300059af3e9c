import type { Vec3 } from './ecef.js';

/**
 * RTK points as vectors from the base (decision 023). A rover's RTK position is relative to the coordinates the base
 * *broadcasts* (RTCM 1005/1006), so the measurement is the ECEF vector broadcast ARP -> rover antenna. The position
 * of the rover antenna is then the base setup's coordinates + that vector: when the setup is corrected, every
 * vector of it is re-applied and each point moves by exactly the setup's shift. The vector stays in ECEF, not in
 * local east/north/up, so that translation is exact.
 */

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** A point's warning code when its base was known only from its NMEA position (no 1005/1006 ever received). */
export const BASE_FROM_NMEA = 'base-from-nmea';

export interface VectorPointInput {
  /** The rover antenna's position as the rover reports it (RTK relative to the base's broadcast coordinates). */
  roverAntenna: Vec3;
  /** The base's broadcast ARP (1005/1006) at the time, or null when none was ever received. */
  broadcast: Vec3 | null;
  /** The base setup in force: the base ARP coordinates taken as true; null = the broadcast ones. */
  setup: Vec3 | null;
  /** The base's own live NMEA position: the base-NMEA fallback when nothing was broadcast. */
  liveBase?: Vec3 | null;
}

export interface VectorPoint {
  /** base ARP -> rover antenna, ECEF metres; null when there is no base to measure from. */
  vector: Vec3 | null;
  /** The rover antenna in the setup's coordinates: setup + vector. */
  antenna: Vec3;
  warnings: string[];
}

/**
 * The vector a rover measurement stores and the antenna position it gives under the setup in force.
 * - broadcast known: vector = rover - broadcast; antenna = (setup, else broadcast) + vector. A setup equal to the
 *   broadcast leaves the rover where it reported itself.
 * - nothing broadcast, a setup and the base's live NMEA position: the base-NMEA rule, antenna = rover + (setup - live
 *   base), i.e. the vector is taken from the live base; flagged 'base-from-nmea' (metres of NMEA noise in it).
 * - neither: the rover as reported, no vector.
 */
export function vectorPoint(i: VectorPointInput): VectorPoint {
  if (i.broadcast) {
    const vector = sub(i.roverAntenna, i.broadcast);
    return { vector, antenna: add(i.setup ?? i.broadcast, vector), warnings: [] };
  }
  if (i.setup && i.liveBase) {
    const vector = sub(i.roverAntenna, i.liveBase);
    return { vector, antenna: add(i.setup, vector), warnings: [BASE_FROM_NMEA] };
  }
  return { vector: null, antenna: i.roverAntenna, warnings: [] };
}

/** What a correction of a base setup does to each of its points: old -> new setup coordinates, ECEF. */
export function setupShift(from: Vec3, to: Vec3): Vec3 {
  return sub(to, from);
}
