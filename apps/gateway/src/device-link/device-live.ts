import { LIMITS, NA, type DevicePublishedReading, type DeviceStatusPayload, type LiveReading } from '@smi/contracts';
import type { DeviceRecord } from '@smi/devices';
import type { FixUpdate } from '../nmea/fix-update.js';
import { fixTime } from '../nmea/fix-time.js';
import { FIX_RANK, givesWay } from '../nmea/fix-update.js';

// a fix time further than this from the receive time is not this fix's (a replayed log, a receiver without a date)
const PLAUSIBLE_CLOCK_SKEW_MS = 10 * 60_000;

type FixType = Exclude<LiveReading['fixType'], typeof NA>;
type Device = Pick<DeviceRecord, 'code' | 'name' | 'type'>;

/** NaN stands for N/A in the numeric fields: a number field never changes its kind, and nothing is allocated for it. */
const out = (v: number): number | typeof NA => (Number.isNaN(v) ? NA : v);
const take = (v: number | typeof NA): number => (v === NA ? NaN : v);

/**
 * What the gateway knows of one device now, updated in place by every message it sends. A LiveReading is made from
 * it only when a reading goes out (snapshot), so the device's state is one object for the life of the process:
 * a new LiveReading kept per reading as "the latest" lived past the young generation (at 20,000 readings/s it was
 * ~42 % of what reached the old generation, whose mark-compacts made the ingest tail).
 */
export class DeviceLive {
  readonly deviceCode: string;
  deviceName: string;
  deviceType: DeviceRecord['type'];
  action: LiveReading['action'] = 'status';
  status: LiveReading['status'] = 'online';
  /** The GNSS fix time when the device sent one, else when the message arrived (ms since the epoch). */
  time: number;
  latitude = NaN;
  longitude = NaN;
  altitude = NaN;
  geoidSeparation = NaN;
  /**
   * When the position above was fixed (ms since the epoch; NaN: no position). Only a reading that carries a new
   * position moves it: an offline or status reading, a GST alone, keep it (a silent rover is stale: decision 017).
   */
  fixAt = NaN;
  battery = NaN;
  signal = NaN;
  fixType: FixType | null = null;
  satellites = NaN;
  hdop = NaN;
  accuracy = NaN;
  verticalAccuracy = NaN;
  /** GSA's PDOP (the live quality bar's); kept until a sentence says otherwise. */
  pdop = NaN;
  /** GGA's age of corrections, s: a GGA without one says there are none (NaN), whatever the one before said. */
  correctionAge = NaN;
  /** FIX_RANK of the sentence that gave fixType, and its epoch (time of day, ms; NaN: not known). */
  private fixRank = 0;
  private fixEpochMs = NaN;
  // fixAt as ISO text, made once per fix (status and offline readings repeat it without a new string)
  private fixIsoAt = NaN;
  private fixIso = '';

  constructor(device: Device, at: number) {
    this.deviceCode = device.code;
    this.deviceName = device.name || NA;
    this.deviceType = device.type;
    this.time = at;
  }

  /** The directory may have a newer name or type than the last message. */
  named(device: Device): void {
    this.deviceName = device.name || NA;
    this.deviceType = device.type;
  }

  /** NMEA sentences: a sentence saying "no fix" clears the position (and its altitude); what it does not say is kept. */
  applyFix(u: FixUpdate, receivedAt: number): void {
    const p = u.position;
    this.action = 'position';
    this.time = plausible(fixTime(receivedAt, u.timeOfDayMs, u.dateMs), receivedAt);
    // an RMC 'D' of the epoch whose GGA said RTK fixed (an earlier message) says nothing new about the fix
    if (!givesWay(u, this.fixRank, this.fixEpochMs, false)) {
      if (p === null) {
        this.latitude = NaN;
        this.longitude = NaN;
        this.altitude = NaN;
        this.geoidSeparation = NaN;
        this.fixAt = NaN;
      } else if (p) {
        this.latitude = p.latitude;
        this.longitude = p.longitude;
        this.fixAt = this.time;
      }
      if (u.fixType !== undefined) {
        this.fixType = u.fixType;
        this.fixRank = u.fixRank ?? 0;
        this.fixEpochMs = u.timeOfDayMs ?? NaN;
      }
    }
    if (u.altitude !== undefined) this.altitude = u.altitude;
    if (u.geoidSeparation !== undefined) this.geoidSeparation = u.geoidSeparation;
    if (u.satellites !== undefined) this.satellites = u.satellites;
    if (u.hdop !== undefined) this.hdop = u.hdop;
    if (u.accuracy !== undefined) this.accuracy = u.accuracy;
    if (u.verticalAccuracy !== undefined) this.verticalAccuracy = u.verticalAccuracy;
    if (u.pdop !== undefined) this.pdop = u.pdop;
    if (u.correctionAge !== undefined) this.correctionAge = u.correctionAge;
    else if (u.fixRank === FIX_RANK.quality) this.correctionAge = NaN;
    this.status = this.statusNow();
  }

