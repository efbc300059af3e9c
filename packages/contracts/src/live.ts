import type { Permission } from './roles.js';
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { LIVE_FIX_TYPES } from './points.js';

/**
 * Live positions: the LiveReading every socket event carries, what devices publish
 * over MQTT, the socket.io events and the internal MQTT topics between the gateway and the api.
 */

/** A field a device did not send is 'N/A'. */
export const NA = 'N/A' as const;
const orNA = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal(NA)]);

// the four fix types a recorded point carries, and the receiver's non-survey ones (shown, never recorded)
const fixType = z.enum(LIVE_FIX_TYPES);

export const LIVE_STATUSES = ['online', 'offline', 'warning', 'other'] as const;
export const liveStatus = z.enum(LIVE_STATUSES);

/** What produced the reading: a position fix, a battery/signal report, or the gateway marking the device offline. */
export const LIVE_ACTIONS = ['position', 'status', 'offline'] as const;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const percent = z.number().int().min(0).max(100);
const metres = z.number().min(0).max(1e6);

/** One normalised reading of one device, as the browser receives it in `device-data`, `live` and `corrections`. */
export const liveReading = z.object({
  /** The device the reading belongs to (always the device of the MQTT topic it arrived on, never a payload field). */
  deviceCode: z.string(),
  /** The device's name; 'N/A' means none. `Name` repeats it for clients written against the old field name. */
  deviceName: z.string(),
  Name: z.string(),
  deviceType: z.union([z.enum(['rover', 'base']), z.literal(NA)]),
  action: z.enum(LIVE_ACTIONS),
  /** online; warning when battery or signal is at or below 25; offline after DEVICE_OFFLINE_AFTER_S of silence. */
  status: liveStatus,
  /** ISO 8601: the GNSS fix time when the device sent one, else when the gateway received the message. */
  timestamp: z.iso.datetime(),
  /**
   * When the position below was fixed (GNSS time, else when it arrived); 'N/A' when the device never sent one. An
   * offline or status reading repeats the last position with a fresh `timestamp`: only this field says how old the
   * fix is (decision 017). Optional for readings of an older gateway.
   */
  fixTime: orNA(z.iso.datetime()).optional(),
  latitude: orNA(latitude),
  longitude: orNA(longitude),
  /** Metres above mean sea level (GGA). */
  altitude: orNA(z.number().min(-1e4).max(1e6)),
  /** The receiver's geoid separation N (GGA), metres: ellipsoidal height = altitude + N. Optional (older gateways). */
  geoidSeparation: orNA(z.number().min(-1000).max(1000)).optional(),
  battery: orNA(percent),
  signal: orNA(percent),
  /**
   * rtk-fixed, rtk-float, dgps, single; or (GGA quality 6/7/8, decision 017) dead-reckoning, manual, simulation,
   * which are shown but never recorded (isSurveyFixType, isFixFresh).
   */
  fixType: orNA(fixType),
  satellites: orNA(z.number().int().min(0).max(255)),
  hdop: orNA(z.number().min(0).max(100)),
  /** Estimated horizontal error in metres (1 sigma, from GST or the device); the reading's accuracy field. */
  accuracy: orNA(metres),
  /** Estimated vertical error in metres (1 sigma, from GST or the device). */
  verticalAccuracy: orNA(metres),
  /** Position dilution of precision (GSA, or the device's). Optional (older gateways). */
  pdop: orNA(z.number().min(0).max(100)).optional(),
  /** Age of the differential corrections the fix used, seconds (GGA, or the device's); N/A: none. Optional. */
  correctionAge: orNA(z.number().min(0).max(1e6)).optional(),
});
export type LiveReading = z.infer<typeof liveReading>;

// ---- what devices publish --------------------------------------------------------------------------------

/**
 * `devices/{code}/reading`: a device that computes its own position sends JSON in the LiveReading shape. Every
 * field is optional ('N/A' allowed); identity fields (deviceCode, deviceName, ...) are ignored: the topic decides.
 */
