import { internalTopics } from '@smi/contracts';
import { serviceCredential } from '../apps/gateway/src/service-credential.js';
import { sharedConnections } from './lib/fleet.js';
import { countersNote, gatewayCounters } from './lib/gateway-counters.js';
import { registerFleets } from './lib/devices.js';
import { stampOfGga } from './lib/nmea-stamp.js';
import { startBareRelay } from './lib/proc.js';
import { best, describe, P99_LIMIT_MS, ramp, step as rampStep, STEP_S, WARMUP_S, type Auth, type Out, type Step } from './lib/ramp.js';
import { seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

// every device at 5 Hz, a quarter of the gateway's per-device cap (20 readings/s, faster ones are coalesced by
// design): only a stall of the whole path longer than ~400 ms could bunch three readings of one device into 50 ms
const HZ = 5;
const DEVICES_PER_CONNECTION = 25;
const RATES = process.env.BENCH_INGEST_RATES ? process.env.BENCH_INGEST_RATES.split(',').map(Number) : [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000];
const JWT_SECRET = 'bench-ingest-secret-0123456789-0123456789';

/** One rate: rate/HZ devices publish GGA at HZ (lib/ramp.ts step). */
async function step(rate: number, pid: number, brokerUrl: string, codes: string[], auth: Auth, out: Out): Promise<Step> {
  const connections = sharedConnections(codes.slice(0, rate / HZ), DEVICES_PER_CONNECTION, auth.username, auth.password);
  const s = await rampStep({ rate, expected: rate, pid, brokerUrl, connections, hz: HZ, auth, out });
  process.stderr.write(`  ${rate}/s: achieved ${s.achieved.toFixed(0)}/s, p99 ${s.p99.toFixed(1)} ms, ${s.sent - s.received} not out, server CPU ${s.cpu.toFixed(0)} %${s.ok ? '' : ' (not sustained)'}\n`);
  return s;
}

/**
 * Ingest capacity: the highest NMEA rate the product sustains from device publish to the reading on the internal
 * topic (what every api process consumes; the embedded api consumes it in the same process meanwhile), against
 * bare aedes publish -> subscribe under the same fleet and the same criterion. Devices publish with the service
 * credential, 25 to a connection, as the simulator does (a device secret would add one bcrypt login per device
 * and nothing per reading).
 */
export async function run(): Promise<BenchResult> {
  const product = await startProduct({ JWT_SECRET });
  const service = serviceCredential({ jwtSecret: JWT_SECRET });
  const notes: string[] = [];
  let productSteps: Step[];
  try {
    const s = await seedSurveyor(product, 'ingest');
    const needed = RATES.at(-1)! / HZ;
    // every device the ramp's last step needs, before its first step (registering restarts the product)
    const codes = (await registerFleets(product, s.userId, [{ prefix: 'ING', n: needed }]))[0]!.map((d) => d.code);
    const mqttUrl = product.output().match(/MQTT gateway on port (\d+)/)![1]!;
    const url = `mqtt://127.0.0.1:${mqttUrl}`;
    productSteps = await ramp(RATES, async (rate) => {
      return step(rate, product.server.child.pid!, url, codes, service, { url, topic: internalTopics.allReadings, stamps: (p) => (JSON.parse(p.toString('utf8')) as { altitude: number }[]).map((r) => r.altitude) });
    });
    notes.push(`${codes.length} devices registered; ${countersNote(await gatewayCounters(product.url))}`);
  } catch (err) {
    const log = product.crashed();
    throw log ? new Error(`the product ended under load:\n${log}`) : err;
  } finally {
    await product.stop();
  }

  const bare = await startBareRelay('broker-only');
  let bareSteps: Step[];
  try {
    const codes = Array.from({ length: RATES.at(-1)! / HZ }, (_, i) => `BARE-${i}`);
    bareSteps = await ramp(RATES, (rate) => step(rate, bare.child.pid!, bare.mqttUrl, codes, { username: 'bench' }, { url: bare.mqttUrl, topic: 'devices/+/nmea', stamps: (p) => [stampOfGga(p.toString('latin1'))] }));
  } finally {
    bare.stop();
  }

  notes.unshift(
    `devices at ${HZ} Hz (the gateway coalesces above 20 readings/s per device), ${DEVICES_PER_CONNECTION} per connection, ${STEP_S} s per step after ${WARMUP_S} s warm-up`,
    `product: ${describe(productSteps)}`,
    `bare aedes: ${describe(bareSteps)}`,
  );
  return {
    name: 'ingest',
    figures: [
      {
        name: `sustained NMEA readings/s (p99 < ${P99_LIMIT_MS} ms, none lost)`,
        value: best(productSteps),
        unit: '/s',
        baseline: { name: 'bare aedes pub -> sub', value: best(bareSteps) },
        target: { value: 20_000, kind: 'min' },
        ratioTarget: { value: 0.4, kind: 'min' },
      },
    ],
    notes,
  };
}
