import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceActivationKey } from '@smi/devices';
import { startHarness, type Harness } from '../testing/harness.js';
import { startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

// Decision 037: the activation key proves possession to the user who enters it, never to whoever registered first.
const MAKER_KEY = 'maker-key-for-the-squatting-tests-0123456789ab';
const keyOf = (code: string) => deviceActivationKey(MAKER_KEY, code);

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ deviceActivationSecret: MAKER_KEY });
});
afterAll(() => h.close());

type Agent = Awaited<ReturnType<LiveHarness['owner']>>['agent'];
const login = (username: string, password: string) =>
  mqtt.connectAsync(h.mqttUrl, { username, password, reconnectPeriod: 0 }).then(
    (c) => c,
    (err: { code?: number }) => err.code,
  );
let n = 0;
const freshCode = () => `SQUAT-${Date.now().toString(36).toUpperCase()}-${++n}`;
const register = (agent: Agent, code: string, userId: string, extra: Record<string, string> = {}) =>
  agent.post(`/api/devices/${code}`).send({ Name: 'Site receiver', Type: 'base', Registered_User_Id: userId, ...extra });
const rowsOf = (code: string) =>
  h.db.query<{ owner_id: string; claimed: boolean }>('SELECT owner_id, claimed_at IS NOT NULL AS claimed FROM devices WHERE code = $1', [code]);

describe('a squatter who registers a receiver\'s serial first', () => {
  it('gets nothing when the real receiver connects with its printed key, and the owner registers and activates it', async () => {
    const squatter = await h.owner('Squatter');
    const owner = await h.owner('Owner');
    const code = freshCode();
    const held = await register(squatter.agent, code, squatter.userId).expect(201);
    expect(held.body.device.Claimed).toBe(false);

    // the real receiver, out of its box, connects with the key printed on it: refused, and nothing is claimed
    expect(await login(code, keyOf(code))).toBe(4);
    expect(await rowsOf(code)).toEqual([{ owner_id: squatter.userId, claimed: false }]);
    await squatter.agent.post(`/api/devices/${held.body.device._id}/secret`).expect(409);

    // the squatter's registration holds nothing: the owner registers the code over it
    const mine = await register(owner.agent, code, owner.userId).expect(201);
    expect(mine.body).toMatchObject({ success: true, message: 'Device registered successfully!', device: { Registered_User_Id: owner.userId, Claimed: false } });
    expect((await squatter.agent.get(`/api/user/${squatter.userId}/registereddevices`).expect(200)).body.devices).toEqual([]);
    await squatter.agent.get(`/api/devices/${held.body.device._id}`).expect(404);

    // the owner enters the key on the device page, makes the secret, and the receiver logs in with it
    await owner.agent.post(`/api/devices/${mine.body.device._id}/claim`).send({ activationKey: keyOf(code) }).expect(200);
    const secret = await owner.agent.post(`/api/devices/${mine.body.device._id}/secret`).expect(201);
    const device = await login(code, secret.body.secret);
    expect(typeof device).toBe('object');
    await (device as mqtt.MqttClient).endAsync();

    // claimed, it is the owner's for good; the key stays no login
    const again = await register(squatter.agent, code, squatter.userId).expect(409);
    expect(again.body).toEqual({ success: false, message: 'This device is already registered' });
    expect(await login(code, keyOf(code))).toBe(4);
    expect(await rowsOf(code)).toEqual([{ owner_id: owner.userId, claimed: true }]);
  });

  it('cannot take back a code its owner registered with the key: claimed in one step', async () => {
    const squatter = await h.owner('Squatter');
    const owner = await h.owner('Owner');
    const code = freshCode();
    await register(squatter.agent, code, squatter.userId).expect(201);

    // a wrong key registers nothing and leaves the other registration as it was
    const wrong = await register(owner.agent, code, owner.userId, { ActivationKey: keyOf(`${code}-X`) }).expect(400);
    expect(wrong.body).toEqual({ success: false, message: 'Wrong activation key' });
    expect(await rowsOf(code)).toEqual([{ owner_id: squatter.userId, claimed: false }]);

    const mine = await register(owner.agent, code, owner.userId, { ActivationKey: ` ${keyOf(code)} ` }).expect(201);
    expect(mine.body.device).toMatchObject({ Registered_User_Id: owner.userId, Claimed: true });
    await register(squatter.agent, code, squatter.userId).expect(409);
    await owner.agent.post(`/api/devices/${mine.body.device._id}/secret`).expect(201);
  });

  it('replaces an owner\'s registration made without the key, until the owner enters it', async () => {
    const squatter = await h.owner('Squatter');
    const owner = await h.owner('Owner');
    const code = freshCode();
    await register(owner.agent, code, owner.userId).expect(201);
    const taken = await register(squatter.agent, code, squatter.userId).expect(201);
    // the squatter holds an unclaimed row, and no more: no secret, the receiver's key is no login
    await squatter.agent.post(`/api/devices/${taken.body.device._id}/secret`).expect(409);
    expect(await login(code, keyOf(code))).toBe(4);
    // the key on the device page of the squatter's own registration is a wrong key for anyone who lacks it
    await squatter.agent.post(`/api/devices/${taken.body.device._id}/claim`).send({ activationKey: 'guessed-key-000000000000' }).expect(400);
    // the owner registers again, with the key this time
    await register(owner.agent, code, owner.userId, { ActivationKey: keyOf(code) }).expect(201);
    expect(await rowsOf(code)).toEqual([{ owner_id: owner.userId, claimed: true }]);
  });

  it('tells the browser that devices need their activation key', async () => {
    const { body } = await h.agent().get('/api/config').expect(200);
    expect(body.deviceActivation).toBe(true);
  });
});

describe('registrations per account', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ rateLimitScale: 1, deviceActivationSecret: MAKER_KEY });
  });
  afterAll(() => limited.close());

  it('refuses a burst beyond 30 in 15 minutes with a clear 429, counting refused ones too', async () => {
    const user = await limited.verifiedUser();
    const code = freshCode();
    const statuses: number[] = [];
    for (let i = 0; i < 29; i++) statuses.push((await register(user.agent, `${code}-${i}`, user.userId)).status);
    // a refused one counts: probing codes costs the same budget
    statuses.push((await register(user.agent, `${code}-0`, user.userId)).status);
    expect(statuses).toEqual([...Array(29).fill(201), 409]);
    const refused = await register(user.agent, `${code}-30`, user.userId).expect(429);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^Too many device registrations from this account\. Try again in \d+ minutes?\.$/);
    expect(await limited.db.query('SELECT 1 FROM devices WHERE code = $1', [`${code}-30`])).toEqual([]);
    // another account is not affected
    const other = await limited.verifiedUser();
    await register(other.agent, `${code}-30`, other.userId).expect(201);
  }, 120_000);
});
