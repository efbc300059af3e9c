import { accuracyGrade, fixStaleAfterMs, fixTimeMs, isFixFresh, isSurveyFixType, LIMITS, NA, type AccuracyLevel, type BaseCorrection, type BaseRtcmView, type BaseSetupView, type DeviceView, type FixType, type LiveReading, type ProjectView } from '@smi/contracts';
import { nearestGapMs } from './rules/accuracy';
import { placePoint, type BroadcastPosition, type Position } from './rules/known-base';
import type { RoverReading } from './api/record-preview';

type Readings = Readonly<Record<string, readonly LiveReading[]>>;

const num = (v: number | string | undefined): number | null => (typeof v === 'number' ? v : null);
const hasFix = (r: LiveReading) => typeof r.latitude === 'number' && typeof r.longitude === 'number';
const positionOf = (r: LiveReading | undefined): Position | null =>
  r && hasFix(r) ? { latitude: r.latitude as number, longitude: r.longitude as number } : null;

/** When a live fix is judged: the clock now and the user's sampling interval (the stale limit depends on it). */
export interface FixClock {
  nowMs: number;
  samplingIntervalS: number;
  /** this page's live feed is connected: while it is not, nothing is live, whatever the last readings say */
  online?: boolean;
}
/** The newest reading that carries a real fix (never an offline/status reading repeating an old position). */
const newestFix = (readings: readonly LiveReading[] | undefined) => readings?.findLast((r) => fixTimeMs(r) !== null) ?? null;
const ageOf = (fix: LiveReading | null, clock: FixClock) => (fix ? Math.max(0, clock.nowMs - (fixTimeMs(fix) as number)) : null);
const isFresh = (age: number | null, clock: FixClock) => age !== null && age <= fixStaleAfterMs(clock.samplingIntervalS);
/** The sampling interval setting ('1s', '2s', '5s') in seconds. */
export const intervalSeconds = (setting: string) => Number.parseFloat(setting) || 1;

/** A rover as the map draws it: the stored device overlaid with its newest live readings. */
export interface RoverView {
  id: string;
  code: string;
  /** The live name ('N/A' when the device sent none), else the registered one. */
  name: string;
  status: string;
  battery: number | null;
  signal: number | null;
  /** Where the rover is drawn: its last fix (corrected in known-base mode, see `placeRover`), else its stored position. */
  position: Position | null;
  /** The receiver's own position when it differs from `position` (known-base mode draws a marker there too). */
  rawPosition: Position | null;
  /** True only while the newest fix is fresh (FIX_STALE_AFTER_MS_MIN / fixStaleAfterMs). */
  live: boolean;
  /** The newest real fix, fresh or not; null when none arrived. */
  fix: LiveReading | null;
  /** How old that fix is now, ms; null without one. */
  fixAgeMs: number | null;
  accuracyMetres: number | null;
  /** This phone's feed is down: what the rover does now is unknown (not "stale"). */
  phoneOffline: boolean;
}

export function roverView(device: DeviceView, readings: readonly LiveReading[] | undefined, clock: FixClock): RoverView {
  const last = readings?.at(-1);
  const fix = newestFix(readings);
  const fixAgeMs = ageOf(fix, clock);
  const stored = device.Last_Latitude !== null && device.Last_Longitude !== null ? { latitude: device.Last_Latitude, longitude: device.Last_Longitude } : null;
  const liveName = last?.deviceName;
  return {
    id: device._id,
    code: device.DeviceCode,
    name: liveName && liveName !== NA ? liveName : device.Name || NA,
    status: last?.status ?? (device.Status ? 'online' : 'offline'),
    battery: num(readings?.findLast((r) => typeof r.battery === 'number')?.battery) ?? device.Battery_Percentage,
    signal: num(readings?.findLast((r) => typeof r.signal === 'number')?.signal) ?? device.Signal_Strength,
    position: positionOf(fix ?? undefined) ?? positionOf(readings?.findLast(hasFix)) ?? stored,
    rawPosition: null,
    // a dead-reckoning, manual or simulated fix is never a survey fix, however fresh (isFixFresh)
    live: clock.online !== false && isFresh(fixAgeMs, clock) && isFixFresh(fix, clock.nowMs, clock.samplingIntervalS),
    fix,
    fixAgeMs,
    accuracyMetres: num(fix?.accuracy) ?? (fix ? null : device.Last_Accuracy),
    phoneOffline: clock.online === false,
  };
}

