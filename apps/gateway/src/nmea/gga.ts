import type { GGAPacket } from 'nmea-simple';
import { FIX_RANK, present, timeOfDay, type FixUpdate } from './fix-update.js';

export const sentenceId = 'GGA' as const;

/**
 * GGA fix quality (nmea-simple's names) -> the product's fix types (decision 017); null means "no position".
 * 0 invalid: none; 1 GPS (SPS): single; 2 DGPS: dgps; 3 PPS (precise code, not differential): single;
 * 4 RTK fixed; 5 RTK float; 6 estimated (dead reckoning), 7 manual input, 8 simulation: shown live with their
 * position, never a survey fix (no point is recorded from them, contracts' isSurveyFixType).
 */
const FIX_TYPES: Record<GGAPacket['fixType'], FixUpdate['fixType']> = {
  none: null,
  fix: 'single',
  delta: 'dgps',
  pps: 'single',
  rtk: 'rtk-fixed',
  frtk: 'rtk-float',
  estimated: 'dead-reckoning',
  manual: 'manual',
  simulation: 'simulation',
};

/**
 * GGA, "Global positioning system fix data": position, fix quality, satellites in use, HDOP, altitude.
 * fields: [id, time, lat, N/S, lon, E/W, quality, sats, hdop, alt, M, geoid, M, age, station]
 */
export function decode(packet: GGAPacket, fields: string[]): FixUpdate {
  const update: FixUpdate = { timeOfDayMs: timeOfDay(fields[1]) };
  const fixType = FIX_TYPES[packet.fixType] ?? null;
  const hasPosition = fixType !== null && present(fields[2]) && present(fields[4]);
  update.fixType = hasPosition ? fixType : null;
  update.fixRank = FIX_RANK.quality;
  update.position = hasPosition ? { latitude: packet.latitude, longitude: packet.longitude } : null;
  if (present(fields[7])) update.satellites = packet.satellitesInView;
  if (present(fields[8])) update.hdop = packet.horizontalDilution;
  if (hasPosition && present(fields[9])) update.altitude = packet.altitudeMeters;
  if (hasPosition && present(fields[11])) update.geoidSeparation = Number(fields[11]);
  if (present(fields[13])) update.correctionAge = Number(fields[13]);
  if (present(fields[14])) update.stationId = fields[14]!.trim();
  return update;
}
