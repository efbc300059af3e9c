import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type LiveReading } from '@smi/contracts';
import { eventually } from '../realtime/live-harness.js';
import { startPrivateRedis } from '../testing/private-redis.js';
import { spawnGateway } from '../testing/spawn-gateway.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

const { DATABASE_URL } = process.env;
const GGA = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';
const json = { 'content-type': 'application/json' };

// The distributed mode (two api processes, one gateway, PostgreSQL and Redis) with a redis-server of the test's own,
// stopped and started again. Runs in the PostgreSQL pass (DATABASE_URL set, as .ci/run does).
describe.runIf(DATABASE_URL)('Redis stops under two api processes and a gateway (runs only with DATABASE_URL set)', () => {
  const schema = `ro_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let gateway: { child: ChildProcess; port: number; output: () => string };
  let api1: SpawnedServer;
  let api2: SpawnedServer;
  const sockets: Socket[] = [];
  let rover: MqttClient | undefined;
  let publisher: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redis.url, JWT_SECRET: 'redis-outage-secret-0123456789-0123456789' };
    gateway = await spawnGateway({ ...env, MQTT_PORT: '0' });
    const apiEnv = { ...env, EMBEDDED_GATEWAY: 'off', GATEWAY_MQTT_URL: `mqtt://127.0.0.1:${gateway.port}`, MQTT_PORT: String(gateway.port) };
    api1 = await spawnServer(apiEnv); // one at a time: both migrate the same schema on start
    api2 = await spawnServer(apiEnv);
  }, 120_000);

  afterAll(async () => {
    clearInterval(publisher);
    await rover?.endAsync(true);
    for (const s of sockets) s.close();
    await Promise.all([api1?.stop(), api2?.stop()]);
    gateway?.child.kill('SIGTERM');
    await redis?.stop();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {}); // cleanup: a schema left behind harms no other test
    await admin.end();
  }, 60_000);

  /** A browser on one api process, subscribing on every (re)connection, recording the device's readings. */
  function browser(server: SpawnedServer, cookie: string, code: string) {
    const socket = connectSocket(server.url, { transports: ['websocket'], extraHeaders: { cookie, origin: server.url }, reconnectionDelay: 200, forceNew: true });
    sockets.push(socket);
    const got: LiveReading[] = [];
    socket.on('connect', () => socket.emit(SOCKET_EVENTS.subscribe, code));
    socket.on(SOCKET_EVENTS.deviceData, (r: LiveReading) => got.push(r));
    return { socket, got };
  }

  it('each api process keeps serving its own clients; cross-process delivery resumes when Redis is back', async () => {
    const email = `ro${Date.now()}@example.com`;
    const reg = await fetch(`${api1.url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Outage', email, password: 'secret-1' }) });
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    await fetch(`${api1.url}/api/auth/sendverifyotp`, { headers: { cookie } });
    const otp = await eventually(() => api1.output().match(/Your verification code is (\d{6})/)?.[1]);
    expect((await fetch(`${api1.url}/api/auth/verify-email`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ otp }) })).status).toBe(200);
    const [user] = (await admin.query(`SELECT id FROM "${schema}".users WHERE email = $1`, [email])).rows;
    const [device] = (await admin.query(`INSERT INTO "${schema}".devices (code, name, type, owner_id) VALUES ('RO-ROVER', 'Rover', 'rover', $1) RETURNING id`, [user.id])).rows;
    const { secret } = (await (await fetch(`${api1.url}/api/devices/${device.id}/secret`, { method: 'POST', headers: { cookie } })).json()) as { secret: string };

    const b1 = browser(api1, cookie, 'RO-ROVER');
    const b2 = browser(api2, cookie, 'RO-ROVER');
    rover = await mqtt.connectAsync(`mqtt://127.0.0.1:${gateway.port}`, { username: 'RO-ROVER', password: secret, reconnectPeriod: 500 });
    publisher = setInterval(() => rover!.publish('devices/RO-ROVER/nmea', GGA), 200);
    await eventually(() => b1.got.length > 0 && b2.got.length > 0);

    await redis.stop();
    // each process still answers its own clients: sign-in (rate limits fall back to memory), reads, new sockets
    for (const api of [api1, api2]) {
      const login = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret-1' }) });
      expect(login.status).toBe(200);
      const me = await fetch(`${api.url}/api/user/data`, { headers: { cookie } });
      expect(me.status).toBe(200);
      const fresh = browser(api, cookie, 'RO-ROVER');
      await eventually(() => fresh.socket.connected);
    }
    for (const [name, p] of [['api 1', api1], ['api 2', api2], ['gateway', gateway]] as const) {
      expect(p.child.exitCode, `${name} exited:\n${p.output().slice(-3000)}`).toBeNull();
    }

    await redis.start();
    // readings flow to both processes again
    const [n1, n2] = [b1.got.length, b2.got.length];
    await eventually(() => b1.got.length > n1 + 2 && b2.got.length > n2 + 2);
    // and a logout on one process ends the user's sockets on the other (socket.io's Redis adapter)
    const onApi2 = browser(api2, cookie, 'RO-ROVER');
    await eventually(() => onApi2.socket.connected);
    const ended = new Promise((ok) => onApi2.socket.once('disconnect', ok));
    await eventually(async () => {
      // the adapter's subscriber may still be reconnecting: sign in and out again until the logout is heard (a second
      // logout with the session the first one ended would end nothing)
      const login = await fetch(`${api1.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret-1' }) });
      const session = login.headers.get('set-cookie')?.split(';')[0];
      if (session) await fetch(`${api1.url}/api/auth/logout`, { method: 'POST', headers: { cookie: session } });
      return Promise.race([ended.then(() => true), new Promise((ok) => setTimeout(() => ok(false), 1000))]);
    });
    expect(await ended).toBe('io server disconnect');
  }, 110_000);
});
