import { LIMITS, type AccuracyLevel } from '@smi/contracts';

/** The accuracy grade from the rover/base time gap: over 2500 ms Low, over 1000 ms Medium, otherwise High; no gap known means no level. */
export function accuracyFromGap(gapMs: number | null | undefined): AccuracyLevel | null {
  if (gapMs === null || gapMs === undefined || !Number.isFinite(gapMs)) return null;
  const gap = Math.abs(gapMs);
  if (gap > LIMITS.accuracyLowGapMs) return 'Low';
  if (gap > LIMITS.accuracyMediumGapMs) return 'Medium';
  return 'High';
}

/** The time gap between a rover reading and the base reading nearest to it in time, or null without base data. */
export function nearestGapMs(roverTime: string | number, baseTimes: (string | number)[]): number | null {
  const rover = new Date(roverTime).getTime();
  if (!Number.isFinite(rover)) return null;
  let best: number | null = null;
  for (const t of baseTimes) {
    const ms = new Date(t).getTime();
    if (!Number.isFinite(ms)) continue;
    const gap = Math.abs(rover - ms);
    if (best === null || gap < best) best = gap;
  }
  return best;
}
