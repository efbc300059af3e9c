import { createConnection } from 'node:net';
import type { Duplex } from 'node:stream';
import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_TOPIC_KINDS, deviceTopics, MQTT_LIMITS, type GatewayCounters } from '@smi/contracts';
import { FrameScanner } from '../broker/frame-guard.js';
import { cappedInbound } from '../outbound/capped-stream.js';
import { checkOutboundUrl, guardedLookup, parseOutboundAllow, type OutboundAllow } from '@smi/outbound';
import type { Queryable } from '@smi/db';
import { devicesRepository } from '@smi/devices';
import type { Log } from '../log.js';
import { parseDeviceTopic } from './ingest.js';

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** The schemes a custom broker URL may use (the settings schema allows the same). */
export const CUSTOM_BROKER_PROTOCOLS = ['mqtt', 'mqtts', 'tcp', 'ssl', 'ws', 'wss'] as const;
// what a custom broker may send us: the devices' own limits (a PUBLISH of 16 KiB payload plus its topic)
const MAX_PUBLISH = MQTT_LIMITS.payloadBytes + 1024;
const MAX_OTHER_FRAME = 8 * 1024;
/** Distinct custom brokers open at once (each user has one URL; this bounds what many accounts can make us hold). */
export const MAX_CUSTOM_LINKS = 500;

interface Link {
  client: MqttClient;
  codes: Set<string>;
}

const topicsOf = (code: string) => DEVICE_TOPIC_KINDS.map((kind) => deviceTopics[kind](code));

/**
 * Users whose network setting is Custom have their devices read from their own broker: one MQTT client per
 * distinct URL, subscribed to the devices/{code}/... topics of exactly those users' devices, reconnecting with
 * back-off. What arrives goes through the same ingest as a direct publish.
 */
