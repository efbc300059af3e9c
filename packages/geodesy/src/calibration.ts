/**
 * Site calibration (localization): from pairs of a measured point (grid coordinates from GNSS, in the project's CRS)
 * and its known grid coordinates, a horizontal 2D similarity (4-parameter Helmert, scale optionally fixed to 1) and
 * a vertical adjustment (a constant for one or two points, an inclined plane from three: EPSG method 1046 "Vertical
 * Offset and Slope", which PROJ implements as +proj=vertoffset). Least squares; residuals are known - fitted.
 */

export interface CalibrationPair {
  name: string;
  /** Where the GNSS put it: grid easting, northing (CRS unit), height (metres), and its WGS 84 latitude, longitude. */
  measured: { easting: number; northing: number; height: number | null; latitude: number; longitude: number };
  /** The control's known grid coordinates; a null height leaves the pair out of the vertical fit. */
  known: { easting: number; northing: number; height: number | null };
}

export interface HorizontalFit {
  /** E = a*x - b*y + tE, N = b*x + a*y + tN (x, y the measured easting, northing). */
  a: number;
  b: number;
  tE: number;
  tN: number;
  scale: number;
  /** Counter-clockwise rotation of the measured grid onto the known one, arc-seconds. */
  rotationArcsec: number;
  scaleFixed: boolean;
}

export interface VerticalFit {
  kind: 'constant' | 'plane';
  /** Height shift at the origin (metres). */
  dh: number;
  /** Slopes in arc-seconds, north and east (0 for a constant). */
  slopeLat: number;
  slopeLon: number;
  /** The origin of the plane (WGS 84 degrees): the mean of the pairs' positions. */
  lat0: number;
  lon0: number;
}

export interface PairResidual {
  name: string;
  /** known - calibrated: easting, northing in the CRS unit, height in metres; null where not used. */
  dE: number | null;
  dN: number | null;
  dH: number | null;
  overTolerance: boolean;
}

export interface Calibration {
  horizontal: HorizontalFit | null;
  vertical: VerticalFit | null;
  residuals: PairResidual[];
  /** sqrt(sum(dE^2 + dN^2) / n), CRS unit; and sqrt(sum(dH^2) / n), metres. */
  rmsH: number | null;
  rmsV: number | null;
  /** Codes: "residual-over-tolerance:<name>", "no-redundancy-h" (2 pairs fit exactly), "no-redundancy-v". */
  warnings: string[];
}

export interface CalibrationOptions {
  fixScale?: boolean;
  /** Tolerances in metres: 0.03 horizontal, 0.05 vertical by default. */
  toleranceH?: number;
  toleranceV?: number;
  /** Metres per CRS unit (to compare horizontal residuals with the tolerance). */
  metresPerUnit?: number;
}

const ARCSEC = (180 * 3600) / Math.PI;
/** WGS 84, for the plane's metric (PROJ's vertoffset takes the same ellipsoid). */
const A = 6378137;
const ES = 0.0066943799901413165;

function fitHorizontal(pairs: CalibrationPair[], fixScale: boolean): HorizontalFit {
  const n = pairs.length;
  const mean = (f: (p: CalibrationPair) => number) => pairs.reduce((s, p) => s + f(p), 0) / n;
  const xm = mean((p) => p.measured.easting), ym = mean((p) => p.measured.northing);
  const em = mean((p) => p.known.easting), nm = mean((p) => p.known.northing);
  let sxx = 0, sa = 0, sb = 0;
  for (const p of pairs) {
    const dx = p.measured.easting - xm, dy = p.measured.northing - ym;
    const dE = p.known.easting - em, dN = p.known.northing - nm;
    sxx += dx * dx + dy * dy;
    sa += dx * dE + dy * dN;
    sb += dx * dN - dy * dE;
  }
  if (sxx === 0) throw new RangeError('The calibration points coincide: a rotation and scale need two distinct points');
  let a = sa / sxx, b = sb / sxx;
  const scale = Math.hypot(a, b);
  if (fixScale) {
    a /= scale;
    b /= scale;
  }
  return {
    a, b,
    tE: em - a * xm + b * ym,
    tN: nm - b * xm - a * ym,
    scale: fixScale ? 1 : scale,
    rotationArcsec: Math.atan2(b, a) * ARCSEC,
    scaleFixed: fixScale,
  };
}

