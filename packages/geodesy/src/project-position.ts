import { projectCoordinates, type CoordinateFrame, type StoredPosition } from './project-coordinates.js';
import { toMetres } from './units.js';

/**
 * The other direction of projectCoordinates: a mark given in the project's grid (easting, northing in the CRS unit)
 * and height (the project's vertical reference and unit), as a surveyor types a known base mark, back to the
 * latitude, longitude and ellipsoidal height of the frame the base's positions are in.
 *
 * It is solved on projectCoordinates itself (Newton's method, its derivatives by finite differences), starting from
 * the CRS's own inverse: whatever projectCoordinates does on the way (a frame shift at the epoch, the datum shift
 * at the height, the geoid, a site calibration) is undone exactly, and the mark typed reads back in every export as
 * it was typed. Null when the CRS cannot express a position there.
 */

export interface ProjectMark {
  easting: number;
  northing: number;
  /** In the project's vertical reference and unit; null: the height is not given (only the horizontal is solved). */
  height: number | null;
}

export interface SolvedMark {
  latitude: number;
  longitude: number;
  /** Ellipsoidal, metres; null when the mark's height was not given. */
  ellipsoidalHeight: number | null;
  /** How far projectCoordinates of the result is from the mark typed: easting/northing and height, in the unit. */
  residual: number;
}

export interface SolveOptions {
  /** The CRS's inverse (easting, northing -> longitude, latitude): the first guess. */
  inverse(easting: number, northing: number): [number, number];
  /** The frame of the base's positions (the setup's datum; null: the project's corrections datum). */
  datum?: string | null;
  /** The epoch of a time-dependent frame shift; now when absent. */
  at?: Date;
  /** The ellipsoidal height to solve the horizontal at when the mark has none, metres. */
  heightGuess?: number;
}

// a step of 1e-7 degree (about 1 cm) and 1 cm: small enough to be linear, large enough to stay above rounding
const STEP_DEG = 1e-7;
const STEP_M = 0.01;
// 1e-5 of the unit: a hundredth of a millimetre in metres, under the 0.1 mm projectCoordinates keeps heights to
const CONVERGED = 1e-5;

export function positionFromProject(f: CoordinateFrame, mark: ProjectMark, o: SolveOptions): SolvedMark | null {
  let e = mark.easting;
  let n = mark.northing;
  const cal = f.calibration?.horizontal;
  if (cal) {
    // the similarity's own inverse: the first guess is then within the CRS's inverse of the answer
    const det = cal.a * cal.a + cal.b * cal.b;
    const [x, y] = [mark.easting - cal.tE, mark.northing - cal.tN];
    [e, n] = [(cal.a * x + cal.b * y) / det, (-cal.b * x + cal.a * y) / det];
  }
  let longitude: number;
  let latitude: number;
  try {
    [longitude, latitude] = o.inverse(e, n);
  } catch {
    return null;
  }
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const withHeight = mark.height !== null;
  let h = o.heightGuess ?? 0;
  if (withHeight) h = toMetresOf(f, mark.height!) + (f.geoid ? safe(() => f.geoid!.undulation(latitude, longitude)) ?? 0 : 0);

  const forward = (lat: number, lon: number, height: number): [number, number, number] | null => {
    const p: StoredPosition = { latitude: lat, longitude: lon, ellipsoidalHeight: height, altitude: null, geoidSeparation: null, datum: o.datum ?? null, recordedAt: o.at };
    const c = projectCoordinates(f, p);
    if (!c || (withHeight && c.height === null)) return null;
    return [c.easting, c.northing, c.height ?? 0];
  };
  const want: [number, number, number] = [mark.easting, mark.northing, mark.height ?? 0];
  let residual = Infinity;
  for (let i = 0; i < 8; i++) {
    const got = forward(latitude, longitude, h);
    if (!got) return null;
    const r = [want[0] - got[0], want[1] - got[1], withHeight ? want[2] - got[2] : 0];
    residual = Math.max(Math.abs(r[0]!), Math.abs(r[1]!), Math.abs(r[2]!));
    if (residual < CONVERGED) break;
    const dLat = forward(latitude + STEP_DEG, longitude, h);
    const dLon = forward(latitude, longitude + STEP_DEG, h);
    const dH = withHeight ? forward(latitude, longitude, h + STEP_M) : null;
    if (!dLat || !dLon || (withHeight && !dH)) return null;
    // columns: d(E, N, H) per step of latitude, longitude, height
    const J = [0, 1, 2].map((k) => [(dLat[k]! - got[k]!) / STEP_DEG, (dLon[k]! - got[k]!) / STEP_DEG, dH ? (dH[k]! - got[k]!) / STEP_M : k === 2 ? 1 : 0]);
    const step = solve3(J, r);
    if (!step) return null;
    latitude += step[0];
    longitude += step[1];
    if (withHeight) h += step[2];
  }
  return { latitude, longitude, ellipsoidalHeight: withHeight ? h : null, residual };
}

const safe = <T>(run: () => T): T | null => {
  try {
    return run();
  } catch {
    return null;
  }
};

// a geographic CRS's heights stay in metres
const toMetresOf = (f: CoordinateFrame, v: number): number => (f.unit === 'degree' ? v : toMetres(v, f.unit));

/** x with J x = r (Cramer's rule), or null when J is singular. */
function solve3(J: number[][], r: number[]): [number, number, number] | null {
  const det = (m: number[][]) =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) - m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) + m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(J);
  if (!Number.isFinite(d) || d === 0) return null;
  const col = (c: number) => det(J.map((row, i) => row.map((x, j) => (j === c ? r[i]! : x))));
  return [col(0) / d, col(1) / d, col(2) / d];
}
