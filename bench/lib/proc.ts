import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '@smi/db';
import { API_NODE_OPTIONS, buildServer } from '../../apps/api/build-server.js';
import { spawnServer } from '../../apps/api/src/testing/spawn-server.js';

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

/**
 * Samples a process's RSS every `everyMs` and its CPU over the whole window; stop() answers the figures. Several
 * processes (one server made of many): their RSS and CPU summed.
 */
export function watchProcess(pids: number | number[], everyMs = 250) {
  const all = typeof pids === 'number' ? [pids] : pids;
  const rss = () => all.reduce((n, pid) => n + rssMb(pid), 0);
  const cpu = () => all.reduce((n, pid) => n + cpuSeconds(pid), 0);
  const cpu0 = cpu();
  const t0 = performance.now();
  let peak = rss();
  const samples: number[] = [];
  const timer = setInterval(() => {
    const r = rss();
    samples.push(r);
    peak = Math.max(peak, r);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (performance.now() - t0) / 1000;
      return { peakRssMb: peak, lastRssMb: samples.at(-1) ?? peak, cpuPercent: ((cpu() - cpu0) / seconds) * 100 };
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

/** Starts `node <server options> main` on free ports with a clean environment (the product's own spawnServer). */
const spawnNode = (main: string, env: Record<string, string>) => spawnServer(env, 60_000, [...API_NODE_OPTIONS, main]);

/**
 * The product as `npm start` runs it: apps/api bundled to plain JavaScript (apps/api/build-server.ts) under plain
 * node with the same options, with a temporary data folder, started once before (a deployment runs restarted on its data folder).
 */
export async function startBuiltProduct(env: Record<string, string> = {}) {
  const main = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-bench-'));
  await (await spawnNode(main, { DATA_DIR: dataDir, ...env })).stop();
  // BENCH_PROFILE_DIR: as lib/product.ts (the preload is plain JavaScript: no tsx needed)
  const dir = process.env.BENCH_PROFILE_DIR;
  const profile: Record<string, string> = dir ? { NODE_OPTIONS: `--import ${join(here, 'cpu-profile-preload.mjs')}`, BENCH_PROFILE_DIR: dir } : {};
  const start = () => spawnNode(main, { DATA_DIR: dataDir, ...profile, ...env });
  let server = await start();
  /** Stops the product, runs `fn` with its database folder (free for another process) and starts it again. */
  async function whileStopped<T>(fn: (dbDir: string) => Promise<T>): Promise<T> {
    await server.stop();
    try {
      return await fn(join(dataDir, 'db'));
    } finally {
      server = await start();
    }
  }
  return {
    /** The running server: a restart makes a new process on new ports (read pid, url and ports after it). */
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    output: () => server.output(),
    /**
     * Stops the product, runs `change` on its database (the product's own repositories, not SQL of the bench's) and
     * starts it again on the same data folder; sessions stay signed in (the JWT secret is kept in the data folder).
     */
    async restart(change: (db: Db) => Promise<void>) {
      await whileStopped(async (dbDir) => {
        const db = await openDb({ dataDir: dbDir });
        try {
          await change(db);
        } finally {
          await db.close();
        }
      });
    },
    whileStopped,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
