import { NA, type LiveReading } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import { devicesRepository, type DeviceStateWrite, type OfflineRow } from './repository.js';
import { notificationsForWrite, offlineNotification } from './transitions.js';

const num = (v: number | typeof NA) => (v === NA ? null : v);
// devices per statement: one write of a large fleet is a few short transactions, not one long one
const BATCH = 250;

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
 * Writes the latest state of every device that sent something, all together at most once per `minIntervalMs`
 * (so each device at most once per interval, the last reading of a burst always), with the notifications their
 * transitions call for in the same transaction; and every few seconds takes silent devices offline.
 * One write for the whole fleet, not one per device: at 1,000 devices the per-device transactions took most of
 * the event loop (PGlite runs in it) and held readings back.
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
  let pending = new Map<string, LiveReading>();
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  async function writeBatch(readings: LiveReading[]) {
    try {
      await o.db.tx(async (q) => {
        const rows = await devicesRepository.writeStates(q, readings.map((r) => ({ code: r.deviceCode, state: toStateWrite(r) })));
        for (const row of rows) for (const n of notificationsForWrite(row)) await devicesRepository.notify(q, n);
      });
    } catch (err) {
      o.onError();
      o.log.warn({ err, devices: readings.length }, 'device state not written');
    }
  }

  async function write() {
    const readings = [...pending.values()];
    pending = new Map();
    lastWrite = Date.now();
    for (let i = 0; i < readings.length; i += BATCH) await writeBatch(readings.slice(i, i + BATCH));
  }

  function schedule() {
    if (timer || writing || closed || !pending.size) return;
    const wait = lastWrite + minInterval - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        schedule();
      }, wait);
      return;
    }
    writing = write().finally(() => {
      writing = undefined;
      schedule();
    });
  }

  let sweeping = false;
  async function sweep() {
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
  }
  const sweepEvery = Math.min(5000, (o.offlineAfterS * 1000) / 3);
  const sweeper = setInterval(() => void sweep(), sweepEvery);
  sweeper.unref();

  return {
    /** Takes devices silent for longer than the timeout offline now (the gateway does it once before it listens). */
    sweep,
    update(reading: LiveReading) {
      pending.set(reading.deviceCode, reading);
      schedule();
    },
    /** Writes what is pending now and stops. */
    async close() {
      clearInterval(sweeper);
      clearTimeout(timer);
      timer = undefined;
      await writing;
      if (pending.size) await write();
      closed = true;
    },
  };
}
export type DeviceStateWriter = ReturnType<typeof deviceStateWriter>;
