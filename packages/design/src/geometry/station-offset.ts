import type { DesignLine } from '../types.js';
import { directionAt, elevationOn, pointOn, segmentsOf, type Segment } from './segments.js';

export interface StationOffset {
  /** chainage along the line (its startStation at the first vertex), metres */
  station: number;
  /** perpendicular distance to the line, positive right of the direction of the line, negative left */
  offset: number;
  /** the design elevation interpolated along the line at the station (the end's beyond an end), or null */
  elevation: number | null;
  /** index of the nearest segment (from vertex i to i + 1) */
  segment: number;
  /** 'start' before the line's first vertex (station extended backwards on its tangent), 'end' after its last */
  beyond: 'start' | 'end' | null;
}

const TWO_PI = 2 * Math.PI;
const norm = (a: number) => ((a % TWO_PI) + TWO_PI) % TWO_PI;

/** Distance along the segment of the foot of (e, n), unclamped on a straight segment, and the signed offset. */
function project(s: Segment, e: number, n: number): { along: number; offset: number; distance: number; onIt: boolean } {
  if (s.arc) {
    const { ce, cn, r, a0, sweep } = s.arc;
    const rho = Math.hypot(e - ce, n - cn);
    const phi = Math.atan2(n - cn, e - ce);
    const delta = sweep > 0 ? norm(phi - a0) : norm(a0 - phi);
    if (delta <= Math.abs(sweep)) {
      const offset = sweep > 0 ? rho - r : r - rho;
      return { along: r * delta, offset, distance: Math.abs(offset), onIt: true };
    }
    // off the arc's ends: the nearer end vertex, along its tangent
    const toA = Math.hypot(e - s.a.e, n - s.a.n);
    const toB = Math.hypot(e - s.b.e, n - s.b.n);
    const at = toA <= toB ? 0 : s.length;
    const base = at === 0 ? s.a : s.b;
    const [de, dn] = directionAt(s, at);
    const along = at + (e - base.e) * de + (n - base.n) * dn;
    return { along, offset: (e - base.e) * dn - (n - base.n) * de, distance: Math.min(toA, toB), onIt: false };
  }
  const [de, dn] = directionAt(s, 0);
  const along = (e - s.a.e) * de + (n - s.a.n) * dn;
  const offset = (e - s.a.e) * dn - (n - s.a.n) * de;
  const clamped = Math.min(Math.max(along, 0), s.length);
  return { along, offset, distance: Math.hypot(e - (s.a.e + de * clamped), n - (s.a.n + dn * clamped)), onIt: along === clamped };
}

/**
 * Station and offset of a point against a design line: the nearest segment (by true distance) gives the foot of
 * the perpendicular; before the first vertex or after the last of an open line, the station runs on along the end
 * segment's tangent and the offset is square to it (as a surveyor extends a line). null for a line of no length.
 */
export function stationOffset(line: DesignLine, e: number, n: number): StationOffset | null {
  const segments = segmentsOf(line);
  let best: { i: number; along: number; offset: number; distance: number; onIt: boolean } | null = null;
  segments.forEach((s, i) => {
    if (s.length === 0) return;
    const p = project(s, e, n);
    // at a tie (a point square to a corner) the segment the foot falls on wins over one whose end is nearest
    const closer = !best || p.distance < best.distance - 1e-9 || (p.distance <= best.distance + 1e-9 && p.onIt && !best.onIt);
    if (closer) best = { i, ...p };
  });
  if (!best) return null;
  const { i, along, offset, distance, onIt } = best as { i: number; along: number; offset: number; distance: number; onIt: boolean };
  const s = segments[i] as Segment;
  const open = !line.closed;
  if (!onIt && open && along < 0 && i === 0) return { station: s.start + along, offset, elevation: elevationOn(s, 0), segment: i, beyond: 'start' };
  if (!onIt && open && along > s.length && i === segments.length - 1) {
    return { station: s.start + along, offset, elevation: elevationOn(s, s.length), segment: i, beyond: 'end' };
  }
  // beyond an interior vertex (outside a bend) the nearest point is the vertex: the offset is the distance to it
  const at = Math.min(Math.max(along, 0), s.length);
  const signed = onIt ? offset : (offset < 0 ? -1 : 1) * distance;
  return { station: s.start + at, offset: signed, elevation: elevationOn(s, at), segment: i, beyond: null };
}

/** The point at a station and offset (positive right), on the end tangents beyond the ends; null off a closed line. */
export function pointAtStation(line: DesignLine, station: number, offset = 0): { e: number; n: number; h: number | null } | null {
  const segments = segmentsOf(line).filter((s) => s.length > 0);
  if (segments.length === 0) return null;
  const first = segments[0] as Segment;
  const last = segments[segments.length - 1] as Segment;
  const end = last.start + last.length;
  const eps = 1e-9 * Math.max(1, Math.abs(end));
  if (line.closed && (station < first.start - eps || station > end + eps)) return null;
  const s = station <= first.start ? first : (segments.find((x) => station < x.start + x.length - eps) ?? last);
  const along = station - s.start;
  // an interior vertex takes the offset square to the segment leaving it
  return { ...pointOn(s, along, offset), h: elevationOn(s, along) };
}
