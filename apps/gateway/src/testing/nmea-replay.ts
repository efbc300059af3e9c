import { withChecksum } from '@smi/rtcm';
import { readNmeaLog } from './nmea-log.js';

export interface ReplayEdit {
  /** GGA fix quality (the real logs are single / float: RTK fixed unless said otherwise) */
  quality?: number;
  /** GGA age of corrections, seconds ('' for none) */
  age?: string;
  /** metres added to the latitude (north) of this epoch: a false fix */
  northShift?: number;
  /** leave out the GST */
  noGst?: boolean;
  /** leave out the GSA (a receiver that sends no PDOP) */
  noGsa?: boolean;
}

export interface ReplayOptions {
  log: 'ublox-zed-f9p-nmea' | 'ublox-zed-f9p-rtk';
  /** epochs per second */
  rate: number;
  count: number;
  /** GNSS time of the first epoch, ms */
  startMs: number;
  /** GST sigmas are scaled by this (the real log's are of a single fix, metres) */
  gstScale?: number;
  /**
   * Each epoch's offset from the log's first position is scaled by this: the real log's noise, at the magnitude of
   * an RTK fix (the logs are single-fix: decimetres)
   */
  spreadScale?: number;
  edit?: (k: number) => ReplayEdit | undefined;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
function hhmmss(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}.${pad(Math.floor(d.getUTCMilliseconds() / 10), 2)}`;
}

/**
 * A real receiver log replayed at any rate: its epochs (every sentence, as the receiver printed them) in a loop,
 * re-timed to startMs + k / rate, turned RTK fixed with a correction age unless an edit says otherwise, checksums
 * recomputed. One payload (the whole epoch, as a receiver's MQTT bridge sends it) per epoch.
 */
export function replay(o: ReplayOptions): { time: number; text: string }[] {
  const epochs = readNmeaLog(o.log).filter((e) => e.sentences.some((s) => s.slice(3, 6) === 'GGA'));
  const out: { time: number; text: string }[] = [];
  const first = epochs[0]!.sentences.find((s) => s.slice(3, 6) === 'GGA')!.split(',');
  const scale = o.spreadScale ?? 1;
  const scaled = (value: string, origin: string, digits: number) => (Number(origin) + (Number(value) - Number(origin)) * scale).toFixed(digits);
  for (let k = 0; k < o.count; k++) {
    const time = o.startMs + Math.round((k * 1000) / o.rate);
    const edit = o.edit?.(k) ?? {};
    const lines: string[] = [];
    for (const s of epochs[k % epochs.length]!.sentences) {
      const body = s.slice(1, s.lastIndexOf('*'));
      const f = body.split(',');
      const id = f[0]!.slice(-3);
      if (id === 'GGA') {
        f[1] = hhmmss(time);
        f[6] = String(edit.quality ?? 4);
        if (scale !== 1) {
          f[2] = `${f[2]!.slice(0, 2)}${scaled(f[2]!.slice(2), first[2]!.slice(2), 7).padStart(10, '0')}`;
          f[4] = `${f[4]!.slice(0, 3)}${scaled(f[4]!.slice(3), first[4]!.slice(3), 7).padStart(10, '0')}`;
          f[9] = scaled(f[9]!, first[9]!, 4);
        }
        f[13] = edit.age ?? '1.0';
        f[14] = f[13] ? '0001' : '';
        if (edit.northShift) {
          const minutes = Number(f[2]!.slice(2)) + ((f[3] === 'S' ? -1 : 1) * edit.northShift) / 1852;
          f[2] = `${f[2]!.slice(0, 2)}${minutes.toFixed(7).padStart(10, '0')}`;
        }
      } else if (id === 'GST') {
        if (edit.noGst) continue;
        f[1] = hhmmss(time);
        for (const i of [2, 3, 4, 6, 7, 8]) if (f[i]) f[i] = (Number(f[i]) * (o.gstScale ?? 1)).toFixed(4);
      } else if (id === 'GSA' && edit.noGsa) {
        continue;
      } else if (id === 'RMC' || id === 'ZDA' || id === 'GLL') {
        // times of the other sentences are not what an occupation reads; left out rather than left wrong
        continue;
      }
      lines.push(withChecksum(f.join(',')));
    }
    out.push({ time, text: lines.join('\r\n') });
  }
  return out;
}

/** Latitude, longitude (degrees) and altitude + geoid separation of a replayed epoch's GGA: the test's own reading. */
export function ggaOf(text: string): { latitude: number; longitude: number; height: number; quality: number } {
  const f = text.split('\r\n').find((s) => s.slice(3, 6) === 'GGA')!.split('*')[0]!.split(',');
  const lat = (Number(f[2]!.slice(0, 2)) + Number(f[2]!.slice(2)) / 60) * (f[3] === 'S' ? -1 : 1);
  const lon = (Number(f[4]!.slice(0, 3)) + Number(f[4]!.slice(3)) / 60) * (f[5] === 'W' ? -1 : 1);
  return { latitude: lat, longitude: lon, height: Number(f[9]) + Number(f[11]), quality: Number(f[6]) };
}
