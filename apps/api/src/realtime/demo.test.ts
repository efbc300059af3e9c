import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../testing/spawn-server.js';
import { connected, eventually, recorder, subscribe } from './live-harness.js';

describe('demo mode (npm start -- --demo)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a login, and signed in with it the survey map gets moving rovers and the base', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DEMO: '1' });
    try {
      // the banner goes to stdout, the log to stderr: either pipe may be read first
      const login = await eventually(() => server.output().match(/sign in as (\S+) \/ (\S+)/));
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: login![1], password: login![2] }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      const socket = connectSocket(server.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
      await connected(socket);
      const feed = recorder(socket);
      expect(await subscribe(socket, { rovers: ['DEMO-ROVER-1', 'DEMO-ROVER-2'], base: 'DEMO-BASE' })).toMatchObject({ success: true });
      const first = await feed.next((e) => e.event === 'live' && e.reading.deviceCode === 'DEMO-ROVER-1' && e.reading.action === 'position');
      const moved = await feed.next(
        (e) => e.event === 'live' && e.reading.deviceCode === 'DEMO-ROVER-1' && e.reading.action === 'position' && e.reading.latitude !== first.reading.latitude,
      );
      expect(['rtk-fixed', 'rtk-float']).toContain(moved.reading.fixType);
      expect(moved.reading.satellites).toBeGreaterThan(10);
      expect((await feed.next((e) => e.event === 'corrections')).reading.deviceCode).toBe('DEMO-BASE');
      socket.close();
    } finally {
      await server.stop();
    }
  }, 90_000);
});
