import { applyHorizontal, verticalShift, type Calibration } from './calibration.js';
import { decimalYear, isFrame, toCrsFrame, type Frame } from './frames.js';
import { fromMetres, UNIT_LABEL, UNIT_SYMBOL, type LinearUnit } from './units.js';

/**
 * A stored point's coordinates in its project's coordinate system: the one computation behind every file, screen and
 * preview, so that they cannot disagree. Pure (no file or grid reading): the caller hands over what the project's
 * CRS needs already loaded (the transformation, the geoid's undulation, the calibration).
 */

/** A project's coordinate system, ready to use. */
export interface CoordinateFrame {
  crs: { code: number; name: string };
  /** The unit of easting/northing (and of heights, except for a geographic CRS, whose heights stay in metres). */
  unit: LinearUnit | 'degree';
  /** A position in the CRS's source frame (longitude, latitude, ellipsoidal height) -> easting, northing; throws outside. */
  forward(longitude: number, latitude: number, height: number): [number, number];
  /** The geoid heights are taken above; null: heights are ellipsoidal. */
  geoid: { name: string; undulation(latitude: number, longitude: number): number } | null;
  calibration: (Calibration & { version: number }) | null;
  /** The frame a point with no base setup frame was measured in (the project's corrections datum). */
  correctionsDatum: string;
  /** True for the coordinate system a project without one is given (WGS 84 / UTM of its points, EGM96 heights). */
  isDefault: boolean;
}

/** What of a stored point its coordinates follow from (decision 016's fields). */
export interface StoredPosition {
  latitude: number;
  longitude: number;
  /** h of the mark above the ellipsoid of its frame, metres; null when not known. */
  ellipsoidalHeight: number | null;
  /** The receiver's height above its own mean sea level, metres. */
  altitude: number | null;
  /** The receiver's geoid separation N, metres. */
  geoidSeparation: number | null;
  /** The frame of the point's base setup; null: the project's corrections datum. */
  datum?: string | null;
  /** When it was measured: the epoch of a time-dependent frame shift. */
  recordedAt?: Date;
}

export interface ProjectCoordinates {
  /** Grid easting and northing in the CRS unit (longitude, latitude for a geographic CRS). */
  easting: number;
  northing: number;
  /** In the project's vertical reference and unit; null when the point's ellipsoidal height is not known. */
  height: number | null;
  /** The WGS 84 ellipsoidal height the height was taken from, metres (RFC 7946's third coordinate). */
  ellipsoidalHeight: number | null;
}

// a sum of two decimal heights (826.56 + 44.866 is 871.4259999999999) is rounded back to 0.1 mm
const tenthMm = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * h of the mark: the stored one, else the receiver's height above mean sea level + its geoid separation. Nothing is
 * invented: without N, the receiver's MSL height is not turned into h.
 */
export function markEllipsoidalHeight(p: Pick<StoredPosition, 'ellipsoidalHeight' | 'altitude' | 'geoidSeparation'>): number | null {
  if (p.ellipsoidalHeight !== null) return tenthMm(p.ellipsoidalHeight);
  return p.altitude !== null && p.geoidSeparation !== null ? tenthMm(p.altitude + p.geoidSeparation) : null;
}

/** The receiver's own height above mean sea level (its geoid, not the project's), metres. */
export function receiverMslHeight(p: Pick<StoredPosition, 'ellipsoidalHeight' | 'altitude' | 'geoidSeparation'>): number | null {
  if (p.altitude !== null) return tenthMm(p.altitude);
  return p.ellipsoidalHeight !== null && p.geoidSeparation !== null ? tenthMm(p.ellipsoidalHeight - p.geoidSeparation) : null;
}

/**
 * The point in the project's CRS: its position moved into the CRS's source frame at its epoch, projected (the datum
 * shift at its height: a 7-parameter shift moves the grid by ~2 cm per km of height), the height above the geoid,
 * then the site calibration. Null when the CRS cannot express it (outside its grid or area).
 */
export function projectCoordinates(f: CoordinateFrame, p: StoredPosition): ProjectCoordinates | null {
  const h = markEllipsoidalHeight(p);
  const frame: Frame = isFrame(p.datum) ? p.datum : isFrame(f.correctionsDatum) ? f.correctionsDatum : 'WGS84';
  // without h, the horizontal shift is taken at the receiver's MSL height (within tens of metres of h: < 1 mm)
  const h0 = h ?? p.altitude ?? 0;
  const at = toCrsFrame(frame, f.crs, p.latitude, p.longitude, h0, decimalYear(p.recordedAt ?? new Date()));
  let easting: number;
  let northing: number;
  try {
    [easting, northing] = f.forward(at.longitude, at.latitude, at.height);
  } catch {
    return null;
  }
  let height: number | null = null;
  if (h !== null) {
    try {
      height = f.geoid ? at.height - f.geoid.undulation(at.latitude, at.longitude) : at.height;
    } catch {
      height = null; // outside the geoid model: no height, rather than a wrong one
    }
  }
  if (f.calibration?.horizontal) ({ easting, northing } = applyHorizontal(f.calibration.horizontal, easting, northing));
  if (height !== null && f.calibration?.vertical) height += verticalShift(f.calibration.vertical, at.latitude, at.longitude);
  if (height !== null && f.unit !== 'degree') height = fromMetres(height, f.unit);
  return { easting, northing, height, ellipsoidalHeight: h };
}

/** How a frame is named wherever coordinates are shown or written. */
export interface FrameLabels {
  /** "EPSG:2236 NAD83 / Florida East (ftUS)" */
  crsLabel: string;
  crsCode: number;
  /** "metre", "US survey foot", "international foot", "degree" */
  unitLabel: string;
  /** "m", "ftUS", "ft", "°" */
  unitSymbol: string;
  /** The symbol heights are in ("m" for a geographic CRS). */
  heightUnitSymbol: string;
  /** "EGM96", a geoid file name, or "ellipsoidal" */
  heightLabel: string;
  /** "orthometric (EGM96)" or "ellipsoidal (WGS 84)" */
  heightName: string;
  orthometric: boolean;
  calibrationVersion: number | null;
  isDefault: boolean;
}

export function frameLabels(f: CoordinateFrame): FrameLabels {
  const unitSymbol = f.unit === 'degree' ? '°' : UNIT_SYMBOL[f.unit];
  return {
    crsLabel: `EPSG:${f.crs.code} ${f.crs.name}`,
    crsCode: f.crs.code,
    unitLabel: f.unit === 'degree' ? 'degree' : UNIT_LABEL[f.unit],
    unitSymbol,
    heightUnitSymbol: f.unit === 'degree' ? 'm' : unitSymbol,
    heightLabel: f.geoid ? f.geoid.name : 'ellipsoidal',
    heightName: f.geoid ? `orthometric (${f.geoid.name})` : 'ellipsoidal (WGS 84)',
    orthometric: f.geoid !== null,
    calibrationVersion: f.calibration?.version ?? null,
    isDefault: f.isDefault,
  };
}

/** Fixed decimals per quantity, so a file holds what a surveyor reads (no 0.7000000000000001). */
export const DECIMALS = {
  /** easting, northing, height: 0.001 of the unit (1 mm, or 0.3 mm in feet) */
  grid: 3,
  /** a geographic CRS's degrees: 1e-9 degree is 0.1 mm */
  degrees: 9,
} as const;

/** Easting/northing as text at the frame's resolution. */
export function formatGrid(f: Pick<CoordinateFrame, 'unit'>, v: number): string {
  return v.toFixed(f.unit === 'degree' ? DECIMALS.degrees : DECIMALS.grid);
}
