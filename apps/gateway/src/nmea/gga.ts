import type { GGAPacket } from 'nmea-simple';
import { present, timeOfDay, type FixUpdate } from './fix-update.js';

export const sentenceId = 'GGA' as const;

// GGA fix quality (nmea-simple's names) -> the product's fix types; null means "no position".
const FIX_TYPES: Record<GGAPacket['fixType'], FixUpdate['fixType']> = {
  none: null,
  fix: 'single',
  delta: 'dgps',
  pps: 'dgps',
  rtk: 'rtk-fixed',
  frtk: 'rtk-float',
  estimated: null,
  manual: null,
  simulation: null,
};

/**
 * GGA, "Global positioning system fix data": position, fix quality, satellites in use, HDOP, altitude.
 * fields: [id, time, lat, N/S, lon, E/W, quality, sats, hdop, alt, M, geoid, M, age, station]
 */
export function decode(packet: GGAPacket, fields: string[]): FixUpdate {
  const update: FixUpdate = { timeOfDayMs: timeOfDay(packet.time, fields[1]) };
  const fixType = FIX_TYPES[packet.fixType] ?? null;
  const hasPosition = fixType !== null && present(fields[2]) && present(fields[4]);
  update.fixType = hasPosition ? fixType : null;
  update.position = hasPosition ? { latitude: packet.latitude, longitude: packet.longitude } : null;
  if (present(fields[7])) update.satellites = packet.satellitesInView;
  if (present(fields[8])) update.hdop = packet.horizontalDilution;
  if (hasPosition && present(fields[9])) update.altitude = packet.altitudeMeters;
  if (hasPosition && present(fields[11])) update.geoidSeparation = Number(fields[11]);
  if (present(fields[13])) update.correctionAge = Number(fields[13]);
  if (present(fields[14])) update.stationId = fields[14]!.trim();
  return update;
}