export interface BaseView {
  code: string | null;
  name: string;
  status: string | null;
  /** Where the base is drawn: live, else the known position, else the last stored one, else the default. */
  position: Position;
  /** The base's last real fix (fresh or not): what known-base mode corrects against. */
  livePosition: Position | null;
  /** The base's newest fix is fresh. */
  live: boolean;
  /** This phone's feed is down: the base's state now is unknown. */
  phoneOffline: boolean;
  fixAgeMs: number | null;
  /** When each real fix of the base was taken (the accuracy grade's time gap is measured against these). */
  readingTimes: string[];
  /** The position the base broadcasts in RTCM 1005/1006 (decision 023): known-base mode corrects from it when set. */
  broadcast: BroadcastPosition | null;
  /** The ellipsoidal height of the base setup in force at the known coordinates (the server's), else null. */
  knownHeight: number | null;
}

export function baseView(
  project: ProjectView,
  readings: readonly LiveReading[] | undefined,
  clock: FixClock,
  rtcm?: BaseRtcmView | null,
  setups?: readonly BaseSetupView[] | null,
): BaseView {
  const arp = rtcm?.Position;
  const device = project.BaseStationDevice;
  const fixes = readings?.filter((r) => fixTimeMs(r) !== null) ?? [];
  const live = positionOf(fixes.at(-1));
  const fixAgeMs = ageOf(fixes.at(-1) ?? null, clock);
  const known = knownBaseOf(project);
  const stored = device && device.Last_Latitude !== null && device.Last_Longitude !== null ? { latitude: device.Last_Latitude, longitude: device.Last_Longitude } : null;
  return {
    code: device?.DeviceCode ?? null,
    name: device?.Name || 'Base',
    // offline, the last status heard is not the base's status now: none is shown as current
    status: clock.online === false ? null : (readings?.at(-1)?.status ?? (device ? (device.Status ? 'online' : 'offline') : null)),
    position: live ?? known ?? stored ?? { ...LIMITS.defaultBase },
    livePosition: live,
    live: clock.online !== false && isFresh(fixAgeMs, clock),
    phoneOffline: clock.online === false,
    fixAgeMs,
    readingTimes: fixes.map(fixTimeIso),
    broadcast: arp ? { x: arp.X, y: arp.Y, z: arp.Z, height: arp.EllipsoidalHeight } : null,
    knownHeight: known ? setupHeightAt(known, setups) : null,
  };
}

export function knownBaseOf(project: ProjectView): Position | null {
  return project.BaseMode === 'known' && project.BaseLatitude !== null && project.BaseLongitude !== null
    ? { latitude: project.BaseLatitude, longitude: project.BaseLongitude }
    : null;
}

/** The height of the setup in force when it stands at the known coordinates (the server keeps it on a correction). */
function setupHeightAt(known: Position, setups: readonly BaseSetupView[] | null | undefined): number | null {
  const s = setups?.find((v) => v.Current && v.EndedAt === null);
  return s && Math.abs(s.Latitude - known.latitude) < 1e-9 && Math.abs(s.Longitude - known.longitude) < 1e-9 ? s.Height : null;
}

const fixTimeIso = (r: LiveReading) => new Date(fixTimeMs(r) as number).toISOString();

/** The rover's height above the ellipsoid, as the server takes it for a vector: h, else H + N, else H. */
const roverHeight = (fix: LiveReading) => {
  const h = num(fix.altitude);
  return h === null ? null : h + (num(fix.geoidSeparation) ?? 0);
};

/** Where a fix is recorded and drawn: corrected from the broadcast base, else the base's NMEA (known mode), else as is. */
const placement = (fix: LiveReading | null, base: BaseView, project: ProjectView) =>
  fix ? placePoint(positionOf(fix), roverHeight(fix), project.BaseMode, knownOf(project, base), base.livePosition, base.broadcast) : null;
const knownOf = (project: ProjectView, base: BaseView) => {
  const known = knownBaseOf(project);
  return known && { ...known, height: base.knownHeight };
};

/**
 * The rover as the map draws it: at the position a point would be recorded at (corrected in known-base mode), with
 * its raw position kept when that differs, so the rover icon and the points recorded from it line up.
 */
export function placeRover(rover: RoverView, base: BaseView, project: ProjectView): RoverView {
  const raw = rover.fix ? positionOf(rover.fix) : null;
  const corrected = placement(rover.fix, base, project);
  if (!raw || !corrected || (corrected.latitude === raw.latitude && corrected.longitude === raw.longitude)) return rover;
  return { ...rover, position: { latitude: corrected.latitude, longitude: corrected.longitude }, rawPosition: raw };
}

