import net from 'node:net';
import mqtt from 'mqtt';
import { rtcmMessageType, splitRtcmFrames } from '@smi/rtcm';
import { basic, capture, ntrip1Get, rawNtrip } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

vi.setConfig({ testTimeout: 60_000 });

let h: LiveHarness;
let port: number;
beforeAll(async () => {
  h = await startLiveHarness({ gateway: { ntripPort: 0, correctionsClientsEveryMs: 200 } });
  port = h.gateway.caster!.port;
}, 120_000);
afterAll(async () => h?.close());

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;

/** A device row with a chosen code, as one registered before the caster reserved some names, with its secret. */
async function oldDevice(owner: Owner, code: string, type: 'base' | 'rover') {
  const [row] = await h.db.query<{ id: string }>('INSERT INTO devices (code, name, type, owner_id, connected) VALUES ($1, $2, $3, $4, true) RETURNING id', [code, `Old ${type}`, type, owner.userId]);
  const { body } = await owner.agent.post(`/api/devices/${row!.id}/secret`).expect(201);
  return { id: row!.id, code, secret: body.secret as string };
}

/** A closed port: the project's network source keeps retrying it, so the project counts as taking a network's corrections. */
async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise((ok) => s.close(ok));
  return p;
}

const frames = splitRtcmFrames(capture()).frames;
// the network's stream carries the station position (1006); the forger's frames carry none
const network = Buffer.concat(frames.slice(0, 60));
const forged = Buffer.concat(frames.filter((f) => rtcmMessageType(f) === 1004).slice(60, 80));

