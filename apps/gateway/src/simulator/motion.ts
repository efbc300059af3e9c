const EARTH_RADIUS_M = 6_371_000;

/** Moves a point by metres north and east (small distances: a flat Earth is exact enough). */
export function offset(lat: number, lon: number, northM: number, eastM: number): { latitude: number; longitude: number } {
  const dLat = (northM / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = (eastM / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
  return { latitude: lat + dLat, longitude: lon + dLon };
}

/**
 * A surveyor walking a loop around the base: an ellipse of `radiusM` with a slow wobble, at walking pace.
 * `phase` spreads several rovers around the loop.
 */
export function walkerPosition(base: { latitude: number; longitude: number }, radiusM: number, phase: number, tSeconds: number) {
  const speed = 1.2; // m/s
  const angle = phase + (tSeconds * speed) / radiusM;
  const wobble = 1 + 0.15 * Math.sin(angle * 3 + phase);
  return offset(base.latitude, base.longitude, Math.sin(angle) * radiusM * wobble, Math.cos(angle) * radiusM * 1.3 * wobble);
}
