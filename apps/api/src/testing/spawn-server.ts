import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the product (by default its sources: node --import tsx apps/api/src/main.ts; `nodeArgs` runs something else,
 * such as the bundle under the server's options) on free ports, and resolves once it logs the address it listens on.
 * `env` is added to a clean environment (no DATABASE_URL unless given).
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, nodeArgs = ['--import', 'tsx', MAIN]): Promise<SpawnedServer> {
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...base, PORT: '0', MQTT_PORT: '0', NTRIP_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Site Measurement IoT on (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    url,
    output: () => out,
    /** Sends the signal; a process still running 15 s later is killed, so a test's teardown never hangs. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(late);
      }
    },
  };
}
