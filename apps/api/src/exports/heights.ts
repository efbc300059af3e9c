import type { ExportPoint } from './repository.js';

/**
 * The heights every export writes (decision 017), in metres. A point may know two of its three heights; the third
 * follows from h = H + N (ellipsoidal = above mean sea level + geoid separation). Nothing is invented: without N,
 * h and H are not converted into each other.
 */
type Heights = Pick<ExportPoint, 'altitude' | 'ellipsoidalHeight' | 'geoidSeparation'>;

/** H: height above mean sea level (the receiver's geoid), the elevation a surveyor and CAD expect. */
export function heightAboveMsl(p: Heights): number | null {
  if (p.altitude !== null) return round(p.altitude);
  return p.ellipsoidalHeight !== null && p.geoidSeparation !== null ? round(p.ellipsoidalHeight - p.geoidSeparation) : null;
}

/** h: height above the WGS 84 ellipsoid (RFC 7946's third GeoJSON coordinate). */
export function ellipsoidalHeight(p: Heights): number | null {
  if (p.ellipsoidalHeight !== null) return round(p.ellipsoidalHeight);
  return p.altitude !== null && p.geoidSeparation !== null ? round(p.altitude + p.geoidSeparation) : null;
}

// heights to 0.1 mm, without binary noise: a sum of two decimal heights (826.56 + 44.866 is 871.4259999999999) or
// the server's mean of an occupation's epochs (871.4259999999776)
function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
