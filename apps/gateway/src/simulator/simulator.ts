import mqtt, { type MqttClient } from 'mqtt';
import { LIMITS, deviceTopics } from '@smi/contracts';
import type { Log } from '../log.js';
import type { ServiceCredential } from '../service-credential.js';
import { offset, walkerPosition } from './motion.js';
import { epochSentences, type SimulatedFix } from './nmea-writer.js';
import { rtcm1005 } from './rtcm-writer.js';

export interface SimulatedDevice {
  code: string;
  type: 'rover' | 'base';
  /** The device's MQTT secret; without one the simulator publishes for it with the service credential. */
  secret?: string;
}

export interface SimulatorOptions {
  brokerUrl: string;
  devices: SimulatedDevice[];
  /** epochs per second */
  rate?: number;
  /** where the base stands; rovers walk loops around it */
  base?: { latitude: number; longitude: number; altitude: number };
  service?: ServiceCredential;
  log?: Log;
}

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** An RTK rover alternates between long fixed spells and short float spells (a tree, a passing truck). */
function rtkState() {
  let quality: 4 | 5 = 4;
  let until = 0;
  return (t: number): 4 | 5 => {
    if (t >= until) {
      quality = quality === 4 ? 5 : 4;
      until = t + (quality === 4 ? rand(10, 40) : rand(3, 10));
    }
    return quality;
  };
}

/**
 * Publishes realistic GNSS data for a base and rovers: every epoch a GGA/RMC/GST payload per device (rovers walk
 * around the base, their RTK fix switching between fixed and float), RTCM 1005 from the base, and battery and
 * signal every ten epochs. Each device uses its own credentials, like the real thing.
 */
export async function startSimulator(o: SimulatorOptions) {
  const rate = o.rate ?? 1;
  const base = o.base ?? { latitude: LIMITS.defaultBase.latitude, longitude: LIMITS.defaultBase.longitude, altitude: 12 };
  const clients = new Map<string, MqttClient>();
  const connect = (username: string, password: string) =>
    // the first connection must succeed (a wrong address or secret is reported); after that it reconnects
    mqtt.connectAsync(o.brokerUrl, { username, password, clientId: `sim-${Math.random().toString(16).slice(2, 10)}`, reconnectPeriod: 2000 }, false);
  let shared: MqttClient | undefined;
  for (const d of o.devices) {
    if (d.secret) clients.set(d.code, await connect(d.code, d.secret));
    else {
      if (!o.service) throw new Error(`no secret for ${d.code} and no service credential`);
      shared ??= await connect(o.service.username, o.service.password);
      clients.set(d.code, shared);
    }
  }

  const rovers = o.devices.filter((d) => d.type === 'rover');
  const states = new Map(rovers.map((r) => [r.code, rtkState()]));
  const battery = new Map(o.devices.map((d, i) => [d.code, d.type === 'base' ? 100 : 95 - i * 30]));
  const started = Date.now();
  let epoch = 0;

  const tick = () => {
    const t = (Date.now() - started) / 1000;
    const at = new Date();
    for (const d of o.devices) {
      const client = clients.get(d.code)!;
      let fix: SimulatedFix;
      if (d.type === 'base') {
        const p = offset(base.latitude, base.longitude, rand(-0.005, 0.005), rand(-0.005, 0.005));
        fix = { at, ...p, altitude: base.altitude, quality: 1, satellites: 30, hdop: 0.5, latError: 0.9, lonError: 0.7, altError: 1.6 };
        client.publish(deviceTopics.rtcm(d.code), rtcm1005(1, base.latitude, base.longitude, base.altitude));
      } else {
        const index = rovers.indexOf(d);
        const p = walkerPosition(base, 25 + 15 * index, (index * 2 * Math.PI) / Math.max(rovers.length, 1), t);
        const quality = states.get(d.code)!(t);
        const e = quality === 4 ? rand(0.006, 0.014) : rand(0.08, 0.35);
        fix = { at, ...p, altitude: base.altitude + rand(-0.05, 0.05), quality, satellites: Math.round(rand(18, 28)), hdop: rand(0.6, 1.0), latError: e, lonError: e * 0.9, altError: e * 1.8 };
      }
      client.publish(deviceTopics.nmea(d.code), epochSentences(fix).join('\r\n') + '\r\n');
      if (epoch % 10 === 0) {
        const level = Math.max(0, Math.round(battery.get(d.code)! - t / 60));
        client.publish(deviceTopics.status(d.code), JSON.stringify({ battery: level, signal: Math.round(rand(55, 95)) }));
      }
    }
    epoch++;
  };
  tick();
  const timer = setInterval(tick, 1000 / rate);
  o.log?.info({ devices: o.devices.map((d) => d.code), rate }, 'simulator running');

  return {
    epochs: () => epoch,
    async close() {
      clearInterval(timer);
      await Promise.all([...new Set(clients.values())].map((c) => c.endAsync()));
    },
  };
}
export type Simulator = Awaited<ReturnType<typeof startSimulator>>;
