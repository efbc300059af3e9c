import { NA, type LiveReading } from '@smi/contracts';
import type { Queryable } from '@smi/db';

interface DeviceStateRow {
  code: string;
  name: string;
  type: 'rover' | 'base';
  online: boolean;
  battery: number | null;
  signal: number | null;
  last_update: Date | null;
  last_fix_at: Date | null;
  last_latitude: number | null;
  last_longitude: number | null;
  last_altitude: number | null;
  last_fix: LiveReading['fixType'] | null;
  last_satellites: number | null;
  last_hdop: number | null;
  last_accuracy: number | null;
}

const orNA = <T>(v: T | null) => (v === null ? NA : v);

/**
 * The stored state of a device as a reading: what a new subscriber sees before the next live one. It is no new fix:
 * a 'status' reading (offline when the device is), its fixTime when the stored position was fixed (decision 017).
 */
function fromRow(r: DeviceStateRow): LiveReading {
  const low = (r.battery !== null && r.battery <= 25) || (r.signal !== null && r.signal <= 25);
  return {
    deviceCode: r.code,
    deviceName: r.name,
    Name: r.name,
    deviceType: r.type,
    action: r.online ? 'status' : 'offline',
    status: !r.online ? 'offline' : low ? 'warning' : 'online',
    timestamp: new Date(r.last_update!).toISOString(),
    fixTime: r.last_fix_at && r.last_latitude !== null && r.last_longitude !== null ? new Date(r.last_fix_at).toISOString() : NA,
    latitude: orNA(r.last_latitude),
    longitude: orNA(r.last_longitude),
    altitude: orNA(r.last_altitude),
    battery: orNA(r.battery),
    signal: orNA(r.signal),
    fixType: orNA(r.last_fix),
    satellites: orNA(r.last_satellites),
    hdop: orNA(r.last_hdop),
    accuracy: orNA(r.last_accuracy),
    verticalAccuracy: NA,
  };
}

/** Marks a device whose last reading came from the embedded gateway: its latest is the gateway's to give. */
const LOCAL = 0;

/**
 * The latest reading of each device: the last one this process received (of the embedded gateway's own devices,
 * the gateway's state now), else (a process that just started, a device quiet since) its stored state, written by
 * the gateway at most a second behind.
 */
export function latestReadings(db: Queryable, localLatest?: (code: string) => LiveReading | undefined) {
  const live = new Map<string, LiveReading | typeof LOCAL>();
  const known = (code: string): LiveReading | undefined => {
    const r = live.get(code);
    return r === LOCAL ? localLatest?.(code) : r;
  };
  return {
    /** A reading from another gateway (through the broker): kept until the device's next one. */
    remember(r: LiveReading) {
      live.set(r.deviceCode, r);
    },
    /** A reading of the embedded gateway's: nothing kept per reading (at tens of thousands a second, kept readings filled the old generation). */
    rememberLocal(code: string) {
      if (live.get(code) !== LOCAL) live.set(code, LOCAL);
    },
    async of(codes: string[]): Promise<LiveReading[]> {
      const found = codes.map(known);
      const missing = codes.filter((_, i) => !found[i]);
      const stored = missing.length
        ? await db.query<DeviceStateRow>(
            `SELECT code, name, type, online, battery, signal, last_update, last_fix_at, last_latitude, last_longitude, last_altitude,
               last_fix, last_satellites, last_hdop, last_accuracy
             FROM devices WHERE code = ANY($1) AND last_update IS NOT NULL`,
            [missing],
          )
        : [];
      const byCode = new Map(stored.map((r) => [r.code, fromRow(r)]));
      return codes.map((c, i) => found[i] ?? byCode.get(c)).filter((r): r is LiveReading => !!r);
    },
  };
}
export type LatestReadings = ReturnType<typeof latestReadings>;
