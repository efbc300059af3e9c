import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type PointsChangedEvent, type WatchProjectAck } from '@smi/contracts';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';
import { spawnGateway } from '../testing/spawn-gateway.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';
import { connected, eventually, recorder, subscribe } from './live-harness.js';

const { DATABASE_URL, REDIS_URL } = process.env;
const GGA = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';

// The distributed mode needs a PostgreSQL server and Redis (`eval "$(bash scripts/services-up.sh)"`, as .ci/run does).
describe.runIf(DATABASE_URL && REDIS_URL)('two api processes and one gateway on PostgreSQL and Redis (runs only with DATABASE_URL and REDIS_URL set)', () => {
  const schema = `mp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let gateway: { child: ChildProcess; port: number };
  let api1: SpawnedServer;
  let api2: SpawnedServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: REDIS_URL!, JWT_SECRET: 'multi-process-secret-0123456789-0123456789', LOG_LEVEL: 'info' };
    gateway = await spawnGateway({ ...env, MQTT_PORT: '0' });
    const apiEnv = { ...env, EMBEDDED_GATEWAY: 'off', GATEWAY_MQTT_URL: `mqtt://127.0.0.1:${gateway.port}`, MQTT_PORT: String(gateway.port) };
    // one at a time: both migrate the same schema on start
    api1 = await spawnServer(apiEnv);
    api2 = await spawnServer(apiEnv);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([api1?.stop(), api2?.stop()]);
    gateway?.child.kill('SIGTERM');
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {}); // cleanup: a schema left behind harms no other test
    await admin.end();
  });

  it('a reading published to the gateway reaches a socket on the other api process; a logout on one ends sockets on the other', async () => {
    const email = `mp${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    const reg = await fetch(`${api1.url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Distributed', email, password: 'secret-1' }) });
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    await fetch(`${api1.url}/api/auth/sendverifyotp`, { headers: { cookie } });
    const code = await eventually(() => api1.output().match(/Your verification code is (\d{6})/)?.[1]);
    expect((await fetch(`${api1.url}/api/auth/verify-email`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ otp: code }) })).status).toBe(200);
    const [user] = (await admin.query(`SELECT id FROM "${schema}".users WHERE email = $1`, [email])).rows;
    const [device] = (await admin.query(`INSERT INTO "${schema}".devices (code, name, type, owner_id) VALUES ('MP-ROVER', 'Rover', 'rover', $1) RETURNING id`, [user.id])).rows;
    const secretReply = await fetch(`${api1.url}/api/devices/${device.id}/secret`, { method: 'POST', headers: { cookie } });
    const { secret } = (await secretReply.json()) as { secret: string };

    // the browser is connected to the second api process
    const socket = connectSocket(api2.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await connected(socket);
    const feed = recorder(socket);
    expect(await subscribe(socket, 'MP-ROVER')).toMatchObject({ success: true });

    const rover = await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, { username: 'MP-ROVER', password: secret, reconnectPeriod: 0 });
    await rover.publishAsync('devices/MP-ROVER/nmea', GGA, { qos: 1 });
    const { reading } = await feed.next((e) => e.reading.deviceCode === 'MP-ROVER');
    expect(reading).toMatchObject({ fixType: 'rtk-float', satellites: 40, latitude: expect.closeTo(51.150437, 5) });
    await rover.endAsync();

    // logging out on the first process disconnects the socket held by the second (socket.io Redis adapter)
    const gone = new Promise((ok) => socket.once('disconnect', ok));
    await fetch(`${api1.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(await gone).toBe('io server disconnect');
  });

  it('a point recorded through one api process is pushed to a member watching its project on the other', async () => {
    const email = `mp-points-${Date.now()}@example.com`;
    const agent = request.agent(api1.url);
    await agent.post('/api/auth/register').send({ name: 'Distributed surveyor', email, password: 'secret-1' }).expect(201);
    const codes = () => [...api1.output().matchAll(/Your verification code is (\d{6})/g)].map((m) => m[1]!);
    const mailed = codes().length;
    await agent.get('/api/auth/sendverifyotp').expect(200);
    const code = await eventually(() => codes()[mailed]);
    await agent.post('/api/auth/verify-email').send({ otp: code }).expect(200);
    const project = await createProject(agent, await registerDevice(agent, 'base'), [await registerDevice(agent, 'rover')]);
    const cookie = (await fetch(`${api1.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret-1' }) }))
      .headers.get('set-cookie')!
      .split(';')[0]!;

    // the office watches through the second process
    const socket = connectSocket(api2.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await connected(socket);
    const pushed: PointsChangedEvent[] = [];
    socket.on(SOCKET_EVENTS.pointsChanged, (e: PointsChangedEvent) => pushed.push(e));
    const ack = await new Promise<WatchProjectAck>((ok) => socket.emit(SOCKET_EVENTS.watchProject, { ProjectId: project._id }, ok));
    expect(ack).toMatchObject({ success: true });

    const made = await recordPoint(agent, project._id, { Name: 'FROM-API-1' });
    const got = await eventually(() => pushed.flatMap((e) => e.Changes).find((c) => c.PointId === made._id));
    expect(got.Point).toMatchObject({ _id: made._id, Name: 'FROM-API-1', ProjectId: project._id });
    expect(pushed[0]!.From).toBe(ack.Cursor);
  });
});
