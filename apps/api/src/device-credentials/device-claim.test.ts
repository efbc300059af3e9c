import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceActivationKey } from '@smi/devices';
import { startHarness, type Harness } from '../testing/harness.js';
import { startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

// the maker's key: the activation key on a device's label is HMAC(maker key, code)
const MAKER_KEY = 'maker-key-for-the-claim-tests-0123456789abcdef';
const keyOf = (code: string) => deviceActivationKey(MAKER_KEY, code);

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ deviceActivationSecret: MAKER_KEY });
});
afterAll(() => h.close());

const login = (username: string, password: string) =>
  mqtt.connectAsync(h.mqttUrl, { username, password, reconnectPeriod: 0 }).then(
    (c) => c,
    (err: { code?: number }) => err.code,
  );
let n = 0;
const freshCode = () => `CLAIM-${Date.now().toString(36).toUpperCase()}-${++n}`;
// the registration call, as the Register New Device screen makes it
const register = (agent: LiveHarness['agent'] extends () => infer A ? A : never, code: string, userId: string) =>
  agent.post(`/api/devices/${code}`).send({ Name: 'Field rover', Type: 'rover', Registered_User_Id: userId });

describe('device codes claimed with the maker\'s activation key (decisions 027, 037)', () => {
  it('registers with the usual reply, unclaimed: no secret, no MQTT login, not even with another device\'s key', async () => {
    const owner = await h.owner();
    const code = freshCode();
    const { body } = await register(owner.agent, code, owner.userId).expect(201);
    expect(body).toMatchObject({ success: true, message: 'Device registered successfully!', device: { DeviceCode: code, Claimed: false } });
    const secret = await owner.agent.post(`/api/devices/${body.device._id}/secret`).expect(409);
    expect(secret.body).toEqual({ success: false, message: 'This device is not activated yet: enter the activation key printed on it first' });
    expect(await login(code, 'any-password-at-all-0123456789ab')).toBe(4);
    expect(await login(code, keyOf(`${code}-OTHER`))).toBe(4);
    const [row] = await h.db.query<{ claimed_at: Date | null; secret_hash: string | null }>('SELECT claimed_at, secret_hash FROM devices WHERE code = $1', [code]);
    expect(row).toEqual({ claimed_at: null, secret_hash: null });
  });

  it('is claimed by the owner entering the key; then the secret and mosquitto-style login work and the key is no login', async () => {
    const owner = await h.owner();
    const code = freshCode();
    const { body } = await register(owner.agent, code, owner.userId).expect(201);
    const id = body.device._id as string;
    const wrong = await owner.agent.post(`/api/devices/${id}/claim`).send({ activationKey: keyOf(`${code}X`) }).expect(400);
    expect(wrong.body).toEqual({ success: false, message: 'Wrong activation key' });
    // another account answers exactly as for a missing device, right key or not
    const stranger = await h.owner();
    const theirs = await stranger.agent.post(`/api/devices/${id}/claim`).send({ activationKey: keyOf(code) }).expect(404);
    const missing = await stranger.agent.post('/api/devices/00000000-0000-4000-8000-000000000000/claim').send({ activationKey: keyOf(code) }).expect(404);
    expect(theirs.body).toEqual(missing.body);

    const claimed = await owner.agent.post(`/api/devices/${id}/claim`).send({ activationKey: ` ${keyOf(code)} ` }).expect(200);
    expect(claimed.body).toMatchObject({ success: true, message: 'Device activated', device: { _id: id, Claimed: true } });
    const again = await owner.agent.post(`/api/devices/${id}/claim`).send({ activationKey: 'anything' }).expect(200);
    expect(again.body.message).toBe('Device already activated');

    const made = await owner.agent.post(`/api/devices/${id}/secret`).expect(201);
    const client = await login(code, made.body.secret);
    expect(typeof client).toBe('object');
    await (client as mqtt.MqttClient).endAsync();
    expect(await login(code, keyOf(code))).toBe(4);
  });

  it('keeps devices registered before (claimed) working as they did', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const client = await login(rover.code, rover.secret);
    expect(typeof client).toBe('object');
    await (client as mqtt.MqttClient).endAsync();
  });
});

describe('without a maker key (no DEVICE_ACTIVATION_SECRET)', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness();
  });
  afterAll(() => plain.close());

  it('registers devices claimed at once, as registration has always had them', async () => {
    const user = await plain.verifiedUser();
    const code = freshCode();
    const { body } = await user.agent.post(`/api/devices/${code}`).send({ Name: 'R', Type: 'rover', Registered_User_Id: user.userId }).expect(201);
    expect(body.device.Claimed).toBe(true);
    const claim = await user.agent.post(`/api/devices/${body.device._id}/claim`).send({ activationKey: 'x' }).expect(200);
    expect(claim.body.message).toBe('Device already activated');
  });
});
