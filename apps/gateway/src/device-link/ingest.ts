import {
  DEVICE_TOPIC_KINDS,
  MQTT_LIMITS,
  devicePublishedReading,
  deviceStatusPayload,
  type DevicePublishedReading,
  type DeviceTopicKind,
  type GatewayCounters,
} from '@smi/contracts';
import type { DeviceDirectory } from '../devices/directory.js';
import type { DeviceRecord } from '@smi/devices';
import { parseNmeaPayload } from '../nmea/parse.js';
import { DeviceLive } from './device-live.js';

/**
 * What ingest hands a device's messages to when the device has an occupation running (occupation/engine-thread.ts:
 * the engine decodes them again on a thread of its own, away from the live feed's event loop).
 */
export interface EpochTap {
  has(code: string): boolean;
  nmea(code: string, text: string, receivedAt: number): void;
  reading(code: string, r: DevicePublishedReading, receivedAt: number): void;
}

const KINDS = new Set<string>(DEVICE_TOPIC_KINDS);
const DEVICE_TOPIC_PREFIX = 'devices/';

/** devices/{code}/{kind} -> its parts, or null for any other topic. */
export function parseDeviceTopic(topic: string): { code: string; kind: DeviceTopicKind } | null {
  // every message passes here: two indexOf instead of a split into an array of three strings
  const start = DEVICE_TOPIC_PREFIX.length;
  if (!topic.startsWith(DEVICE_TOPIC_PREFIX)) return null;
  const slash = topic.indexOf('/', start);
  if (slash <= start || topic.indexOf('/', slash + 1) !== -1) return null;
  const kind = topic.slice(slash + 1);
  if (!KINDS.has(kind)) return null;
  return { code: topic.slice(start, slash), kind: kind as DeviceTopicKind };
}

function json(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Turns one device message into the device's new state (its DeviceLive, updated in place). The topic alone says
 * which device it is; whatever the payload claims about identity is ignored. Every message that is not used is
 * counted under one reason, and changes nothing.
 */
export function ingest(o: {
  directory: DeviceDirectory;
  counters: GatewayCounters;
  onReading: (state: DeviceLive, device: DeviceRecord) => void;
  onRtcm: (device: DeviceRecord, payload: Buffer) => void;
  /**
   * Survey occupations (decision 021): every epoch of a device that has one goes there as it arrives, before the live
   * feed's per-device rate cap. One Map lookup per message for the devices with none.
   */
  occupations?: EpochTap;
}) {
  const current = new Map<string, DeviceLive>();

  /** The device's state, made blank (and kept) the first time it is asked for. */
  function stateOf(device: Pick<DeviceRecord, 'code' | 'name' | 'type'>, at: number): DeviceLive {
    let state = current.get(device.code);
    if (!state) current.set(device.code, (state = new DeviceLive(device, at)));
    return state;
  }

  /** A message of a device the directory knows: decoded and handed on in the same turn. */
  function take(device: DeviceRecord | null, kind: DeviceTopicKind, payload: Buffer, receivedAt: number): void {
    if (!device) {
      o.counters.unknownDevice++;
      return;
    }
    if (kind === 'rtcm') {
      o.onRtcm(device, payload);
      return;
    }
    // a device's first message is applied to a blank state, kept only when the message was used
    const kept = current.get(device.code);
    const state = kept ?? new DeviceLive(device, receivedAt);
    let used = false;
    switch (kind) {
      case 'nmea': {
        const text = payload.toString('latin1');
        if (o.occupations?.has(device.code)) o.occupations.nmea(device.code, text, receivedAt);
        const parsed = parseNmeaPayload(text);
        if (parsed.used > 0) {
          state.applyFix(parsed.update, receivedAt);
          used = true;
        }
        break;
      }
      case 'reading': {
        const r = devicePublishedReading.safeParse(json(payload));
        if (r.success) {
          if (o.occupations?.has(device.code)) o.occupations.reading(device.code, r.data, receivedAt);
          state.applyDeviceReading(r.data, receivedAt);
          used = true;
        }
        break;
      }
      case 'status': {
        const s = deviceStatusPayload.safeParse(json(payload));
        if (s.success) {
          state.applyStatus(s.data, receivedAt);
          used = true;
        }
        break;
      }
    }
    if (!used) {
      o.counters.malformed++;
      return;
    }
    state.named(device);
    if (!kept) current.set(device.code, state);
    o.counters.readings++;
    o.onReading(state, device);
  }

  function handle(topic: string, payload: Buffer): Promise<void> | void {
    const receivedAt = Date.now();
    const target = parseDeviceTopic(topic);
    if (!target) {
      o.counters.unknownTopic++;
      return;
    }
    if (payload.length > MQTT_LIMITS.payloadBytes) {
      o.counters.oversized++;
      return;
    }
    const known = o.directory.known(target.code);
    if (known !== undefined) return take(known, target.kind, payload, receivedAt);
    // first message of a device (or its entry is being read): wait for the directory
    return o.directory.get(target.code).then(
      (device) => take(device, target.kind, payload, receivedAt),
      () => take(null, target.kind, payload, receivedAt),
    );
  }

  return {
    /** Never throws: a message that cannot be used is counted as malformed. */
    handle(topic: string, payload: Buffer): Promise<void> | void {
      try {
        const pending = handle(topic, payload);
        if (pending) return pending.catch(() => void o.counters.malformed++);
      } catch {
        o.counters.malformed++;
      }
    },
    /** The device's state now, if it has sent anything usable (or was marked offline). */
    latest: (code: string): DeviceLive | undefined => current.get(code),
    /** The device's state, blank if it has sent nothing usable yet (a base that sends only RTCM). */
    stateOf: (device: Pick<DeviceRecord, 'code' | 'name' | 'type'>): DeviceLive => stateOf(device, Date.now()),
    /** The device went offline: its next reading starts from what it had, marked offline until then. */
    markOffline(device: Pick<DeviceRecord, 'code' | 'name' | 'type'>): DeviceLive {
      const at = Date.now();
      const state = stateOf(device, at);
      state.named(device);
      state.markOffline(at);
      return state;
    },
  };
}
export type Ingest = ReturnType<typeof ingest>;
