import type { GNSPacket } from 'nmea-simple';
import { FIX_RANK, present, timeOfDay, type FixUpdate } from './fix-update.js';

export const sentenceId = 'GNS' as const;

// one mode character per constellation (GPS, GLONASS, Galileo, BeiDou, ...): the fix is the best of them,
// best first; N (not used) says nothing when another constellation has a fix (decision 017)
const MODES: [string, FixUpdate['fixType']][] = [
  ['R', 'rtk-fixed'],
  ['F', 'rtk-float'],
  ['D', 'dgps'],
  ['P', 'single'],
  ['A', 'single'],
  ['E', 'dead-reckoning'],
  ['M', 'manual'],
  ['S', 'simulation'],
];

/**
 * GNS, "GNSS fix data" (NMEA 3.0+): position, a mode indicator per constellation, satellites, HDOP, altitude and
 * geoid separation. Its modes rank below GGA's quality within one epoch (FIX_RANK), like RMC's.
 * fields: [id, time, lat, N/S, lon, E/W, modes, sats, hdop, alt, geoid, age, station, (nav status)]
 */
export function decode(packet: GNSPacket, fields: string[]): FixUpdate {
  const update: FixUpdate = { timeOfDayMs: timeOfDay(fields[1]) };
  const modes = fields[6] ?? '';
  let fixType: FixUpdate['fixType'] = null;
  for (const [c, type] of MODES) {
    if (modes.includes(c)) {
      fixType = type;
      break;
    }
  }
  const hasPosition = fixType !== null && present(fields[2]) && present(fields[4]);
  update.fixType = hasPosition ? fixType : null;
  update.fixRank = FIX_RANK.mode;
  update.position = hasPosition ? { latitude: packet.latitude, longitude: packet.longitude } : null;
  if (present(fields[7])) update.satellites = packet.satellitesInView;
  if (present(fields[8])) update.hdop = packet.horizontalDilution;
  if (hasPosition && present(fields[9])) update.altitude = packet.altitudeMeters;
  if (hasPosition && present(fields[10])) update.geoidSeparation = packet.geoidalSeperation;
  return update;
}
