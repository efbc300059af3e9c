import mqtt from 'mqtt';
import {
  gatewayCorrectionsClients,
  gatewayStats,
  internalTopics,
  liveReadingsOfPayload,
  occupationReportsOfPayload,
  occupationTopics,
  type GatewayCorrectionsClients,
  type GatewayCounters,
  type GatewayStats,
  type LiveReading,
  type OccupationReport,
} from '@smi/contracts';
import type { Logger } from '../logger.js';

// a gateway that stopped reporting is left out of the health totals after this long
const STATS_STALE_MS = 30_000;
// a gateway's list of corrections clients older than this is no longer believed (it reports every 2 s)
const CLIENTS_STALE_MS = 7_000;

/**
 * The api's MQTT connection to the gateway, with the service credential: normalised readings and gateway counters
 * come in on internal topics, control signals (a revoked device secret, changed network settings) go out.
 * `onReading` absent: readings are not taken over this connection (the embedded gateway hands them over in-process),
 * only the counters and the control signals.
 */
export function gatewayLink(o: {
  url: string;
  username: string;
  password: string;
  log: Logger;
  onReading?: (r: LiveReading) => void;
  /** progress of survey occupations, from every gateway */
  onOccupation?: (r: OccupationReport) => void;
  /** Whether a report for this owner has anywhere to go here (else it is not validated: a tick reports every occupation). */
  wantsOccupation?: (ownerId: string) => boolean;
}) {
  const client = mqtt.connect(o.url, {
    username: o.username,
    password: o.password,
    clientId: `api-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    resubscribe: true,
    // no table of 65,536 cached number Buffers in an api process of its own either (see the gateway's createBroker)
    writeCache: false,
  });
  const stats = new Map<string, { at: number; stats: GatewayStats }>();
  const receivers = new Map<string, { at: number; clients: GatewayCorrectionsClients['clients'] }>();
  let warned = false;

  client.on('connect', () => {
    warned = false;
    o.log.info({ gateway: o.url }, 'connected to the MQTT gateway');
    const topics = o.onReading ? [internalTopics.allReadings, internalTopics.allStats] : [internalTopics.allStats];
    topics.push(internalTopics.allCorrectionsClients);
    if (o.onOccupation) topics.push(occupationTopics.allProgress);
    client.subscribe(topics, { qos: 0 });
  });
  client.on('error', (err) => {
    if (!warned) o.log.warn({ err, gateway: o.url }, 'MQTT gateway connection failed (retrying)');
    warned = true;
  });
  client.on('message', (topic, payload) => {
    if (topic.startsWith('smi/internal/readings/')) {
      for (const r of liveReadingsOfPayload(payload)) o.onReading?.(r);
      return;
    }
    if (topic.startsWith('smi/internal/occupations/')) {
      for (const r of occupationReportsOfPayload(payload, o.wantsOccupation)) o.onOccupation?.(r);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (topic.startsWith('smi/internal/corrections-clients/')) {
      const r = gatewayCorrectionsClients.safeParse(data);
      if (r.success) receivers.set(r.data.gatewayId, { at: Date.now(), clients: r.data.clients });
      return;
    }
    if (topic.startsWith('smi/internal/stats/')) {
      const s = gatewayStats.safeParse(data);
      if (s.success) stats.set(s.data.gatewayId, { at: Date.now(), stats: s.data });
    }
  });

  return {
    connected: () => client.connected,
    publish(topic: string, payload: string): Promise<void> {
      return client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined);
    },
    gateways(): GatewayStats[] {
      const now = Date.now();
      for (const [id, s] of stats) if (now - s.at > STATS_STALE_MS) stats.delete(id);
      return [...stats.values()].map((s) => s.stats);
    },
    /** Who receives corrections, over every gateway that reported lately (ages as of the report's arrival). */
    correctionsClients(): (GatewayCorrectionsClients['clients'][number] & { gatewayId: string })[] {
      const now = Date.now();
      const out = [];
      for (const [gatewayId, r] of receivers) {
        if (now - r.at > CLIENTS_STALE_MS) {
          receivers.delete(gatewayId);
          continue;
        }
        // the age grows while the report waits here
        for (const c of r.clients) out.push({ ...c, gatewayId, ageMs: c.ageMs === null ? null : c.ageMs + (now - r.at) });
      }
      return out;
    },
    totals(): GatewayCounters | undefined {
      const all = this.gateways().map((g) => g.counters);
      if (!all.length) return undefined;
      return all.reduce((sum, c) => Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v + c[k as keyof GatewayCounters]])) as GatewayCounters);
    },
    close: () => client.endAsync(true),
  };
}
export type GatewayLink = ReturnType<typeof gatewayLink>;
