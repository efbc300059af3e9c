import { spawn } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';

/** Helpers for the survey specs that need a rover at an exact position: NMEA written here, published by mosquitto_pub. */

export async function deviceId(request: APIRequestContext, code: string) {
  const { device } = (await (await request.get(`/api/devices/${code}`)).json()) as { device: { _id: string } };
  return device._id;
}

export async function project(request: APIRequestContext, userId: string, name: string, base: string, rovers: string[]) {
  const res = await request.post('/api/projects/', {
    data: { Name: name, Description: 'rovers from NMEA', BaseStation: await deviceId(request, base), ClientDevices: await Promise.all(rovers.map((r) => deviceId(request, r))), UserId: userId },
  });
  if (!res.ok()) throw new Error(`project: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

/** The simulator's `--secret CODE=SECRET` pair of one device, out of all of them. */
export const secretsOf = (all: string[], code: string) => {
  const i = all.findIndex((s) => s.startsWith(`${code}=`));
  return ['--secret', all[i]!];
};

const nmeaChecksum = (body: string) => [...body].reduce((x, c) => x ^ c.charCodeAt(0), 0).toString(16).toUpperCase().padStart(2, '0');
const sentence = (body: string) => `$${body}*${nmeaChecksum(body)}`;
const dm = (v: number, width: number) => {
  const deg = Math.floor(Math.abs(v));
  return `${String(deg).padStart(width, '0')}${((Math.abs(v) - deg) * 60).toFixed(7).padStart(10, '0')}`;
};
const timeOfDay = (d: Date) =>
  [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join('') + `.${String(Math.floor(d.getUTCMilliseconds() / 10)).padStart(2, '0')}`;

export interface Epoch {
  latitude: number;
  longitude: number;
  /** GGA quality: 4 RTK fixed (default), 5 RTK float, ... */
  quality?: number;
  /** GGA altitude above mean sea level, metres (as written: '12.345') */
  altitude?: string;
  /** GGA geoid separation N, metres (as written: '-17.000') */
  geoidSeparation?: string;
  /** GST 1-sigma latitude and longitude errors, metres: a GST follows the GGA when given */
  sigma?: [number, number];
}

/** One epoch of this instant at a fixed position (north/east hemispheres): a GGA, and a GST when `sigma` is given. */
export function epoch(e: Epoch): string[] {
  const t = timeOfDay(new Date());
  const gga = sentence(`GNGGA,${t},${dm(e.latitude, 2)},N,${dm(e.longitude, 3)},E,${e.quality ?? 4},20,0.8,${e.altitude ?? '12.345'},M,${e.geoidSeparation ?? '-17.000'},M,1.0,0000`);
  if (!e.sigma) return [gga];
  const [lat, lon] = e.sigma;
  return [gga, sentence(`GNGST,${t},0.5,${Math.max(lat, lon).toFixed(3)},${Math.min(lat, lon).toFixed(3)},0.0,${lat.toFixed(3)},${lon.toFixed(3)},0.050`)];
}

/** An RTK-fixed GGA of this instant at a fixed position (north/east hemispheres). */
export const gga = (latitude: number, longitude: number) => epoch({ latitude, longitude })[0]!;

/**
 * A rover standing still: mosquitto_pub keeps one connection and publishes each line written to it (an epoch every
 * 500 ms). `at` is read at each epoch, so a test may move the rover by changing it. Returns the stop function.
 */
export function standingRover(mqttUrl: string, code: string, secret: string, at: Epoch) {
  const { hostname, port } = new URL(mqttUrl);
  const pub = spawn('mosquitto_pub', ['-h', hostname, '-p', port, '-u', code, '-P', secret, '-t', `devices/${code}/nmea`, '-l'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const timer = setInterval(() => pub.stdin.write(epoch(at).map((line) => `${line}\n`).join('')), 500);
  return () => {
    clearInterval(timer);
    pub.stdin.end();
    pub.kill('SIGTERM');
  };
}
