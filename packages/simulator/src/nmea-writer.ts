import { withChecksum } from '@smi/rtcm';

export interface SimulatedFix {
  at: Date;
  latitude: number;
  longitude: number;
  /** above mean sea level (the geoid), metres, as GGA prints it */
  altitude: number;
  /** the geoid's height above the WGS 84 ellipsoid N, metres: the ellipsoidal height is altitude + N */
  geoidSeparation: number;
  /** GGA fix quality: 1 single, 2 DGPS, 4 RTK fixed, 5 RTK float */
  quality: 1 | 2 | 4 | 5;
  satellites: number;
  hdop: number;
  /** 1-sigma errors in metres */
  latError: number;
  lonError: number;
  altError: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function hhmmss(d: Date): string {
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}.${pad(Math.floor(d.getUTCMilliseconds() / 10), 2)}`;
}

// NMEA angles are degrees and decimal minutes: 4807.03800 = 48 deg 7.038 min
function angle(value: number, degreeDigits: number, pos: string, neg: string): [string, string] {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  const min = (abs - deg) * 60;
  return [`${pad(deg, degreeDigits)}${min.toFixed(7).padStart(10, '0')}`, value >= 0 ? pos : neg];
}

const MODE: Record<SimulatedFix['quality'], string> = { 1: 'A', 2: 'D', 4: 'R', 5: 'F' };

// a receiver's PDOP and VDOP run above its HDOP; these ratios are typical of an open sky
const PDOP_PER_HDOP = 1.7;
const VDOP_PER_HDOP = 1.4;

/** GGA, RMC, GSA and GST for one epoch, as a multi-band RTK receiver prints them (GSA lists at most 12 satellites). */
export function epochSentences(f: SimulatedFix): string[] {
  const [lat, ns] = angle(f.latitude, 2, 'N', 'S');
  const [lon, ew] = angle(f.longitude, 3, 'E', 'W');
  const time = hhmmss(f.at);
  const date = `${pad(f.at.getUTCDate(), 2)}${pad(f.at.getUTCMonth() + 1, 2)}${pad(f.at.getUTCFullYear() % 100, 2)}`;
  const age = f.quality >= 4 ? '1.0' : '';
  const station = f.quality >= 4 ? '0000' : '';
  const rms = Math.hypot(f.latError, f.lonError);
  const used = Array.from({ length: 12 }, (_, i) => (i < f.satellites ? pad(i + 1, 2) : '')).join(',');
  return [
    withChecksum(`GNGGA,${time},${lat},${ns},${lon},${ew},${f.quality},${pad(f.satellites, 2)},${f.hdop.toFixed(2)},${f.altitude.toFixed(3)},M,${f.geoidSeparation.toFixed(3)},M,${age},${station}`),
    withChecksum(`GNRMC,${time},A,${lat},${ns},${lon},${ew},0.02,,${date},,,${MODE[f.quality]}`),
    withChecksum(`GNGSA,A,3,${used},${(f.hdop * PDOP_PER_HDOP).toFixed(2)},${f.hdop.toFixed(2)},${(f.hdop * VDOP_PER_HDOP).toFixed(2)},1`),
    withChecksum(`GNGST,${time},${rms.toFixed(3)},${f.latError.toFixed(3)},${f.lonError.toFixed(3)},0.0,${f.latError.toFixed(3)},${f.lonError.toFixed(3)},${f.altError.toFixed(3)}`),
  ];
}