  /** A JSON reading: the fields the device sent replace the ones it had ('N/A' clears one). */
  applyDeviceReading(r: DevicePublishedReading, receivedAt: number): void {
    this.action = r.latitude !== undefined || r.longitude !== undefined ? 'position' : 'status';
    this.time = plausible(r.timestamp ? Date.parse(r.timestamp) : receivedAt, receivedAt);
    if (r.latitude !== undefined) this.latitude = take(r.latitude);
    if (r.longitude !== undefined) this.longitude = take(r.longitude);
    if (r.latitude !== undefined || r.longitude !== undefined) {
      this.fixAt = Number.isNaN(this.latitude) || Number.isNaN(this.longitude) ? NaN : this.time;
    }
    if (r.altitude !== undefined) this.altitude = take(r.altitude);
    if (r.geoidSeparation !== undefined) this.geoidSeparation = take(r.geoidSeparation);
    if (r.battery !== undefined) this.battery = take(r.battery);
    if (r.signal !== undefined) this.signal = take(r.signal);
    if (r.fixType !== undefined) {
      this.fixType = r.fixType === NA ? null : r.fixType;
      this.fixRank = 0;
      this.fixEpochMs = NaN;
    }
    if (r.satellites !== undefined) this.satellites = take(r.satellites);
    if (r.hdop !== undefined) this.hdop = take(r.hdop);
    if (r.accuracy !== undefined) this.accuracy = take(r.accuracy);
    if (r.verticalAccuracy !== undefined) this.verticalAccuracy = take(r.verticalAccuracy);
    if (r.pdop !== undefined) this.pdop = take(r.pdop);
    if (r.correctionAge !== undefined) this.correctionAge = take(r.correctionAge);
    this.status = this.statusNow();
  }

  /** Battery and signal; the position stays as it was. */
  applyStatus(s: DeviceStatusPayload, receivedAt: number): void {
    this.action = 'status';
    this.time = receivedAt;
    if (s.battery !== undefined) this.battery = s.battery;
    if (s.signal !== undefined) this.signal = s.signal;
    this.status = this.statusNow();
  }

  /** Silent past the timeout: the next reading starts from what it had, marked offline until then. */
  markOffline(at: number): void {
    this.action = 'offline';
    this.status = 'offline';
    this.time = at;
  }

  /** online, or warning when battery or signal is at or below 25 %. */
  private statusNow(): LiveReading['status'] {
    return atOrBelow(this.battery, LIMITS.batteryLow) || atOrBelow(this.signal, LIMITS.signalLow) ? 'warning' : 'online';
  }

  /** fixAt as ISO text: the timestamp's when they are the same instant (a position reading), else made once per fix. */
  private fixTimeText(timestamp: string): string {
    const at = this.fixAt;
    if (Number.isNaN(at)) return NA;
    if (at === this.time) return timestamp;
    if (at !== this.fixIsoAt) {
      this.fixIsoAt = at;
      this.fixIso = new Date(at).toISOString();
    }
    return this.fixIso;
  }

  /** The device's reading as it goes out (socket events, the internal topic): a new object, the caller's to keep. */
  snapshot(): LiveReading {
    const timestamp = new Date(this.time).toISOString();
    return {
      deviceCode: this.deviceCode,
      deviceName: this.deviceName,
      Name: this.deviceName,
      deviceType: this.deviceType,
      action: this.action,
      status: this.status,
      timestamp,
      fixTime: this.fixTimeText(timestamp),
      latitude: out(this.latitude),
      longitude: out(this.longitude),
      altitude: out(this.altitude),
      geoidSeparation: out(this.geoidSeparation),
      battery: out(this.battery),
      signal: out(this.signal),
      fixType: this.fixType ?? NA,
      satellites: out(this.satellites),
      hdop: out(this.hdop),
      accuracy: out(this.accuracy),
      verticalAccuracy: out(this.verticalAccuracy),
      pdop: out(this.pdop),
      correctionAge: out(this.correctionAge),
    };
  }
}

/** A known value (not N/A) at or below the limit. */
function atOrBelow(v: number, limit: number): boolean {
  return !Number.isNaN(v) && v <= limit;
}

/** A device's own time when it is near the receive time, else the receive time. */
function plausible(t: number, receivedAt: number): number {
  return Math.abs(t - receivedAt) <= PLAUSIBLE_CLOCK_SKEW_MS ? t : receivedAt;
}
