import { NA, type LiveReading } from './live.js';

/**
 * When a live fix stops counting as one (issue 16): the larger of this and twice the sampling interval. A rover or
 * base whose newest fix is older cannot be recorded and is shown stale with its age.
 */
export const FIX_STALE_AFTER_MS_MIN = 3000;

/** The age (ms) beyond which a fix is stale, for a sampling interval in seconds (the user's setting: 1, 2 or 5). */
export function fixStaleAfterMs(samplingIntervalS: number): number {
  const interval = Number.isFinite(samplingIntervalS) && samplingIntervalS > 0 ? samplingIntervalS : 0;
  return Math.max(FIX_STALE_AFTER_MS_MIN, 2 * interval * 1000);
}

/**
 * When the reading's position was fixed, in ms since the epoch; null when it carries no fix. A reading of an older
 * gateway (no `fixTime`) is a fix only when it is a position reading: an offline or status reading repeats the last
 * position with a fresh timestamp and must never pass for a new fix.
 */
export function fixTimeMs(reading: Pick<LiveReading, 'action' | 'timestamp' | 'fixTime' | 'latitude' | 'longitude'>): number | null {
  if (typeof reading.latitude !== 'number' || typeof reading.longitude !== 'number') return null;
  const at = reading.fixTime === undefined ? (reading.action === 'position' ? reading.timestamp : null) : reading.fixTime === NA ? null : reading.fixTime;
  if (at === null) return null;
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? ms : null;
}

/** Whether the reading carries a fix no older than the stale limit at `nowMs` (a fix time ahead of the clock is fresh). */
export function isFixFresh(
  reading: Pick<LiveReading, 'action' | 'timestamp' | 'fixTime' | 'latitude' | 'longitude'> | null | undefined,
  nowMs: number,
  samplingIntervalS: number,
): boolean {
  const at = reading ? fixTimeMs(reading) : null;
  return at !== null && nowMs - at <= fixStaleAfterMs(samplingIntervalS);
}
