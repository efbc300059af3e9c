import mqtt from 'mqtt';
import { mountKey } from '@smi/ntrip';
import { capture, ntrip1Get, rawNtrip } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

vi.setConfig({ testTimeout: 60_000 });

// Plain NTRIP carries passwords in the clear: a device may have an NTRIP password that is no MQTT login.
let h: LiveHarness;
let port: number;
beforeAll(async () => {
  h = await startLiveHarness({ gateway: { ntripPort: 0 } });
  port = h.gateway.caster!.port;
}, 120_000);
afterAll(async () => h?.close());

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;
async function survey(owner: Owner) {
  const base = await h.device(owner, 'base', 'Pillar base');
  const rover = await h.device(owner, 'rover', 'Pole rover');
  const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner.userId, 'Boundary', base.id]);
  await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
  return { base, rover };
}
const pulling = (who: string) => h.gateway.caster!.connections().some((c) => c.who === who);
const source = (code: string, secret: string) => rawNtrip(port, `SOURCE ${secret} /${code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
const head = async (r: ReturnType<typeof rawNtrip>) => {
  await eventually(() => r.hasHead() || r.closed());
  return r.head();
};
const refused = async (r: ReturnType<typeof rawNtrip>) => {
  await eventually(() => r.closed());
  return /^(HTTP\/1\.0 401|ERROR - Bad Password)/.test(r.all());
};
const mqttLogin = (username: string, password: string) =>
  mqtt.connectAsync(h.mqttUrl, { username, password, reconnectPeriod: 0 }).then(
    async (c) => {
      await c.endAsync();
      return 0;
    },
    (err: { code?: number }) => err.code,
  );

describe('a device\'s own NTRIP password', () => {
  it('replaces its MQTT secret on the caster, ends the pull made with the secret, and is no MQTT login', async () => {
    const a = await h.owner();
    const { base, rover } = await survey(a);
    const before = ntrip1Get(port, base.code, rover.code, rover.secret);
    expect(await head(before)).toBe('ICY 200 OK\r\n');

    const made = await a.agent.post(`/api/devices/${rover.id}/ntrip-password`).expect(201);
    expect(made.body).toMatchObject({ success: true, username: rover.code, message: 'New NTRIP password created. It is shown only once.' });
    const password = made.body.password as string;
    expect(password).not.toBe(rover.secret);
    const [row] = await h.db.query<{ ntrip_secret_hash: string }>('SELECT ntrip_secret_hash FROM devices WHERE id = $1', [rover.id]);
    expect(row!.ntrip_secret_hash).toMatch(/^\$2[aby]\$/);
    expect(row!.ntrip_secret_hash).not.toContain(password);

    // the pull that logged in with the MQTT secret ends; the secret is no NTRIP login any more, the password is
    await eventually(() => before.closed(), 20);
    expect(await refused(ntrip1Get(port, base.code, rover.code, rover.secret))).toBe(true);
    const after = ntrip1Get(port, base.code, rover.code, password);
    expect(await head(after)).toBe('ICY 200 OK\r\n');
    expect(pulling(rover.code)).toBe(true);

    // the broker takes the MQTT secret as before, and refuses the NTRIP password
    expect(await mqttLogin(rover.code, rover.secret)).toBe(0);
    expect(await mqttLogin(rover.code, password)).toBe(4);

    // a base pushes with its own NTRIP password, and no longer with its MQTT secret
    const basePassword = (await a.agent.post(`/api/devices/${base.id}/ntrip-password`).expect(201)).body.password as string;
    expect(await refused(source(base.code, base.secret))).toBe(true);
    const push = source(base.code, basePassword);
    expect(await head(push)).toBe('ICY 200 OK\r\n');
    push.socket.write(capture().subarray(0, 2000));
    await eventually(() => h.gateway.caster!.sourceLive(mountKey.base(base.code)));
    // a new NTRIP password ends the push made with the old one
    await a.agent.post(`/api/devices/${base.id}/ntrip-password`).expect(201);
    await eventually(() => push.closed(), 20);
    after.socket.destroy();
  });

  it('goes with the device when it is removed', async () => {
    const a = await h.owner();
    const { base, rover } = await survey(a);
    const { password } = (await a.agent.post(`/api/devices/${rover.id}/ntrip-password`).expect(201)).body;
    const pull = ntrip1Get(port, base.code, rover.code, password);
    expect(await head(pull)).toBe('ICY 200 OK\r\n');
    await a.agent.delete(`/api/user/${a.userId}/remove-device`).send({ deviceId: rover.id }).expect(200);
    await eventually(() => pull.closed(), 20);
    expect(await h.db.query('SELECT 1 FROM devices WHERE id = $1 AND ntrip_secret_hash IS NOT NULL', [rover.id])).toEqual([]);
    expect(await refused(ntrip1Get(port, base.code, rover.code, password))).toBe(true);
    // connected again with a new secret, it logs in to the caster with that secret until it gets an NTRIP password
    await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: rover.code }).expect(200);
    const { body } = await a.agent.post(`/api/devices/${rover.id}/secret`).expect(201);
    const back = ntrip1Get(port, base.code, rover.code, body.secret);
    expect(await head(back)).toBe('ICY 200 OK\r\n');
    back.socket.destroy();
  });

  it('is the owner\'s to make: another account\'s device answers like a missing one', async () => {
    const a = await h.owner();
    const b = await h.owner();
    const { rover } = await survey(a);
    const theirs = await b.agent.post(`/api/devices/${rover.id}/ntrip-password`).expect(404);
    expect(theirs.body).toEqual({ success: false, message: 'Device not found' });
    await b.agent.post('/api/devices/00000000-0000-4000-8000-000000000000/ntrip-password').expect(404);
  });
});
