import { egm96Grid, undulation } from '@smi/geodesy';
import { offset } from './motion.js';
import type { SimulatedFix } from './nmea-writer.js';
import { rtcm1005 } from './rtcm-writer.js';

/** Where a simulated base stands: its altitude is above mean sea level, as its GGA says. */
export interface SimulatedBase {
  latitude: number;
  longitude: number;
  altitude: number;
}

/** EGM96's N at a position to the millimetre, as a receiver prints it in GGA (receivers carry an EGM96 model). */
export function geoidSeparation(latitude: number, longitude: number): number {
  return Math.round(undulation(egm96Grid(), latitude, longitude) * 1000) / 1000;
}

/**
 * One epoch of the base: its GGA fix (a few millimetres of scatter) and the 1005 it broadcasts. Both put the
 * antenna at the same place, the 1005 at the GGA's altitude + N above the ellipsoid: a base whose 1005 took the
 * altitude as ellipsoidal put every point of an Auto Fix setup N low (17 m where N is -17 m).
 */
export function baseEpoch(base: SimulatedBase, at: Date, random: () => number): { fix: SimulatedFix; rtcm: Buffer } {
  const n = geoidSeparation(base.latitude, base.longitude);
  const p = offset(base.latitude, base.longitude, (random() - 0.5) * 0.01, (random() - 0.5) * 0.01);
  const fix: SimulatedFix = { at, ...p, altitude: base.altitude, geoidSeparation: n, quality: 1, satellites: 30, hdop: 0.5, latError: 0.9, lonError: 0.7, altError: 1.6 };
  return { fix, rtcm: rtcm1005(1, base.latitude, base.longitude, base.altitude + n) };
}

/**
 * One epoch of a rover at `p`: RTK fixed scatters a few millimetres, float a decimetre or so, as a real rover's
 * position does while it stands on a mark (an occupation measures that scatter).
 */
export function roverEpoch(p: { latitude: number; longitude: number }, altitude: number, quality: 4 | 5, at: Date, random: () => number): SimulatedFix {
  const e = quality === 4 ? 0.006 + random() * 0.008 : 0.08 + random() * 0.27;
  const spread = quality === 4 ? 0.004 : 0.1;
  const q = offset(p.latitude, p.longitude, (random() - 0.5) * 2 * spread, (random() - 0.5) * 2 * spread);
  return {
    at,
    ...q,
    altitude: altitude + (random() - 0.5) * 2 * spread * 1.5,
    geoidSeparation: geoidSeparation(q.latitude, q.longitude),
    quality,
    satellites: Math.round(18 + random() * 10),
    hdop: 0.6 + random() * 0.4,
    latError: e,
    lonError: e * 0.9,
    altError: e * 1.8,
  };
}
