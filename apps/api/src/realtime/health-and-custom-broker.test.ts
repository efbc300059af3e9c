import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, eventually, recorder, startLiveHarness, subscribe, type LiveHarness } from './live-harness.js';

const GGA = '$GPGGA,134658.00,5106.9792,N,11402.3003,W,2,09,1.0,1048.47,M,-16.27,M,08,AAAA*60';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(() => h.close());

describe('GET /api/health', () => {
  it('shows the database, the broker link and the gateway\'s drop counts', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const client = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
    await client.publishAsync(`devices/${rover.code}/nmea`, 'not nmea at all', { qos: 1 });
    await client.publishAsync(`devices/${rover.code}/status`, Buffer.alloc(20_000, 1), { qos: 0 });
    await client.endAsync();
    const body = await eventually(async () => {
      const res = await h.agent().get('/api/health').expect(200);
      const totals = res.body.broker.totals;
      return totals.malformed >= 1 && totals.oversized >= 1 ? res.body : null;
    });
    expect(body).toMatchObject({ success: true, db: 'up', broker: { connected: true, gateways: [{ gatewayId: h.gateway.id }] } });
    expect(body.broker.totals.authFailures).toEqual(expect.any(Number));
  });
});

describe('a user whose network setting is a custom broker', () => {
  it('has their devices read from that broker until they reset to Default', async () => {
    // the user's own broker: a plain aedes on a free port
    const theirs = await Aedes.createBroker();
    const server = createServer(theirs.handle);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const owner = await h.owner();
      const rover = await h.device(owner);
      const socket = h.socket(owner.cookie);
      await connected(socket);
      const feed = recorder(socket);
      await subscribe(socket, rover.code);

      await owner.agent.put('/api/user/settings').send({ network: { mqttUrlType: 'Custom', customMqttUrl: url } }).expect(200);
      await eventually(() => h.gateway.customBrokerUrls().includes(url));
      const publisher = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
      // the gateway's subscription may still be on its way: publish until a reading arrives
      await eventually(async () => {
        await publisher.publishAsync(`devices/${rover.code}/nmea`, GGA, { qos: 1 });
        return feed.got.length > 0;
      }, 100);
      expect(feed.got[0]!.reading).toMatchObject({ deviceCode: rover.code, fixType: 'dgps', satellites: 9 });
      // another user's device publishing on that broker is not read: that user did not choose it
      const stranger = await h.device(await h.owner());
      await publisher.publishAsync(`devices/${stranger.code}/status`, JSON.stringify({ battery: 11 }), { qos: 1 });
      await publisher.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 66 }), { qos: 1 });
      await feed.next((e) => e.reading.battery === 66);
      const [row] = await h.db.query<{ battery: number | null }>('SELECT battery FROM devices WHERE code = $1', [stranger.code]);
      expect(row!.battery).toBeNull();

      await owner.agent.post('/api/user/settings/reset').expect(200);
      await eventually(() => h.gateway.customBrokerUrls().length === 0);
      await eventually(() => theirs.connectedClients === 1);
      await publisher.endAsync();
    } finally {
      await new Promise<void>((ok) => theirs.close(() => ok()));
      server.close();
    }
  });
});