/** The plane's metric at its origin: radius of curvature in the meridian and in the prime vertical. */
function radii(lat0: number) {
  const s = Math.sin((lat0 * Math.PI) / 180);
  const w = 1 - ES * s * s;
  return { rho0: (A * (1 - ES)) / (w * Math.sqrt(w)), nu0: A / Math.sqrt(w) };
}

/** The regressors of EPSG 1046: metres north and east of the origin along the ellipsoid. */
function planeOffsets(v: { lat0: number; lon0: number }, latitude: number, longitude: number) {
  const { rho0, nu0 } = radii(v.lat0);
  const rad = Math.PI / 180;
  return { u: rho0 * (latitude - v.lat0) * rad, w: nu0 * (longitude - v.lon0) * rad * Math.cos(latitude * rad) };
}

function fitVertical(pairs: CalibrationPair[]): VerticalFit {
  const n = pairs.length;
  const lat0 = pairs.reduce((s, p) => s + p.measured.latitude, 0) / n;
  const lon0 = pairs.reduce((s, p) => s + p.measured.longitude, 0) / n;
  const dz = pairs.map((p) => (p.known.height as number) - (p.measured.height as number));
  if (n < 3) return { kind: 'constant', dh: dz.reduce((s, v) => s + v, 0) / n, slopeLat: 0, slopeLon: 0, lat0, lon0 };
  // Normal equations of dz = dh + kN*u + kE*w.
  const rows = pairs.map((p) => planeOffsets({ lat0, lon0 }, p.measured.latitude, p.measured.longitude));
  const N = [[0, 0, 0], [0, 0, 0], [0, 0, 0]] as number[][];
  const t = [0, 0, 0];
  rows.forEach((r, i) => {
    const x = [1, r.u, r.w];
    for (let j = 0; j < 3; j++) {
      t[j]! += x[j]! * dz[i]!;
      for (let k = 0; k < 3; k++) N[j]![k]! += x[j]! * x[k]!;
    }
  });
  const [dh, kN, kE] = solve3(N, t);
  return { kind: 'plane', dh, slopeLat: kN * ARCSEC, slopeLon: kE * ARCSEC, lat0, lon0 };
}

