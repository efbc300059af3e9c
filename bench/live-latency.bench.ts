import { startFleet } from './lib/fleet.js';
import { bareSocket, mqttUrlOf, registerFleets, watchingSocket } from './lib/devices.js';
import { countersNote, gatewayCounters } from './lib/gateway-counters.js';
import { drain, latencySink, sleep, type LatencySink } from './lib/latency.js';
import { sinceStamp, stampOfGga } from './lib/nmea-stamp.js';
import { startBareRelay } from './lib/proc.js';
import { seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';
import type { FleetConfig } from './lib/publisher.js';

const ROVERS = 100;
const HZ = 10;
const WARMUP_S = 3;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);

/** Publishes for WARMUP_S + SECONDS, timing only what arrives after the warm-up; answers sent and timed counts. */
async function measure(cfg: Omit<FleetConfig, 'hz' | 'seconds'>, sink: LatencySink) {
  const fleet = await startFleet({ ...cfg, hz: HZ, seconds: WARMUP_S + SECONDS });
  const running = fleet.run();
  await sleep(WARMUP_S * 1000);
  sink.start();
  const report = await running;
  await drain(() => sink.received >= report.sent);
  sink.stop();
  return { ...report, received: sink.received };
}

/**
 * Live latency: 100 rovers x 10 Hz GGA, each on its own MQTT connection with its own device secret, from the
 * device's publish to a signed-in browser socket (gateway login and parse, internal topic, api, socket.io), against
 * the same load through a bare aedes broker and a bare socket.io relay. Timing: lib/nmea-stamp.ts.
 */
export async function run(): Promise<BenchResult> {
  const product = await startProduct();
  const notes: string[] = [];
  let live: Awaited<ReturnType<typeof measure>>;
  const sink = latencySink();
  try {
    const s = await seedSurveyor(product, 'live');
    const rovers = (await registerFleets(product, s.userId, [{ prefix: 'LAT', n: ROVERS, secrets: true }]))[0]!;
    const socket = await watchingSocket(product.url, s.cookie, rovers.map((r) => r.code), (r) => {
      if (typeof r.altitude === 'number') sink.add(sinceStamp(r.altitude));
    });
    live = await measure({ url: mqttUrlOf(product.output()), connections: rovers.map((r) => ({ username: r.code, password: r.secret, codes: [r.code] })) }, sink);
    socket.close();
    notes.push(countersNote(await gatewayCounters(product.url)));
  } finally {
    await product.stop();
  }

  const bare = await startBareRelay();
  const bareSink = latencySink();
  let base: Awaited<ReturnType<typeof measure>>;
  try {
    const codes = Array.from({ length: ROVERS }, (_, i) => `BARE-${i}`);
    const socket = await bareSocket(bare.httpUrl, codes, (m) => bareSink.add(sinceStamp(stampOfGga(m.nmea))));
    base = await measure({ url: bare.mqttUrl, connections: codes.map((code) => ({ username: code, codes: [code] })) }, bareSink);
    socket.close();
  } finally {
    bare.stop();
  }

  notes.unshift(
    `${ROVERS} rovers x ${HZ} Hz for ${SECONDS} s after ${WARMUP_S} s warm-up; product: ${live.sent} sent, ${live.received} delivered, ${sink.count} timed; bare: ${base.sent} sent, ${base.received} delivered`,
    'send instant carried in the GGA altitude (CLOCK_MONOTONIC, 1 us); publishers in a child process, the socket in the bench process',
  );
  return {
    name: 'live-latency',
    figures: [
      { name: 'device -> browser p50 (1,000 readings/s)', value: sink.p(50), unit: 'ms', baseline: { name: 'bare aedes + socket.io', value: bareSink.p(50) } },
      {
        name: 'device -> browser p99 (1,000 readings/s)',
        value: sink.p(99),
        unit: 'ms',
        baseline: { name: 'bare aedes + socket.io', value: bareSink.p(99) },
        target: { value: 10, kind: 'max' },
        ratioTarget: { value: 3, kind: 'max' },
      },
      { name: 'readings not delivered', value: live.sent - live.received, unit: '', target: { value: 0, kind: 'max' } },
    ],
    notes,
  };
}
