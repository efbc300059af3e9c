import { io as connectSocket, type Socket } from 'socket.io-client';
import { STAKE_SOCKET_EVENTS, type StakePushedGuidance, type StakeWatchAck } from '@smi/contracts';
import { startFleet } from './lib/fleet.js';
import { mqttUrlOf, registerFleets, watchingSocket } from './lib/devices.js';
import { countersNote, gatewayCounters } from './lib/gateway-counters.js';
import { drain, latencySink, sleep } from './lib/latency.js';
import { sinceStamp, stampNow } from './lib/nmea-stamp.js';
import { call, seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

const ROVERS = 50;
const HZ = 10;
const WARMUP_S = 3;
const SECONDS = Number(process.env.BENCH_STAKE_SECONDS ?? 30);
/** the guidance on the browser at most this many times the live feed's p99, measured on the same readings */
const RATIO = 1.5;
/** UTM 44N: the fleet's rovers stand near 6.6 N, 79.9 E (lib/publisher.ts) */
const CRS = 32644;

/**
 * Stake-out end to end: 50 rovers at 10 Hz, each on its own MQTT connection, each staked by a browser socket of its
 * own on a design point of its own, as the stake-out screen does (decision 069): the server pushes the guidance of
 * every reading. A figure is the time from the device's publish to the guidance in the browser process (the send
 * stamp rides in the GGA altitude, and the guidance names the reading's fix time, so each guidance is matched to its
 * reading by the live feed's copy of it). Baseline, in the same run on the same readings: the live feed itself
 * (device -> browser socket). The product runs with MAX_SOCKETS_PER_USER=100: one surveyor's 50 stake-out sockets
 * and the live one (the default allows 20 tabs per account).
 */
export async function run(): Promise<BenchResult> {
  const product = await startProduct({ MAX_SOCKETS_PER_USER: '100' });
  const live = latencySink();
  const guided = latencySink();
  const notes: string[] = [];
  let sent = 0;
  let blocked = 0;
  const sockets: Socket[] = [];
  try {
    const s = await seedSurveyor(product, 'stake');
    await call(product.url, 'PUT', `/api/projects/crs/${s.projectId}`, s.cookie, { crsCode: CRS });
    const rovers = (await registerFleets(product, s.userId, [{ prefix: 'STK', n: ROVERS, secrets: true }]))[0]!;
    // the send stamp of each reading, by rover and fix time, from the live feed's copy
    // (a guidance may arrive on its socket before the live copy on another: its arrival waits in `early`)
    const stamps = new Map<string, number>();
    const early = new Map<string, number>();
    const liveSocket = await watchingSocket(product.url, s.cookie, rovers.map((r) => r.code), (r) => {
      if (typeof r.altitude !== 'number') return;
      live.add(sinceStamp(r.altitude));
      const key = `${r.deviceCode}|${r.fixTime ?? r.timestamp}`;
      stamps.set(key, r.altitude);
      const arrived = early.get(key);
      if (arrived === undefined) return;
      early.delete(key);
      guided.add(sinceStamp(r.altitude) - sinceStamp(arrived));
    });
    sockets.push(liveSocket);
    for (const [i, r] of rovers.entries()) {
      const made = await call(product.url, 'POST', `/api/projects/${s.projectId}/design/points`, s.cookie, { name: `S${i + 1}`, easting: 380_000 + i * 5, northing: 730_000 + i * 5, elevation: 10 });
      const pointId = (made.point as { id: string }).id;
      const socket = connectSocket(product.url, { transports: ['websocket'], extraHeaders: { cookie: s.cookie, origin: product.url }, reconnection: false, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((ok, fail) => {
        socket.once('connect', ok);
        socket.once('connect_error', fail);
      });
      socket.on(STAKE_SOCKET_EVENTS.guidance, (g: StakePushedGuidance | null) => {
        if (!g) return;
        if (g.blocked) blocked++;
        const key = `${r.code}|${g.fix.time}`;
        const stamp = stamps.get(key);
        if (stamp === undefined) early.set(key, stampNow());
        else guided.add(sinceStamp(stamp));
      });
      const ack = await new Promise<StakeWatchAck>((ok) => socket.emit(STAKE_SOCKET_EVENTS.watch, { projectId: s.projectId, deviceId: r.id, pointId }, ok));
      if (!ack.success) throw new Error(`stake watch refused: ${ack.message}`);
    }
    const fleet = await startFleet({
      url: mqttUrlOf(product.output()),
      connections: rovers.map((r) => ({ username: r.code, password: r.secret, codes: [r.code] })),
      hz: HZ,
      seconds: WARMUP_S + SECONDS,
    });
    const running = fleet.run();
    await sleep(WARMUP_S * 1000);
    live.start();
    guided.start();
    const report = await running;
    sent = report.sent;
    await drain(() => guided.received >= sent && live.received >= sent);
    live.stop();
    guided.stop();
    notes.push(countersNote(await gatewayCounters(product.url)));
  } finally {
    for (const socket of sockets) socket.close();
    await product.stop();
  }
  notes.unshift(
    `${ROVERS} rovers x ${HZ} Hz for ${SECONDS} s after ${WARMUP_S} s warm-up: ${sent} sent, ${live.received} on the live socket, ${guided.received} guided (${blocked} greyed by the fix gate); ${live.count} and ${guided.count} timed`,
    'send instant carried in the GGA altitude (CLOCK_MONOTONIC, 1 us); publishers in a child process, the 51 sockets in the bench process',
  );
  return {
    name: 'stake-live',
    figures: [
      { name: 'device -> guidance on the browser p50 (500 readings/s)', value: guided.p(50), unit: 'ms', baseline: { name: 'live feed, same readings', value: live.p(50) } },
      {
        name: 'device -> guidance on the browser p99 (500 readings/s)',
        value: guided.p(99),
        unit: 'ms',
        baseline: { name: 'live feed, same readings', value: live.p(99) },
        ratioTarget: { value: RATIO, kind: 'max' },
      },
      // of the readings the live feed delivered (the gateway's per-device cap may coalesce a bunched publisher's)
      { name: 'readings delivered but not guided', value: live.received - guided.received, unit: '', target: { value: 0, kind: 'max' } },
    ],
    notes,
  };
}
