import mqtt, { type MqttClient } from 'mqtt';
import { LIMITS, deviceTopics } from '@smi/contracts';
import { baseEpoch, roverEpoch, type SimulatedBase } from './epochs.js';
import { offset, seededRandom, stopAndGo, walkTo, type WalkPath } from './motion.js';
import { epochSentences, type SimulatedFix } from './nmea-writer.js';

export interface SimulatedDevice {
  code: string;
  type: 'rover' | 'base';
  /** The device's MQTT secret; without one the simulator publishes for it with the service credential. */
  secret?: string;
}

/** Where the simulator says it runs (the gateway's and the api's logs have this shape). */
export interface SimulatorLog {
  info(fields: object, msg: string): void;
}

/** The broker login it publishes with for a device without a secret of its own (the product's service login). */
export interface SimulatorLogin {
  username: string;
  password: string;
}

export interface SimulatorOptions {
  brokerUrl: string;
  devices: SimulatedDevice[];
  /** epochs per second */
  rate?: number;
  /** where the base stands (altitude above mean sea level); rovers go from mark to mark around it */
  base?: SimulatedBase;
  service?: SimulatorLogin;
  log?: SimulatorLog;
  /**
   * The first rover walks this path instead of going from mark to mark, RTK fixed all the way, and stands on the
   * target at the end (`from` defaults to 15 m south and 10 m west of the target).
   */
  goto?: Omit<WalkPath, 'from'> & { from?: WalkPath['from'] };
}

/** Where a walk to `to` starts when no start is given: far enough (18 m) for a far view before the near one. */
export function gotoStart(to: { latitude: number; longitude: number }) {
  return offset(to.latitude, to.longitude, -15, -10);
}

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** An RTK rover has long fixed spells and short float ones (a tree, a passing truck). */
function rtkState(random: () => number) {
  let quality: 4 | 5 = 5;
  let until = 0;
  return (t: number): 4 | 5 => {
    if (t >= until) {
      quality = quality === 4 ? 5 : 4;
      until = t + (quality === 4 ? 40 + random() * 60 : 3 + random() * 5);
    }
    return quality;
  };
}

/**
 * Publishes realistic GNSS data for a base and rovers: every epoch a GGA/RMC/GSA/GST payload per device (rovers
 * stand 20-30 s on a mark, then walk to the next, their RTK fix mostly fixed with short float spells), RTCM 1005
 * from the base at the position its GGA gives, and battery and signal every ten epochs. Each device uses its own
 * credentials, like the real thing.
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
  const goto = o.goto ? walkTo({ ...o.goto, from: o.goto.from ?? gotoStart(o.goto.to) }) : undefined;
  const motion = new Map(
    rovers.map((r, i) => [
      r.code,
      goto && i === 0
        ? { walk: goto, rtk: (): 4 | 5 => 4 }
        : { walk: stopAndGo(base, 25 + 15 * i, (i * 2 * Math.PI) / rovers.length, 1 + i), rtk: rtkState(seededRandom(101 + i)) },
    ]),
  );
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
        const b = baseEpoch(base, at, Math.random);
        fix = b.fix;
        client.publish(deviceTopics.rtcm(d.code), b.rtcm);
      } else {
        const m = motion.get(d.code)!;
        fix = roverEpoch(m.walk(t), base.altitude, m.rtk(t), at, Math.random);
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
