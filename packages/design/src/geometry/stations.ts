import { METRES_PER, type LinearUnit } from '@smi/geodesy/units';
import type { DesignLine } from '../types.js';
import { segmentsOf } from './segments.js';
import { pointAtStation } from './station-offset.js';

/**
 * A station as surveyors write it: metric chainage in kilometres + metres ("0+020.000"), stations of 100 feet in
 * a foot project ("1+00.00").
 */
export function formatStation(metres: number, unit: LinearUnit = 'metre'): string {
  const feet = unit !== 'metre';
  const decimals = feet ? 2 : 3;
  const size = feet ? 100 : 1000;
  const scale = 10 ** decimals;
  const v = Math.round((Math.abs(metres) / METRES_PER[unit]) * scale) / scale;
  const whole = Math.floor(v / size + 1e-12);
  const rest = (v - whole * size).toFixed(decimals).padStart(decimals + 1 + String(size).length - 1, '0');
  return `${metres < 0 && v !== 0 ? '-' : ''}${whole}+${rest}`;
}

/** An offset as a stake's name gives it: "L5", "R2.5" (in the unit, up to 3 decimals), "" on the line. */
export function formatOffset(metres: number, unit: LinearUnit = 'metre'): string {
  const v = Math.round((Math.abs(metres) / METRES_PER[unit]) * 1000) / 1000;
  return v === 0 ? '' : `${metres < 0 ? 'L' : 'R'}${v}`;
}

export interface StationOptions {
  /** metres between stations */
  interval: number;
  /** offsets to stake at each station, metres, negative left (default [0]) */
  offsets?: number[];
  /** stations at multiples of the interval (default), or every interval from the line's start station */
  relative?: boolean;
  /** also the stations of the vertices (default true): the corners and tangent points */
  vertices?: boolean;
  /** the unit names are written in (default metre) */
  unit?: LinearUnit;
}

export interface StakeStation {
  name: string;
  station: number;
  offset: number;
  e: number;
  n: number;
  h: number | null;
}

const MAX_STATIONS = 100_000;

/** The stakeable points along a line at an interval, with its start, end (and vertices), at each offset. */
export function stationPoints(line: DesignLine, o: StationOptions): StakeStation[] | { error: string } {
  if (!(o.interval > 0)) return { error: 'the interval must be more than 0' };
  const segments = segmentsOf(line);
  if (segments.length === 0) return { error: 'the line has no length' };
  const start = line.startStation;
  const last = segments[segments.length - 1]!;
  const end = last.start + last.length;
  if ((end - start) / o.interval > MAX_STATIONS) return { error: `more than ${MAX_STATIONS} stations: choose a longer interval` };
  const stations = new Set<number>([start, end]);
  const first = o.relative ? start : Math.ceil(start / o.interval - 1e-9) * o.interval;
  for (let k = 0; first + k * o.interval < end - 1e-9; k++) stations.add(first + k * o.interval);
  if (o.vertices ?? true) for (const s of segments) stations.add(s.start);
  // stations a rounding apart (a vertex on an interval mark) are one
  const sorted = [...stations].sort((a, b) => a - b).filter((s, i, all) => i === 0 || s - (all[i - 1] as number) > 1e-6);
  const out: StakeStation[] = [];
  for (const station of sorted) {
    for (const offset of o.offsets ?? [0]) {
      const p = pointAtStation(line, station, offset);
      if (!p) continue;
      const label = formatOffset(offset, o.unit);
      out.push({ name: `${formatStation(station, o.unit)}${label ? ` ${label}` : ''}`, station, offset, ...p });
    }
  }
  return out;
}
