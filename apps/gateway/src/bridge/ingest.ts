import {
  DEVICE_TOPIC_KINDS,
  MQTT_LIMITS,
  devicePublishedReading,
  deviceStatusPayload,
  type DeviceTopicKind,
  type GatewayCounters,
  type LiveReading,
} from '@smi/contracts';
import type { DeviceDirectory } from '../devices/directory.js';
import type { DeviceRecord } from '../devices/repository.js';
import { parseNmeaPayload } from '../nmea/parse.js';
import { applyDeviceReading, applyFix, applyStatus, blankReading } from './live-snapshot.js';

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
 * Turns one device message into the device's new LiveReading. The topic alone says which device it is; whatever
 * the payload claims about identity is ignored. Every message that is not used is counted under one reason.
 */
export function ingest(o: {
  directory: DeviceDirectory;
  counters: GatewayCounters;
  onReading: (reading: LiveReading, device: DeviceRecord) => void;
  onRtcm: (device: DeviceRecord, payload: Buffer) => void;
}) {
  const current = new Map<string, LiveReading>();

  /** A message of a device the directory knows: decoded and handed on in the same turn. */
  function take(device: DeviceRecord | null, kind: DeviceTopicKind, payload: Buffer, receivedAt: number): void {
    if (!device) {
      o.counters.unknownDevice++;
      return;
    }
    const prev = current.get(device.code) ?? blankReading(device, receivedAt);
    let next: LiveReading | undefined;
    switch (kind) {
      case 'rtcm':
        o.onRtcm(device, payload);
        return;
      case 'nmea': {
        const parsed = parseNmeaPayload(payload.toString('latin1'));
        if (parsed.used > 0) next = applyFix(prev, parsed.update, receivedAt);
        break;
      }
      case 'reading': {
        const r = devicePublishedReading.safeParse(json(payload));
        if (r.success) next = applyDeviceReading(prev, r.data, receivedAt);
        break;
      }
      case 'status': {
        const s = deviceStatusPayload.safeParse(json(payload));
        if (s.success) next = applyStatus(prev, s.data, receivedAt);
        break;
      }
    }
    if (!next) {
      o.counters.malformed++;
      return;
    }
    // the directory may have a newer name or type than the last reading (next is a new object: ours to set)
    next.deviceName = device.name;
    next.Name = device.name;
    next.deviceType = device.type;
    current.set(device.code, next);
    o.counters.readings++;
    o.onReading(next, device);
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
    latest: (code: string) => current.get(code),
    /** The device went offline: its next reading starts from what it had, marked offline until then. */
    markOffline(code: string): LiveReading | undefined {
      const r = current.get(code);
      if (!r) return undefined;
      const offline: LiveReading = { ...r, action: 'offline', status: 'offline', timestamp: new Date().toISOString() };
      current.set(code, offline);
      return offline;
    },
  };
}
export type Ingest = ReturnType<typeof ingest>;
