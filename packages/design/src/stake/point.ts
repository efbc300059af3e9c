/** A grid position in metres; h is at the pole tip in the project's vertical reference (antenna height removed). */
export interface GridPosition {
  e: number;
  n: number;
  h: number | null;
}

export type CutFill = { kind: 'cut' | 'fill' | 'on grade'; amount: number };

/**
 * Cut/fill as construction crews read it: ground (the rover's pole tip) above the design is CUT (dig down),
 * below it FILL; dH = rover - design, so a positive dH is a cut.
 */
export function cutFill(dH: number): CutFill {
  return { kind: dH > 0 ? 'cut' : dH < 0 ? 'fill' : 'on grade', amount: Math.abs(dH) };
}

/** Grid bearing of a direction (clockwise from grid north), degrees in [0, 360). */
export function bearingOf(dE: number, dN: number): number {
  const b = (Math.atan2(dE, dN) * 180) / Math.PI;
  return b < 0 ? b + 360 : b === 360 ? 0 : b;
}

export interface PointGuidance {
  /** how far to go north (negative: south) and east (negative: west) to reach the target: target - rover */
  goNorth: number;
  goEast: number;
  /** the as-staked differences, rover - design (what a stake report lists) */
  dN: number;
  dE: number;
  /** rover - design height (positive: cut), null when either has no height */
  dH: number | null;
  cutFill: CutFill | null;
  horizontalDistance: number;
  /** grid bearing from the rover to the target, degrees */
  bearing: number;
  /** with a heading: how far ahead (negative: back) and to the right (negative: left) the target is */
  forward: number | null;
  right: number | null;
  /** with a heading: the target's bearing relative to it, degrees in (-180, 180] */
  relativeBearing: number | null;
}

/**
 * Guidance from the rover to a design point. heading is the grid bearing the user faces (direction of travel or
 * the phone's compass turned to grid north by the caller), or null for north-up.
 */
export function pointGuidance(target: GridPosition, rover: GridPosition, heading: number | null = null): PointGuidance {
  const goNorth = target.n - rover.n;
  const goEast = target.e - rover.e;
  const dH = target.h === null || rover.h === null ? null : rover.h - target.h;
  let forward: number | null = null;
  let right: number | null = null;
  let relativeBearing: number | null = null;
  const bearing = bearingOf(goEast, goNorth);
  if (heading !== null && Number.isFinite(heading)) {
    const t = (heading * Math.PI) / 180;
    forward = goNorth * Math.cos(t) + goEast * Math.sin(t);
    right = goEast * Math.cos(t) - goNorth * Math.sin(t);
    relativeBearing = ((((bearing - heading) % 360) + 540) % 360) - 180;
    if (relativeBearing === -180) relativeBearing = 180;
  }
  return {
    goNorth,
    goEast,
    dN: -goNorth,
    dE: -goEast,
    dH,
    cutFill: dH === null ? null : cutFill(dH),
    horizontalDistance: Math.hypot(goNorth, goEast),
    bearing,
    forward,
    right,
    relativeBearing,
  };
}

export interface Tolerance {
  /** metres; 0.02 by default in the product */
  horizontal: number;
  vertical: number;
}

export const DEFAULT_TOLERANCE: Tolerance = { horizontal: 0.02, vertical: 0.03 };
/** the distance within which guidance switches from the arrow to the bullseye (metres) */
export const DEFAULT_NEAR_RADIUS = 3;

/** Inside the tolerances (a point with no design height is judged horizontally only: vertical null). */
export function withinTolerance(horizontalDistance: number, dH: number | null, t: Tolerance = DEFAULT_TOLERANCE) {
  const horizontal = horizontalDistance <= t.horizontal;
  const vertical = dH === null ? null : Math.abs(dH) <= t.vertical;
  return { horizontal, vertical, both: horizontal && vertical !== false };
}

export const proximity = (horizontalDistance: number, radius = DEFAULT_NEAR_RADIUS): 'near' | 'far' => (horizontalDistance <= radius ? 'near' : 'far');
