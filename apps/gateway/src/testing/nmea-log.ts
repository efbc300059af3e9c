import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real receiver logs from gpsd's regression corpus, committed with gpsd's licence under `apps/gateway/test/fixtures/`:
 * NMEA lines and gpsd's own decoding of them (JSON) interleaved, so a test checks our parsing against gpsd's.
 */
export const RECEIVER_LOGS_DIR = fileURLToPath(new URL('../../test/fixtures/nmea', import.meta.url));

export interface LogEpoch {
  /** the epoch's NMEA sentences in the receiver's order (an epoch starts at its RMC) */
  sentences: string[];
  /** gpsd's decoding of the same lines (TPV, SKY, GST reports), last of each class wins */
  gpsd: Record<string, Record<string, unknown>>;
}

/** The log cut into epochs: a new epoch at every RMC (the u-blox order is RMC, VTG, GGA, GSA..., GSV..., GLL, GST, ZDA). */
export function readNmeaLog(name: 'ublox-zed-f9p-nmea' | 'ublox-zed-f9p-rtk'): LogEpoch[] {
  const text = readFileSync(join(RECEIVER_LOGS_DIR, `${name}.log.chk`), 'latin1');
  const epochs: LogEpoch[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('$')) {
      if (line.slice(3, 6) === 'RMC' || !epochs.length) epochs.push({ sentences: [], gpsd: {} });
      epochs[epochs.length - 1]!.sentences.push(line);
    } else if (line.startsWith('{') && epochs.length) {
      const report = JSON.parse(line) as Record<string, unknown>;
      epochs[epochs.length - 1]!.gpsd[String(report.class)] = report;
    }
  }
  return epochs;
}