/** Why a rover cannot be recorded right now, or null when it can. */
export type NotReady = 'no-device' | 'offline' | 'no-fix' | 'stale-fix' | 'no-base' | 'stale-base';

/** Everything the Record a Point dialog needs about one rover right now. */
export interface RecordSample {
  /** The position that would be recorded (corrected in known-base mode); null when it cannot be had yet. */
  position: Position | null;
  /**
   * How `position` was corrected (POST /api/points `BaseCorrection`): 'broadcast' from the base's 1005/1006 position,
   * 'base-nmea' by the known - live base rule against the base's live NMEA position (flagged), 'none' as the rover reported it.
   */
  correction: BaseCorrection | null;
  accuracy: AccuracyLevel | null;
  gapMs: number | null;
  timestamp: string | null;
  fixType: FixType | null;
  satellites: number | null;
  hdop: number | null;
  accuracyMetres: number | null;
  verticalMetres: number | null;
  /** Height above mean sea level (GGA's altitude, the receiver's geoid model), metres. */
  altitude: number | null;
  /** The receiver's geoid separation N (GGA), metres; null when it sent none. */
  geoidSeparation: number | null;
  /** Height above the WGS 84 ellipsoid, h = H + N (decision 017); null unless both are known. */
  ellipsoidalHeight: number | null;
  /** The rover's reading as its receiver reports it (the antenna): what the server previews a point from; null with `position`. */
  reading: RoverReading | null;
  /** Why `position` is null (nothing can be recorded), or null when it is set. */
  notReady: NotReady | null;
  fixAgeMs: number | null;
}

function notReadyOf(rover: RoverView | undefined, base: BaseView, project: ProjectView): NotReady | null {
  if (!rover) return 'no-device';
  if (rover.phoneOffline) return 'offline';
  if (!rover.fix) return 'no-fix';
  if (!rover.live) return 'stale-fix';
  // corrected from the broadcast position, the base's own NMEA fix is not needed
  if (knownBaseOf(project) && !base.broadcast) {
    if (!base.livePosition) return 'no-base';
    if (!base.live) return 'stale-base';
  }
  return null;
}

export function recordSample(rover: RoverView | undefined, base: BaseView, project: ProjectView): RecordSample {
  const fix = rover?.fix ?? null;
  const fixTime = fix ? fixTimeIso(fix) : null;
  const gapMs = fixTime ? nearestGapMs(fixTime, base.readingTimes) : null;
  const notReady = notReadyOf(rover, base, project);
  // a stale fix, or a correction against a stale base, is never recorded (decision 017)
  const placed = notReady ? null : placement(fix, base, project);
  // the broadcast rule moves the antenna in ECEF: its height moves with it (a fraction of a millimetre)
  const shifted = (h: number | null) => (h === null || !placed?.heightShift ? h : round4(h + placed.heightShift));
  return {
    position: placed && { latitude: placed.latitude, longitude: placed.longitude },
    correction: placed?.correction ?? null,
    accuracy: accuracyGrade(gapMs),
    gapMs,
    timestamp: fixTime,
    fixType: fix && isSurveyFixType(fix.fixType) ? fix.fixType : null,
    satellites: num(fix?.satellites),
    hdop: num(fix?.hdop),
    accuracyMetres: num(fix?.accuracy),
    verticalMetres: num(fix?.verticalAccuracy),
    altitude: shifted(num(fix?.altitude)),
    geoidSeparation: num(fix?.geoidSeparation),
    ellipsoidalHeight: shifted(ellipsoidalHeight(num(fix?.altitude), num(fix?.geoidSeparation))),
    reading: placed && fix ? { latitude: fix.latitude as number, longitude: fix.longitude as number, altitude: num(fix.altitude), geoidSeparation: num(fix.geoidSeparation) } : null,
    notReady,
    fixAgeMs: rover?.fixAgeMs ?? null,
  };
}

/**
 * h = H + N, as the exports compute it when a point lacks h (apps/api/src/exports/heights.ts): rounded to 0.1 mm so a
 * sum of two decimals stores no binary noise (826.56 + 44.866 is 871.4259999999999).
 */
export function ellipsoidalHeight(altitude: number | null, geoidSeparation: number | null): number | null {
  return altitude !== null && geoidSeparation !== null ? round4(altitude + geoidSeparation) : null;
}
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

export type { Readings };
