import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc24q } from '@smi/rtcm';
import { buildServer, SERVER_NODE_OPTIONS } from '../apps/api/build-server.js';
import { rssMb, watchProcess } from './lib/proc.js';
import type { BenchResult } from './lib/report.js';
import { nowMs, percentile } from './lib/stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROVERS = Number(process.env.BENCH_NTRIP_ROVERS ?? 500);
/**
 * Bursts measured, one a second, the same for the product and RTKLIB: 120 bursts of 500 rovers, so that 1 % of the
 * deliveries (600) is more than one burst and the p99 is not simply the run's slowest burst (decision 061). The bare
 * fan-out, a figure of the notes, runs 20.
 */
const SECONDS = Number(process.env.BENCH_NTRIP_SECONDS ?? 120);
const BARE_SECONDS = Math.min(SECONDS, 20);
const WARMUP = 2;
const FRAME_PAYLOAD = 1000;
const FRAMES_PER_S = 5; // 5 frames of 1,006 bytes: about 5 KB of RTCM a second, sent once a second like a 1 Hz base

/** One second's burst: FRAMES_PER_S CRC-valid RTCM frames (message 4095, proprietary) carrying the second's number. */
function burst(n: number): Buffer {
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES_PER_S; i++) {
    const f = Buffer.alloc(FRAME_PAYLOAD + 6);
    f[0] = 0xd3;
    f[1] = FRAME_PAYLOAD >> 8;
    f[2] = FRAME_PAYLOAD & 0xff;
    f[3] = 0xff;
    f[4] = 0xf0;
    f.writeUInt32BE(n, 5);
    f.fill(i, 9, 3 + FRAME_PAYLOAD);
    const crc = crc24q(f.subarray(0, 3 + FRAME_PAYLOAD));
    f[3 + FRAME_PAYLOAD] = crc >> 16;
    f[4 + FRAME_PAYLOAD] = (crc >> 8) & 0xff;
    f[5 + FRAME_PAYLOAD] = crc & 0xff;
    frames.push(f);
  }
  return Buffer.concat(frames);
}
const BURST = burst(0).length;

type Mode = 'caster' | 'bare' | 'rtklib';

/**
 * BENCH_NTRIP_TRACE_DIR: where a slow burst came from. The node children run with --trace-gc (<mode>-gc.txt: V8's
 * lines, ms since the child started) and each run writes <mode>-bursts.txt: every burst's send time on the same clock
 * (ms since its child was spawned), its slowest rover, how many rovers took over 10 ms and how long the server's and
 * the measuring thread waited for a core in the 300 ms after it was sent.
 */
const TRACE_DIR = process.env.BENCH_NTRIP_TRACE_DIR;
const TRACE_GC = TRACE_DIR ? ['--trace-gc'] : [];
let spawnedAt = 0;

/**
 * Milliseconds the processes' threads (or only their main thread) have waited on a run queue for a core so far
 * (/proc/<pid>/task/<tid>/schedstat, second field): a burst slowed by the host rather than by the code shows there.
 */
function runQueueMs(pids: number[], mainOnly = false): number {
  let ns = 0;
  for (const pid of pids)
    for (const tid of mainOnly ? [String(pid)] : readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // a thread that ended meanwhile
      }
    }
  return ns / 1e6;
}

/**
 * One server under test: the processes to watch, where each rover connects and what it asks (null: a bare TCP
 * connection), and the sources' connections (each is sent every burst).
 */
interface Server {
  pids: number[];
  rover: (i: number) => { port: number; request: string | null };
  sources: () => Promise<net.Socket[]>;
  stop: () => void;
}

const ntripGet = (mount: string, auth: string) => `GET /${mount} HTTP/1.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: ${auth}\r\n\r\n`;

/**
 * The servers' child (lib/ntrip-fanout-child.ts) as the gateway is deployed: bundled to plain JavaScript the way
 * deploy/bundle-gateway.ts bundles apps/gateway (apps/api/build-server.ts, beside it in apps/gateway/dist/, where node
 * finds the same packages), run by plain node under the server's options (SERVER_NODE_OPTIONS, as docker-compose runs
 * the gateway and `npm start` the api). Built once a run.
 */
let built: Promise<string> | undefined;
const childBundle = () => (built ??= buildServer(join(here, '..', 'apps', 'gateway', 'dist', 'ntrip-bench-child.js'), join(here, 'lib', 'ntrip-fanout-child.ts')));

