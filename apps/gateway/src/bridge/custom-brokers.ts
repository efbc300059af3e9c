import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_TOPIC_KINDS, deviceTopics, type GatewayCounters } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { devicesRepository } from '../devices/repository.js';
import type { Log } from '../log.js';
import { parseDeviceTopic } from './ingest.js';

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;

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
}) {
  const links = new Map<string, Link>();
  let refreshing: Promise<void> | undefined;
  let again = false;
  let closed = false;

  function open(url: string): Link {
    let backoff = MIN_BACKOFF_MS;
    const client = mqtt.connect(url, { reconnectPeriod: backoff, connectTimeout: 10_000, clean: true, clientId: `smi-gateway-${Math.random().toString(16).slice(2, 10)}` });
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
      const link = links.get(url) ?? open(url);
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
    /** Re-reads who uses which custom broker; calls during a refresh coalesce into one more. */
    refresh(): Promise<void> {
      if (refreshing) {
        again = true;
        return refreshing;
      }
      refreshing = apply()
        .catch((err) => o.log.warn({ err }, 'custom brokers not refreshed'))
        .finally(() => {
          refreshing = undefined;
          if (again && !closed) {
            again = false;
            void this.refresh();
          }
        });
      return refreshing;
    },
    urls: () => [...links.keys()],
    async close() {
      closed = true;
      await refreshing;
      await Promise.all([...links.values()].map((l) => l.client.endAsync(true)));
      links.clear();
      o.counters.customBrokers = 0;
    },
  };
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
