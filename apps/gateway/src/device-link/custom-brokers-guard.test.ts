import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Log } from '../log.js';
import { createDevice, createUser, eventually, readingsListener } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';

// a user's own broker: a plain aedes on a free loopback port, counting who connects
let theirs: Aedes;
let server: Server;
let port: number;
const connections: string[] = [];
beforeAll(async () => {
  theirs = await Aedes.createBroker();
  theirs.on('client', (c) => connections.push(c.id));
  server = createServer(theirs.handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((ok) => theirs.close(() => ok()));
  server.close();
});

function recordingLog() {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  const at = (fields: object, msg: string) => void lines.push({ msg, fields: fields as Record<string, unknown> });
  const log: Log = { debug: () => {}, info: at, warn: at, error: at };
  return { log, lines };
}

async function customUser(t: TestGateway, url: string) {
  const owner = await createUser(t.db);
  await t.db.query('UPDATE users SET settings = $2 WHERE id = $1', [owner, JSON.stringify({ network: { mqttUrlType: 'Custom', customMqttUrl: url } })]);
  return createDevice(t.db, owner);
}

describe('custom broker URLs that point inside the server\'s network (decision 020)', () => {
  let t: TestGateway;
  const rec = recordingLog();
  beforeAll(async () => {
    t = await startTestGateway({ log: rec.log, customBrokerRefreshMs: 100 });
  }, 120_000);
  afterAll(() => t.close());

  it('are never connected to: loopback literals, numeric forms, an injected user name, a query, and a name resolving to loopback', async () => {
    const refusedAtOnce = [
      `mqtt://127.0.0.1:${port}`,
      `mqtt://[::1]:${port}`,
      `mqtt://2130706433:${port}`,
      `mqtt://0x7f.1:${port}`,
      `mqtt://x%0D%0AINJECTED%0D%0A:pw@broker.example.com:${port}`,
      `mqtt://broker.example.com:${port}?clientId=victim`,
      `ws://127.0.0.1:${port}/internal/path?token=1`,
      `mqtt://169.254.169.254:${port}`,
    ];
    for (const url of refusedAtOnce) await customUser(t, url);
    await customUser(t, `mqtt://localhost:${port}`);
    await eventually(() => rec.lines.filter((l) => l.msg === 'custom broker refused').length === refusedAtOnce.length);
    // the name is refused when it is resolved, at the connection attempt
    await eventually(() => rec.lines.some((l) => l.msg === 'custom broker error' && /internal address/.test(String((l.fields.err as Error)?.message))));
    expect(connections).toEqual([]);
    expect(t.gateway.customBrokerUrls()).toEqual([`mqtt://localhost:${port}`]);
  });
});

describe('a custom broker the operator admits (CUSTOM_BROKER_ALLOW)', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ customBrokerAllow: '127.0.0.1', customBrokerRefreshMs: 100 });
  }, 120_000);
  afterAll(() => t.close());

  it('is read, and a message larger than a device may send is skipped as it streams past', async () => {
    const rover = await customUser(t, `mqtt://127.0.0.1:${port}`);
    const readings = await readingsListener(t.url, t.service);
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    try {
      await eventually(async () => {
        await publisher.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 50 }), { qos: 1 });
        return readings.readings.some((r) => r.deviceCode === rover.code);
      }, 100);
      const linksBefore = connections.length;
      // 4 MB: MQTT allows 256 MB and the client would buffer all of it before handing it on
      await publisher.publishAsync(`devices/${rover.code}/status`, Buffer.alloc(4 * 1024 * 1024, 0x20), { qos: 0 });
      await publisher.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 77 }), { qos: 1 });
      await readings.next((r) => r.deviceCode === rover.code && r.battery === 77);
      expect(t.gateway.counters.oversized).toBe(1);
      // the link was kept: no reconnect happened
      expect(connections.length).toBe(linksBefore);
    } finally {
      await publisher.endAsync();
      await readings.close();
    }
  });
});
