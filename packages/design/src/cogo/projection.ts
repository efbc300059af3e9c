import { WGS84 } from '@smi/geodesy/ecef';

/**
 * The project CRS as COGO needs it, in metres: @smi/geodesy's crsTransform (forward/inverse in the CRS's unit)
 * wrapped by gridProjection. Kept structural so this package needs no file system.
 */
export interface GridProjection {
  /** WGS 84 longitude, latitude (degrees) -> grid easting, northing (metres) */
  toGrid(longitude: number, latitude: number): [number, number];
  /** grid easting, northing (metres) -> WGS 84 longitude, latitude (degrees) */
  toGeographic(e: number, n: number): [number, number];
}

export interface CrsLike {
  forward(longitude: number, latitude: number): [number, number];
  inverse(x: number, y: number): [number, number];
}

/** A CRS transform in its own unit (metresPerUnit: METRES_PER[transform.unit]) as a projection in metres. */
export function gridProjection(t: CrsLike, metresPerUnit: number): GridProjection {
  return {
    toGrid: (lon, lat) => {
      const [x, y] = t.forward(lon, lat);
      return [x * metresPerUnit, y * metresPerUnit];
    },
    toGeographic: (e, n) => t.inverse(e / metresPerUnit, n / metresPerUnit),
  };
}

const E2 = WGS84.f * (2 - WGS84.f);
const RAD = Math.PI / 180;

/** WGS 84 radii of curvature at a latitude: meridian M and prime vertical N (metres). */
export function radiiOfCurvature(latitude: number): { m: number; n: number } {
  const s = Math.sin(latitude * RAD);
  const w = Math.sqrt(1 - E2 * s * s);
  return { m: (WGS84.a * (1 - E2)) / (w * w * w), n: WGS84.a / w };
}

/** Half the step, in metres on the ellipsoid, of the central differences below. */
const STEP_M = 5;

/**
 * The point scale factor k of the projection at a grid point: grid length / length on the WGS 84 ellipsoid of a
 * short line there, by central differences of the projection along the meridian and the parallel (a conformal
 * projection has one k in every direction; the mean of the two is returned). Measured against WGS 84 whatever the
 * CRS's datum, so ground distances use WGS 84 ellipsoidal heights.
 */
export function pointScaleFactor(p: GridProjection, e: number, n: number): number {
  const [lon, lat] = p.toGeographic(e, n);
  const { m, n: nu } = radiiOfCurvature(lat);
  const dLat = STEP_M / m / RAD;
  const dLon = STEP_M / (nu * Math.cos(lat * RAD)) / RAD;
  const [ne, nn] = p.toGrid(lon, lat + dLat);
  const [se, sn] = p.toGrid(lon, lat - dLat);
  const [ee, en] = p.toGrid(lon + dLon, lat);
  const [we, wn] = p.toGrid(lon - dLon, lat);
  const kMeridian = Math.hypot(ne - se, nn - sn) / (2 * STEP_M);
  const kParallel = Math.hypot(ee - we, en - wn) / (2 * STEP_M);
  return (kMeridian + kParallel) / 2;
}

/** The elevation factor R / (R + h): R the Gaussian mean radius sqrt(M N) at the latitude, h ellipsoidal (m). */
export function elevationFactor(ellipsoidalHeight: number, latitude: number): number {
  const { m, n } = radiiOfCurvature(latitude);
  const r = Math.sqrt(m * n);
  return r / (r + ellipsoidalHeight);
}
