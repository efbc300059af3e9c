import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const TICKS_PER_S = 100; // USER_HZ on Linux

/** Resident set size of a process, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name, which is in parentheses and may hold spaces
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / TICKS_PER_S;
}

/** Samples a process's RSS every `everyMs` and its CPU over the whole window; stop() answers the figures. */
export function watchProcess(pid: number, everyMs = 250) {
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  let peak = rssMb(pid);
  const samples: number[] = [];
  const timer = setInterval(() => {
    const r = rssMb(pid);
    samples.push(r);
    peak = Math.max(peak, r);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (performance.now() - t0) / 1000;
      return { peakRssMb: peak, lastRssMb: samples.at(-1) ?? peak, cpuPercent: ((cpuSeconds(pid) - cpu0) / seconds) * 100 };
    },
  };
}

/** The bare aedes + socket.io relay (lib/bare-relay.ts) in a child process. */
export async function startBareRelay(mode: 'relay' | 'broker-only' = 'relay'): Promise<{ child: ChildProcess; mqttUrl: string; httpUrl: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'bare-relay.ts'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [mqttPort, httpPort] = await new Promise<[number, number]>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/bare relay mqtt (\d+) http (\d+)/);
      if (m) ok([Number(m[1]), Number(m[2])]);
    });
    child.once('exit', (code) => fail(new Error(`bare relay exited with ${code}`)));
  });
  return { child, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, httpUrl: `http://127.0.0.1:${httpPort}`, stop: () => child.kill() };
}
