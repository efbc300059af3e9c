import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type LiveReading } from '@smi/contracts';
import { startSimulator, type Simulator } from '@smi/simulator';
import { eventually } from '../realtime/live-harness.js';
import { call, seedSurveyor } from '../testing/product-client.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

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

const OFFLINE_AFTER_S = 2;

// The product with its embedded gateway (npm start) is stopped and started again on the same ports while the device
// simulator publishes: what a surveyor sees when the server restarts in the field.
describe('the gateway restarts while devices publish', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-restart-'));
  let env: Record<string, string>;
  let server: SpawnedServer;
  let simulator: Simulator | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, PORT: String(await freePort()), MQTT_PORT: String(await freePort()), DEVICE_OFFLINE_AFTER_S: String(OFFLINE_AFTER_S) };
    server = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    socket?.close();
    await simulator?.close().catch(() => {}); // cleanup: the test's verdict is already in
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('devices reconnect on their own, the browser feed resumes, and each device goes Offline and back Online once', async () => {
    const s = await seedSurveyor(server, 'restart');
    const devices = await Promise.all(
      [
        { code: s.base, type: 'base' as const },
        { code: s.rover, type: 'rover' as const },
      ].map(async (d) => {
        const { device } = (await call(server.url, 'GET', `/api/devices/${d.code}`, s.cookie)) as { device: { _id: string } };
        const { secret } = (await call(server.url, 'POST', `/api/devices/${device._id}/secret`, s.cookie)) as { secret: string };
        return { ...d, id: device._id, secret };
      }),
    );
    simulator = await startSimulator({ brokerUrl: `mqtt://127.0.0.1:${env.MQTT_PORT}`, devices, rate: 2 });

    // the browser: websocket, session cookie, and on every (re)connection it subscribes, as the survey map does
    const readings: { reading: LiveReading; epoch: number }[] = [];
    let epoch = 0;
    socket = connectSocket(server.url, { transports: ['websocket'], extraHeaders: { cookie: s.cookie, origin: server.url }, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    socket.on('connect', () => socket!.emit(SOCKET_EVENTS.subscribe, { rovers: [s.rover], base: s.base }));
    socket.on(SOCKET_EVENTS.live, (reading: LiveReading) => readings.push({ reading, epoch }));
    await eventually(() => readings.some((r) => r.reading.deviceCode === s.rover && r.reading.action === 'position'));

    const dropped = new Promise((ok) => socket!.once('disconnect', ok));
    expect(await server.stop()).toBe(0);
    await dropped;
    // longer than DEVICE_OFFLINE_AFTER_S, so the devices have been silent long enough to count as offline
    await new Promise((r) => setTimeout(r, (OFFLINE_AFTER_S + 1) * 1000));
    epoch = 1;
    server = await spawnServer(env);

    // nobody reconnects them: the simulator's clients and the browser's socket come back by themselves
    await eventually(() => readings.some((r) => r.epoch === 1 && r.reading.deviceCode === s.rover && r.reading.action === 'position' && r.reading.status !== 'offline'));
    const notifications = async () =>
      ((await call(server.url, 'GET', `/api/notifications/user/${s.userId}/100`, s.cookie)) as { notifications: { Type?: string; type?: string; Message?: string; text?: string }[] })
        .notifications;
    const kinds = (list: Awaited<ReturnType<typeof notifications>>) => list.map((n) => JSON.stringify(n));
    const count = (list: string[], device: string, word: string) => list.filter((n) => n.includes(device) && n.includes(word)).length;
    await eventually(async () => {
      const list = kinds(await notifications());
      return devices.every((d) => count(list, d.code, 'offline') === 1 && count(list, d.code, 'back online') === 1);
    });
    // a few more readings later there is still exactly one of each
    const seen = readings.length;
    await eventually(() => readings.length >= seen + 4);
    const list = kinds(await notifications());
    for (const d of devices) {
      expect(count(list, d.code, 'offline')).toBe(1);
      expect(count(list, d.code, 'back online')).toBe(1);
    }
    const status = (await call(server.url, 'GET', `/api/devices/${s.rover}`, s.cookie)) as { device: { Status: boolean } };
    expect(status.device.Status).toBe(true);
  }, 120_000);
});