function solve3(m: number[][], v: number[]): [number, number, number] {
  const det = (q: number[][]) =>
    q[0]![0]! * (q[1]![1]! * q[2]![2]! - q[1]![2]! * q[2]![1]!) -
    q[0]![1]! * (q[1]![0]! * q[2]![2]! - q[1]![2]! * q[2]![0]!) +
    q[0]![2]! * (q[1]![0]! * q[2]![1]! - q[1]![1]! * q[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9 * Math.max(1, Math.abs(m[1]![1]! * m[2]![2]!))) {
    throw new RangeError('The calibration points are in a line: an inclined plane needs three points not in a line');
  }
  return [0, 1, 2].map((c) => det(m.map((row, i) => row.map((x, j) => (j === c ? v[i]! : x)))) / d) as [number, number, number];
}

/** Applies the horizontal fit to a measured easting, northing. */
export function applyHorizontal(h: HorizontalFit, easting: number, northing: number): { easting: number; northing: number } {
  return { easting: h.a * easting - h.b * northing + h.tE, northing: h.b * easting + h.a * northing + h.tN };
}

/** The vertical shift (metres) the fit adds at a position. */
export function verticalShift(v: VerticalFit, latitude: number, longitude: number): number {
  if (v.kind === 'constant') return v.dh;
  const { u, w } = planeOffsets(v, latitude, longitude);
  return v.dh + (v.slopeLat / ARCSEC) * u + (v.slopeLon / ARCSEC) * w;
}

/** Fits a calibration from two or more horizontal pairs and/or one or more vertical pairs. */
export function solveCalibration(pairs: CalibrationPair[], options: CalibrationOptions = {}): Calibration {
  const tolH = options.toleranceH ?? 0.03, tolV = options.toleranceV ?? 0.05, mpu = options.metresPerUnit ?? 1;
  if (pairs.length < 1) throw new RangeError('A calibration needs at least one pair');
  const hPairs = pairs.length >= 2 ? pairs : [];
  const vPairs = pairs.filter((p) => p.known.height !== null && p.measured.height !== null);
  const horizontal = hPairs.length >= 2 ? fitHorizontal(hPairs, options.fixScale ?? false) : null;
  const vertical = vPairs.length >= 1 ? fitVertical(vPairs) : null;
  const warnings: string[] = [];
  const residuals = pairs.map((p): PairResidual => {
    const fit = horizontal ? applyHorizontal(horizontal, p.measured.easting, p.measured.northing) : null;
    const dE = fit ? p.known.easting - fit.easting : null;
    const dN = fit ? p.known.northing - fit.northing : null;
    const usedV = vertical && p.known.height !== null && p.measured.height !== null;
    const dH = usedV ? (p.known.height as number) - ((p.measured.height as number) + verticalShift(vertical, p.measured.latitude, p.measured.longitude)) : null;
    const over = (dE !== null && Math.hypot(dE, dN as number) * mpu > tolH) || (dH !== null && Math.abs(dH) > tolV);
    if (over) warnings.push(`residual-over-tolerance:${p.name}`);
    return { name: p.name, dE, dN, dH, overTolerance: over };
  });
  if (horizontal && hPairs.length === 2) warnings.push('no-redundancy-h');
  if (vertical && (vPairs.length === 1 || vPairs.length === 3)) warnings.push('no-redundancy-v');
  const hr = residuals.filter((r) => r.dE !== null);
  const vr = residuals.filter((r) => r.dH !== null);
  return {
    horizontal,
    vertical,
    residuals,
    rmsH: hr.length ? Math.sqrt(hr.reduce((s, r) => s + r.dE! ** 2 + r.dN! ** 2, 0) / hr.length) : null,
    rmsV: vr.length ? Math.sqrt(vr.reduce((s, r) => s + r.dH! ** 2, 0) / vr.length) : null,
    warnings,
  };
}

/**
 * How far a fit may turn and stretch the measured grid before it is taken for a blunder: known coordinates in another
 * system or unit, or pairs matched to the wrong points. Grid to grid in one CRS, a real site calibration scales by
 * a few hundred ppm (projection and height factors) and turns by seconds; 2000 ppm (2 m a km) and half a degree
 * leave room for any of those.
 */
export const CALIBRATION_LIMITS = { scalePpm: 2000, rotationArcsec: 1800 } as const;

/** Why a fitted calibration cannot be right (a sentence), or null when its scale and rotation are plausible. */
export function implausibleCalibration(c: Pick<Calibration, 'horizontal'>): string | null {
  const h = c.horizontal;
  if (!h) return null;
  const ppm = (h.scale - 1) * 1e6;
  if (!h.scaleFixed && Math.abs(ppm) > CALIBRATION_LIMITS.scalePpm) {
    return `its scale ${h.scale.toPrecision(8)} (${Math.round(ppm)} ppm) is beyond 1 ± ${CALIBRATION_LIMITS.scalePpm / 1e6}`;
  }
  if (Math.abs(h.rotationArcsec) > CALIBRATION_LIMITS.rotationArcsec) {
    return `its rotation ${(h.rotationArcsec / 3600).toFixed(3)}° is beyond ±${CALIBRATION_LIMITS.rotationArcsec / 3600}°`;
  }
  return null;
}
