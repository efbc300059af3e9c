/** Plane geometry of arcs as DXF carries them: a bulge on the vertex that starts each arc segment. */

interface Planar {
  e: number;
  n: number;
  bulge: number;
}

/** Below this (relative) the three points are taken as one straight line. */
const COLLINEAR = 1e-12;

/**
 * Bulge of the arc from p to q on the circle through p, q and r, where r lies on the circle outside that arc (before
 * p or after q along it): tan(θ/4) for the included angle θ, positive counter-clockwise (DXF group 42). The angle at r
 * is θ/2 (inscribed angle) and tan(α/2) = (u×v) / (|u||v| + u·v) for u = p - r, v = q - r; the sign of u×v is the
 * triangle's orientation, which is the arc's sense. Only + - × ÷ and √, so every engine gives the same bits.
 * 0 when the points are in a straight line or two coincide.
 */
export function bulgeOnCircle(pe: number, pn: number, qe: number, qn: number, re: number, rn: number): number {
  const ue = pe - re;
  const un = pn - rn;
  const ve = qe - re;
  const vn = qn - rn;
  const lengths = Math.sqrt(ue * ue + un * un) * Math.sqrt(ve * ve + vn * vn);
  const cross = ue * vn - un * ve;
  const denominator = lengths + (ue * ve + un * vn);
  if (lengths === 0 || Math.abs(cross) <= COLLINEAR * lengths || denominator <= 0) return 0;
  return cross / denominator;
}

/**
 * Sets the bulges of the arc measured through vertices[from..to]. Three points give one circle and both its
 * segments their bulges. More points are taken in threes, each three sharing its end with the next, so the arc
 * passes through every measured point and each piece is a true three-point arc: p0 p1 p2, p2 p3 p4, ...; an odd
 * last segment takes the circle through itself and the point before it. Two points give a straight segment.
 */
export function setArcBulges(vertices: Planar[], from: number, to: number): void {
  const segments = to - from;
  if (segments < 2) return;
  for (let s = 0; s < segments; s++) {
    const p = vertices[from + s]!;
    const q = vertices[from + s + 1]!;
    // the third point of this segment's circle: after it for the first of a pair, else the one before it
    const r = vertices[s % 2 === 0 && s + 1 < segments ? from + s + 2 : from + s - 1]!;
    p.bulge = bulgeOnCircle(p.e, p.n, q.e, q.n, r.e, r.n);
  }
}
