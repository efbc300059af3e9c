import { withChecksum } from '@smi/rtcm';

/**
 * How the benchmarks time a reading end to end. The NMEA time field has 10 ms steps, too coarse, so the send instant
 * rides in the GGA altitude field instead: CLOCK_MONOTONIC (process.hrtime, one clock for every process on this host)
 * in ms modulo 100,000, with 3 decimals (1 us). The gateway keeps the altitude exact (a JSON number) through parsing,
 * the internal topic and socket.io, so a receiver in another process reads its latency off the reading itself.
 */
const WRAP_MS = 100_000;

/** Now on the shared monotonic clock, ms modulo WRAP_MS with us precision. */
export function stampNow(): number {
  return Number((process.hrtime.bigint() / 1000n) % BigInt(WRAP_MS * 1000)) / 1000;
}

/** ms from a stamp to now (correct across the wrap, for latencies under WRAP_MS). */
export function sinceStamp(stamp: number): number {
  return (stampNow() - stamp + WRAP_MS) % WRAP_MS;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function angle(value: number, degreeDigits: number): string {
  const deg = Math.floor(value);
  return `${pad(deg, degreeDigits)}${((value - deg) * 60).toFixed(7).padStart(10, '0')}`;
}

/** An RTK-fixed GGA sentence for a rover at (lat, lon) whose altitude is the send stamp. */
export function stampedGga(latitude: number, longitude: number, stamp = stampNow()): string {
  const d = new Date();
  const time = `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}.${pad(Math.floor(d.getUTCMilliseconds() / 10), 2)}`;
  return `${withChecksum(`GNGGA,${time},${angle(latitude, 2)},N,${angle(longitude, 3)},E,4,24,0.70,${stamp.toFixed(3)},M,-17.000,M,1.0,0000`)}\r\n`;
}

/** The stamp of a raw GGA payload (what a bare broker delivers). */
export const stampOfGga = (payload: string): number => Number(payload.split(',')[9]);
