import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import { BaseRtcmState } from './base-state.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Every base's RTCM state, kept in memory and written to base_rtcm_state at most once per `minIntervalMs` for the
 * bases that sent something since the last write (one statement per base; there are few bases).
 */
export function baseRtcmStates(o: { db: Db; log: Log; minIntervalMs?: number; onError?: () => void }) {
  const minInterval = o.minIntervalMs ?? 2000;
  const bases = new Map<string, { deviceId: string; state: BaseRtcmState; written: { frames: number; crcFailures: number } }>();
  const touched = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const codes = [...touched];
    touched.clear();
    for (const code of codes) {
      const base = bases.get(code);
      if (!base) continue;
      const s = base.state.snapshot;
      base.state.dirty = false;
      const p = s.position;
      try {
        await o.db.query(
          `INSERT INTO base_rtcm_state (device_id, station_id, message_types, arp_x, arp_y, arp_z, arp_antenna_height,
             arp_message_type, arp_itrf_year, arp_at, antenna, antenna_serial, receiver, firmware, receiver_serial,
             last_observation_at, latency_ms, frames, crc_failures, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now())
           ON CONFLICT (device_id) DO UPDATE SET station_id = $2, message_types = $3, arp_x = $4, arp_y = $5, arp_z = $6,
             arp_antenna_height = $7, arp_message_type = $8, arp_itrf_year = $9, arp_at = $10, antenna = $11,
             antenna_serial = $12, receiver = $13, firmware = $14, receiver_serial = $15, last_observation_at = $16,
             latency_ms = $17, frames = base_rtcm_state.frames + $18, crc_failures = base_rtcm_state.crc_failures + $19,
             updated_at = now()`,
          [
            base.deviceId,
            s.stationId,
            JSON.stringify(s.types),
            p?.x ?? null,
            p?.y ?? null,
            p?.z ?? null,
            p?.antennaHeight ?? null,
            p?.messageType ?? null,
            p?.itrfYear ?? null,
            iso(p?.at ?? null),
            s.antenna,
            s.antennaSerial,
            s.receiver,
            s.firmware,
            s.receiverSerial,
            iso(s.lastObservationAt),
            s.latencyMs,
            s.frames - base.written.frames,
            s.crcFailures - base.written.crcFailures,
          ],
        );
        base.written = { frames: s.frames, crcFailures: s.crcFailures };
      } catch (err) {
        o.onError?.();
        o.log.warn({ err, base: code }, 'base RTCM state not written');
      }
    }
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      writing = writing.then(write);
    }, minInterval);
    timer.unref();
  }

  return {
    /** A base's RTCM payload: returns the bytes to relay (its good frames). */
    take(device: { id: string; code: string }, payload: Buffer, at = Date.now()): Buffer {
      let base = bases.get(device.code);
      if (!base) bases.set(device.code, (base = { deviceId: device.id, state: new BaseRtcmState(), written: { frames: 0, crcFailures: 0 } }));
      const relay = base.state.take(payload, at);
      touched.add(device.code);
      schedule();
      return relay;
    },
    of: (code: string) => bases.get(code)?.state.snapshot,
    /** Writes what is pending now (tests, shutdown). */
    async flush(): Promise<void> {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      await (writing = writing.then(write));
    },
  };
}
export type BaseRtcmStates = ReturnType<typeof baseRtcmStates>;
