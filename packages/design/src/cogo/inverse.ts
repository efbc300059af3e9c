import { bearingOf } from '../stake/point.js';
import { elevationFactor, pointScaleFactor, type GridProjection } from './projection.js';

export interface CogoPoint {
  e: number;
  n: number;
  h?: number | null;
}

/** What a ground distance needs: the project's projection and the two ends' ellipsoidal heights (metres). */
export interface GroundContext {
  projection: GridProjection;
  ellipsoidalHeights: [number, number];
}

export interface LineFactors {
  /** Simpson's mean of the point scale factor at the ends and the middle */
  scale: number;
  /** R / (R + mean ellipsoidal height) */
  elevation: number;
  /** scale x elevation: grid distance = ground distance x combined */
  combined: number;
}

export function lineFactors(a: CogoPoint, b: CogoPoint, ground: GroundContext): LineFactors {
  const p = ground.projection;
  const k1 = pointScaleFactor(p, a.e, a.n);
  const km = pointScaleFactor(p, (a.e + b.e) / 2, (a.n + b.n) / 2);
  const k2 = pointScaleFactor(p, b.e, b.n);
  const scale = (k1 + 4 * km + k2) / 6;
  const [, lat] = p.toGeographic((a.e + b.e) / 2, (a.n + b.n) / 2);
  const elevation = elevationFactor((ground.ellipsoidalHeights[0] + ground.ellipsoidalHeights[1]) / 2, lat);
  return { scale, elevation, combined: scale * elevation };
}

export interface Inverse {
  dE: number;
  dN: number;
  /** b - a, null when either has no height */
  dH: number | null;
  gridDistance: number;
  /** grid bearing a -> b, degrees clockwise from grid north */
  azimuth: number;
  /** with a GroundContext: the distance on the ground at the line's mean height, and the factors used */
  ground: (LineFactors & { distance: number }) | null;
  /** the straight 3D distance: from the ground distance when there is one, else the grid one; null without dH */
  slopeDistance: number | null;
  /** dH / horizontal distance x 100 */
  slopePercent: number | null;
}

/**
 * Inverse between two grid points (metres). Ground distance = grid distance / (k x R / (R + h)): k the line's
 * scale factor from the projection, h the mean ellipsoidal height (see decision 046).
 */
export function inverse(a: CogoPoint, b: CogoPoint, ground?: GroundContext): Inverse {
  const dE = b.e - a.e;
  const dN = b.n - a.n;
  const gridDistance = Math.hypot(dE, dN);
  const dH = a.h == null || b.h == null ? null : b.h - a.h;
  const factors = ground ? lineFactors(a, b, ground) : null;
  const groundResult = factors ? { ...factors, distance: gridDistance / factors.combined } : null;
  const horizontal = groundResult ? groundResult.distance : gridDistance;
  return {
    dE,
    dN,
    dH,
    gridDistance,
    azimuth: bearingOf(dE, dN),
    ground: groundResult,
    slopeDistance: dH === null ? null : Math.hypot(horizontal, dH),
    slopePercent: dH === null || horizontal === 0 ? null : (dH / horizontal) * 100,
  };
}
