/**
 * A fleet of simulated rovers in a process of its own (forked by lib/fleet.ts), so the publishing load never shares
 * an event loop with the receiver that times it. Each connection publishes GGA for its devices, each device every
 * 1/hz s, device phases spread evenly over the period; the send instant rides in the altitude (lib/nmea-stamp.ts).
 *
 * parent -> child: the FleetConfig, then 'go'; child -> parent: 'ready' once every connection is up, then the counts.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { stampedGga } from './nmea-stamp.js';

export interface FleetConfig {
  url: string;
  /** `hz` on a connection: its devices' rate, else the fleet's (one process can carry fleets of two rates) */
  connections: { username: string; password?: string; codes: string[]; hz?: number }[];
  hz: number;
  seconds: number;
  qos?: 0 | 1;
}
/** sentBy: readings sent on each connection, in the order of cfg.connections */
export type FleetReport = { type: 'done'; sent: number; sentBy: number[]; errors: number; seconds: number };

const send = (m: unknown) => process.send!(m);

async function connectAll(cfg: FleetConfig): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  // fifty logins at a time: a burst of thousands of CONNECTs is a different benchmark
  for (let i = 0; i < cfg.connections.length; i += 50) {
    const batch = cfg.connections.slice(i, i + 50);
    clients.push(
      ...(await Promise.all(
        batch.map((c) =>
          mqtt.connectAsync(cfg.url, { username: c.username, password: c.password, reconnectPeriod: 0, clean: true, keepalive: 60 }),
        ),
      )),
    );
  }
  return clients;
}

function publishFor(cfg: FleetConfig, clients: MqttClient[]): Promise<FleetReport> {
  const devices = cfg.connections.flatMap((c, i) => c.codes.map((code) => ({ code, client: clients[i]!, connection: i, period: 1000 / (c.hz ?? cfg.hz) })));
  const sentBy = cfg.connections.map(() => 0);
  let sent = 0;
  let errors = 0;
  const timers: NodeJS.Timeout[] = [];
  const started = performance.now();
  devices.forEach((d, i) => {
    const lat = 6.6 + (i % 1000) * 1e-5;
    const lon = 79.9 + Math.floor(i / 1000) * 1e-5;
    const topic = `devices/${d.code}/nmea`;
    const tick = () => {
      sent++;
      sentBy[d.connection]!++;
      d.client.publish(topic, stampedGga(lat, lon), { qos: cfg.qos ?? 0 }, (err) => {
        if (err) errors++;
      });
    };
    timers.push(
      setTimeout(() => {
        tick();
        timers.push(setInterval(tick, d.period));
      }, (i / devices.length) * d.period),
    );
  });
  return new Promise((ok) =>
    setTimeout(() => {
      for (const t of timers) clearTimeout(t);
      ok({ type: 'done', sent, sentBy, errors, seconds: (performance.now() - started) / 1000 });
    }, cfg.seconds * 1000),
  );
}

let cfg: FleetConfig | undefined;
let clients: MqttClient[] = [];
process.on('message', (m: unknown) => {
  if (m === 'go') {
    void publishFor(cfg!, clients).then(async (report) => {
      // let the last publishes leave before the counts are final
      await Promise.all(clients.map((c) => c.endAsync()));
      send(report);
    });
    return;
  }
  cfg = m as FleetConfig;
  connectAll(cfg)
    .then((c) => {
      clients = c;
      for (const client of clients) {
        client.on('error', () => {});
        // 25 devices share a connection here, so its publishes are ms apart: with Nagle's algorithm a publish would
        // wait for the ACK of the one before, which the broker delays up to 40 ms (no reply to a QoS 0 publish to
        // carry it). A device on a connection of its own, publishing every 100 ms or more, never meets that.
        (client.stream as import('node:net').Socket).setNoDelay?.(true);
      }
      send('ready');
    })
    .catch((err: Error) => {
      send({ type: 'failed', message: err.message });
    });
});
process.on('disconnect', () => process.exit(0));
