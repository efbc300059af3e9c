import type { Db } from '@smi/db';
import type { DeviceLive } from '../device-link/device-live.js';
import type { Log } from '../log.js';
import { devicesRepository, type DeviceStateWrite, type OfflineRow } from '@smi/devices';
import { notificationsForWrite, offlineNotification } from './transitions.js';

const num = (v: number) => (Number.isNaN(v) ? null : v);
// devices per statement: one write of a large fleet is a few short transactions, not one long one
const BATCH = 250;

/** The row values of a device's state as it is at the moment of the write. */
function toStateWrite(s: DeviceLive): DeviceStateWrite {
  return {
    battery: num(s.battery),
    signal: num(s.signal),
    latitude: num(s.latitude),
    longitude: num(s.longitude),
    altitude: num(s.altitude),
    fixType: s.fixType,
    satellites: num(s.satellites),
    hdop: num(s.hdop),
    accuracy: num(s.accuracy),
    fixAt: num(s.fixAt),
  };
}

/**
 * Writes the latest state of every device that sent something, all together at most once per `minIntervalMs`
 * (so each device at most once per interval, the last reading of a burst always), with the notifications their
 * transitions call for in the same transaction; and every few seconds takes silent devices offline.
 * One write for the whole fleet, not one per device: at 1,000 devices the per-device transactions took most of
 * the event loop (PGlite runs in it) and held readings back. What waits is each device's live state itself (updated
 * in place by every reading), read when its write is made: nothing is kept per reading.
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
  let pending = new Map<string, DeviceLive>();
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  async function writeBatch(devices: DeviceLive[]) {
    // taken now, before the first await: the values of one moment, whatever arrives during the write
    const writes = devices.map((s) => ({ code: s.deviceCode, state: toStateWrite(s) }));
    try {
      await o.db.tx(async (q) => {
        const rows = await devicesRepository.writeStates(q, writes);
        for (const row of rows) for (const n of notificationsForWrite(row)) await devicesRepository.notify(q, n);
      });
    } catch (err) {
      o.onError();
      o.log.warn({ err, devices: devices.length }, 'device state not written');
    }
  }

  async function write() {
    const devices = [...pending.values()];
    pending = new Map();
    lastWrite = Date.now();
    for (let i = 0; i < devices.length; i += BATCH) await writeBatch(devices.slice(i, i + BATCH));
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
    /** The device sent something: its state (as it is when the write is made) is written within minIntervalMs. */
    update(state: DeviceLive) {
      pending.set(state.deviceCode, state);
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
