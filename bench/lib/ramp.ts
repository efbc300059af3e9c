import mqtt from 'mqtt';
import { startFleet } from './fleet.js';
import { drain, latencySink, sleep } from './latency.js';
import { sinceStamp } from './nmea-stamp.js';
import type { FleetConfig } from './publisher.js';
import { watchProcess } from './proc.js';

// each step brings up to thousands of new devices online (first directory reads, Online notifications): a connection
// storm, not the sustained rate being measured; the warm-up lets it pass (the same for the bare broker)
export const WARMUP_S = 4;
export const STEP_S = 6;
export const P99_LIMIT_MS = 50;

export type Auth = { username: string; password?: string };
/** Where readings come out and how to read the send instants (lib/nmea-stamp.ts) from one message. */
export type Out = { url: string; topic: string; stamps: (payload: Buffer) => number[] };

export interface Step {
  /** the rate the step was asked for, as its benchmark names it */
  rate: number;
  achieved: number;
  p99: number;
  sent: number;
  /** readings sent on each connection, in the order given */
  sentBy: number[];
  received: number;
  ok: boolean;
  /** CPU of the measured process while the step ran, in % of one core */
  cpu: number;
  rssMb: number;
  /** the second try of a rate that missed once */
  retry?: boolean;
  /** every latency measured in the step (ms) */
  samples: number[];
}

/**
 * One step of a ramp: the connections (each at its own rate, from one publishing process) publish GGA for WARMUP_S +
 * STEP_S; every reading is timed where it comes out. Sustained = p99 under 50 ms, every reading out, and the
 * publishers managed 90 % of `expected` readings/s.
 */
export async function step(opts: { rate: number; expected: number; pid: number; brokerUrl: string; connections: FleetConfig['connections']; hz: number; auth: Auth; out: Out }): Promise<Step> {
  const { rate, expected, pid, out } = opts;
  const sink = latencySink();
  const receiver = await mqtt.connectAsync(out.url, { ...opts.auth, reconnectPeriod: 0 });
  receiver.on('message', (_topic, payload) => {
    for (const stamp of out.stamps(payload)) sink.add(sinceStamp(stamp));
  });
  await receiver.subscribeAsync(out.topic, { qos: 0 });
  const fleet = await startFleet({ url: opts.brokerUrl, connections: opts.connections, hz: opts.hz, seconds: WARMUP_S + STEP_S });
  const running = fleet.run();
  await sleep(WARMUP_S * 1000);
  sink.start();
  const watch = watchProcess(pid);
  const report = await running;
  const { cpuPercent, peakRssMb } = watch.stop();
  await drain(() => sink.received >= report.sent, 5000);
  sink.stop();
  await receiver.endAsync(true);
  const achieved = report.sent / report.seconds;
  const p99 = sink.p(99);
  const ok = p99 < P99_LIMIT_MS && sink.received === report.sent && achieved >= expected * 0.9;
  return { rate, achieved, p99, sent: report.sent, sentBy: report.sentBy, received: sink.received, ok, cpu: cpuPercent, rssMb: peakRssMb, samples: sink.samples() };
}

/**
 * Steps up the rate until one is not sustained; answers every step measured. A step that misses is measured once
 * more before the ramp ends (the same rule for the product and the bare baseline): on a shared 2-core host one
 * pause of ~60 ms anywhere on the machine (another process, a major GC) makes a 6 s step's p99, and a ramp that
 * ended there measured the host, not the rate (ingest went 39,625 -> 20,000/s between two runs of the same code).
 * Both tries are reported.
 */
export async function ramp(rates: number[], measure: (rate: number) => Promise<Step>): Promise<Step[]> {
  const steps: Step[] = [];
  for (const rate of rates) {
    let s = await measure(rate);
    if (!s.ok) {
      steps.push(s);
      process.stderr.write(`  ${rate}/s missed: measured once more\n`);
      s = { ...(await measure(rate)), retry: true };
    }
    steps.push(s);
    if (!s.ok) break;
  }
  return steps;
}

export const best = (steps: Step[]) => steps.filter((s) => s.ok).reduce((m, s) => Math.max(m, s.achieved), 0);

export const describe = (steps: Step[]) =>
  steps.map((s) => `${s.rate}/s${s.retry ? ' (again)' : ''}: p99 ${s.p99.toFixed(1)} ms, ${s.sent - s.received} lost, CPU ${s.cpu.toFixed(0)} %${s.ok ? '' : ' x'}`).join('; ');
