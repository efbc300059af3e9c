import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './testing/spawn-server.js';

const modes = (dir: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (p: string, rel: string) => {
    out[rel] = (statSync(p).mode & 0o777).toString(8);
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n), `${rel}/${n}`);
  };
  walk(dir, '.');
  return out;
};

// The data folder holds password hashes and the JWT secret: private to the server's user whatever the umask (the
// common 0022 would leave the folder 0755, PGlite's files 0644/0666 and the outbox 0644).
describe('the data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-datadir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created 0700 with every file 0600, and an existing loose one is tightened at start with a log line', async () => {
    const dir = join(root, 'data');
    // what an older version left under umask 0022
    mkdirSync(join(dir, 'outbox'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'outbox', 'old.eml'), 'Your password reset code is 123456.', { mode: 0o644 });
    const server = await spawnServer({ DATA_DIR: dir }, 120_000);
    try {
      // a mail in the outbox (no SMTP_URL): its code is live
      await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'A', email: 'perm@example.com', password: 'secret-1' }) });
      await fetch(`${server.url}/api/auth/send-reset-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'perm@example.com' }) });
      const outbox = join(dir, 'outbox');
      for (let i = 0; readdirSync(outbox).length < 2 && i < 400; i++) await new Promise((r) => setTimeout(r, 50));
      expect(server.output()).toMatch(/data folder was readable by other users: tightened/);
    } finally {
      await server.stop();
    }
    // while it ran, what PGlite made was behind folders no one else may enter; at rest, every file is 0600
    const all = modes(dir);
    expect(Object.keys(all).some((p) => p.startsWith('./db/'))).toBe(true);
    expect(readdirSync(join(dir, 'outbox')).length).toBeGreaterThanOrEqual(2);
    const loose = Object.entries(all).filter(([, mode]) => mode !== '700' && mode !== '600');
    expect(loose).toEqual([]);
  }, 180_000);
});
