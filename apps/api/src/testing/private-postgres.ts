import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin folder (Debian layout), or undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((b) => existsSync(join(b, 'pg_ctl')));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL cluster of its own for a fault test (stopping it disturbs nobody else): a temporary data folder,
 * a free loopback port, trust auth on loopback only. Run as the postgres system user when we are root.
 */
export async function startPrivatePostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'smi-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (cmd: string, args: string[]) => {
    const full = join(bin, cmd);
    if (root) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [full, ...args].map(quote).join(' ')], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'smi', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const ctl = (action: 'start' | 'stop', mode = 'fast') =>
    action === 'start'
      ? run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
      : run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
  ctl('start');
  return {
    url: `postgres://smi@127.0.0.1:${port}/postgres`,
    start: () => ctl('start'),
    /** immediate: like a crash, in-flight connections are cut. */
    stop: (mode: 'fast' | 'immediate' = 'immediate') => ctl('stop', mode),
    destroy() {
      try {
        ctl('stop', 'immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
