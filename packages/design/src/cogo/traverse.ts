import type { CogoPoint, GroundContext } from './inverse.js';
import { lineFactors } from './inverse.js';

export interface TraverseOptions {
  /** the distance is measured on the ground: it is reduced to grid by the line's combined factor */
  ground?: { projection: GroundContext['projection']; ellipsoidalHeight: number };
  /** height difference to the new point (metres); its height stays null without one or without a start height */
  dH?: number;
}

/**
 * The point at a grid bearing (degrees) and distance (metres) from another. A ground distance is turned into grid
 * by the combined factor of the line, which depends on where the line ends: computed from the start, then again
 * with the end found (twice more is far below a millimetre on any line a crew measures).
 */
export function pointFrom(start: CogoPoint, azimuth: number, distance: number, o: TraverseOptions = {}): { e: number; n: number; h: number | null; gridDistance: number } {
  const t = (azimuth * Math.PI) / 180;
  const h = start.h == null || o.dH === undefined ? null : start.h + o.dH;
  let grid = distance;
  if (o.ground) {
    const h1 = o.ground.ellipsoidalHeight;
    const h2 = h1 + (o.dH ?? 0);
    const ctx: GroundContext = { projection: o.ground.projection, ellipsoidalHeights: [h1, h2] };
    // the first pass ends the line at the ground distance; each pass after, at the grid distance found
    for (let i = 0; i < 3; i++) {
      const end = { e: start.e + grid * Math.sin(t), n: start.n + grid * Math.cos(t) };
      grid = distance * lineFactors(start, end, ctx).combined;
    }
  }
  return { e: start.e + grid * Math.sin(t), n: start.n + grid * Math.cos(t), h, gridDistance: grid };
}