export const devicePublishedReading = z.object({
  timestamp: z.iso.datetime({ offset: true }).optional(),
  latitude: orNA(latitude).optional(),
  longitude: orNA(longitude).optional(),
  altitude: orNA(z.number().min(-1e4).max(1e6)).optional(),
  battery: orNA(percent).optional(),
  signal: orNA(percent).optional(),
  fixType: orNA(fixType).optional(),
  satellites: orNA(z.number().int().min(0).max(255)).optional(),
  hdop: orNA(z.number().min(0).max(100)).optional(),
  accuracy: orNA(metres).optional(),
  verticalAccuracy: orNA(metres).optional(),
  // ---- what a survey occupation uses (decision 016), as NMEA's GSA, GGA and GST carry it ----
  pdop: orNA(z.number().min(0).max(100)).optional(),
  vdop: orNA(z.number().min(0).max(100)).optional(),
  /** the geoid separation N, metres: ellipsoidal height = altitude + N */
  geoidSeparation: orNA(z.number().min(-200).max(200)).optional(),
  /** age of the differential corrections, seconds */
  correctionAge: orNA(z.number().min(0).max(1e6)).optional(),
  stationId: orNA(z.string().max(16)).optional(),
  /** 1-sigma errors north and east, metres (GST's latitude and longitude errors) */
  sigmaNorth: orNA(metres).optional(),
  sigmaEast: orNA(metres).optional(),
});
export type DevicePublishedReading = z.infer<typeof devicePublishedReading>;

/** `devices/{code}/status`: battery and signal in percent, at least one of them. */
export const deviceStatusPayload = z
  .object({ battery: percent.optional(), signal: percent.optional() })
  .refine((s) => s.battery !== undefined || s.signal !== undefined, { message: 'battery or signal is required' });
export type DeviceStatusPayload = z.infer<typeof deviceStatusPayload>;

