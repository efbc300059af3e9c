import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';
import { connectVia, proxyV1, proxyV2 } from '../testing/proxy-header.js';
import { basic, rawNtrip } from '../ntrip/testing/helpers.js';
import { mountKey } from '@smi/ntrip';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// The gateway behind a proxy that names each client with a PROXY header (decision 038): the tests connect from
// loopback, which is the trusted proxy here, and name the clients they stand for.
let t: TestGateway;
let mqttPort: number;
let ntripPort: number;
beforeAll(async () => {
  t = await startTestGateway({ ntripPort: 0, proxyProtocolFrom: '127.0.0.1', ntrip: { headTimeoutMs: 60_000 } });
  mqttPort = t.gateway.port;
  ntripPort = t.gateway.caster!.port;
});
afterAll(() => t.close());

const code = (p: Promise<unknown>) => p.then((c) => ((c as { end(force: boolean): void }).end(true), 'accepted'), (err: { code?: number | string }) => err.code);
const login = (from: string, username: string, password: string, v2 = false) =>
  code(connectVia(mqttPort, v2 ? proxyV2(from) : proxyV1(from), { username, password, connectTimeout: 60_000 }));

async function wrongLogins(from: string, username: string, n: number) {
  for (let i = 0; i < n; i++) expect(await login(from, username, `guess-${i}`)).toBe(4);
}

describe('the broker behind the proxy', () => {
  it('limits failed logins by the address the PROXY header names, not by the proxy\'s', async () => {
    const device = await createDevice(t.db, await createUser(t.db));
    await wrongLogins('198.51.100.10', device.code, 10);
    // that address is in the slow lane now, whose queue is capped (8 waiting): a burst gets some refused at once
    // (3, try later), the others checked one at a time and refused as wrong
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login('198.51.100.10', device.code, `burst-${i}`)));
    expect(burst.filter((c) => c === 3).length).toBeGreaterThan(0);
    expect(burst.filter((c) => c !== 3 && c !== 4)).toEqual([]);
    // another client of the same proxy is not in that lane: every guess is checked and answered as wrong
    const other = await Promise.all(Array.from({ length: 12 }, (_, i) => login('203.0.113.10', device.code, `other-${i}`, true)));
    expect(other).toEqual(Array(12).fill(4));
    // and the device itself, from its own address, gets in
    expect(await login('192.0.2.10', device.code, device.secret)).toBe('accepted');
  });

  it('lets a device that logged in before in at once while 40 wrong CONNECTs for its code are held from its address', async () => {
    const device = await createDevice(t.db, await createUser(t.db));
    const nat = '198.51.100.20';
    expect(await login(nat, device.code, device.secret)).toBe('accepted');
    await wrongLogins(nat, device.code, 10);
    const answered: (number | string | undefined)[] = [];
    const held = Array.from({ length: 40 }, (_, i) => login(nat, device.code, `held-${i}`).then((c) => (answered.push(c), c)));
    // the lane holds 8 at most and refuses the rest at once
    await eventually(() => answered.filter((c) => c === 3).length >= 24);
    expect(await login(nat, device.code, device.secret)).toBe('accepted');
    // it got in ahead of guesses still waiting in the lane
    expect(answered.length).toBeLessThan(40);
    const all = await Promise.all(held);
    expect(all.filter((c) => c !== 3 && c !== 4)).toEqual([]);
  });

  it('refuses a connection from the proxy that carries no PROXY header', async () => {
    const device = await createDevice(t.db, await createUser(t.db));
    expect(await code(connectVia(mqttPort, null, { username: device.code, password: device.secret }))).toBe('closed');
  });
});

describe('the caster behind the proxy', () => {
  async function baseAndRover() {
    const user = await createUser(t.db);
    const base = await createDevice(t.db, user, 'base');
    const rover = await createDevice(t.db, user, 'rover');
    const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [user, 'Survey', base.id]);
    await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    return { base, rover };
  }

  it('keeps serving a base and a rover from other addresses while one address holds 205 idle connections', async () => {
    const { base, rover } = await baseAndRover();
    const flooder = '198.51.100.30';
    const idle = Array.from({ length: 205 }, (_, i) => rawNtrip(ntripPort, i % 2 ? proxyV1(flooder) : proxyV2(flooder)));
    // one address may hold 200: the five beyond are refused, the 200 sit there
    await eventually(() => idle.filter((c) => c.head().startsWith('HTTP/1.1 503')).length === 5);
    const push = rawNtrip(ntripPort, Buffer.concat([proxyV1('203.0.113.31'), Buffer.from(`SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`)]));
    await eventually(() => push.hasHead());
    expect(push.head()).toBe('ICY 200 OK\r\n');
    const pull = rawNtrip(ntripPort, Buffer.concat([proxyV1('203.0.113.32'), Buffer.from(`GET /${base.code} HTTP/1.0\r\nAuthorization: ${basic(rover.code, rover.secret)}\r\n\r\n`)]));
    await eventually(() => pull.hasHead());
    expect(pull.head()).toBe('ICY 200 OK\r\n');
    expect(t.gateway.caster!.connections().filter((c) => c.mount === mountKey.base(base.code)).map((c) => c.who)).toEqual([rover.code]);
    for (const c of [...idle, push, pull]) c.socket.destroy();
  });

  it('refuses a connection from the proxy that carries no PROXY header', async () => {
    const plain = rawNtrip(ntripPort, 'GET / HTTP/1.0\r\n\r\n');
    await eventually(() => plain.closed());
    expect(plain.all()).toBe('');
  });
});

describe('a gateway whose trusted proxy is elsewhere', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await startTestGateway({ ntripPort: 0, proxyProtocolFrom: '10.255.255.1,proxy.invalid' });
  });
  afterAll(() => g?.close());

  it('refuses a PROXY header from an address that is not the proxy, and serves plain clients as they are', async () => {
    const device = await createDevice(g.db, await createUser(g.db));
    expect(await code(connectVia(g.gateway.port, proxyV1('192.0.2.99'), { username: device.code, password: device.secret }))).toBe('closed');
    expect(await code(connectVia(g.gateway.port, null, { username: device.code, password: device.secret }))).toBe('accepted');

    const forged = rawNtrip(g.gateway.caster!.port, Buffer.concat([proxyV1('192.0.2.99'), Buffer.from('GET / HTTP/1.0\r\n\r\n')]));
    await eventually(() => forged.closed());
    expect(forged.all()).toBe('');
    const plain = rawNtrip(g.gateway.caster!.port, 'GET / HTTP/1.0\r\n\r\n');
    await eventually(() => plain.hasHead());
    expect(plain.head()).toMatch(/^SOURCETABLE 200 OK/);
  });
});
