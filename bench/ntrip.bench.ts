import { spawn } from 'node:child_process';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc24q } from '../apps/gateway/src/rtcm/crc24q.js';
import { rssMb, watchProcess } from './lib/proc.js';
import type { BenchResult } from './lib/report.js';
import { nowMs, percentile } from './lib/stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROVERS = Number(process.env.BENCH_NTRIP_ROVERS ?? 500);
const SECONDS = Number(process.env.BENCH_NTRIP_SECONDS ?? 20);
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

async function startServer(mode: 'caster' | 'bare') {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'lib', 'ntrip-fanout-child.ts'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port, base, baseSecret, rover, roverSecret] = await new Promise<string[]>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (.+)\n/.exec(out);
      if (m) ok(m[1]!.split(' '));
    });
    child.once('exit', (code) => fail(new Error(`${mode} server exited with ${code}`)));
  });
  return { child, port: Number(port), base: base!, baseSecret: baseSecret!, rover: rover!, roverSecret: roverSecret!, stop: () => child.kill('SIGKILL') };
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
async function until(cond: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`the caster did not let ${what} in within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Fans one base's bursts out to ROVERS connections and answers each burst's delivery time (source write to the
 * last byte of the burst at a rover), for the product's caster (NTRIP 1 rovers, a SOURCE upload) or the bare
 * TCP fan-out.
 */
async function measure(mode: 'caster' | 'bare') {
  const server = await startServer(mode);
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  const rovers: net.Socket[] = [];
  try {
    const auth = `Basic ${Buffer.from(`${server.rover}:${server.roverSecret}`).toString('base64')}`;
    // the bare fan-out takes its first connection as the source; the caster's source comes once the rovers are in
    // (connecting 500 rovers on a loaded machine may take longer than the caster lets a source stay silent)
    let source = mode === 'bare' ? await connectRaw(server.port, null) : null;
    let ready = 0;
    for (let i = 0; i < ROVERS; i++) {
      const s = await connectRaw(server.port, mode === 'caster' ? `GET /${server.base} HTTP/1.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: ${auth}\r\n\r\n` : null);
      let head = mode === 'caster';
      let got = 0;
      let headBuf = '';
      s.on('data', (d: Buffer) => {
        if (head) {
          headBuf += d.toString('latin1');
          const at = headBuf.indexOf('ICY 200 OK\r\n');
          if (at < 0) return;
          head = false;
          ready++;
          d = Buffer.from(headBuf.slice(at + 12), 'latin1');
        }
        const before = Math.floor(got / BURST);
        got += d.length;
        const after = Math.floor(got / BURST);
        const t = nowMs();
        for (let k = before; k < after; k++) {
          const sent = sentAt.get(k);
          if (sent !== undefined && k >= WARMUP) latencies.push(t - sent);
        }
      });
      rovers.push(s);
      if (mode === 'bare') ready++;
      // the first login is checked (a bcrypt round, throttled per address before the hash); the caster remembers a
      // secret that passed, so the other 499 rovers sharing it get in without one. Were they all sent before the first
      // check ended, the caster's per-address throttle would refuse most of them (one address, hundreds of logins)
      if (i === 0) await until(() => ready === 1, 'the first rover');
    }
    await until(() => ready === ROVERS, `${ROVERS} rovers`);
    if (!source) {
      source = await connectRaw(server.port, `SOURCE ${server.baseSecret} /${server.base}\r\nSource-Agent: NTRIP bench\r\n\r\n`);
      await new Promise((ok) => source!.once('data', ok));
    }
    const rssBefore = rssMb(server.child.pid!);
    const watch = watchProcess(server.child.pid!);
    for (let k = 0; k < WARMUP + SECONDS; k++) {
      sentAt.set(k, nowMs());
      source.write(burst(k));
      await new Promise((r) => setTimeout(r, 1000));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const usage = watch.stop();
    source.destroy();
    return { latencies, expected: ROVERS * SECONDS, ...usage, growthMb: usage.peakRssMb - rssBefore };
  } finally {
    for (const s of rovers) s.destroy();
    server.stop();
  }
}

/**
 * NTRIP fan-out: one base at 1 Hz with about 5 KB of RTCM a second, relayed to 500 NTRIP 1 rovers by the product's
 * caster (request parsing, device credentials, CRC check of every frame, per-client queues), against a bare TCP
 * fan-out of the same bytes to the same number of connections in the same run. Delivery p99 target <= 2x the bare
 * one; the caster's memory is sampled over the run.
 */
export async function run(): Promise<BenchResult> {
  const bare = await measure('bare');
  const caster = await measure('caster');
  const p99 = (v: number[]) => percentile(v, 99);
  return {
    name: 'ntrip',
    figures: [
      { name: `delivery p99, ${ROVERS} rovers`, value: p99(caster.latencies), unit: 'ms', baseline: { name: 'bare TCP fan-out', value: p99(bare.latencies) }, ratioTarget: { value: 2, kind: 'max' } },
      { name: 'delivery p50', value: percentile(caster.latencies, 50), unit: 'ms', baseline: { name: 'bare TCP fan-out', value: percentile(bare.latencies, 50) } },
      // bounded: what the process grows by while streaming (queues, buffers), not what it holds at rest (PGlite, the broker)
      { name: 'caster RSS growth while streaming', value: caster.growthMb, unit: 'MB', baseline: { name: 'bare TCP fan-out', value: bare.growthMb }, target: { value: 64, kind: 'max' } },
      { name: 'bursts delivered', value: caster.latencies.length, unit: 'of ' + caster.expected, target: { value: caster.expected, kind: 'min' } },
    ],
    notes: [`caster peak RSS ${caster.peakRssMb.toFixed(0)} MB (bare ${bare.peakRssMb.toFixed(0)} MB); caster CPU ${caster.cpuPercent.toFixed(0)} %, bare ${bare.cpuPercent.toFixed(0)} %; ${SECONDS} s after ${WARMUP} s warm-up; ${BURST} bytes a second`],
  };
}
