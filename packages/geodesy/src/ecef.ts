/**
 * WGS84 geodetic <-> earth-centred earth-fixed (ECEF) coordinates and the local east/north/up frame. Angles in
 * degrees at the interfaces, heights and coordinates in metres.
 */

export const WGS84 = {
  /** semi-major axis, m */
  a: 6378137,
  /** flattening */
  f: 1 / 298.257223563,
} as const;
const A = WGS84.a;
const F = WGS84.f;
const E2 = F * (2 - F);
const B = A * (1 - F);
const EP2 = E2 / (1 - E2);
const RAD = Math.PI / 180;

export interface Geodetic {
  /** degrees, north positive */
  latitude: number;
  /** degrees, east positive */
  longitude: number;
  /** ellipsoidal height, m */
  height: number;
}
export type Vec3 = [number, number, number];
export interface Enu {
  e: number;
  n: number;
  u: number;
}

export function geodeticToEcef(latitude: number, longitude: number, height: number): Vec3 {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  const n = A / Math.sqrt(1 - E2 * sinPhi * sinPhi);
  return [(n + height) * cosPhi * Math.cos(lambda), (n + height) * cosPhi * Math.sin(lambda), (n * (1 - E2) + height) * sinPhi];
}

/**
 * ECEF -> geodetic: Bowring's formula for the starting latitude, then Newton-like refinement of latitude and height
 * (three rounds take it below 1e-12 degrees and 1e-6 m anywhere from the centre of the earth to GNSS orbits).
 */
export function ecefToGeodetic(x: number, y: number, z: number): Geodetic {
  const p = Math.hypot(x, y);
  const longitude = Math.atan2(y, x) / RAD;
  if (p < 1e-9) {
    // on the axis: a pole
    return { latitude: z >= 0 ? 90 : -90, longitude: 0, height: Math.abs(z) - B };
  }
  const theta = Math.atan2(z * A, p * B);
  let phi = Math.atan2(z + EP2 * B * Math.sin(theta) ** 3, p - E2 * A * Math.cos(theta) ** 3);
  let h = 0;
  for (let i = 0; i < 3; i++) {
    const sinPhi = Math.sin(phi);
    const n = A / Math.sqrt(1 - E2 * sinPhi * sinPhi);
    h = Math.abs(Math.cos(phi)) > 1e-10 ? p / Math.cos(phi) - n : Math.abs(z) / Math.abs(sinPhi) - n * (1 - E2);
    phi = Math.atan2(z, p * (1 - (E2 * n) / (n + h)));
  }
  return { latitude: phi / RAD, longitude, height: h };
}

/** The ellipsoid normal (unit vector, ECEF) at a latitude/longitude: the local "up". */
export function ellipsoidNormal(latitude: number, longitude: number): Vec3 {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** An ECEF difference (dx, dy, dz) expressed in the east/north/up frame at latitude/longitude. */
export function ecefDeltaToEnu(latitude: number, longitude: number, d: Vec3): Enu {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  const sinLam = Math.sin(lambda);
  const cosLam = Math.cos(lambda);
  const [dx, dy, dz] = d;
  return {
    e: -sinLam * dx + cosLam * dy,
    n: -sinPhi * cosLam * dx - sinPhi * sinLam * dy + cosPhi * dz,
    u: cosPhi * cosLam * dx + cosPhi * sinLam * dy + sinPhi * dz,
  };
}

/** The inverse of ecefDeltaToEnu: an east/north/up offset at latitude/longitude as an ECEF difference. */
export function enuToEcefDelta(latitude: number, longitude: number, enu: Enu): Vec3 {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  const sinLam = Math.sin(lambda);
  const cosLam = Math.cos(lambda);
  const { e, n, u } = enu;
  return [
    -sinLam * e - sinPhi * cosLam * n + cosPhi * cosLam * u,
    cosLam * e - sinPhi * sinLam * n + cosPhi * sinLam * u,
    cosPhi * n + sinPhi * u,
  ];
}
