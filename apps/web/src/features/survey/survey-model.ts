import { LIMITS, NA, isSurveyFixType, type AccuracyLevel, type DeviceView, type FixType, type LiveReading, type ProjectView } from '@smi/contracts';
import { accuracyFromGap, nearestGapMs } from './rules/accuracy';
import { recordedPosition, type Position } from './rules/known-base';

type Readings = Readonly<Record<string, readonly LiveReading[]>>;

const num = (v: number | string | undefined): number | null => (typeof v === 'number' ? v : null);
const hasFix = (r: LiveReading) => typeof r.latitude === 'number' && typeof r.longitude === 'number';
const positionOf = (r: LiveReading | undefined): Position | null =>
  r && hasFix(r) ? { latitude: r.latitude as number, longitude: r.longitude as number } : null;

/** A rover as the map draws it: the stored device overlaid with its newest live readings. */
export interface RoverView {
  id: string;
  code: string;
  /** The live name ('N/A' when the device sent none), else the registered one. */
  name: string;
  status: string;
  battery: number | null;
  signal: number | null;
  /** Live fix, else the last stored position (then `live` is false). */
  position: Position | null;
  live: boolean;
  fix: LiveReading | null;
  accuracyMetres: number | null;
}

export function roverView(device: DeviceView, readings: readonly LiveReading[] | undefined): RoverView {
  const last = readings?.at(-1);
  const fix = readings?.findLast(hasFix) ?? null;
  const stored = device.Last_Latitude !== null && device.Last_Longitude !== null ? { latitude: device.Last_Latitude, longitude: device.Last_Longitude } : null;
  const liveName = last?.deviceName;
  return {
    id: device._id,
    code: device.DeviceCode,
    name: liveName && liveName !== NA ? liveName : device.Name || NA,
    status: last?.status ?? (device.Status ? 'online' : 'offline'),
    battery: num(readings?.findLast((r) => typeof r.battery === 'number')?.battery) ?? device.Battery_Percentage,
    signal: num(readings?.findLast((r) => typeof r.signal === 'number')?.signal) ?? device.Signal_Strength,
    position: positionOf(fix ?? undefined) ?? stored,
    live: fix !== null,
    fix,
    accuracyMetres: num(fix?.accuracy) ?? (fix ? null : device.Last_Accuracy),
  };
}

export interface BaseView {
  code: string | null;
  name: string;
  status: string | null;
  /** Where the base is drawn: live, else the known position, else the last stored one, else the default. */
  position: Position;
  livePosition: Position | null;
  readingTimes: string[];
}

export function baseView(project: ProjectView, readings: readonly LiveReading[] | undefined): BaseView {
  const device = project.BaseStationDevice;
  const fixes = readings?.filter(hasFix) ?? [];
  const live = positionOf(fixes.at(-1));
  const known = knownBaseOf(project);
  const stored = device && device.Last_Latitude !== null && device.Last_Longitude !== null ? { latitude: device.Last_Latitude, longitude: device.Last_Longitude } : null;
  return {
    code: device?.DeviceCode ?? null,
    name: device?.Name || 'Base',
    status: readings?.at(-1)?.status ?? (device ? (device.Status ? 'online' : 'offline') : null),
    position: live ?? known ?? stored ?? { ...LIMITS.defaultBase },
    livePosition: live,
    readingTimes: fixes.map((r) => r.timestamp),
  };
}

export function knownBaseOf(project: ProjectView): Position | null {
  return project.BaseMode === 'known' && project.BaseLatitude !== null && project.BaseLongitude !== null
    ? { latitude: project.BaseLatitude, longitude: project.BaseLongitude }
    : null;
}

/** Everything the Record a Point dialog needs about one rover right now. */
export interface RecordSample {
  /** The position that would be recorded (corrected in known-base mode); null when it cannot be had yet. */
  position: Position | null;
  accuracy: AccuracyLevel | null;
  gapMs: number | null;
  timestamp: string | null;
  fixType: FixType | null;
  satellites: number | null;
  hdop: number | null;
  accuracyMetres: number | null;
  verticalMetres: number | null;
  altitude: number | null;
}

export function recordSample(rover: RoverView | undefined, base: BaseView, project: ProjectView): RecordSample {
  const fix = rover?.fix ?? null;
  const gapMs = fix ? nearestGapMs(fix.timestamp, base.readingTimes) : null;
  return {
    position: recordedPosition(positionOf(fix ?? undefined), project.BaseMode, knownBaseOf(project), base.livePosition),
    accuracy: accuracyFromGap(gapMs),
    gapMs,
    timestamp: fix?.timestamp ?? null,
    fixType: fix && isSurveyFixType(fix.fixType) ? fix.fixType : null,
    satellites: num(fix?.satellites),
    hdop: num(fix?.hdop),
    accuracyMetres: num(fix?.accuracy),
    verticalMetres: num(fix?.verticalAccuracy),
    altitude: num(fix?.altitude),
  };
}

export type { Readings };