export function customBrokers(o: {
  db: Queryable;
  log: Log;
  counters: GatewayCounters;
  onMessage: (topic: string, payload: Buffer) => void;
  /** false: another gateway process reads the custom brokers; this one keeps none open. */
  active: () => boolean;
  /** Internal addresses the operator admits (CUSTOM_BROKER_ALLOW); none by default. */
  allow?: OutboundAllow;
  /** Distinct brokers held open at once (MAX_CUSTOM_LINKS; tests lower it). */
  maxLinks?: number;
}) {
  const allow = o.allow ?? parseOutboundAllow('');
  const maxLinks = o.maxLinks ?? MAX_CUSTOM_LINKS;
  const links = new Map<string, Link>();
  // URLs refused by the outbound rule, logged once each
  const refused = new Set<string>();
  let refreshing: Promise<void> | undefined;
  // the one more refresh asked for while one runs, shared by every such call
  let again: Promise<void> | undefined;
  let closed = false;

  function open(url: string): Link | undefined {
    let client: MqttClient;
    try {
      client = guardedClient(url, allow, () => o.counters.oversized++);
    } catch (err) {
      if (!refused.has(url)) {
        if (refused.size > 10_000) refused.clear();
        refused.add(url);
        o.log.warn({ broker: redact(url), reason: (err as Error).message }, 'custom broker refused');
      }
      return undefined;
    }
    let backoff = MIN_BACKOFF_MS;
    client.options.reconnectPeriod = backoff;
    const link: Link = { client, codes: new Set() };
    client.on('connect', () => {
      backoff = MIN_BACKOFF_MS;
      client.options.reconnectPeriod = backoff;
      o.log.info({ broker: redact(url) }, 'custom broker connected');
    });
    client.on('close', () => {
      // MQTT.js retries at a fixed period: stretch it after every failed attempt
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      client.options.reconnectPeriod = backoff;
    });
    client.on('error', (err) => o.log.warn({ broker: redact(url), err }, 'custom broker error'));
    client.on('message', (topic, payload) => {
      const target = parseDeviceTopic(topic);
      // a broker can send anything: only the devices this link subscribed for count
      if (!target || !link.codes.has(target.code)) {
        o.counters.unknownDevice++;
        return;
      }
      o.onMessage(topic, payload);
    });
    return link;
  }

  async function apply() {
    const wanted = new Map<string, Set<string>>();
    for (const { url, code } of o.active() ? await devicesRepository.customBrokerDevices(o.db) : []) {
      if (!wanted.has(url)) wanted.set(url, new Set());
      wanted.get(url)!.add(code);
    }
    if (closed) return;
    for (const [url, link] of links) {
      if (wanted.has(url)) continue;
      link.client.end(true);
      links.delete(url);
      o.log.info({ broker: redact(url) }, 'custom broker closed');
    }
    for (const [url, codes] of wanted) {
      if (!links.has(url) && links.size >= maxLinks) {
        o.log.warn({ broker: redact(url), open: links.size }, 'custom broker not opened: too many open');
        continue;
      }
      const link = links.get(url) ?? open(url);
      if (!link) continue;
      links.set(url, link);
      const added = [...codes].filter((c) => !link.codes.has(c));
      const removed = [...link.codes].filter((c) => !codes.has(c));
      link.codes = codes;
      if (added.length) link.client.subscribe(added.flatMap(topicsOf), { qos: 0 });
      if (removed.length) link.client.unsubscribe(removed.flatMap(topicsOf));
    }
    o.counters.customBrokers = links.size;
  }

  return {
    /**
     * Re-reads who uses which custom broker. Calls during a refresh coalesce into one more, and resolve when that
     * one is done (the one running may have read the settings before the change that caused the call).
     */
    refresh(): Promise<void> {
      if (refreshing) {
        again ??= refreshing.then(() => {
          again = undefined;
          return closed ? undefined : this.refresh();
        });
        return again;
      }
      refreshing = apply()
        .catch((err) => o.log.warn({ err }, 'custom brokers not refreshed'))
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
    urls: () => [...links.keys()],
    async close() {
      closed = true;
      await refreshing;
      await again;
      await Promise.all([...links.values()].map((l) => l.client.endAsync(true)));
      links.clear();
      o.counters.customBrokers = 0;
    },
  };
}

/**
 * An MQTT.js client for a user's broker URL under the outbound rule (@smi/outbound): the URL is checked as
 * it is (throws OutboundRefused), the client is built from the checked parts (not from MQTT.js's own reading of
 * the string), every connection attempt resolves the host through the guard (a rebinding name is refused at the
 * next reconnect), and what the broker sends passes the devices' frame size limits.
 */
export function guardedClient(url: string, allow: OutboundAllow, onOversized: () => void): MqttClient {
  const target = checkOutboundUrl(url, { allow, protocols: CUSTOM_BROKER_PROTOCOLS, allowPath: true });
  const scheme = target.protocol.slice(0, -1);
  const ws = scheme === 'ws' || scheme === 'wss';
  const secure = scheme === 'mqtts' || scheme === 'ssl' || scheme === 'wss';
  if (!ws && target.pathname !== '' && target.pathname !== '/') throw new Error('the URL must not have a path');
  const host = ws ? target.hostname : target.hostname.replace(/^\[|\]$/g, '');
  const port = target.port ? Number(target.port) : ws ? (secure ? 443 : 80) : secure ? 8883 : 1883;
  const lookup = guardedLookup(allow);
  const decode = (s: string) => (s ? decodeURIComponent(s) : undefined);
  const client = mqtt.connect({
    protocol: ws ? (scheme as 'ws' | 'wss') : secure ? 'mqtts' : 'mqtt',
    host,
    hostname: host,
    port,
    path: ws ? target.pathname || '/' : undefined,
    username: decode(target.username),
    password: decode(target.password),
    manualConnect: true,
    reconnectPeriod: MIN_BACKOFF_MS,
    connectTimeout: 10_000,
    clean: true,
    clientId: `smi-gateway-${Math.random().toString(16).slice(2, 10)}`,
    // tls.connect takes every option as given; ws hands its options to the socket it opens
    ...(secure && !ws ? { lookup } : {}),
    ...(ws ? { wsOptions: { lookup, maxPayload: MAX_PUBLISH + 16 } } : {}),
  } as mqtt.IClientOptions);
  const internal = client as unknown as { streamBuilder: (c: MqttClient) => Duplex };
  const build = internal.streamBuilder;
  internal.streamBuilder = (c) => {
    // MQTT.js's plain TCP builder passes no lookup: ours does, at every attempt
    const raw = !ws && !secure ? createConnection({ host, port, lookup: lookup as never }) : build(c);
    return cappedInbound(raw, new FrameScanner(MAX_PUBLISH, MAX_OTHER_FRAME, onOversized));
  };
  client.connect();
  return client;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid url';
  }
}
