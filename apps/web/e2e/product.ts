import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpCapture } from '../../api/src/testing/smtp-capture';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/**
 * The product as `npm start` runs it (node --import tsx apps/api/src/main.ts serving apps/web/dist), on free ports,
 * with a temporary data dir and mail going to a local SMTP capture.
 */
export async function startProduct(extraEnv: NodeJS.ProcessEnv = {}) {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w @smi/web` first');
  const smtp = await startSmtpCapture();
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-e2e-'));
  const port = await freePort();
  const mqttPort = await freePort();
  // behind one proxy hop, as deployed: the survey specs' crews sign up each from an address of its own (X-Forwarded-For),
  // so the per-address sign-up budget is not spent by the whole suite's accounts coming from loopback
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), MQTT_PORT: String(mqttPort), NTRIP_PORT: '0', TRUST_PROXY: '1', DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', DEMO: '', ...extraEnv };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c));
  child.stderr!.on('data', (c: Buffer) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => output);
  const started: ChildProcess[] = [];

  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    dataDir,
    smtp,
    /** Runs the device simulator (npm run simulate) against this product's broker until the product stops. */
    simulate(args: string[]) {
      const sim = spawn(process.execPath, ['--import', 'tsx', 'apps/gateway/src/simulator/cli.ts', '--broker', `mqtt://127.0.0.1:${mqttPort}`, ...args], {
        cwd: ROOT,
        env: { ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      sim.stderr!.on('data', (c: Buffer) => (output += c));
      started.push(sim);
      return sim;
    },
    log: () => output,
    async stop() {
      for (const p of [...started, child]) p.kill('SIGTERM');
      await new Promise((ok) => (child.exitCode !== null ? ok(null) : child.once('exit', ok)));
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type Product = Awaited<ReturnType<typeof startProduct>>;

async function waitUntilUp(url: string, child: ChildProcess, log: () => string) {
  // generous: on a loaded 2-core machine the first start (tsx compile, PGlite initdb) took over 60 s
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited at start:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/auth/is-auth`);
      if (res.status === 401 || res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error(`the product did not start within 150 s:\n${log()}`);
}
