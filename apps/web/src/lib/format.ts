import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { LIMITS } from '@smi/contracts';

dayjs.extend(relativeTime);

/** Colour families the screens use; components map them to classes (lib/tone.ts). */
export type Tone = 'green' | 'yellow' | 'red' | 'grey' | 'indigo' | 'blue' | 'orange';

/** Battery and signal: above 75 green, above 25 up to 75 yellow, 25 or below red; unknown grey. */
export function levelTone(value: number | null | undefined): Tone {
  if (value === null || value === undefined || Number.isNaN(value)) return 'grey';
  if (value > LIMITS.batteryHigh) return 'green';
  if (value > LIMITS.batteryLow) return 'yellow';
  return 'red';
}

/** Words for the same three bands, so colour is never the only signal. */
export function levelWord(value: number | null | undefined): string {
  return { green: 'good', yellow: 'fair', red: 'low', grey: 'unknown' }[levelTone(value) as 'green' | 'yellow' | 'red' | 'grey'];
}

export const percent = (value: number | null | undefined) => (value === null || value === undefined ? 'N/A' : `${Math.round(value)}%`);

/** Live status badge: online green, offline red, warning yellow, otherwise grey. */
export function statusTone(status: string | null | undefined): Tone {
  switch ((status ?? '').toLowerCase()) {
    case 'online':
      return 'green';
    case 'offline':
      return 'red';
    case 'warning':
      return 'yellow';
    default:
      return 'grey';
  }
}

/** A stored device Status: true is Online, false Offline, any other text as it is. */
export function deviceStatusText(status: boolean | string | null | undefined): string {
  if (status === true) return 'Online';
  if (status === false || status === null || status === undefined || status === '') return 'Offline';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Device detail colours: Online green, Offline red, anything else indigo. */
export function deviceDetailTone(status: boolean | string | null | undefined): Tone {
  const text = deviceStatusText(status);
  return text === 'Online' ? 'green' : text === 'Offline' ? 'red' : 'indigo';
}

/** Project survey status colours of the lists: Active blue, Pending orange, anything else green. */
export function projectStatusTone(status: string | null | undefined): Tone {
  const s = (status ?? 'active').toLowerCase();
  return s === 'active' ? 'blue' : s === 'pending' ? 'orange' : 'green';
}

/** Accuracy labels: Low red, Medium yellow, High green, else grey. */
export function accuracyTone(accuracy: string | null | undefined): Tone {
  return accuracy === 'Low' ? 'red' : accuracy === 'Medium' ? 'yellow' : accuracy === 'High' ? 'green' : 'grey';
}

export const formatDate = (value: string | number | Date | null | undefined) =>
  value === null || value === undefined || !dayjs(value).isValid() ? 'N/A' : dayjs(value).format('MMM D, YYYY');
export const formatDay = (value: string | number | Date | null | undefined) =>
  value === null || value === undefined || !dayjs(value).isValid() ? 'N/A' : dayjs(value).format('YYYY-MM-DD');
export const fromNow = (value: string | number | Date | null | undefined, now: Date = new Date()) =>
  value === null || value === undefined || !dayjs(value).isValid() ? 'N/A' : dayjs(value).from(now);

export const formatCoordinate = (value: number) => value.toFixed(6);

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine, Earth radius 6371 km). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * LIMITS.earthRadiusKm * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Under 1000 m in whole metres, otherwise kilometres with 2 decimals. */
export function formatDistance(metres: number): string {
  const whole = Math.round(metres);
  return whole < 1000 ? `${whole} m` : `${(metres / 1000).toFixed(2)} km`;
}

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** Smallest span drawn (degrees, about 11 m): one point alone still gets a readable grid around it. */
const MIN_SPAN = 0.0001;

/** The box around the points, padded by 10 % of its span on every side. */
export function paddedBounds(points: LatLon[], padding = 0.1): Bounds | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const box = { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLon: Math.min(...lons), maxLon: Math.max(...lons) };
  const latSpan = Math.max(box.maxLat - box.minLat, MIN_SPAN);
  const lonSpan = Math.max(box.maxLon - box.minLon, MIN_SPAN);
  const midLat = (box.minLat + box.maxLat) / 2;
  const midLon = (box.minLon + box.maxLon) / 2;
  return {
    minLat: midLat - latSpan / 2 - latSpan * padding,
    maxLat: midLat + latSpan / 2 + latSpan * padding,
    minLon: midLon - lonSpan / 2 - lonSpan * padding,
    maxLon: midLon + lonSpan / 2 + lonSpan * padding,
  };
}

/** Where a position falls on a square canvas of `size` pixels drawn over `bounds` (north up). */
export function toCanvas(p: LatLon, bounds: Bounds, size: number): { x: number; y: number } {
  return {
    x: ((p.longitude - bounds.minLon) / (bounds.maxLon - bounds.minLon)) * size,
    y: ((bounds.maxLat - p.latitude) / (bounds.maxLat - bounds.minLat)) * size,
  };
}

/** The average position, or null for none. */
export function centreOf(points: LatLon[]): LatLon | null {
  if (points.length === 0) return null;
  return {
    latitude: points.reduce((s, p) => s + p.latitude, 0) / points.length,
    longitude: points.reduce((s, p) => s + p.longitude, 0) / points.length,
  };
}

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || '?').toUpperCase();

/** How old something is, for a live age: '4 s', '3 min', '2 h' (whole units, rounded down). */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h`;
}
