import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { publicConfigReply } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

describe('GET /api/config', () => {
  let live: LiveHarness;
  let bare: Harness;
  beforeAll(async () => {
    [live, bare] = await Promise.all([startLiveHarness(), startHarness()]);
  });
  afterAll(async () => {
    await Promise.all([live?.close(), bare?.close()]);
  });

  it('tells anyone, signed in or not, the tile source and the broker a device connects to', async () => {
    const { body } = await request(live.server).get('/api/config').expect(200);
    expect(publicConfigReply.parse(body)).toEqual({
      success: true,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      brokerUrl: `mqtt://127.0.0.1:${live.gateway.port}`,
      deviceActivation: false,
    });
  });

  it('gives the same broker address as a new device secret does', async () => {
    const owner = await live.owner();
    const [row] = await live.db.query<{ id: string }>("INSERT INTO devices (code, name, type, owner_id) VALUES ('CFG-1', 'R', 'rover', $1) RETURNING id", [owner.userId]);
    const secret = await owner.agent.post(`/api/devices/${row!.id}/secret`).expect(201);
    const config = await owner.agent.get('/api/config').expect(200);
    expect(config.body.brokerUrl).toBe(secret.body.brokerUrl);
  });

  it('names the host the browser used when no public URL is set', async () => {
    const { body } = await request(live.server).get('/api/config').set('Host', 'survey.example.com').expect(200);
    expect(body.brokerUrl).toBe(`mqtt://survey.example.com:${live.gateway.port}`);
  });

  it('answers the configured TILE_URL, and null for the broker while the MQTT gateway is not running', async () => {
    bare.deps.config.tileUrl = 'https://{s}.tiles.example.com/{z}/{x}/{y}.png';
    const { body } = await request(bare.server).get('/api/config').expect(200);
    expect(body).toEqual({ success: true, tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', brokerUrl: null, deviceActivation: false });
  });
});
