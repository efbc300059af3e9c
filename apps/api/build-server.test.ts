import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API_NODE_OPTIONS, buildServer } from './build-server.js';
import { spawnServer } from './src/testing/spawn-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('the server as npm start runs it (bundled to plain JavaScript)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('starts under plain node, creates and migrates its database, answers the API and exits 0 on SIGTERM', async () => {
    // inside apps/api, so node finds the packages from the bundle as it will from dist/
    const outDir = join(here, 'dist', `test-${process.pid}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'smi-built-'));
    dirs.push(outDir, dataDir);
    const main = await buildServer(join(outDir, 'main.js'));

    // on free ports (NTRIP_PORT too: the caster's default 2101 may be held by a running product)
    const server = await spawnServer({ DATA_DIR: dataDir }, 120_000, [...API_NODE_OPTIONS, main]);
    const { url } = server;
    let exitCode: number | null;
    try {
      expect(server.output()).toMatch(/"applied":\["001_init"/);
      const res = await fetch(`${url}/api/auth/is-auth`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: 'Not authorized. Log in again.' });
      const reg = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Built', email: 'built@example.com', password: 'secret-1' }),
      });
      expect(reg.status).toBe(201);
    } finally {
      exitCode = await server.stop('SIGTERM');
    }
    expect(exitCode).toBe(0);
  }, 120_000);

  it('is what the root npm start runs, with the same node options', () => {
    const root = JSON.parse(readFileSync(join(here, '..', '..', 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(root.scripts.start).toContain(`npm run bundle -w @smi/api && node ${API_NODE_OPTIONS.join(' ')} apps/api/dist/main.js`);
  });

  it('is what the image runs, with the same node options', () => {
    const dockerfile = readFileSync(join(here, '..', '..', 'Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...API_NODE_OPTIONS, 'apps/api/dist/main.js']);
  });
});
