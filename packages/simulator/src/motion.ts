const EARTH_RADIUS_M = 6_371_000;

/** Moves a point by metres north and east (small distances: a flat Earth is exact enough). */
export function offset(lat: number, lon: number, northM: number, eastM: number): { latitude: number; longitude: number } {
  const dLat = (northM / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = (eastM / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
  return { latitude: lat + dLat, longitude: lon + dLon };
}

/** A repeatable 0..1 sequence (a demo that behaves the same on every start is one a test can hold to). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4_294_967_296;
  };
}

/** The metres north and east from one point to another (the inverse of `offset`, on the same flat Earth). */
export function delta(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): { northM: number; eastM: number } {
  const rad = Math.PI / 180;
  return {
    northM: (to.latitude - from.latitude) * rad * EARTH_RADIUS_M,
    eastM: (to.longitude - from.longitude) * rad * EARTH_RADIUS_M * Math.cos(from.latitude * rad),
  };
}

export const WALK_SPEED_MS = 1.2;
/** How long a surveyor stands on each mark: long enough to tap Record and for an occupation to finish. */
export const STAND_S = { min: 20, max: 30 } as const;
/** The distance walked between two marks, metres. */
const LEG_M = { min: 8, max: 16 } as const;

/**
 * A surveyor going from mark to mark around the base: stands still 20-30 s on each, then walks 8-16 m (of the
 * ellipse's parameter; a little more on its long side) at walking pace to the next one, along an ellipse of `radiusM` (each rover its own `phase` and `seed`). `t` only ever grows,
 * as the simulator's clock does; the marks ahead are worked out as they are reached.
 */
export function stopAndGo(base: { latitude: number; longitude: number }, radiusM: number, phase: number, seed: number) {
  const random = seededRandom(seed);
  const between = (r: { min: number; max: number }) => r.min + random() * (r.max - r.min);
  const at = (angle: number) => offset(base.latitude, base.longitude, Math.sin(angle) * radiusM, Math.cos(angle) * radiusM * 1.3);
  // the current leg: standing at `from` until `standUntil`, then walking to `to`, arriving at `arriveAt`
  let from = phase;
  let to = phase;
  let standUntil = 0;
  let arriveAt = 0;
  const nextLeg = () => {
    from = to;
    to = from + between(LEG_M) / radiusM;
    standUntil = arriveAt + between(STAND_S);
    arriveAt = standUntil + ((to - from) * radiusM) / WALK_SPEED_MS;
  };
  nextLeg();
  return (t: number): { latitude: number; longitude: number; moving: boolean } => {
    while (t >= arriveAt) nextLeg();
    if (t < standUntil) return { ...at(from), moving: false };
    const f = (t - standUntil) / (arriveAt - standUntil);
    return { ...at(from + (to - from) * f), moving: true };
  };
}

/** A scripted walk: stand at `from`, set off after `startAfter` s, walk straight to `to` at `speed`, then stand on it. */
export interface WalkPath {
  from: { latitude: number; longitude: number };
  to: { latitude: number; longitude: number };
  /** metres per second, walking pace unless told (must be > 0) */
  speed?: number;
  /** seconds stood at `from` before setting off */
  startAfter?: number;
}

/**
 * Where a rover on a scripted walk is `t` seconds after the start: a straight line from `from` to `to` at a
 * constant speed, then still on the target for good (a surveyor walking to a mark to stake it).
 */
export function walkTo(path: WalkPath) {
  const speed = path.speed ?? WALK_SPEED_MS;
  if (!(speed > 0)) throw new Error('The walking speed must be above 0 m/s.');
  const startAfter = Math.max(0, path.startAfter ?? 0);
  const { northM, eastM } = delta(path.from, path.to);
  const length = Math.hypot(northM, eastM);
  const arriveAt = startAfter + length / speed;
  return (t: number): { latitude: number; longitude: number; moving: boolean } => {
    if (t >= arriveAt) return { ...path.to, moving: false };
    if (t <= startAfter) return { ...path.from, moving: false };
    const f = ((t - startAfter) * speed) / length;
    return { ...offset(path.from.latitude, path.from.longitude, northM * f, eastM * f), moving: true };
  };
}
