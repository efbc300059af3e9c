import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '@smi/gateway/testing/nmea-replay';
import { call, seedSurveyor } from '../testing/product-client.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

const mqttPortOf = (out: string) => Number(out.match(/MQTT gateway on port (\d+)/)?.[1]);

describe('kill -9 of the server in the middle of a survey occupation', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-kill-occ-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'kill-occupation-secret-0123456789-0123456789' };
  let server: SpawnedServer;

  beforeAll(async () => {
    server = await spawnServer(env, 120_000);
  }, 180_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no half point: after the restart the occupation is failed with its reason and the project has no point', async () => {
    const s = await seedSurveyor(server, 'occ');
    const project = (await call(server.url, 'GET', `/api/projects/${s.projectId}`, s.cookie)).project as { ClientDevices: { _id: string; DeviceCode: string }[] };
    const rover = project.ClientDevices[0]!;
    const { secret } = (await call(server.url, 'POST', `/api/devices/${rover._id}/secret`, s.cookie)) as { secret: string };
    // an occupation that cannot finish by itself: it is still running when the server dies
    const started = await call(server.url, 'POST', `/api/projects/${s.projectId}/occupations`, s.cookie, {
      DeviceId: rover._id,
      Method: 'control',
      Name: 'CP1',
      Tolerances: { minEpochs: 100_000, sigmaH: null, sigmaV: null },
    });
    const id = (started.occupation as { _id: string })._id;

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPortOf(server.output())}`, { username: rover.DeviceCode, password: secret, reconnectPeriod: 0 });
    const payloads = replay({ log: 'ublox-zed-f9p-nmea', rate: 10, count: 400, startMs: Date.now() - 60_000, gstScale: 1 / 250, spreadScale: 1 / 20 });
    for (const p of payloads.slice(0, 100)) await client.publishAsync(`devices/${rover.DeviceCode}/nmea`, p.text, { qos: 1 });
    let used = 0;
    for (let i = 0; i < 200 && used < 50; i++) {
      used = ((await call(server.url, 'GET', `/api/occupations/${id}`, s.cookie)).occupation as { Progress: { epochsUsed: number } }).Progress.epochsUsed;
      if (used < 50) await new Promise((r) => setTimeout(r, 100));
    }
    expect(used).toBeGreaterThanOrEqual(50);
    // epochs still flowing, raw epochs being written: the process dies
    const flowing = (async () => {
      for (const p of payloads.slice(100)) await client.publishAsync(`devices/${rover.DeviceCode}/nmea`, p.text, { qos: 0 }).catch(() => {}); // the gateway is killed on purpose: sends fail meanwhile
    })();
    server.child.kill('SIGKILL');
    await server.stop('SIGKILL');
    await flowing;
    client.end(true);

    // the gateway's heartbeat goes stale (10 s), then the product comes back
    await new Promise((r) => setTimeout(r, 11_000));
    server = await spawnServer(env, 120_000);
    const after = (await call(server.url, 'GET', `/api/occupations/${id}`, s.cookie)).occupation as { Status: string; Reason: string; PointId: string | null };
    expect(after).toMatchObject({ Status: 'failed', Reason: 'the gateway running it restarted', PointId: null });
    const points = (await call(server.url, 'GET', `/api/points/${s.projectId}`, s.cookie)).points as unknown[];
    expect(points).toEqual([]);
    const total = ((await call(server.url, 'GET', `/api/projects/${s.projectId}`, s.cookie)).project as { Total_Points: number }).Total_Points;
    expect(total).toBe(0);
  }, 300_000);
});