async function startChild(mode: 'caster' | 'bare'): Promise<Server> {
  const main = await childBundle();
  // BENCH_PROFILE_DIR: the server's V8 CPU profile, written when it is stopped (as lib/product.ts)
  const dir = process.env.BENCH_PROFILE_DIR;
  const env = dir ? { ...process.env, NODE_OPTIONS: `--import ${join(here, 'lib', 'cpu-profile-preload.mjs')}`, BENCH_PROFILE_DIR: dir } : process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...TRACE_GC, main, mode], { stdio: ['ignore', 'pipe', 'inherit'], env });
  spawnedAt = nowMs();
  const [portText, base, baseSecret, rover, roverSecret] = await new Promise<string[]>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (.+)\n/.exec(out);
      if (m) ok(m[1]!.split(' '));
    });
    child.once('exit', (code) => fail(new Error(`${mode} server exited with ${code}`)));
  });
  if (TRACE_DIR) child.stdout!.pipe(createWriteStream(join(TRACE_DIR, `${mode}-gc.txt`)));
  const port = Number(portText);
  const auth = `Basic ${Buffer.from(`${rover}:${roverSecret}`).toString('base64')}`;
  // the bare fan-out takes its first connection as the source, so it is made before the rovers
  const bareSource = mode === 'bare' ? await connectRaw(port, null) : null;
  return {
    pids: [child.pid!],
    rover: () => ({ port, request: mode === 'caster' ? ntripGet(base!, auth) : null }),
    async sources() {
      if (bareSource) return [bareSource];
      const source = await connectRaw(port, `SOURCE ${baseSecret} /${base}\r\nSource-Agent: NTRIP bench\r\n\r\n`);
      await new Promise((ok) => source.once('data', ok));
      return [source];
    },
    // SIGTERM: the child exits through its 'exit' handlers (a profile is written there)
    stop: () => child.kill('SIGTERM'),
  };
}

/** A free TCP port (the listener is closed again: str2str binds it right after). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

// RTKLIB's caster (str2str's ntripc output) serves at most 32 clients an output, and str2str takes 3 such outputs
// (with a 4th, no output lets a client in): 500 rovers take ceil(500 / 96) processes, each fed the same bursts
const RTKLIB_CLIENTS_PER_OUTPUT = 32;
const RTKLIB_OUTPUTS = 3;

/**
 * RTKLIB's caster (Debian's rtklib: `str2str -in tcpsvr://:IN -out ntripc://user:pass@:PORT/MOUNT`, three outputs a
 * process) as many times as the rovers need; the source connects to each process's input. scripts/test-deps.sh
 * installs it when missing.
 */
async function startRtklib(): Promise<Server> {
  if (spawnSync('str2str', ['-h'], { stdio: 'ignore' }).error) spawnSync(join(here, '..', 'scripts', 'test-deps.sh'), { stdio: 'inherit' });
  if (spawnSync('str2str', ['-h'], { stdio: 'ignore' }).error) throw new Error("no str2str: install Debian's rtklib (scripts/test-deps.sh)");
  const processes = Math.ceil(ROVERS / (RTKLIB_CLIENTS_PER_OUTPUT * RTKLIB_OUTPUTS));
  const children: ChildProcess[] = [];
  const inputs: number[] = [];
  const outputs: number[] = [];
  for (let k = 0; k < processes; k++) {
    const input = await freePort();
    const args = ['-in', `tcpsvr://:${input}`];
    for (let o = 0; o < RTKLIB_OUTPUTS; o++) {
      const port = await freePort();
      outputs.push(port);
      args.push('-out', `ntripc://bench:bench-pass@:${port}/BENCH`);
    }
    children.push(spawn('str2str', args, { stdio: 'ignore' }));
    if (k === 0) spawnedAt = nowMs();
    inputs.push(input);
  }
  const stop = () => children.forEach((c) => c.kill('SIGKILL'));
  const listening = (port: number) =>
    connectRaw(port, null).then(
      (s) => (s.destroy(), true),
      () => false,
    );
  try {
    // the outputs only: a connection to str2str's input would be taken as the source
    for (const port of outputs) await until(() => listening(port), `str2str listening on ${port}`);
  } catch (err) {
    stop();
    throw err;
  }
  const auth = `Basic ${Buffer.from('bench:bench-pass').toString('base64')}`;
  return {
    pids: children.map((c) => c.pid!),
    // output by output, 32 each
    rover: (i) => ({ port: outputs[Math.floor(i / RTKLIB_CLIENTS_PER_OUTPUT)]!, request: ntripGet('BENCH', auth) }),
    sources: () => Promise.all(inputs.map((port) => connectRaw(port, null))),
    stop,
  };
}

