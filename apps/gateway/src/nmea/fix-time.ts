const DAY_MS = 86_400_000;

/**
 * The absolute UTC time of a fix. RMC gives the date; GGA and GST give only the time of day, so the date is the one
 * that puts the fix nearest to when the gateway received it (a fix just before midnight received just after it
 * belongs to the day before). Without any time, the receive time.
 */
export function fixTime(receivedAt: number, timeOfDayMs?: number, dateMs?: number): number {
  if (timeOfDayMs === undefined) return receivedAt;
  if (dateMs !== undefined) return dateMs + timeOfDayMs;
  const midnight = Math.floor(receivedAt / DAY_MS) * DAY_MS;
  const candidates = [midnight - DAY_MS, midnight, midnight + DAY_MS].map((d) => d + timeOfDayMs);
  return candidates.reduce((best, t) => (Math.abs(t - receivedAt) < Math.abs(best - receivedAt) ? t : best));
}
