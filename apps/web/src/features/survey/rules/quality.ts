import type { LiveReading } from '@smi/contracts';
import { distanceMetres, type Tone } from '../../../lib/format';
import type { Position } from './known-base';

/** The correction-age colours: green under 2 s, amber under 5 s, red from 5 s (stale). */
export const CORRECTION_AGE_AMBER_S = 2;
export const CORRECTION_AGE_STALE_S = 5;

export function correctionAgeTone(ageS: number | null): Tone {
  if (ageS === null) return 'grey';
  if (ageS < CORRECTION_AGE_AMBER_S) return 'green';
  if (ageS < CORRECTION_AGE_STALE_S) return 'yellow';
  return 'red';
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What the live quality bar shows of one rover. */
export interface RoverQuality {
  fixType: string | null;
  satellites: number | null;
  pdop: number | null;
  /** 1 sigma, metres (GST) */
  sigmaH: number | null;
  sigmaV: number | null;
  correctionAgeS: number | null;
  /** horizontal distance from the rover's antenna to the base, metres; null without both positions */
  baselineM: number | null;
}

export function roverQuality(fix: LiveReading | null, live: boolean, base: Position | null): RoverQuality {
  const at = fix && typeof fix.latitude === 'number' && typeof fix.longitude === 'number' ? { latitude: fix.latitude, longitude: fix.longitude } : null;
  return {
    // a stale fix is no fix: the bar never shows an old "RTK Fixed"
    fixType: live && fix && fix.fixType !== 'N/A' ? fix.fixType : null,
    satellites: num(fix?.satellites),
    pdop: num(fix?.pdop),
    sigmaH: num(fix?.accuracy),
    sigmaV: num(fix?.verticalAccuracy),
    correctionAgeS: live ? num(fix?.correctionAge) : null,
    baselineM: at && base ? distanceMetres(at, base) : null,
  };
}

export type QualityAlert = 'lost-fixed' | 'stale-corrections';

/**
 * What to warn about now, given whether the rover has been RTK fixed since the map opened: losing fixed (float,
 * anything less, or no fresh fix at all) after having had it, and corrections 5 s old or older.
 */
export function qualityAlerts(q: RoverQuality, hadFixed: boolean): QualityAlert[] {
  const out: QualityAlert[] = [];
  if (hadFixed && q.fixType !== 'rtk-fixed') out.push('lost-fixed');
  if (q.correctionAgeS !== null && q.correctionAgeS >= CORRECTION_AGE_STALE_S) out.push('stale-corrections');
  return out;
}
