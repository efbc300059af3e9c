import type { RMCPacket } from 'nmea-simple';
import { FIX_RANK, present, timeOfDay, type FixUpdate } from './fix-update.js';

export const sentenceId = 'RMC' as const;

/**
 * NMEA 2.3+ mode indicator; older receivers leave it out and GGA (when sent) gives the fix type. NMEA 2.3 says 'D'
 * for every differential fix, RTK included: a GGA of the same epoch says more and wins (FIX_RANK). NMEA 4.x adds
 * 'R' (RTK fixed) and 'F' (float); 'P' (precise) is an autonomous fix; 'E' (estimated, dead reckoning), 'M' (manual)
 * and 'S' (simulator) are never a survey fix.
 */
const MODES: Record<string, FixUpdate['fixType']> = {
  R: 'rtk-fixed',
  F: 'rtk-float',
  D: 'dgps',
  A: 'single',
  P: 'single',
  E: 'dead-reckoning',
  M: 'manual',
  S: 'simulation',
  N: null,
};

/**
 * RMC, "Recommended minimum navigation information": position, validity and the full UTC date and time.
 * fields: [id, time, status, lat, N/S, lon, E/W, speed, track, date, variation, E/W, mode]
 */
export function decode(packet: RMCPacket, fields: string[]): FixUpdate {
  const update: FixUpdate = {};
  const when = packet.datetime;
  if (when && !Number.isNaN(when.getTime()) && present(fields[9])) {
    update.timeOfDayMs = timeOfDay(fields[1]);
    update.dateMs = Date.UTC(when.getUTCFullYear(), when.getUTCMonth(), when.getUTCDate());
  }
  const valid = packet.status === 'valid' && present(fields[3]) && present(fields[5]);
  update.position = valid ? { latitude: packet.latitude, longitude: packet.longitude } : null;
  const mode = packet.faaMode && packet.faaMode in MODES ? MODES[packet.faaMode] : undefined;
  if (!valid) update.fixType = null;
  else if (mode !== undefined) update.fixType = mode;
  update.fixRank = FIX_RANK.mode;
  return update;
}
