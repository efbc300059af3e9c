const DAY_MS = 86_400_000;

/**
 * The absolute UTC time of a fix. RMC gives the date; GGA and GST give only the time of day, so the date is the one
 * that puts the fix nearest to when the gateway received it (a fix just before midnight received just after it
 * belongs to the day before). Without any time, the receive time.
 */
export function fixTime(receivedAt: number, timeOfDayMs?: number, dateMs?: number): number {
  if (timeOfDayMs === undefined) return receivedAt;
  if (dateMs !== undefined) return dateMs + timeOfDayMs;
  // that time of day on the day before, the same day and the day after: the nearest (the earlier on a tie)
  const sameDay = Math.floor(receivedAt / DAY_MS) * DAY_MS + timeOfDayMs;
  let best = sameDay - DAY_MS;
  if (Math.abs(sameDay - receivedAt) < Math.abs(best - receivedAt)) best = sameDay;
  if (Math.abs(sameDay + DAY_MS - receivedAt) < Math.abs(best - receivedAt)) best = sameDay + DAY_MS;
  return best;
}