describe('a project\'s network mountpoint', () => {
  it('cannot be taken by another account\'s base named like it, over NTRIP or MQTT; nothing of the victim leaks to that account', async () => {
    const victim = await h.owner();
    const rover = await h.device(victim, 'rover', 'Victim rover');
    const [p] = await h.db.query<{ id: string; ntrip_mount: string; legacy_ntrip_mount: string | null }>(
      'INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id, ntrip_mount, legacy_ntrip_mount',
      [victim.userId, 'Paid network job'],
    );
    await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    await h.db.query(`INSERT INTO project_ntrip_sources (project_id, host, port, mountpoint) VALUES ($1, '127.0.0.1', $2, 'NET')`, [p!.id, await deadPort()]);
    // a project made before the names were drawn still answers to its old `P-` and 8 hex digits
    const legacy = `P-${p!.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    await h.db.query('UPDATE projects SET legacy_ntrip_mount = $2 WHERE id = $1', [p!.id, legacy]);
    expect(p!.ntrip_mount).toMatch(/^P-[0-9A-F]{20}$/);
    const credential = (await victim.agent.post('/api/ntrip/credentials').send({ name: 'Victim controller', projectId: p!.id }).expect(201)).body;

    // the attacker: bases registered (before the names were reserved) with the project's old and new names, a rover
    // of its own on the old one, and a rover named like the victim's credential
    const attacker = await h.owner();
    const fakeOld = await oldDevice(attacker, legacy, 'base');
    const fakeNew = await oldDevice(attacker, p!.ntrip_mount, 'base');
    const spy = await h.device(attacker, 'rover', 'Attacker rover');
    const [ap] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [attacker.userId, 'Bait', fakeOld.id]);
    await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [ap!.id, spy.id]);
    const lookalike = await oldDevice(attacker, credential.credential.username, 'rover');

    const victimNew = ntrip1Get(port, p!.ntrip_mount, rover.code, rover.secret);
    const victimOld = ntrip1Get(port, legacy, rover.code, rover.secret);
    const controller = ntrip1Get(port, p!.ntrip_mount, credential.credential.username, credential.password);
    const spyPull = ntrip1Get(port, legacy, spy.code, spy.secret);
    const mqttRover = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
    const overMqtt: Buffer[] = [];
    mqttRover.on('message', (_t, payload) => overMqtt.push(payload));
    await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);
    await eventually(() => victimNew.hasHead() && victimOld.hasHead() && controller.hasHead() && spyPull.hasHead());
    for (const pull of [victimNew, victimOld, controller, spyPull]) expect(pull.head()).toBe('ICY 200 OK\r\n');

    // the forger pushes on both names, over NTRIP and over MQTT: its own bases' streams take it, the project's not
    const sourceOld = rawNtrip(port, `SOURCE ${fakeOld.secret} /${legacy}\r\nSource-Agent: NTRIP forger\r\n\r\n`);
    const sourceNew = rawNtrip(port, `SOURCE ${fakeNew.secret} /${p!.ntrip_mount}\r\nSource-Agent: NTRIP forger\r\n\r\n`);
    await eventually(() => sourceOld.hasHead() && sourceNew.hasHead());
    sourceOld.socket.write(forged);
    sourceNew.socket.write(forged);
    const mqttForger = await mqtt.connectAsync(h.mqttUrl, { username: fakeNew.code, password: fakeNew.secret, reconnectPeriod: 0 });
    await mqttForger.publishAsync(`devices/${fakeNew.code}/rtcm`, forged, { qos: 1 });
    await eventually(() => spyPull.bodyLength() >= forged.length);
    // the network's corrections, as the project's NTRIP client hands them to the caster
    h.gateway.caster!.feedFrames(p!.id, network);
    await eventually(() => victimNew.bodyLength() >= network.length && victimOld.bodyLength() >= network.length && controller.bodyLength() >= network.length);

    for (const pull of [victimNew, victimOld, controller]) expect(pull.body().equals(network)).toBe(true);
    expect(overMqtt).toEqual([]);
    // the attacker's rover got its own base's frames, and never the victim's network stream
    expect(spyPull.body().equals(forged)).toBe(true);

    // the attacker's pages and sourcetable: its own rover and base only, no position from the victim's stream
    const listed = await eventually(async () => {
      const { clients } = (await attacker.agent.get(`/api/devices/${fakeOld.id}/corrections-clients`).expect(200)).body;
      return clients.length ? clients : null;
    }, 100);
    expect(listed.map((c: { who: string }) => c.who)).toEqual([spy.code]);
    for (const device of [fakeNew, lookalike]) {
      const { clients } = (await attacker.agent.get(`/api/devices/${device.id}/corrections-clients`).expect(200)).body;
      expect(clients).toEqual([]);
    }
    const table = rawNtrip(port, `GET / HTTP/1.0\r\nAuthorization: ${basic(spy.code, spy.secret)}\r\n\r\n`);
    await eventually(() => table.closed());
    const strs = table.all().split('\r\n').filter((l) => l.startsWith('STR;'));
    expect(strs.map((l) => l.split(';')[1])).toEqual([legacy]);
    expect(strs[0]!.split(';').slice(9, 11)).toEqual(['0.00', '0.00']);
    // the victim's own page lists its rover and controller on the network's stream
    const mine = await eventually(async () => {
      const { clients } = (await victim.agent.get(`/api/projects/${p!.id}/corrections-clients`).expect(200)).body;
      return clients.filter((c: { via: string }) => c.via === 'ntrip').length === 3 ? clients : null;
    }, 100);
    expect(mine.filter((c: { via: string }) => c.via === 'ntrip').map((c: { who: string }) => c.who).sort()).toEqual(
      [rover.code, rover.code, credential.credential.username].sort(),
    );

    for (const s of [victimNew, victimOld, controller, spyPull, sourceOld, sourceNew]) s.socket.destroy();
    await Promise.all([mqttRover.endAsync(), mqttForger.endAsync()]);
  });

  it('names no new device like a project\'s mountpoint or a credential\'s user name', async () => {
    const a = await h.owner();
    for (const code of ['P-4CC56A7E', 'p-0123456789abcdef0123', 'ntrip-0a1b2c3d4e', 'NTRIP-anything']) {
      const res = await a.agent.post(`/api/devices/${code}`).send({ Name: 'Lookalike', Type: 'base' }).expect(400);
      expect(res.body).toEqual({ success: false, message: expect.stringContaining('NTRIP caster') });
    }
    // a code that only starts like one is a code like any other
    await a.agent.post('/api/devices/P-ROVER-7').send({ Name: 'Rover seven' }).expect(201);
  });
});
