import { NA, type LiveReading } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import { devicesRepository, type DeviceStateWrite, type OfflineRow } from './repository.js';
import { notificationsForWrite, offlineNotification } from './transitions.js';

const num = (v: number | typeof NA) => (v === NA ? null : v);

function toStateWrite(r: LiveReading): DeviceStateWrite {
  return {
    battery: num(r.battery),
    signal: num(r.signal),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    altitude: num(r.altitude),
    fixType: r.fixType === NA ? null : r.fixType,
    satellites: num(r.satellites),
    hdop: num(r.hdop),
    accuracy: num(r.accuracy),
  };
}

/**
 * Writes each device's latest state at most once per `minIntervalMs` (the last reading of a burst is always
 * written), with the notifications its transitions call for in the same transaction; and every few seconds
 * takes silent devices offline.
 */
export function deviceStateWriter(o: {
  db: Db;
  log: Log;
  offlineAfterS: number;
  minIntervalMs?: number;
  onError: () => void;
  onOffline: (row: OfflineRow) => void;
}) {
  const minInterval = o.minIntervalMs ?? 1000;
  const devices = new Map<string, { lastWrite: number; pending?: LiveReading; timer?: NodeJS.Timeout; writing?: Promise<void> }>();
  let closed = false;

  async function write(code: string) {
    const d = devices.get(code)!;
    const reading = d.pending;
    d.pending = undefined;
    d.timer = undefined;
    if (!reading || closed) return;
    d.lastWrite = Date.now();
    d.writing = o.db
      .tx(async (q) => {
        const row = await devicesRepository.writeState(q, code, toStateWrite(reading));
        for (const n of row ? notificationsForWrite(row) : []) await devicesRepository.notify(q, n);
      })
      .catch((err) => {
        o.onError();
        o.log.warn({ err, device: code }, 'device state not written');
      })
      .finally(() => {
        d.writing = undefined;
        if (d.pending) schedule(code);
      });
  }

  function schedule(code: string) {
    const d = devices.get(code)!;
    if (d.timer || d.writing || closed) return;
    const wait = d.lastWrite + minInterval - Date.now();
    if (wait <= 0) void write(code);
    else d.timer = setTimeout(() => void write(code), wait);
  }

  let sweeping = false;
  const sweepEvery = Math.min(5000, (o.offlineAfterS * 1000) / 3);
  const sweeper = setInterval(async () => {
    if (sweeping || closed) return;
    sweeping = true;
    try {
      const rows = await o.db.tx(async (q) => {
        const gone = await devicesRepository.sweepOffline(q, o.offlineAfterS);
        for (const row of gone) for (const n of offlineNotification(row, o.offlineAfterS)) await devicesRepository.notify(q, n);
        return gone;
      });
      for (const row of rows) o.onOffline(row);
    } catch (err) {
      o.onError();
      o.log.warn({ err }, 'offline sweep failed');
    } finally {
      sweeping = false;
    }
  }, sweepEvery);
  sweeper.unref();

  return {
    update(reading: LiveReading) {
      let d = devices.get(reading.deviceCode);
      if (!d) devices.set(reading.deviceCode, (d = { lastWrite: 0 }));
      d.pending = reading;
      schedule(reading.deviceCode);
    },
    /** Writes what is pending now and stops. */
    async close() {
      clearInterval(sweeper);
      for (const [code, d] of devices) {
        clearTimeout(d.timer);
        d.timer = undefined;
        await d.writing;
        if (d.pending) await write(code).then(() => devices.get(code)?.writing);
      }
      closed = true;
    },
  };
}
export type DeviceStateWriter = ReturnType<typeof deviceStateWriter>;
