import net from 'node:net';
import mqtt from 'mqtt';
import { capture, hasStr2str, ntrip1Get, str2str } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

vi.setConfig({ testTimeout: 60_000 });

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ gateway: { ntripPort: 0, ntripClient: { minBackoffMs: 200, maxBackoffMs: 1000 }, correctionsClientsEveryMs: 200 } });
}, 120_000);
afterAll(async () => h?.close());

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

describe('Settings\' NTRIP credentials (RTK Correction Source: NTRIP)', () => {
  it('keep the password on the server: never in a reply, kept when a change leaves it out; a bad URL is 400', async () => {
    const a = await h.owner();
    expect((await a.agent.get('/api/user/ntrip-source').expect(200)).body.source).toEqual({
      url: '',
      username: '',
      hasPassword: false,
      inUse: false,
      state: null,
      lastError: null,
      correctionAgeS: null,
    });
    const saved = await a.agent.put('/api/user/ntrip-source').send({ url: 'ntrip2://rtk.example.net:2102/VRS32', username: 'crew1', password: 'n3twork-pw' }).expect(200);
    expect(JSON.stringify(saved.body)).not.toContain('n3twork-pw');
    expect(saved.body.source).toMatchObject({ url: 'ntrip2://rtk.example.net:2102/VRS32', username: 'crew1', hasPassword: true, inUse: false });
    const [row] = await h.db.query('SELECT host, port, mountpoint, version, password FROM user_ntrip_sources WHERE user_id = $1', [a.userId]);
    expect(row).toEqual({ host: 'rtk.example.net', port: 2102, mountpoint: 'VRS32', version: 2, password: 'n3twork-pw' });
    await a.agent.put('/api/user/ntrip-source').send({ url: 'rtk.example.net/VRS32', username: 'crew2' }).expect(200);
    const [kept] = await h.db.query('SELECT port, version, username, password FROM user_ntrip_sources WHERE user_id = $1', [a.userId]);
    expect(kept).toEqual({ port: 2101, version: 1, username: 'crew2', password: 'n3twork-pw' });
    expect(JSON.stringify((await a.agent.get('/api/user/ntrip-source').expect(200)).body)).not.toContain('n3twork-pw');
    for (const bad of [{ url: 'rtk.example.net' }, { url: 'https://x/y' }, { url: 'x:99999/M' }, { url: 'x/M', password: 'a\nb' }, { url: 'x/M', other: 1 }]) {
      const res = await a.agent.put('/api/user/ntrip-source').send(bad);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    // an empty URL removes it
    await a.agent.put('/api/user/ntrip-source').send({ url: '' }).expect(200);
    expect((await h.db.query('SELECT 1 FROM user_ntrip_sources WHERE user_id = $1', [a.userId])).length).toBe(0);
  });

  it.skipIf(!hasStr2str)('bring a network\'s corrections (str2str ntripc://) to the user\'s Active project rovers once NTRIP is chosen', async () => {
    const casterPort = await freePort();
    const ext = str2str(['-out', `ntripc://crew:crewpw@:${casterPort}/NET9:NET9;RTCM 3.0;1004(1),1006(10);2;GPS;SMI;USA;38.92;-77.07;1;0;str2str;none;B;N;9600;`]);
    try {
      const a = await h.owner();
      const rover = await h.device(a, 'rover', 'Rover one');
      const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id', [a.userId, 'Network job']);
      await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
      const mqttRover = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
      const got: Buffer[] = [];
      mqttRover.on('message', (_t, payload) => got.push(payload));
      await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);

      await a.agent.put('/api/user/ntrip-source').send({ url: `ntrip://127.0.0.1:${casterPort}/NET9`, username: 'crew', password: 'crewpw' }).expect(200);
      // still BASE: no client runs
      await h.gateway.ntripSources.refresh();
      expect([...h.gateway.ntripSources.states().keys()]).not.toContain(`user:${a.userId}`);
      await a.agent.put('/api/user/settings').send({ device: { rtkCorrectionSource: 'NTRIP' } }).expect(200);
      const source = async () => (await a.agent.get('/api/user/ntrip-source').expect(200)).body.source;
      await eventually(async () => (await source()).state === 'connected', 100);

      // the project's mountpoint on the product's caster serves the same corrections to an NTRIP rover
      const mount = (await h.db.query<{ m: string }>('SELECT ntrip_mount AS m FROM projects WHERE id = $1', [p!.id]))[0]!.m;
      const ntripRover = ntrip1Get(h.gateway.caster!.port, mount, rover.code, rover.secret);
      await eventually(() => ntripRover.hasHead());
      expect(ntripRover.head()).toBe('ICY 200 OK\r\n');

      const expected = capture();
      ext.write(expected);
      await eventually(() => Buffer.concat(got).length >= expected.length && ntripRover.body().length >= expected.length, 100);
      expect(Buffer.concat(got).equals(expected)).toBe(true);
      expect(ntripRover.body().equals(expected)).toBe(true);
      const after = await eventually(async () => {
        const s = await source();
        return s.correctionAgeS !== null ? s : null;
      }, 100);
      expect(after).toMatchObject({ inUse: true, state: 'connected', lastError: null, correctionAgeS: expect.any(Number) });
      expect(after.correctionAgeS).toBeLessThan(10);
      // the project's page lists its rover twice: over MQTT and on the network's mountpoint over NTRIP
      const receiving = await eventually(async () => {
        const { clients } = (await a.agent.get(`/api/projects/${p!.id}/corrections-clients`).expect(200)).body;
        return clients.length === 2 && clients.every((c: { ageS: number | null }) => c.ageS !== null) ? clients : null;
      }, 100);
      expect(receiving.map((c: { who: string; via: string; name: string }) => [c.who, c.via, c.name])).toEqual([
        [rover.code, 'mqtt', 'Rover one'],
        [rover.code, 'ntrip', 'Rover one'],
      ]);
      const stranger = await h.owner();
      expect((await stranger.agent.get(`/api/projects/${p!.id}/corrections-clients`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
      ntripRover.socket.destroy();
      await mqttRover.endAsync();

      // back to BASE: the client stops
      await a.agent.put('/api/user/settings').send({ device: { rtkCorrectionSource: 'BASE' } }).expect(200);
      await eventually(() => !h.gateway.ntripSources.states().has(`user:${a.userId}`), 50);
    } finally {
      await ext.stop();
    }
  });
});

describe('who receives a base\'s corrections', () => {
  it('lists the project\'s MQTT rovers and NTRIP rovers with the age of their corrections; another account gets 404', async () => {
    const a = await h.owner();
    const base = await h.device(a, 'base', 'Hill base');
    const r1 = await h.device(a, 'rover', 'Rover over MQTT');
    const r2 = await h.device(a, 'rover', 'Rover over NTRIP');
    const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [a.userId, 'Hill', base.id]);
    await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2), ($1, $3)', [p!.id, r1.id, r2.id]);
    const path = `/api/devices/${base.id}/corrections-clients`;
    expect((await a.agent.get(path).expect(200)).body).toEqual({ success: true, reporting: true, clients: [] });

    const mqttRover = await mqtt.connectAsync(h.mqttUrl, { username: r1.code, password: r1.secret, reconnectPeriod: 0 });
    await mqttRover.subscribeAsync(`devices/${r1.code}/corrections`);
    const ntripRover = ntrip1Get(h.gateway.caster!.port, base.code, r2.code, r2.secret);
    await eventually(() => ntripRover.hasHead());
    const before = await eventually(async () => {
      const { clients } = (await a.agent.get(path).expect(200)).body;
      return clients.length === 2 ? clients : null;
    }, 100);
    expect(before).toHaveLength(2);
    expect(before).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ who: r1.code, name: 'Rover over MQTT', via: 'mqtt', ageS: null }),
        expect.objectContaining({ who: r2.code, name: 'Rover over NTRIP', via: 'ntrip', ageS: null }),
      ]),
    );

    // the base sends a frame over MQTT: both receive it, and their ages start
    const base1 = await mqtt.connectAsync(h.mqttUrl, { username: base.code, password: base.secret, reconnectPeriod: 0 });
    await base1.publishAsync(`devices/${base.code}/rtcm`, capture().subarray(0, 200), { qos: 1 });
    const after = await eventually(async () => {
      const { clients } = (await a.agent.get(path).expect(200)).body;
      return clients.every((c: { ageS: number | null }) => c.ageS !== null) && clients.length === 2 ? clients : null;
    }, 100);
    for (const c of after) expect(c.ageS).toBeLessThan(5);
    // the rover's own page shows what it receives
    const own = (await a.agent.get(`/api/devices/${r1.id}/corrections-clients`).expect(200)).body.clients;
    expect(own).toEqual([expect.objectContaining({ who: r1.code, via: 'mqtt' })]);

    const b = await h.owner();
    const theirs = await b.agent.get(path).expect(404);
    expect(theirs.body).toEqual((await b.agent.get('/api/devices/00000000-0000-4000-8000-000000000000/corrections-clients').expect(404)).body);

    // gone once they disconnect
    ntripRover.socket.destroy();
    await mqttRover.endAsync();
    await eventually(async () => (await a.agent.get(path).expect(200)).body.clients.length === 0, 100);
    await base1.endAsync();
  });
});

