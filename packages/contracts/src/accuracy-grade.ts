import { LIMITS } from './limits.js';
import type { AccuracyLevel } from './points.js';

/**
 * The Low/Medium/High accuracy grade of a point: how far apart in time the rover's reading and the base data that
 * corrects it are (the web app's rover/base gap when a point is recorded by hand, the correction age of an
 * occupation): over 2500 ms Low, over 1000 ms Medium, otherwise High. A negative gap counts by its size; no gap
 * known means no grade. The one rule for every app (decision 018: it grades timing only, not precision).
 */
export function accuracyGrade(gapMs: number | null | undefined): AccuracyLevel | null {
  if (gapMs === null || gapMs === undefined || !Number.isFinite(gapMs)) return null;
  const gap = Math.abs(gapMs);
  if (gap > LIMITS.accuracyLowGapMs) return 'Low';
  if (gap > LIMITS.accuracyMediumGapMs) return 'Medium';
  return 'High';
}