/**
 * A rover's connection. Its reads land in one buffer shared by every rover (node's `onread`) and `onBytes` counts
 * them there: no Buffer a read, so the measuring process makes next to no garbage while it times a burst (a read
 * allocated per rover made 2.5 MB a burst here, and its collections landed inside the bursts timed).
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);
function connectRover(port: number, request: string | null, onBytes: (buf: Buffer, n: number) => void): Promise<net.Socket> {
  return new Promise((ok, fail) => {
    const onread = { buffer: READ_BUFFER, callback: (n: number, buf: Uint8Array) => (onBytes(buf as Buffer, n), true) };
    const s = net.connect({ port, host: '127.0.0.1', onread }, () => {
      if (request) s.write(request);
      ok(s);
    });
    s.once('error', fail);
  });
}

function connectRaw(port: number, request: string | null): Promise<net.Socket> {
  return new Promise((ok, fail) => {
    const s = net.connect(port, '127.0.0.1', () => {
      if (request) s.write(request);
      ok(s);
    });
    s.once('error', fail);
  });
}

/** Waits for cond, at most 60 s: a rover the caster refused never gets its ICY 200. */
async function until(cond: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Fans one base's bursts out to ROVERS connections and answers each burst's delivery time (source write to the
 * last byte of the burst at a rover), for the product's caster (NTRIP 1 rovers, a SOURCE upload), RTKLIB's caster
 * (NTRIP 1 rovers, the bursts on str2str's TCP input) or the bare TCP fan-out; CPU and memory of its processes.
 */
async function measure(mode: Mode) {
  const server = mode === 'rtklib' ? await startRtklib() : await startChild(mode);
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  const slowest: number[] = [];
  const over10: number[] = [];
  const rovers: net.Socket[] = [];
  try {
    let ready = 0;
    for (let i = 0; i < ROVERS; i++) {
      const { port, request } = server.rover(i);
      let head = request !== null;
      let got = 0;
      let headBuf = '';
      const s = await connectRover(port, request, (buf, n) => {
        let bytes = n;
        if (head) {
          headBuf += buf.toString('latin1', 0, n);
          const at = headBuf.indexOf('ICY 200 OK\r\n');
          if (at < 0) return;
          head = false;
          ready++;
          bytes = headBuf.length - (at + 12);
        }
        const before = Math.floor(got / BURST);
        got += bytes;
        const after = Math.floor(got / BURST);
        const t = nowMs();
        for (let k = before; k < after; k++) {
          const sent = sentAt.get(k);
          if (sent === undefined || k < WARMUP) continue;
          latencies.push(t - sent);
          slowest[k] = Math.max(slowest[k] ?? 0, t - sent);
          if (t - sent > 10) over10[k] = (over10[k] ?? 0) + 1;
        }
      });
      rovers.push(s);
      if (request === null) ready++;
      // the product's first login is checked (a bcrypt round, throttled per address before the hash); the caster
      // remembers a secret that passed, so the other rovers sharing it get in without one. Were they all sent before
      // the first check ended, the per-address throttle would refuse most of them (one address, hundreds of logins)
      if (i === 0) await until(() => ready === 1, 'the first rover let in');
    }
    // the caster's source comes once the rovers are in (connecting 500 rovers on a loaded machine may take longer
    // than the caster lets a source stay silent)
    await until(() => ready === ROVERS, `${ROVERS} rovers let in (${mode}: ${ready} were)`);
    const sources = await server.sources();
    const rssBefore = sum(server.pids.map(rssMb));
    // CPU and memory over the measured bursts
    let watch: ReturnType<typeof watchProcess> | undefined;
    // the measuring side's own pauses (this process reads every rover): a slow burst may be ours, not the server's
    const ownGc: string[] = [];
    const perfToNow = nowMs() - performance.now();
    const gcWatch = TRACE_DIR ? new PerformanceObserver((list) => list.getEntries().forEach((e) => ownGc.push(`bench gc at ${(e.startTime + perfToNow - spawnedAt).toFixed(0)} ms: ${e.duration.toFixed(1)} ms`))) : undefined;
    gcWatch?.observe({ entryTypes: ['gc'] });
    const seconds = mode === 'bare' ? BARE_SECONDS : SECONDS;
    const waited: string[] = [];
    for (let k = 0; k < WARMUP + seconds; k++) {
      if (k === WARMUP) watch = watchProcess(server.pids);
      const b = burst(k);
      const before = TRACE_DIR ? [runQueueMs(server.pids), runQueueMs([process.pid], true)] : [];
      sentAt.set(k, nowMs());
      for (const source of sources) source.write(b);
      if (TRACE_DIR) {
        await new Promise((r) => setTimeout(r, 300));
        waited[k] = `, waited for a core: server ${(runQueueMs(server.pids) - before[0]!).toFixed(1)} ms, measuring thread ${(runQueueMs([process.pid], true) - before[1]!).toFixed(1)} ms`;
        await new Promise((r) => setTimeout(r, 700));
      } else await new Promise((r) => setTimeout(r, 1000));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const usage = watch!.stop();
    gcWatch?.disconnect();
    if (TRACE_DIR) {
      const lines = [...sentAt].filter(([k]) => k >= WARMUP).map(([k, at]) => `burst ${k} at ${(at - spawnedAt).toFixed(0)} ms: slowest ${(slowest[k] ?? NaN).toFixed(1)} ms, ${over10[k] ?? 0} over 10 ms${waited[k] ?? ''}`);
      writeFileSync(join(TRACE_DIR, `${mode}-bursts.txt`), [...lines, ...ownGc].join('\n') + '\n');
    }
    for (const source of sources) source.destroy();
    return { latencies, expected: ROVERS * seconds, ...usage, growthMb: usage.peakRssMb - rssBefore, processes: server.pids.length };
  } finally {
    for (const s of rovers) s.destroy();
    server.stop();
  }
}

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);

/**
 * NTRIP fan-out: one base at 1 Hz with about 5 KB of RTCM a second, relayed to 500 NTRIP 1 rovers by the product's
 * caster (request parsing, device credentials, CRC check of every frame, per-client queues), against RTKLIB's caster
 * (str2str's ntripc, the reference NTRIP implementation) under the same rovers and bursts in the same run. Targets:
 * delivery p99 and CPU at most RTKLIB's. A bare TCP fan-out of the same bytes (no protocol, never waits for a slow
 * reader) is measured too, in the notes; the caster's memory is sampled over the run.
 */
export async function run(): Promise<BenchResult> {
  const bare = await measure('bare');
  const rtklib = await measure('rtklib');
  const caster = await measure('caster');
  const p = (v: number[], q: number) => percentile(v, q);
  const RTKLIB = `RTKLIB str2str caster (${rtklib.processes} process${rtklib.processes > 1 ? 'es' : ''})`;
  return {
    name: 'ntrip',
    figures: [
      { name: `delivery p99, ${ROVERS} rovers`, value: p(caster.latencies, 99), unit: 'ms', baseline: { name: RTKLIB, value: p(rtklib.latencies, 99) }, ratioTarget: { value: 1, kind: 'max' } },
      { name: 'delivery p50', value: p(caster.latencies, 50), unit: 'ms', baseline: { name: RTKLIB, value: p(rtklib.latencies, 50) } },
      { name: `caster CPU, ${ROVERS} rovers`, value: caster.cpuPercent, unit: '% of a core', baseline: { name: RTKLIB, value: rtklib.cpuPercent }, ratioTarget: { value: 1, kind: 'max' } },
      // bounded: what the process grows by while streaming (queues, buffers), not what it holds at rest (PGlite, the broker)
      { name: 'caster RSS growth while streaming', value: caster.growthMb, unit: 'MB', baseline: { name: RTKLIB, value: rtklib.growthMb }, target: { value: 64, kind: 'max' } },
      { name: 'bursts delivered', value: caster.latencies.length, unit: 'of ' + caster.expected, target: { value: caster.expected, kind: 'min' } },
    ],
    notes: [
      `${SECONDS} s after ${WARMUP} s warm-up; ${BURST} bytes a second; RTKLIB's caster serves at most ${RTKLIB_CLIENTS_PER_OUTPUT} clients an output and ${RTKLIB_OUTPUTS} outputs a str2str, so it ran as ${rtklib.processes} processes (CPU and RSS summed), each fed every burst on its TCP input`,
      `RTKLIB delivered ${rtklib.latencies.length} of ${rtklib.expected} bursts; peak RSS: caster ${caster.peakRssMb.toFixed(0)} MB (the whole gateway: PGlite, the broker), RTKLIB ${rtklib.peakRssMb.toFixed(1)} MB`,
      `bare TCP fan-out (no protocol, never waits for a slow reader), ${BARE_SECONDS} s: delivery p50 ${p(bare.latencies, 50).toFixed(2)} / p99 ${p(bare.latencies, 99).toFixed(2)} ms, CPU ${bare.cpuPercent.toFixed(1)} %`,
    ],
  };
}
