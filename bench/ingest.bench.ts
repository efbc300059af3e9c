import mqtt from 'mqtt';
import { internalTopics } from '@smi/contracts';
import { serviceCredential } from '../apps/gateway/src/service-credential.js';
import { sharedConnections, startFleet } from './lib/fleet.js';
import { countersNote, gatewayCounters } from './lib/gateway-counters.js';
import { registerRovers } from './lib/devices.js';
import { drain, latencySink, sleep } from './lib/latency.js';
import { sinceStamp, stampOfGga } from './lib/nmea-stamp.js';
import { startBareRelay, watchProcess } from './lib/proc.js';
import { seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

// every device at 5 Hz, a quarter of the gateway's per-device cap (20 readings/s, faster ones are coalesced by
// design): only a stall of the whole path longer than ~400 ms could bunch three readings of one device into 50 ms
const HZ = 5;
const DEVICES_PER_CONNECTION = 25;
const RATES = process.env.BENCH_INGEST_RATES ? process.env.BENCH_INGEST_RATES.split(',').map(Number) : [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000];
// each step brings up to thousands of new devices online (first directory reads, Online notifications): a connection
// storm, not the sustained rate being measured; the warm-up lets it pass (the same for the bare broker)
const WARMUP_S = 4;
const STEP_S = 6;
const P99_LIMIT_MS = 50;
const JWT_SECRET = 'bench-ingest-secret-0123456789-0123456789';

interface Step {
  rate: number;
  achieved: number;
  p99: number;
  sent: number;
  received: number;
  ok: boolean;
  /** CPU of the server process while the step ran, in % of one core */
  cpu: number;
}

/**
 * One rate: rate/HZ devices publish GGA at HZ for WARMUP_S + STEP_S; `subscribe` times every message where it comes
 * out. Sustained = p99 under 50 ms, every reading out, and the publishers managed 90 % of the rate.
 */
async function step(rate: number, pid: number, brokerUrl: string, codes: string[], auth: { username: string; password?: string }, out: { url: string; topic: string; stamps: (payload: Buffer) => number[] }): Promise<Step> {
  const sink = latencySink();
  const receiver = await mqtt.connectAsync(out.url, { ...auth, reconnectPeriod: 0 });
  receiver.on('message', (_topic, payload) => {
    for (const stamp of out.stamps(payload)) sink.add(sinceStamp(stamp));
  });
  await receiver.subscribeAsync(out.topic, { qos: 0 });
  const devices = codes.slice(0, rate / HZ);
  const fleet = await startFleet({ url: brokerUrl, connections: sharedConnections(devices, DEVICES_PER_CONNECTION, auth.username, auth.password), hz: HZ, seconds: WARMUP_S + STEP_S });
  const running = fleet.run();
  await sleep(WARMUP_S * 1000);
  sink.start();
  const watch = watchProcess(pid);
  const report = await running;
  const { cpuPercent } = watch.stop();
  await drain(() => sink.received >= report.sent, 5000);
  sink.stop();
  await receiver.endAsync(true);
  const achieved = report.sent / report.seconds;
  const p99 = sink.p(99);
  const ok = p99 < P99_LIMIT_MS && sink.received === report.sent && achieved >= rate * 0.9;
  process.stderr.write(`  ${rate}/s: achieved ${achieved.toFixed(0)}/s, p99 ${p99.toFixed(1)} ms, ${report.sent - sink.received} not out, server CPU ${cpuPercent.toFixed(0)} %${ok ? '' : ' (not sustained)'}\n`);
  return { rate, achieved, p99, sent: report.sent, received: sink.received, ok, cpu: cpuPercent };
}

/** Steps up the rate until one is not sustained; answers every step measured. */
async function ramp(measure: (rate: number) => Promise<Step>): Promise<Step[]> {
  const steps: Step[] = [];
  for (const rate of RATES) {
    const s = await measure(rate);
    steps.push(s);
    if (!s.ok) break;
  }
  return steps;
}

const best = (steps: Step[]) => steps.filter((s) => s.ok).reduce((m, s) => Math.max(m, s.achieved), 0);

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
    // devices are registered as the ramp needs them
    const codes: string[] = [];
    const mqttUrl = product.output().match(/MQTT gateway on port (\d+)/)![1]!;
    const url = `mqtt://127.0.0.1:${mqttUrl}`;
    productSteps = await ramp(async (rate) => {
      if (codes.length < rate / HZ) codes.push(...(await registerRovers(product.url, s.cookie, rate / HZ - codes.length, `ING${codes.length}`)).map((d) => d.code));
      return step(rate, product.server.child.pid!, url, codes, service, { url, topic: internalTopics.allReadings, stamps: (p) => (JSON.parse(p.toString('utf8')) as { altitude: number }[]).map((r) => r.altitude) });
    });
    notes.push(`${Math.min(needed, codes.length)} devices registered; ${countersNote(await gatewayCounters(product.url))}`);
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
    bareSteps = await ramp((rate) => step(rate, bare.child.pid!, bare.mqttUrl, codes, { username: 'bench' }, { url: bare.mqttUrl, topic: 'devices/+/nmea', stamps: (p) => [stampOfGga(p.toString('latin1'))] }));
  } finally {
    bare.stop();
  }

  const describe = (steps: Step[]) => steps.map((s) => `${s.rate}/s: p99 ${s.p99.toFixed(1)} ms, ${s.sent - s.received} lost, CPU ${s.cpu.toFixed(0)} %${s.ok ? '' : ' x'}`).join('; ');
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
