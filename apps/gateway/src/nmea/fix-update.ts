import type { LiveReading } from '@smi/contracts';

type FixType = Exclude<LiveReading['fixType'], 'N/A'>;

/**
 * How specific a sentence's fix type is (decision 017): GGA's quality (RTK fixed 4, float 5, ...) says more than RMC's
 * or GNS's mode, whose NMEA 2.3 'D' covers every differential fix. Within one epoch the most specific wins, in
 * whatever order the receiver sends its sentences (u-blox: RMC then GGA; Trimble, NovAtel: GGA then RMC).
 */
export const FIX_RANK = { mode: 1, quality: 2 } as const;

/**
 * What one NMEA sentence says about the receiver's state. A field is absent when the sentence does not carry it;
 * `position: null` means the sentence says there is no fix (the last position is no longer current).
 */
export interface FixUpdate {
  position?: { latitude: number; longitude: number } | null;
  altitude?: number;
  /** GGA's geoid separation N, metres (ellipsoidal height = altitude + N) */
  geoidSeparation?: number;
  fixType?: FixType | null;
  /** FIX_RANK of the sentence that gave fixType (and position); present with fixType. */
  fixRank?: number;
  satellites?: number;
  hdop?: number;
  /** metres, 1 sigma */
  accuracy?: number;
  verticalAccuracy?: number;
  /** UTC time of day of the fix, in ms since midnight */
  timeOfDayMs?: number;
  /** UTC date of the fix (RMC only), as ms at midnight */
  dateMs?: number;
  // ---- survey-grade measurement (decision 016) ----
  /** GGA: age of the differential corrections, seconds */
  correctionAge?: number;
  /** GGA: the reference (base) station id */
  stationId?: string;
  /** GSA: dilutions of precision */
  pdop?: number;
  vdop?: number;
  /** GSA: satellites used in the solution (summed over a payload's GSA sentences, one per constellation) */
  satellitesUsed?: number;
  /** GST: 1-sigma errors of latitude (north) and longitude (east), metres */
  sigmaNorth?: number;
  sigmaEast?: number;
  /** GST: the UTC time of day the statistics are of, ms since midnight */
  gstTimeOfDayMs?: number;
}

/** A numeric field that is really there: nmea-simple reads an empty field as 0, so the raw text decides. */
export function present(field: string | undefined): boolean {
  return field !== undefined && field.trim() !== '';
}

const ZERO = 48;
const digit = (text: string, i: number): number => {
  const d = text.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9 ? d : NaN;
};

/**
 * ms since midnight of an NMEA time field (hhmmss, hhmmss.s, ... hhmmss.sss), read from its text with every decimal.
 * nmea-simple's RMC date-time drops the fraction of a second, so a 5 Hz receiver's five RMCs of a second all read as
 * the whole second: a reading then took the time, or kept the position, of another epoch. Character codes, not a
 * regular expression: every sentence passes here.
 */
export function timeOfDay(raw: string | undefined): number | undefined {
  if (!present(raw)) return undefined;
  const t = raw!.trim();
  if (t.length < 6 || (t.length > 6 && t.charCodeAt(6) !== 46)) return undefined;
  const h = digit(t, 0) * 10 + digit(t, 1);
  const m = digit(t, 2) * 10 + digit(t, 3);
  const s = digit(t, 4) * 10 + digit(t, 5);
  let fraction = 0;
  let scale = 100;
  for (let i = 7; i < t.length; i++, scale /= 10) fraction += digit(t, i) * scale;
  // 60 s: a leap second
  if (!(h <= 23 && m <= 59 && s <= 60) || Number.isNaN(fraction)) return undefined;
  return ((h * 60 + m) * 60 + s) * 1000 + Math.round(fraction);
}

/**
 * The update gives way to a fix type of `rank` set in the epoch `epochMs` (time of day): it is less specific and of
 * the same epoch, so it says nothing new about the fix (an RMC 'D' after a GGA of quality 4). An update without a
 * time is taken as of the same epoch only when `sameWhenUnknown` (sentences of one payload).
 */
export function givesWay(update: FixUpdate, rank: number, epochMs: number | undefined, sameWhenUnknown: boolean): boolean {
  if (update.fixRank === undefined || update.fixRank >= rank) return false;
  const t = update.timeOfDayMs;
  if (t === undefined || epochMs === undefined || Number.isNaN(epochMs)) return sameWhenUnknown;
  return t === epochMs;
}
