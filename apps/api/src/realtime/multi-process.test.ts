import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

