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
