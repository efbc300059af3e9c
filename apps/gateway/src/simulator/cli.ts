import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMqttSafeDeviceCode } from '@smi/contracts';
import { jsonLog } from '../log.js';
import { serviceCredential, type ServiceCredential } from '../service-credential.js';
import { startSimulator, type SimulatedDevice } from '@smi/simulator';

const USAGE = `Usage: npm run simulate -- --base CODE --rovers CODE1,CODE2 [--rate 1] [--broker mqtt://host:1883] [--secret CODE=SECRET ...]
       [--goto LAT,LON [--from LAT,LON] [--speed 1.2] [--start-after 0]]

Publishes GGA/RMC/GSA/GST, RTCM 1005 and battery/signal for a base and rovers that go from mark to mark
around it (standing 20-30 s on each).
Each device logs in with its code and the secret from --secret (POST /api/devices/{id}/secret makes one).
A device without --secret is published for with the service credential (MQTT_SERVICE_SECRET, JWT_SECRET,
or the jwt-secret kept in DATA_DIR by \`npm start\`), which only the product's own broker accepts.
--goto walks the first rover instead, RTK fixed, in a straight line from --from (default 15 m south and 10 m
west of the target) to the target at --speed metres per second (setting off after --start-after seconds), then
stands on it: a surveyor walking to a mark to stake it.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** "LAT,LON" in decimal degrees, WGS 84. */
function latLon(flag: string, text: string): { latitude: number; longitude: number } {
  const parts = text.split(',').map((v) => Number(v.trim()));
  const [latitude = NaN, longitude = NaN] = parts;
  if (parts.length !== 2 || !(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) fail(`--${flag} must be LAT,LON in decimal degrees, got "${text}"`);
  return { latitude, longitude };
}

function service(): ServiceCredential | undefined {
  const kept = join(resolve(process.env.DATA_DIR ?? './data'), 'jwt-secret');
  const jwtSecret = process.env.JWT_SECRET ?? (existsSync(kept) ? readFileSync(kept, 'utf8').trim() : undefined);
  if (!process.env.MQTT_SERVICE_SECRET && !jwtSecret) return undefined;
  return serviceCredential({ serviceSecret: process.env.MQTT_SERVICE_SECRET, jwtSecret });
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        base: { type: 'string' },
        rovers: { type: 'string', default: '' },
        rate: { type: 'string', default: '1' },
        broker: { type: 'string' },
        secret: { type: 'string', multiple: true, default: [] },
        goto: { type: 'string' },
        from: { type: 'string' },
        speed: { type: 'string', default: '1.2' },
        'start-after': { type: 'string', default: '0' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const rovers = values.rovers.split(',').map((c) => c.trim()).filter(Boolean);
  if (!values.base && rovers.length === 0) fail('Give --base and/or --rovers.');
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 20)) fail('--rate must be a number of epochs per second from 0.1 to 20.');
  let goto;
  if (values.goto) {
    if (rovers.length === 0) fail('--goto walks the first of --rovers: give one.');
    const speed = Number(values.speed);
    if (!(speed > 0 && speed <= 50)) fail('--speed must be metres per second above 0 (up to 50).');
    const startAfter = Number(values['start-after']);
    if (!(startAfter >= 0)) fail('--start-after must be seconds, 0 or more.');
    goto = { to: latLon('goto', values.goto), from: values.from ? latLon('from', values.from) : undefined, speed, startAfter };
  } else if (values.from) fail('--from needs --goto.');
  const secrets = new Map(
    values.secret.map((s) => {
      const i = s.indexOf('=');
      if (i < 1) fail(`--secret must be CODE=SECRET, got "${s}"`);
      return [s.slice(0, i), s.slice(i + 1)] as const;
    }),
  );
  const devices: SimulatedDevice[] = [
    ...(values.base ? [{ code: values.base, type: 'base' as const }] : []),
    ...rovers.map((code) => ({ code, type: 'rover' as const })),
  ].map((d) => ({ ...d, secret: secrets.get(d.code) }));
  for (const d of devices) if (!isMqttSafeDeviceCode(d.code)) fail(`"${d.code}" is not a device code.`);
  const brokerUrl = values.broker ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? 1883}`;
  const log = jsonLog('info');
  const sim = await startSimulator({ brokerUrl, devices, rate, service: service(), log, goto }).catch((err: Error) =>
    fail(`Could not connect to ${brokerUrl}: ${err.message}`),
  );
  console.log(`Simulating ${devices.map((d) => `${d.type} ${d.code}`).join(', ')} on ${brokerUrl} at ${rate}/s. Ctrl-C stops.`);
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
