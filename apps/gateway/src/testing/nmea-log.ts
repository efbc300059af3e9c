import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real receiver logs of the shared test data (gpsd's regression corpus, `shared/data/nmea/*.chk`): NMEA lines
 * and gpsd's own decoding (JSON) interleaved. CI has `shared/` beside the checkout; a worktree further down finds
 * it in an ancestor folder.
 */
export function sharedDataDir(): string {
  let dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, '..', 'shared', 'data');
    if (existsSync(join(candidate, 'nmea'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('shared/data (the real receiver logs) not found beside the checkout');
}

export interface LogEpoch {
  /** the epoch's NMEA sentences in the receiver's order (an epoch starts at its RMC) */
  sentences: string[];
  /** gpsd's decoding of the same lines (TPV, SKY, GST reports), last of each class wins */
  gpsd: Record<string, Record<string, unknown>>;
}

/** The log cut into epochs: a new epoch at every RMC (the u-blox order is RMC, VTG, GGA, GSA..., GSV..., GLL, GST, ZDA). */
export function readNmeaLog(name: 'ublox-zed-f9p-nmea' | 'ublox-zed-f9p-rtk'): LogEpoch[] {
  const text = readFileSync(join(sharedDataDir(), 'nmea', `${name}.log.chk`), 'latin1');
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