describe('a project on a network\'s corrections', () => {
  it('does not also get its base\'s over MQTT while Settings say NTRIP; back on BASE it does', async () => {
    const a = await h.owner();
    const base = await h.device(a, 'base', 'Yard base');
    const rover = await h.device(a, 'rover', 'Yard rover');
    const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [a.userId, 'Yard', base.id]);
    await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    await a.agent.put('/api/user/ntrip-source').send({ url: 'ntrip://rtk.invalid:2101/NET', username: 'crew', password: 'pw' }).expect(200);
    await a.agent.put('/api/user/settings').send({ device: { rtkCorrectionSource: 'NTRIP' } }).expect(200);

    const mqttRover = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
    const got: Buffer[] = [];
    mqttRover.on('message', (_t, payload) => got.push(payload));
    await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);
    const mqttBase = await mqtt.connectAsync(h.mqttUrl, { username: base.code, password: base.secret, reconnectPeriod: 0 });
    const frames = capture().subarray(0, 300);
    const before = h.gateway.counters.correctionsRelayed;
    await mqttBase.publishAsync(`devices/${base.code}/rtcm`, frames, { qos: 1 });
    // the base's frames were taken (its RTCM state learns from them) but relayed to nobody
    await new Promise((ok) => setTimeout(ok, 500));
    expect(got).toEqual([]);
    expect(h.gateway.counters.correctionsRelayed).toBe(before);
    // nor is the rover listed among the base's receivers
    expect((await a.agent.get(`/api/devices/${base.id}/corrections-clients`).expect(200)).body.clients).toEqual([]);

    await a.agent.put('/api/user/settings').send({ device: { rtkCorrectionSource: 'BASE' } }).expect(200);
    // the relay re-reads a base's rovers every 5 s
    await new Promise((ok) => setTimeout(ok, 5200));
    await mqttBase.publishAsync(`devices/${base.code}/rtcm`, frames, { qos: 1 });
    await eventually(() => got.length > 0, 50);
    expect(Buffer.concat(got).length).toBeGreaterThan(0);
    await mqttRover.endAsync();
    await mqttBase.endAsync();
  });
});
