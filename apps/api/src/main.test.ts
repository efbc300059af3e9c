import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from './testing/private-redis.js';
import { spawnServer } from './testing/spawn-server.js';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');

describe('the product process (as npm start runs it)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('starts on the embedded database, answers is-auth as JSON and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'smi-main-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    const first = await spawnServer(env);
    try {
      const res = await fetch(`${first.url}/api/auth/is-auth`);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ success: false, message: 'Not authorized. Log in again.' });
      const reg = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Kept', email: 'kept@example.com', password: 'secret-1' }),
      });
      expect(reg.status).toBe(201);
      // no SMTP_URL: the code mail lands in the outbox and its text in the log
      const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
      expect((await fetch(`${first.url}/api/auth/sendverifyotp`, { headers: { cookie } })).status).toBe(200);
      // the mail goes out after the answer (decision 019): its text reaches the log a moment later
      await expect.poll(() => first.output(), { timeout: 15_000 }).toMatch(/Your verification code is \d{6}/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await spawnServer(env);
    try {
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com', password: 'secret-1' }),
      });
      expect(await login.json()).toEqual({ success: false, message: 'Please verify your account first.' });
    } finally {
      await second.stop();
    }
  }, 180_000);

  it('exits on SIGTERM even when its Redis has gone away', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'smi-main-'));
    dirs.push(dataDir);
    const redis = await startPrivateRedis();
    let redisUp = true;
    const server = await spawnServer({ DATA_DIR: dataDir, REDIS_URL: redis.url });
    try {
      expect((await fetch(`${server.url}/api/auth/is-auth`)).status).toBe(401);
      await redis.stop();
      redisUp = false;
      // unbounded, the shutdown waited on Redis forever and stop() had to SIGKILL it (exit code null)
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('shutdown took over 10 s; exiting anyway');
    } finally {
      await server.stop('SIGKILL');
      if (redisUp) await redis.stop();
    }
  }, 120_000);

  it('stops with one line naming a wrong variable and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid environment: PORT .+$/);
  }, 60_000);
});
