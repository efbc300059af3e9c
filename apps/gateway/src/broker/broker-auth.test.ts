import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceActivationKey } from '@smi/devices';
import { connect, createDevice, createUser } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';

let t: TestGateway;
let rover: Awaited<ReturnType<typeof createDevice>>;
let other: Awaited<ReturnType<typeof createDevice>>;

beforeAll(async () => {
  t = await startTestGateway();
  const owner = await createUser(t.db);
  rover = await createDevice(t.db, owner);
  other = await createDevice(t.db, await createUser(t.db));
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', (err: { code?: number }) => err.code);

describe('who may connect to the broker', () => {
  it('accepts a device logging in with its code and secret', async () => {
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('refuses a wrong secret, another device\'s secret and an unknown code with CONNACK 4', async () => {
    expect(await refusal(connect(t.url, { username: rover.code, password: 'wrong-secret' }))).toBe(4);
    expect(await refusal(connect(t.url, { username: rover.code, password: other.secret }))).toBe(4);
    expect(await refusal(connect(t.url, { username: 'NO-SUCH-DEVICE', password: rover.secret }))).toBe(4);
  });

  it('refuses anonymous clients', async () => {
    expect(await refusal(connect(t.url, {}))).toBe(4);
    expect(await refusal(connect(t.url, { username: rover.code }))).toBe(4);
  });

  it('refuses wildcards in client ids and user names with CONNACK 2', async () => {
    expect(await refusal(connect(t.url, { username: rover.code, password: rover.secret, clientId: 'rover/#' }))).toBe(2);
    expect(await refusal(connect(t.url, { username: `${rover.code}+`, password: rover.secret }))).toBe(2);
  });

  it('after ten wrong passwords from one address, still checks that device\'s logins from there (a fleet behind NAT shares it), one at a time', async () => {
    const target = await createDevice(t.db, await createUser(t.db));
    for (let i = 0; i < 10; i++) expect(await refusal(connect(t.url, { username: target.code, password: `guess-${i}` }))).toBe(4);
    // a stranger keeps guessing from the same address while the device reconnects: the guesses fail, the device gets in
    const guesses = Promise.all([0, 1, 2].map((i) => refusal(connect(t.url, { username: target.code, password: `more-${i}`, connectTimeout: 30_000 }))));
    expect(await refusal(connect(t.url, { username: target.code, password: target.secret, connectTimeout: 30_000 }))).toBe('accepted');
    expect(await guesses).toEqual([4, 4, 4]);
  });

  it('refuses a wrong service password', async () => {
    expect(await refusal(connect(t.url, { username: t.service.username, password: 'x'.repeat(43) }))).toBe(4);
  });

  it('counts every refused login', async () => {
    expect(t.gateway.counters.authFailures).toBeGreaterThanOrEqual(8);
  });

  it('does not let one device take over another device\'s session by using the same client id', async () => {
    const first = await connect(t.url, { username: rover.code, password: rover.secret, clientId: 'field-unit' });
    const second = await connect(t.url, { username: other.code, password: other.secret, clientId: 'field-unit' });
    // both sessions live side by side: had the second taken over, the broker would have closed the first
    await first.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 90 }), { qos: 1 });
    await second.publishAsync(`devices/${other.code}/status`, JSON.stringify({ battery: 90 }), { qos: 1 });
    expect([first.connected, second.connected]).toEqual([true, true]);
    await Promise.all([first.endAsync(), second.endAsync()]);
  });

  it('checks the credentials again when a persistent session resumes', async () => {
    const session = { username: rover.code, clientId: 'persistent-unit', clean: false };
    const client = await connect(t.url, { ...session, password: rover.secret });
    await client.subscribeAsync(`devices/${rover.code}/corrections`, { qos: 1 });
    await client.endAsync();
    expect(await refusal(connect(t.url, { ...session, password: 'stolen-session' }))).toBe(4);
    const again = await connect(t.url, { ...session, password: rover.secret });
    expect(again.connected).toBe(true);
    await again.endAsync();
  });
});

describe('what a device may publish and subscribe to', () => {
  it('refuses a device subscribing to a wildcard or to another device\'s topics, and keeps the connection', async () => {
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const refused = await client.subscribeAsync(['devices/#', `devices/${other.code}/corrections`, `devices/+/corrections`]).catch((err) => err);
    expect(refused.packet.granted).toEqual([128, 128, 128]);
    const own = await client.subscribeAsync(`devices/${rover.code}/corrections`);
    expect(own.map((g) => g.qos)).toEqual([0]);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('drops a publish to another device\'s topic and closes that connection', async () => {
    const victim = await createDevice(t.db, await createUser(t.db));
    const before = t.gateway.counters.unauthorizedPublishes;
    const readingsBefore = t.gateway.counters.readings;
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const closed = new Promise<void>((ok) => client.once('close', () => ok()));
    client.publish(`devices/${victim.code}/status`, JSON.stringify({ battery: 3 }));
    await closed;
    expect(t.gateway.counters.unauthorizedPublishes).toBe(before + 1);
    expect(t.gateway.counters.readings).toBe(readingsBefore);
    const [row] = await t.db.query<{ battery: number | null }>('SELECT battery FROM devices WHERE code = $1', [victim.code]);
    expect(row!.battery).toBeNull();
    client.end(true);
  });

  it('closes the connections of a device whose secret is replaced', async () => {
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const closed = new Promise<void>((ok) => client.once('close', () => ok()));
    const service = await connect(t.url, { ...t.service });
    await service.publishAsync('smi/internal/control/revoke', rover.code);
    await closed;
    await service.endAsync();
    client.end(true);
  });
});

describe('an unclaimed device (decisions 027, 037: a maker key is set and no signed-in user has entered its key)', () => {
  const MAKER_KEY = 'maker-key-for-the-broker-tests-0123456789abcdef';

  async function unclaimed(db: TestGateway['db']) {
    const device = await createDevice(db, await createUser(db));
    // a secret hash left on the row must not help while it is unclaimed
    await db.query('UPDATE devices SET claimed_at = NULL WHERE id = $1', [device.id]);
    return device;
  }
  const claimedAt = async (db: TestGateway['db'], id: string) =>
    (await db.query<{ claimed_at: Date | null }>('SELECT claimed_at FROM devices WHERE id = $1', [id]))[0]!.claimed_at;

  it('has no login: neither its secret nor its own activation key gets in, and the key claims nothing', async () => {
    const device = await unclaimed(t.db);
    const key = deviceActivationKey(MAKER_KEY, device.code);
    expect(await refusal(connect(t.url, { username: device.code, password: device.secret }))).toBe(4);
    // the key as a password is a wrong password: the device cannot tell the broker whose it is
    expect(await refusal(connect(t.url, { username: device.code, password: key }))).toBe(4);
    expect(await claimedAt(t.db, device.id)).toBeNull();
  });

  it('logs in with its secret once a user has claimed it, and its key is still no login', async () => {
    const device = await unclaimed(t.db);
    await t.db.query('UPDATE devices SET claimed_at = now() WHERE id = $1', [device.id]);
    const client = await connect(t.url, { username: device.code, password: device.secret });
    expect(client.connected).toBe(true);
    await client.endAsync();
    expect(await refusal(connect(t.url, { username: device.code, password: deviceActivationKey(MAKER_KEY, device.code) }))).toBe(4);
  });
});
