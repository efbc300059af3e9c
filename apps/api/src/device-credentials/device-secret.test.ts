import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(() => h.close());

const login = (url: string, username: string, password: string) =>
  mqtt.connectAsync(url, { username, password, reconnectPeriod: 0 }).then(
    (c) => c,
    (err: { code?: number }) => err.code,
  );

describe('POST /api/devices/:id/secret', () => {
  it('gives the owner a new secret once, with the username and broker address', async () => {
    const owner = await h.owner();
    const [row] = await h.db.query<{ id: string }>("INSERT INTO devices (code, name, type, owner_id) VALUES ('CRED-1', 'R', 'rover', $1) RETURNING id", [owner.userId]);
    const { body } = await owner.agent.post(`/api/devices/${row!.id}/secret`).expect(201);
    expect(body).toEqual({
      success: true,
      message: 'New device secret created. It is shown only once.',
      username: 'CRED-1',
      secret: expect.stringMatching(/^[\w-]{32}$/),
      brokerUrl: `mqtt://127.0.0.1:${h.gateway.port}`,
    });
    const [stored] = await h.db.query<{ secret_hash: string }>('SELECT secret_hash FROM devices WHERE id = $1', [row!.id]);
    expect(stored!.secret_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(stored!.secret_hash).not.toContain(body.secret);
    const client = await login(h.mqttUrl, 'CRED-1', body.secret);
    expect(typeof client).toBe('object');
    await (client as mqtt.MqttClient).endAsync();
  });

  it('ends the old secret at once and disconnects a device still using it', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const old = (await login(h.mqttUrl, rover.code, rover.secret)) as mqtt.MqttClient;
    const closed = new Promise<void>((ok) => old.once('close', () => ok()));
    const { body } = await owner.agent.post(`/api/devices/${rover.id}/secret`).expect(201);
    // refused from the moment the reply is out
    expect(await login(h.mqttUrl, rover.code, rover.secret)).toBe(4);
    await closed;
    old.end(true);
    const fresh = (await login(h.mqttUrl, rover.code, body.secret)) as mqtt.MqttClient;
    expect(fresh.connected).toBe(true);
    await fresh.endAsync();
  });

  it('answers another account\'s device exactly like a missing one', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const stranger = await h.owner();
    const theirs = await stranger.agent.post(`/api/devices/${rover.id}/secret`).expect(404);
    const missing = await stranger.agent.post('/api/devices/00000000-0000-4000-8000-000000000000/secret').expect(404);
    expect(theirs.body).toEqual({ success: false, message: 'Device not found' });
    expect(missing.body).toEqual(theirs.body);
    // and the owner's secret still works
    const client = (await login(h.mqttUrl, rover.code, rover.secret)) as mqtt.MqttClient;
    await client.endAsync();
  });

  it('refuses a bad id with 400 and a signed-out caller with 401', async () => {
    const owner = await h.owner();
    expect((await owner.agent.post('/api/devices/not-an-id/secret').expect(400)).body).toMatchObject({ success: false, message: expect.stringContaining('must be a valid id') });
    await h.agent().post('/api/devices/00000000-0000-4000-8000-000000000000/secret').expect(401);
  });
});
