import type { Socket } from 'socket.io-client';
import { serviceCredential } from '../apps/gateway/src/service-credential.js';
import { startFleet } from './lib/fleet.js';
import { bareSocket, mqttUrlOf, registerFleets, watchingSocket } from './lib/devices.js';
import { countersNote, gatewayCounters } from './lib/gateway-counters.js';
import { drain, latencySink, sleep, type LatencySink } from './lib/latency.js';
import { sinceStamp, stampOfGga } from './lib/nmea-stamp.js';
import { rssMb, startBareRelay, startBuiltProduct, watchProcess } from './lib/proc.js';
import { seedSurveyor } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

const DEVICES = 1000;
const SOCKETS = 200;
const PER_SOCKET = DEVICES / SOCKETS;
const WARMUP_S = 5;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 30);
const JWT_SECRET = 'bench-scale-secret-0123456789-0123456789';

/** The fleet at 1 Hz for WARMUP_S + SECONDS; the server process watched (RSS, CPU) after the warm-up. */
async function measure(pid: number, url: string, connections: { username: string; password?: string; codes: string[] }[], sink: LatencySink) {
  const fleet = await startFleet({ url, connections, hz: 1, seconds: WARMUP_S + SECONDS });
  const running = fleet.run();
  await sleep(WARMUP_S * 1000);
  sink.start();
  const watch = watchProcess(pid);
  const report = await running;
  const usage = watch.stop();
  await drain(() => sink.received >= report.sent);
  sink.stop();
  return { ...report, ...usage, received: sink.received };
}

/**
 * Scale: 1,000 devices, each on its own MQTT connection, publishing GGA at 1 Hz, and 200 signed-in browser sockets
 * each watching 5 of them: the server's peak RSS and CPU, and whether every reading reached its watcher. Against
 * the same load on the bare aedes + socket.io relay. The product runs as `npm start` runs it (bundled, plain node,
 * restarted once on its data folder). Devices log in with the service credential (a device secret
 * would add a bcrypt login per device at connect time and nothing after).
 */
export async function run(): Promise<BenchResult> {
  const codes: string[] = [];
  // memory is measured on the process `npm start` runs: the bundled server under plain node (decision 005)
  // one account watches through all of them: above the default cap of sockets per account
  const product = await startBuiltProduct({ JWT_SECRET, MAX_SOCKETS_PER_USER: String(SOCKETS) });
  const service = serviceCredential({ jwtSecret: JWT_SECRET });
  const sink = latencySink();
  const notes: string[] = [];
  let idleRss: number;
  let live: Awaited<ReturnType<typeof measure>>;
  try {
    const s = await seedSurveyor(product, 'scale');
    codes.push(...(await registerFleets(product, s.userId, [{ prefix: 'SCL', n: DEVICES }]))[0]!.map((d) => d.code));
    // the process as restarted by the registration
    const pid = product.server.child.pid!;
    idleRss = rssMb(pid);
    const sockets: Socket[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      sockets.push(await watchingSocket(product.url, s.cookie, codes.slice(i * PER_SOCKET, (i + 1) * PER_SOCKET), (r) => typeof r.altitude === 'number' && sink.add(sinceStamp(r.altitude))));
    }
    live = await measure(pid, mqttUrlOf(product.output()), codes.map((code) => ({ ...service, codes: [code] })), sink);
    notes.push(countersNote(await gatewayCounters(product.url)));
    for (const socket of sockets) socket.close();
  } finally {
    await product.stop();
  }

  const bare = await startBareRelay();
  const bareSink = latencySink();
  let base: Awaited<ReturnType<typeof measure>>;
  try {
    const sockets: Socket[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      sockets.push(await bareSocket(bare.httpUrl, codes.slice(i * PER_SOCKET, (i + 1) * PER_SOCKET), (m) => bareSink.add(sinceStamp(stampOfGga(m.nmea)))));
    }
    base = await measure(bare.child.pid!, bare.mqttUrl, codes.map((code) => ({ username: code, codes: [code] })), bareSink);
    for (const socket of sockets) socket.close();
  } finally {
    bare.stop();
  }

  notes.unshift(
    `${DEVICES} MQTT connections at 1 Hz, ${SOCKETS} sockets x ${PER_SOCKET} devices, ${SECONDS} s after ${WARMUP_S} s warm-up`,
    `product: ${live.sent} sent, ${live.received} delivered, idle RSS ${idleRss.toFixed(0)} MB (started, ${DEVICES} devices registered), last RSS ${live.lastRssMb.toFixed(0)} MB, latency p50 ${sink.p(50).toFixed(1)} / p99 ${sink.p(99).toFixed(1)} ms`,
    `bare relay: ${base.sent} sent, ${base.received} delivered, latency p50 ${bareSink.p(50).toFixed(1)} / p99 ${bareSink.p(99).toFixed(1)} ms`,
  );
  return {
    name: 'scale',
    figures: [
      { name: 'server peak RSS (1,000 devices at 1 Hz, 200 sockets)', value: live.peakRssMb, unit: 'MB', baseline: { name: 'bare aedes + socket.io', value: base.peakRssMb }, target: { value: 400, kind: 'max' } },
      { name: 'server CPU (1,000 devices at 1 Hz, 200 sockets)', value: live.cpuPercent, unit: '% of a core', baseline: { name: 'bare aedes + socket.io', value: base.cpuPercent } },
      { name: 'device -> browser p99 (1,000 devices, 200 sockets)', value: sink.p(99), unit: 'ms', baseline: { name: 'bare aedes + socket.io', value: bareSink.p(99) } },
      { name: 'readings not delivered (scale)', value: live.sent - live.received, unit: '', target: { value: 0, kind: 'max' } },
    ],
    notes,
  };
}
