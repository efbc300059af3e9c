import type { DesignLine, DesignVertex } from '../types.js';

export interface Arc {
  /** centre */
  ce: number;
  cn: number;
  r: number;
  /** angle of the start vertex about the centre (radians, from grid east, counter-clockwise) */
  a0: number;
  /** signed sweep, positive counter-clockwise */
  sweep: number;
}

export interface Segment {
  a: DesignVertex;
  b: DesignVertex;
  /** the station at a (the line's startStation at its first vertex) */
  start: number;
  length: number;
  arc: Arc | null;
}

/** The arc a bulge (tan(sweep / 4)) makes between two vertices, or null for a straight or degenerate segment. */
export function arcOf(a: DesignVertex, b: DesignVertex, bulge: number): Arc | null {
  const chord = Math.hypot(b.e - a.e, b.n - a.n);
  if (bulge === 0 || chord === 0 || !Number.isFinite(bulge)) return null;
  const sweep = 4 * Math.atan(bulge);
  const r = chord / (2 * Math.abs(Math.sin(sweep / 2)));
  // the centre lies on the chord's perpendicular bisector, left of a->b for a counter-clockwise arc under a half turn
  const k = 1 / (2 * Math.tan(sweep / 2));
  const ce = (a.e + b.e) / 2 - (b.n - a.n) * k;
  const cn = (a.n + b.n) / 2 + (b.e - a.e) * k;
  return { ce, cn, r, a0: Math.atan2(a.n - cn, a.e - ce), sweep };
}

/** The segments of a line in order, a closed line's closing segment last; their stations from startStation. */
export function segmentsOf(line: DesignLine): Segment[] {
  const v = line.vertices;
  const out: Segment[] = [];
  let station = line.startStation;
  const count = line.closed && v.length > 2 ? v.length : v.length - 1;
  for (let i = 0; i < count; i++) {
    const a = v[i] as DesignVertex;
    const b = v[(i + 1) % v.length] as DesignVertex;
    const arc = arcOf(a, b, a.bulge);
    const length = arc ? arc.r * Math.abs(arc.sweep) : Math.hypot(b.e - a.e, b.n - a.n);
    out.push({ a, b, start: station, length, arc });
    station += length;
  }
  return out;
}

/** The unit direction of travel along a segment at a distance from its start. */
export function directionAt(s: Segment, along: number): [number, number] {
  if (!s.arc) {
    const l = s.length || 1;
    return [(s.b.e - s.a.e) / l, (s.b.n - s.a.n) / l];
  }
  const { a0, sweep, r } = s.arc;
  const angle = a0 + Math.sign(sweep) * (along / r);
  // the tangent of a counter-clockwise arc is the radius turned left
  return sweep > 0 ? [-Math.sin(angle), Math.cos(angle)] : [Math.sin(angle), -Math.cos(angle)];
}

/** The point at a distance along a segment (0..length, or beyond on the tangent) and an offset (positive right). */
export function pointOn(s: Segment, along: number, offset: number): { e: number; n: number } {
  if (!s.arc || along < 0 || along > s.length) {
    const base = along < 0 || !s.arc ? s.a : s.b;
    const from = !s.arc || along < 0 ? along : along - s.length;
    const [de, dn] = directionAt(s, along < 0 ? 0 : Math.min(along, s.length));
    return { e: base.e + de * from + dn * offset, n: base.n + dn * from - de * offset };
  }
  const { ce, cn, r, a0, sweep } = s.arc;
  const angle = a0 + Math.sign(sweep) * (along / r);
  // right of a counter-clockwise arc is away from the centre
  const radius = sweep > 0 ? r + offset : r - offset;
  return { e: ce + radius * Math.cos(angle), n: cn + radius * Math.sin(angle) };
}

/** The design elevation at a distance along a segment, linear between its vertices; null if either has none. */
export function elevationOn(s: Segment, along: number): number | null {
  if (s.a.h === null || s.b.h === null) return null;
  if (s.length === 0) return s.a.h;
  const t = Math.min(1, Math.max(0, along / s.length));
  return s.a.h + (s.b.h - s.a.h) * t;
}
