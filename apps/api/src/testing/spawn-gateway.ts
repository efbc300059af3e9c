import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GATEWAY_MAIN = join(dirname(fileURLToPath(import.meta.url)), '../../../gateway/src/main.ts');

/** The gateway on its own (distributed mode), as `npm run start -w @smi/gateway`; resolves with its MQTT port. */
export async function spawnGateway(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', GATEWAY_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', NTRIP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`gateway did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/MQTT gateway on port (\d+)/);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`gateway exited with ${code}:\n${out}`)));
  });
  return { child, port, output: () => out };
}
