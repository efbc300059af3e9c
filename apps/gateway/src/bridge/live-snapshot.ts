import { LIMITS, NA, type DevicePublishedReading, type DeviceStatusPayload, type LiveReading } from '@smi/contracts';
import type { DeviceRecord } from '../devices/repository.js';
import type { FixUpdate } from '../nmea/fix-update.js';
import { fixTime } from '../nmea/fix-time.js';

// a fix time further than this from the receive time is not this fix's (a replayed log, a receiver without a date)
const PLAUSIBLE_CLOCK_SKEW_MS = 10 * 60_000;

export function blankReading(device: Pick<DeviceRecord, 'code' | 'name' | 'type'>, at: number): LiveReading {
  return {
    deviceCode: device.code,
    deviceName: device.name || NA,
    Name: device.name || NA,
    deviceType: device.type,
    action: 'status',
    status: 'online',
    timestamp: new Date(at).toISOString(),
    latitude: NA,
    longitude: NA,
    altitude: NA,
    battery: NA,
    signal: NA,
    fixType: NA,
    satellites: NA,
    hdop: NA,
    accuracy: NA,
    verticalAccuracy: NA,
  };
}

/** online, or warning when battery or signal is at or below the SPEC's 25. */
export function statusOf(r: Pick<LiveReading, 'battery' | 'signal'>): LiveReading['status'] {
  const low = (v: number | typeof NA, limit: number) => v !== NA && v <= limit;
  return low(r.battery, LIMITS.batteryLow) || low(r.signal, LIMITS.signalLow) ? 'warning' : 'online';
}

function stamp(receivedAt: number, timeOfDayMs?: number, dateMs?: number): string {
  const t = fixTime(receivedAt, timeOfDayMs, dateMs);
  return new Date(Math.abs(t - receivedAt) <= PLAUSIBLE_CLOCK_SKEW_MS ? t : receivedAt).toISOString();
}

/**
 * The reading after NMEA sentences: a sentence saying "no fix" clears the position. Every NMEA reading passes here:
 * the new reading is written out field by field (one object of one shape, in the order of blankReading), not
 * spread from the last one and patched.
 */
export function applyFix(prev: LiveReading, u: FixUpdate, receivedAt: number): LiveReading {
  const p = u.position;
  const next: LiveReading = {
    deviceCode: prev.deviceCode,
    deviceName: prev.deviceName,
    Name: prev.Name,
    deviceType: prev.deviceType,
    action: 'position',
    status: prev.status,
    timestamp: stamp(receivedAt, u.timeOfDayMs, u.dateMs),
    latitude: p === null ? NA : p ? p.latitude : prev.latitude,
    longitude: p === null ? NA : p ? p.longitude : prev.longitude,
    altitude: u.altitude !== undefined ? u.altitude : p === null ? NA : prev.altitude,
    battery: prev.battery,
    signal: prev.signal,
    fixType: u.fixType !== undefined ? (u.fixType ?? NA) : prev.fixType,
    satellites: u.satellites ?? prev.satellites,
    hdop: u.hdop ?? prev.hdop,
    accuracy: u.accuracy ?? prev.accuracy,
    verticalAccuracy: u.verticalAccuracy ?? prev.verticalAccuracy,
  };
  next.status = statusOf(next);
  return next;
}

/** The reading after a JSON reading: the fields the device sent replace the ones it had. */
export function applyDeviceReading(prev: LiveReading, r: DevicePublishedReading, receivedAt: number): LiveReading {
  const { timestamp, ...fields } = r;
  const sent = timestamp ? Date.parse(timestamp) : receivedAt;
  const at = Math.abs(sent - receivedAt) <= PLAUSIBLE_CLOCK_SKEW_MS ? sent : receivedAt;
  const hasPosition = fields.latitude !== undefined || fields.longitude !== undefined;
  const next: LiveReading = { ...prev, ...fields, action: hasPosition ? 'position' : 'status', timestamp: new Date(at).toISOString() };
  next.status = statusOf(next);
  return next;
}

export function applyStatus(prev: LiveReading, s: DeviceStatusPayload, receivedAt: number): LiveReading {
  const next: LiveReading = { ...prev, action: 'status', timestamp: new Date(receivedAt).toISOString() };
  if (s.battery !== undefined) next.battery = s.battery;
  if (s.signal !== undefined) next.signal = s.signal;
  next.status = statusOf(next);
  return next;
}