/** A device code usable as one MQTT topic level and username: no wildcards, no level separator, no leading $. */
export function isMqttSafeDeviceCode(code: string): boolean {
  return code.length >= 1 && code.length <= 64 && !/[+#/]/.test(code) && !code.includes('\0') && !code.startsWith('$') && code.trim() === code;
}

export const DEVICE_TOPIC_KINDS = ['nmea', 'reading', 'status', 'rtcm'] as const;
export type DeviceTopicKind = (typeof DEVICE_TOPIC_KINDS)[number];

export const deviceTopics = {
  nmea: (code: string) => `devices/${code}/nmea`,
  reading: (code: string) => `devices/${code}/reading`,
  status: (code: string) => `devices/${code}/status`,
  rtcm: (code: string) => `devices/${code}/rtcm`,
  /** The gateway relays the project base's RTCM here; the device may subscribe to this one topic only. */
  corrections: (code: string) => `devices/${code}/corrections`,
};

/** Internal topics (service credential only): normalised readings, gateway counters, control signals. */
export const internalTopics = {
  /**
   * A gateway's normalised readings: the payload is a JSON array of LiveReadings, those it made in one turn of its
   * event loop (one message for a burst instead of one per reading; no reading waits for a timer).
   */
  readings: (gatewayId: string) => `smi/internal/readings/${gatewayId}`,
  allReadings: 'smi/internal/readings/+',
  stats: (gatewayId: string) => `smi/internal/stats/${gatewayId}`,
  allStats: 'smi/internal/stats/+',
  /** payload: a device code whose secret changed; every gateway closes that device's connections. */
  revoke: 'smi/internal/control/revoke',
  /** payload: a user id whose network settings changed; the gateway re-reads custom brokers. */
  settingsChanged: 'smi/internal/control/settings',
  /** payload: an NTRIP credential's user name that was revoked; every caster closes its connections. */
  ntripRevoke: 'smi/internal/control/ntrip-revoke',
  /**
   * payload: a user id whose NTRIP access may have narrowed (a project deleted or no longer Active, a device
   * removed); every caster checks that account's open pulls and pushes again and ends those no longer allowed.
   */
  ntripAccess: 'smi/internal/control/ntrip-access',
  /** A gateway's NTRIP and MQTT corrections clients (gatewayCorrectionsClients), every few seconds. */
  correctionsClients: (gatewayId: string) => `smi/internal/corrections-clients/${gatewayId}`,
  allCorrectionsClients: 'smi/internal/corrections-clients/+',
};

/** The valid LiveReadings of an internal readings payload (an array; a single reading from an older gateway too). */
export function liveReadingsIn(data: unknown): LiveReading[] {
  const out: LiveReading[] = [];
  for (const item of Array.isArray(data) ? data : [data]) {
    const r = liveReading.safeParse(item);
    if (r.success) out.push(r.data);
  }
  return out;
}

/** The readings of an internal readings message (see internalTopics.readings); nothing for a payload that is not JSON. */
const utf8 = new TextDecoder();
export function liveReadingsOfPayload(payload: Uint8Array): LiveReading[] {
  try {
    return liveReadingsIn(JSON.parse(utf8.decode(payload)));
  } catch {
    return [];
  }
}

export const MQTT_LIMITS = { payloadBytes: LIMITS.mqttPayloadBytes } as const;

// ---- socket.io realtime feed ----------------------------------------------------------------------------

/** Event names of the realtime feed. */
export const SOCKET_EVENTS = {
  /** client -> server: a device code (or id), or {rovers, base}; optional acknowledgement callback gets SubscribeAck. */
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  /** server -> client, LiveReading of a device subscribed by code. */
  deviceData: 'device-data',
  /** server -> client, LiveReading of a device subscribed as one of `rovers`. */
  live: 'live',
  /** server -> client, LiveReading of the device subscribed as `base`. */
  corrections: 'corrections',
  /** server -> client, SocketError: a refused subscription (unknown or someone else's device) or a bad request. */
  error: 'error',
  /** client -> server: WatchProjectRequest, acknowledged with WatchProjectAck: the project's point changes are pushed. */
  watchProject: 'watch-project',
  /** client -> server: WatchProjectRequest, stops the pushes. */
  unwatchProject: 'unwatch-project',
  /** server -> client, PointsChangedEvent: points of a watched project were recorded, changed or deleted. */
  pointsChanged: 'points-changed',
} as const;

/**
 * What each client -> server event needs of the role in the current workspace (decision 064), checked by the same
 * function as every route. A new client event without a permission does not compile where it is handled.
 */
export const SOCKET_EVENT_PERMISSIONS = {
  subscribe: 'read',
  unsubscribe: 'read',
  'watch-project': 'read',
  'unwatch-project': 'read',
  // stake-out's watch (its events are named with the stake-out contracts)
  'stake:watch': 'read',
} as const satisfies Record<(typeof SOCKET_EVENTS)['subscribe' | 'unsubscribe' | 'watchProject' | 'unwatchProject'] | 'stake:watch', Permission>;

/** A device code, or the device's _id. */
export const subscribeDeviceRef = z.string().trim().min(1).max(64);
export const subscribeRequest = z.union([
  subscribeDeviceRef,
  z.strictObject({ rovers: z.array(subscribeDeviceRef).max(50).default([]), base: subscribeDeviceRef.optional() }),
]);
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const subscribeAck = z.object({
  success: z.boolean(),
  /** Codes now subscribed by this request. */
  devices: z.array(z.string()),
  /** What was refused, as sent (unknown and other accounts' devices are not told apart). */
  refused: z.array(z.string()),
  message: z.string().optional(),
});
export type SubscribeAck = z.infer<typeof subscribeAck>;

export const socketError = z.object({ message: z.string(), device: z.string().optional() });
export type SocketError = z.infer<typeof socketError>;

// ---- health ----------------------------------------------------------------------------------------------

/** Counts one gateway process keeps; every drop is counted under one reason. */
export const gatewayCounters = z.object({
  clientsConnected: z.number(),
  authFailures: z.number(),
  unauthorizedPublishes: z.number(),
  refusedSubscriptions: z.number(),
  readings: z.number(),
  malformed: z.number(),
  oversized: z.number(),
  unknownDevice: z.number(),
  unknownTopic: z.number(),
  /** Readings of one device arriving faster than it is forwarded: replaced by the newer one (flood control). */
  coalesced: z.number(),
  correctionsRelayed: z.number(),
  stateWriteErrors: z.number(),
  customBrokers: z.number(),
});
export type GatewayCounters = z.infer<typeof gatewayCounters>;

/** Every count at zero: what a gateway starts from, and what GET /api/health shows before any gateway reported. */
export function createCounters(): GatewayCounters {
  return Object.fromEntries(Object.keys(gatewayCounters.shape).map((k) => [k, 0])) as GatewayCounters;
}

export const gatewayStats = z.object({ gatewayId: z.string(), at: z.iso.datetime(), counters: gatewayCounters });
export type GatewayStats = z.infer<typeof gatewayStats>;

export const healthReply = z.object({
  success: z.boolean(),
  db: z.enum(['up', 'down']),
  /** broker and sockets: only for the service itself (loopback) or an operator's HEALTH_TOKEN. */
  broker: z.object({
    /** The api's own service connection to the gateway. */
    connected: z.boolean(),
    gateways: z.array(gatewayStats),
    totals: gatewayCounters,
  }).optional(),
  sockets: z.number().optional(),
});
export type HealthReply = z.infer<typeof healthReply>;

export const liveEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', access: 'public', permission: 'account' }),
};
