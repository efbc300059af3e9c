import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCCUPATION_EVENT, type OccupationView } from '@smi/contracts';
import { replay } from '@smi/gateway/testing/nmea-replay';
import { connected, eventually } from '../realtime/live-harness.js';
import { call, seedSurveyor } from '../testing/product-client.js';
import { spawnGateway } from '../testing/spawn-gateway.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

const { DATABASE_URL, REDIS_URL } = process.env;
type Gateway = { child: ChildProcess; port: number; output: () => string };
const idOf = (g: Gateway) => g.output().match(/"gateway":"(gw-[0-9a-f]+)"/)![1]!;
const exited = (g: Gateway) => new Promise((ok) => (g.child.exitCode !== null || g.child.signalCode !== null ? ok(null) : g.child.once('exit', ok)));

// Distributed mode (decision 021): an occupation runs in the gateway process that ingests the rover, whichever that is.
// Needs PostgreSQL and Redis (`eval "$(bash scripts/services-up.sh)"`).
describe.runIf(DATABASE_URL && REDIS_URL)('an occupation with two gateway processes on PostgreSQL and Redis (runs only with DATABASE_URL and REDIS_URL set)', () => {
  const schema = `occ_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let env: Record<string, string>;
  let apiEnv: Record<string, string>;
  let gw1: Gateway;
  let gw2: Gateway;
  let api: SpawnedServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.query(`SET search_path TO "${schema}"`);
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = { DATABASE_URL: url.toString(), REDIS_URL: REDIS_URL!, JWT_SECRET: 'occupation-two-gateways-0123456789-0123456789', LOG_LEVEL: 'info' };
    gw1 = await spawnGateway({ ...env, MQTT_PORT: '0' });
    gw2 = await spawnGateway({ ...env, MQTT_PORT: '0' });
    // the api talks to the first gateway only; the second hears its commands through Redis
    apiEnv = { ...env, EMBEDDED_GATEWAY: 'off', GATEWAY_MQTT_URL: `mqtt://127.0.0.1:${gw1.port}`, MQTT_PORT: String(gw1.port) };
    api = await spawnServer(apiEnv);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await api?.stop();
    for (const g of [gw1, gw2]) g?.child.kill('SIGTERM');
    await Promise.all([gw1, gw2].filter(Boolean).map(exited));
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {}); // cleanup: a schema left behind harms no other test
    await admin.end();
  });

  async function surveyor(tag: string) {
    const s = await seedSurveyor(api, tag);
    const project = (await call(api.url, 'GET', `/api/projects/${s.projectId}`, s.cookie)).project as { ClientDevices: { _id: string; DeviceCode: string }[] };
    const rover = project.ClientDevices[0]!;
    const { secret } = (await call(api.url, 'POST', `/api/devices/${rover._id}/secret`, s.cookie)) as { secret: string };
    return { ...s, roverId: rover._id, code: rover.DeviceCode, secret };
  }
  type Surveyor = Awaited<ReturnType<typeof surveyor>>;

  /** The rover's connection to one gateway sends these epochs (one message each) and closes. */
  async function sendVia(g: Gateway, s: Surveyor, payloads: { text: string }[]) {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${g.port}`, { username: s.code, password: s.secret, reconnectPeriod: 0 });
    for (const p of payloads) await client.publishAsync(`devices/${s.code}/nmea`, p.text, { qos: 1 });
    await client.endAsync();
  }
  const occupation = async (s: Surveyor, id: string) => (await call(api.url, 'GET', `/api/occupations/${id}`, s.cookie)).occupation as OccupationView;
  const start = async (s: Surveyor, body: Record<string, unknown>) =>
    ((await call(api.url, 'POST', `/api/projects/${s.projectId}/occupations`, s.cookie, { DeviceId: s.roverId, Method: 'topo', ...body })).occupation as OccupationView)._id;
  const rows = async (sql: string, params: unknown[]) => (await admin.query(sql, params)).rows;
  const log = (n: number) => replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: n, startMs: Date.now() - 120_000, gstScale: 1 / 250, spreadScale: 1 / 20 });

  it('runs in the gateway that ingests the rover (not the one the api talks to), and an api restart mid-occupation changes nothing', async () => {
    const s = await surveyor('own');
    const id = await start(s, { Name: 'OWN1', Tolerances: { minEpochs: 10, minSeconds: 9 } });
    const payloads = log(20);
    await sendVia(gw2, s, payloads.slice(0, 4));
    await eventually(async () => (await occupation(s, id)).Progress.epochsUsed === 4, 100);
    expect((await rows('SELECT gateway_id FROM occupations WHERE id = $1', [id]))[0].gateway_id).toBe(idOf(gw2));

    // the api process dies and comes back while the rover goes on measuring
    await api.stop('SIGKILL');
    api = await spawnServer(apiEnv);
    await sendVia(gw2, s, payloads.slice(4));
    const done = await eventually(async () => {
      const o = await occupation(s, id);
      return o.Status === 'running' || o.Status === 'paused' ? undefined : o;
    }, 100);
    expect(done).toMatchObject({ Status: 'done', Reason: null, Progress: { epochsUsed: 10 } });
    // every raw epoch was written once, by the gateway that ran it, numbered from 0 without a gap
    const epochs = await rows('SELECT seq FROM point_epochs WHERE occupation_id = $1 ORDER BY seq', [id]);
    expect(epochs.map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, k) => k));
    const points = (await call(api.url, 'GET', `/api/points/${s.projectId}`, s.cookie)).points as { Name: string; Epochs: number }[];
    expect(points).toEqual([expect.objectContaining({ Name: 'OWN1', Epochs: expect.any(Number) })]);
  }, 120_000);

  it('a rover that reconnects to the other gateway mid-occupation fails it cleanly with the reason: no half point, the owner is told', async () => {
    const s = await surveyor('move');
    const socket = connectSocket(api.url, { transports: ['websocket'], extraHeaders: { cookie: s.cookie, origin: api.url }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await connected(socket);
    const events: OccupationView[] = [];
    socket.on(OCCUPATION_EVENT, (o: OccupationView) => events.push(o));

    const id = await start(s, { Name: 'MOVE1', Tolerances: { minEpochs: 20, minSeconds: 19 } });
    const payloads = log(25);
    await sendVia(gw1, s, payloads.slice(0, 5));
    await eventually(async () => (await occupation(s, id)).Progress.epochsUsed === 5, 100);
    // the mobile link drops; the rover comes back through the other gateway and goes on
    await sendVia(gw2, s, payloads.slice(5));
    const failed = await eventually(async () => {
      const o = await occupation(s, id);
      return o.Status === 'failed' ? o : undefined;
    }, 100);
    expect(failed.Reason).toBe(`the rover's epochs moved from gateway ${idOf(gw1)} to ${idOf(gw2)} (a reconnect to another gateway, or a restart of ${idOf(gw1)})`);
    expect(failed.PointId).toBeNull();
    await eventually(() => events.some((e) => e._id === id && e.Status === 'failed' && e.Reason === failed.Reason), 100);
    // the first gateway's epochs stay as evidence; none of the second's were taken into it
    const epochs = await rows('SELECT seq FROM point_epochs WHERE occupation_id = $1 ORDER BY seq', [id]);
    expect(epochs.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect((await call(api.url, 'GET', `/api/points/${s.projectId}`, s.cookie)).points).toEqual([]);
    // the first gateway does not race it later (its silence limit would fail it with another reason)
    await new Promise((r) => setTimeout(r, 2500));
    expect((await occupation(s, id)).Reason).toBe(failed.Reason);
    // the rover is free for the next occupation, which the gateway it is on now runs
    const next = await start(s, { Name: 'MOVE2' });
    await sendVia(gw2, s, log(8));
    await eventually(async () => (await occupation(s, next)).Status === 'done', 100);
    expect((await rows('SELECT gateway_id FROM occupations WHERE id = $1', [next]))[0].gateway_id).toBe(idOf(gw2));
  }, 120_000);

  it('a rover silent for longer than 10 s keeps its occupation when another gateway starts meanwhile', async () => {
    const s = await surveyor('quiet');
    const id = await start(s, { Name: 'Q1', Tolerances: { minEpochs: 10, minSeconds: 9 } });
    const payloads = log(20);
    await sendVia(gw2, s, payloads.slice(0, 4));
    await eventually(async () => (await occupation(s, id)).Progress.epochsUsed === 4, 100);
    // the rover says nothing for 12 s (a mobile dead spot); a third gateway starts (scaling out) and fails what it
    // thinks a dead gateway left: not this one, whose gateway keeps its heartbeat
    await new Promise((r) => setTimeout(r, 12_000));
    const gw3 = await spawnGateway({ ...env, MQTT_PORT: '0' });
    try {
      expect((await occupation(s, id)).Status).toBe('running');
      await sendVia(gw2, s, payloads.slice(4));
      const done = await eventually(async () => {
        const o = await occupation(s, id);
        return o.Status === 'running' || o.Status === 'paused' ? undefined : o;
      }, 100);
      expect(done).toMatchObject({ Status: 'done', Progress: { epochsUsed: 10 } });
    } finally {
      gw3.child.kill('SIGTERM');
      await exited(gw3);
    }
  }, 120_000);

  it('a restart of the gateway running it fails it with the reason once the rover is back', async () => {
    const s = await surveyor('restart');
    const id = await start(s, { Name: 'RS1', Tolerances: { minEpochs: 20, minSeconds: 19 } });
    const payloads = log(25);
    await sendVia(gw2, s, payloads.slice(0, 5));
    await eventually(async () => (await occupation(s, id)).Progress.epochsUsed === 5, 100);
    const before = idOf(gw2);
    gw2.child.kill('SIGKILL');
    await exited(gw2);
    gw2 = await spawnGateway({ ...env, MQTT_PORT: '0' });
    await sendVia(gw2, s, payloads.slice(5, 8));
    const failed = await eventually(async () => {
      const o = await occupation(s, id);
      return o.Status === 'failed' ? o : undefined;
    }, 100);
    expect(failed.Reason).toBe(`the rover's epochs moved from gateway ${before} to ${idOf(gw2)} (a reconnect to another gateway, or a restart of ${before})`);
    expect((await call(api.url, 'GET', `/api/points/${s.projectId}`, s.cookie)).points).toEqual([]);
  }, 120_000);
});
