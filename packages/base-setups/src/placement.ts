import { BASE_FROM_NMEA, ecefToGeodetic, geodeticToEcef, type Vec3 } from '@smi/geodesy';
import { measureAgainstBase, type BaseReference, type VectorOrigin } from './in-force.js';
import type { BaseSetupRow } from './repository.js';

/** What an occupation measured at the mark, before it is placed under the base setup in force. */
export interface MeasuredMark {
  latitude: number;
  longitude: number;
  altitude: number | null;
  ellipsoidalHeight: number | null;
  geoidSeparation: number | null;
  antennaToPhaseCentre: number;
  warnings: string[];
}

/**
 * Where a measured mark is stored (pure: the Record dialog's preview runs it on the same inputs): the mark's antenna
 * = setup + (antenna - broadcast ARP), then the antenna reduction (the mark is the phase centre lowered along the
 * normal, so the same ECEF translation moves both). Without a broadcast position ever received, the vector is from
 * the live base (known - live base) and the point says so. Without a setup, the mark stays where it was measured.
 */
export function placeMeasurement(m: MeasuredMark, ref: BaseReference, setup: (Pick<BaseSetupRow, 'x' | 'y' | 'z' | 'height'> & { id?: string }) | undefined) {
  const none = { latitude: m.latitude, longitude: m.longitude, ellipsoidalHeight: m.ellipsoidalHeight, altitude: m.altitude, warnings: m.warnings, setupId: null as string | null, vector: null as Vec3 | null, origin: null as VectorOrigin | null };
  // the mark's height as the points' re-computation reads it (recompute.ts heightOf): h, else MSL + N, else MSL
  const markH = m.ellipsoidalHeight ?? (m.altitude !== null ? m.altitude + (m.geoidSeparation ?? 0) : 0);
  const apc = geodeticToEcef(m.latitude, m.longitude, markH + m.antennaToPhaseCentre);
  const p = measureAgainstBase(apc, ref, setup);
  if (!p.vector || !setup) return none;
  const attached = { setupId: setup.id ?? null, vector: p.vector, origin: p.origin };
  // a setup at the broadcast position leaves the rover where it put itself (no round trip through ECEF)
  if (ref.broadcast && ref.broadcast.every((v, k) => v === [setup.x, setup.y, setup.z][k])) return { ...none, ...attached };
  const g = ecefToGeodetic(...p.antenna);
  const dh = g.height - (markH + m.antennaToPhaseCentre);
  return {
    latitude: g.latitude,
    longitude: g.longitude,
    ellipsoidalHeight: m.ellipsoidalHeight === null ? null : m.ellipsoidalHeight + dh,
    altitude: m.altitude === null ? null : m.altitude + dh,
    warnings: p.origin === 'base-nmea' ? [...m.warnings, BASE_FROM_NMEA] : m.warnings,
    ...attached,
  };
}
