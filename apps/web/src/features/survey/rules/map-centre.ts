import { LIMITS } from '@smi/contracts';
import type { Position } from './known-base';

const average = (list: Position[]): Position => ({
  latitude: list.reduce((s, p) => s + p.latitude, 0) / list.length,
  longitude: list.reduce((s, p) => s + p.longitude, 0) / list.length,
});

/** The map's centre: the average of the rovers, else the average of the saved points, else the base (else its default). */
export function mapCentre(rovers: Position[], points: Position[], base: Position | null): Position {
  if (rovers.length) return average(rovers);
  if (points.length) return average(points);
  return base ?? { ...LIMITS.defaultBase };
}
