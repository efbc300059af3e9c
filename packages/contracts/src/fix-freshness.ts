import { SETTINGS_OPTIONS } from './settings.js';
import { NA, type LiveReading } from './live.js';
import { isSurveyFixType } from './points.js';

/**
 * When a live position may still be recorded (decision 017): a fix older than the larger of FIX_STALE_AFTER_MS_MIN and
 * twice the user's sampling interval (settings.device.samplingInterval) is stale. A reading that is not a new fix
 * (an offline or status reading, a GST alone) carries the time of the last fix in `fixTime`, so it never makes a
 * position fresh again. The web uses these for "n of m rovers reporting" and the Record dialog; nothing else may
 * decide freshness another way.
 */
export const FIX_STALE_AFTER_MS_MIN = 3000;

type SamplingIntervalSetting = (typeof SETTINGS_OPTIONS.samplingInterval)[number];

/** The sampling interval setting ('1s', '2s', '5s') in seconds; an unknown value reads as the default 1 s. */
export function samplingIntervalSeconds(setting: SamplingIntervalSetting | string | undefined): number {
  const s = setting === undefined ? NaN : Number.parseFloat(setting);
  return Number.isFinite(s) && s > 0 ? s : 1;
}

/** How old a fix may be and still be recorded: max(3 s, 2 x the sampling interval). */
export function fixStaleAfterMs(samplingIntervalS: number): number {
  const interval = Number.isFinite(samplingIntervalS) && samplingIntervalS > 0 ? samplingIntervalS : 1;
  return Math.max(FIX_STALE_AFTER_MS_MIN, 2 * interval * 1000);
}

/**
 * The time (ms since the epoch) of the fix a reading carries, or null when it carries none: no position, fixTime
 * 'N/A', or (a reading of an older gateway without fixTime) a reading that was not itself a position.
 */
export function fixTimeMs(reading: Pick<LiveReading, 'action' | 'timestamp' | 'fixTime' | 'latitude' | 'longitude'>): number | null {
  if (reading.latitude === NA || reading.longitude === NA) return null;
  const at = reading.fixTime === undefined ? (reading.action === 'position' ? reading.timestamp : NA) : reading.fixTime;
  if (at === NA) return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : ms;
}

/** Age of the reading's fix at `nowMs` (never negative: a clock a little behind GNSS time reads 0), or null without one. */
export function fixAgeMs(reading: Parameters<typeof fixTimeMs>[0], nowMs: number): number | null {
  const at = fixTimeMs(reading);
  return at === null ? null : Math.max(0, nowMs - at);
}

/**
 * A fix that may be recorded now: a survey fix type (rtk-fixed, rtk-float, dgps, single; never dead reckoning,
 * manual or simulation), a position, and a fix time no older than fixStaleAfterMs(samplingIntervalS).
 */
export function isFixFresh(
  reading: (Parameters<typeof fixTimeMs>[0] & Pick<LiveReading, 'fixType'>) | null | undefined,
  nowMs: number,
  samplingIntervalS: number,
): boolean {
  if (!reading || reading.fixType === NA || !isSurveyFixType(reading.fixType)) return false;
  const age = fixAgeMs(reading, nowMs);
  return age !== null && age <= fixStaleAfterMs(samplingIntervalS);
}
