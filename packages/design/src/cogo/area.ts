import type { CogoPoint } from './inverse.js';

export interface RingArea {
  /** grid area, square metres */
  area: number;
  /** positive when the ring runs counter-clockwise */
  signedArea: number;
  /** grid perimeter, closing side included, metres */
  perimeter: number;
  /** two sides cross: the area of such a ring means nothing */
  selfIntersecting: boolean;
}

/** Area (shoelace, about the first point to keep large coordinates exact) and perimeter of a ring of grid points. */
export function ringArea(ring: readonly CogoPoint[]): RingArea | { error: string } {
  const pts = ring.length > 1 && ring[0]!.e === ring[ring.length - 1]!.e && ring[0]!.n === ring[ring.length - 1]!.n ? ring.slice(0, -1) : ring;
  if (pts.length < 3) return { error: 'an area needs 3 points or more' };
  const o = pts[0]!;
  let twice = 0;
  let perimeter = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    twice += (a.e - o.e) * (b.n - o.n) - (b.e - o.e) * (a.n - o.n);
    perimeter += Math.hypot(b.e - a.e, b.n - a.n);
  }
  return { area: Math.abs(twice) / 2, signedArea: twice / 2, perimeter, selfIntersecting: crosses(pts) };
}

function crosses(p: readonly CogoPoint[]): boolean {
  const side = (a: CogoPoint, b: CogoPoint, c: CogoPoint) => Math.sign((b.e - a.e) * (c.n - a.n) - (b.n - a.n) * (c.e - a.e));
  const n = p.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the sides meeting at the first point
      const [a, b, c, d] = [p[i]!, p[(i + 1) % n]!, p[j]!, p[(j + 1) % n]!];
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return true;
    }
  }
  return false;
}
