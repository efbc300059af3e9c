import type { GSTPacket } from 'nmea-simple';
import { present, timeOfDay, type FixUpdate } from './fix-update.js';

export const sentenceId = 'GST' as const;

/**
 * GST, "GNSS pseudorange error statistics": 1-sigma errors of latitude, longitude and altitude in metres.
 * The horizontal accuracy is their root sum of squares (DRMS), the figure receivers show as "H acc".
 * fields: [id, time, rms, semi-major, semi-minor, orientation, lat err, lon err, alt err]
 */
export function decode(packet: GSTPacket, fields: string[]): FixUpdate {
  const update: FixUpdate = {};
  if (present(fields[6]) && present(fields[7])) {
    update.accuracy = Math.hypot(packet.latitudeError, packet.longitudeError);
    update.sigmaNorth = packet.latitudeError;
    update.sigmaEast = packet.longitudeError;
  }
  const time = timeOfDay(fields[1]);
  if (time !== undefined) update.gstTimeOfDayMs = time;
  if (present(fields[8])) update.verticalAccuracy = packet.altitudeError;
  return update;
}
