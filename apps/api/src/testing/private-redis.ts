import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/**
 * A redis-server of the test's own on a free loopback port (nothing saved), so a test can stop and start it without
 * disturbing any other: stop() kills it, start() brings it back on the same port, empty.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  async function start() {
    const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = p;
    await new Promise<void>((ok, fail) => {
      let out = '';
      p.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) ok();
      });
      p.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${out}`)));
    });
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const p = child;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise((ok) => p.once('exit', ok));
      p.kill('SIGKILL');
      await gone;
    },
  };
}
