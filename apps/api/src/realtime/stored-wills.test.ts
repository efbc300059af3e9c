import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalTopics } from '@smi/contracts';
import { migrate, openDb, openTestDb, type Db } from '@smi/db';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import { serviceCredential, silentLog, startGateway, type Gateway } from '@smi/gateway';
import { startPrivateRedis } from '../testing/private-redis.js';
import { spawnGateway } from '../testing/spawn-gateway.js';
import { eventually } from './live-harness.js';

// the encoding aedes-persistence-redis stores wills with: its own msgpack-lite, reached through it from the gateway
const fromGateway = createRequire(new URL('../../../gateway/package.json', import.meta.url));
const msgpack = createRequire(fromGateway.resolve('aedes-persistence-redis'))('msgpack-lite') as { encode(v: unknown): Buffer };

const JWT_SECRET = 'stored-wills-secret-0123456789-0123456789';
const HEARTBEAT_MS = 200;

// A device connected to gateway A sets a will; A is killed; gateway B, sharing Redis, takes the
// stored will over and publishes it with no client. The will must be the device's own message, never a forged
// readings batch or a revoke of another account's base.
describe('wills stored in Redis, taken over by another gateway process after a SIGKILL', () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let dir: string;
  let a: { child: ChildProcess; port: number; output: () => string };
  let bDb: Db;
  let b: Gateway;
  let observer: MqttClient;
  const seen: { topic: string; payload: string }[] = [];
  const devices: { code: string; secret: string }[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    dir = mkdtempSync(join(tmpdir(), 'smi-wills-'));
    // gateway A's database (PGlite in its DATA_DIR), with two devices of two accounts
    const db = await openDb({ dataDir: join(dir, 'db') });
    await migrate(db);
    for (const code of ['WILL-ATTACKER', 'WILL-VICTIM']) {
      const [user] = await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash, is_verified) VALUES ('U', $1, 'x', true) RETURNING id`, [`${code}@example.com`]);
      const secret = newDeviceSecret();
      await db.query('INSERT INTO devices (code, name, type, owner_id, connected, secret_hash) VALUES ($1, $1, $2, $3, true, $4)', [code, code.endsWith('VICTIM') ? 'base' : 'rover', user!.id, await hashDeviceSecret(secret)]);
      devices.push({ code, secret });
    }
    await db.close();
    const env = { DATA_DIR: dir, REDIS_URL: redis.url, JWT_SECRET, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MQTT_HEARTBEAT_MS: String(HEARTBEAT_MS) };
    a = await spawnGateway(env);
    bDb = await openTestDb();
    const service = serviceCredential({ jwtSecret: JWT_SECRET });
    b = await startGateway({ db: bDb, log: silentLog, service, port: 0, host: '127.0.0.1', redisUrl: redis.url, offlineAfterS: 30, heartbeatIntervalMs: HEARTBEAT_MS });
    observer = await mqtt.connectAsync(b.localUrl, { ...service, reconnectPeriod: 0 });
    observer.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString() }));
    await observer.subscribeAsync(['smi/internal/control/#', 'smi/internal/readings/+', 'devices/#']);
    // B must know A alive first, so that A's wills wait for A's death
    await eventually(() => Object.keys((b.broker as unknown as { brokers: Record<string, number> }).brokers).length >= 2);
  }, 120_000);

  afterAll(async () => {
    if (b) await observer?.endAsync();
    await b?.close();
    await bDb?.close();
    if (a && a.child.exitCode === null) a.child.kill('SIGKILL');
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses at CONNECT a will on the internal topics, keeps a will on the device\'s own topic, and only that one goes out after the kill', async () => {
    const [attacker, victim] = devices as [{ code: string; secret: string }, { code: string; secret: string }];
    const url = `mqtt://127.0.0.1:${a.port}`;
    const attempt = (will: { topic: string; payload: string }, clientId?: string) =>
      mqtt
        .connectAsync(url, { username: attacker.code, password: attacker.secret, clientId, reconnectPeriod: 0, will: { ...will, qos: 0, retain: false } })
        .then(
          (c) => c,
          (err: { code?: number }) => err.code,
        );
    const forgedBatch = JSON.stringify([{ deviceCode: victim.code, deviceName: 'forged', latitude: 1, longitude: 2 }]);
    const revoke = await attempt({ topic: internalTopics.revoke, payload: victim.code }, 'revoker');
    const forged = await attempt({ topic: internalTopics.readings('gw-forged'), payload: forgedBatch }, 'forger');
    const foreign = await attempt({ topic: `devices/${victim.code}/status`, payload: '{"battery":1}' }, 'foreign');
    expect([revoke, forged, foreign]).toEqual([5, 5, 5]);

    // the device's own will, once with an id and once without one (aedes would otherwise invent an id that names nobody)
    const own = await attempt({ topic: `devices/${attacker.code}/status`, payload: '{"battery":42}' }, 'own');
    const anonymous = await attempt({ topic: `devices/${attacker.code}/reading`, payload: '{"battery":43}' });
    expect(typeof own).toBe('object');
    expect(typeof anonymous).toBe('object');

    a.child.kill('SIGKILL');
    await eventually(() => seen.some((m) => m.payload === '{"battery":42}') && seen.some((m) => m.payload === '{"battery":43}'));
    expect(seen.filter((m) => m.topic.startsWith('smi/internal/control/') || m.payload.includes('forged'))).toEqual([]);
    expect(seen.filter((m) => m.topic.startsWith('devices/')).map((m) => m.topic).sort()).toEqual([`devices/${attacker.code}/reading`, `devices/${attacker.code}/status`]);
    for (const c of [own, anonymous]) (c as MqttClient).end(true);
  }, 60_000);

  // The CONNECT check above keeps a forged will out of Redis, so the refusal of a will published with no client is
  // reached only by one planted there directly (another component writing to Redis, a gateway of an older version):
  // stored exactly as aedes-persistence-redis' putWill stores them, under a broker id that never sent a heartbeat.
  it('refuses to publish a forged will planted in Redis for a dead broker, and deletes it; a planted own will goes out', async () => {
    const [attacker, victim] = devices as [{ code: string; secret: string }, { code: string; secret: string }];
    const deadBroker = `dead-${randomUUID()}`;
    const forgedBatch = JSON.stringify([{ deviceCode: victim.code, deviceName: 'planted-forged', latitude: 1, longitude: 2 }]);
    const wills = [
      { clientId: `${attacker.code}/planted-revoke`, topic: internalTopics.revoke, payload: victim.code },
      { clientId: `${attacker.code}/planted-forger`, topic: internalTopics.readings('gw-planted'), payload: forgedBatch },
      { clientId: `${attacker.code}/planted-foreign`, topic: `devices/${victim.code}/status`, payload: '{"battery":7,"note":"planted-forged"}' },
      { clientId: `aedes_${randomUUID()}`, topic: `devices/${victim.code}/status`, payload: '{"battery":8,"note":"planted-forged"}' },
      { clientId: '$smi-service/api', topic: internalTopics.revoke, payload: victim.code },
      // the control: a will a device may set, planted the same way, must be published (so the round did run)
      { clientId: `${attacker.code}/planted-own`, topic: `devices/${attacker.code}/status`, payload: '{"battery":44}' },
    ];
    // aedes starts the check of a will before it awaits it: a refusal there was an unhandled rejection, which ends a
    // real gateway process (Node's default), so none may happen
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const before = seen.length;
    const refusedBefore = b.counters.unauthorizedPublishes;
    const r = createClient({ url: redis.url });
    await r.connect();
    try {
      for (const w of wills) {
        const key = `will:${deadBroker}:${encodeURIComponent(w.clientId)}`;
        const packet = { cmd: 'publish', topic: w.topic, payload: Buffer.from(w.payload), qos: 0, retain: true, dup: false, clientId: w.clientId, brokerId: deadBroker };
        await r.set(key, msgpack.encode(packet));
        await r.rPush('will', key);
      }
      await eventually(async () => seen.slice(before).some((m) => m.payload === '{"battery":44}') && (await r.lLen('will')) === 0);
      // every refused will was deleted, not left to be tried again each round
      expect(await r.keys(`will:${deadBroker}:*`)).toEqual([]);
    } finally {
      await r.quit();
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    const after = seen.slice(before);
    expect(after.filter((m) => m.topic.startsWith('smi/internal/control/') || m.payload.includes('planted-forged'))).toEqual([]);
    expect(after.filter((m) => m.topic.startsWith('devices/')).map((m) => m.topic)).toEqual([`devices/${attacker.code}/status`]);
    expect(b.counters.unauthorizedPublishes - refusedBefore).toBe(5);
  }, 60_000);

  it('leaves no Redis connection behind once closed', async () => {
    await observer.endAsync();
    await b.close();
    // closed here: afterAll must not close it again
    b = undefined as unknown as Gateway;
    const r = createClient({ url: redis.url });
    await r.connect();
    try {
      // only this client is left (aedes closed its emitter but left its persistence's client reconnecting for good)
      const clients = async () => String(await r.sendCommand(['CLIENT', 'LIST'])).trim().split('\n').length;
      await eventually(async () => (await clients()) === 1);
      expect(await clients()).toBe(1);
    } finally {
      await r.quit();
    }
  }, 30_000);
});

// The same planted wills taken over by a gateway process of its own (no in-process test runner to catch errors):
// it must refuse them and stay up. Refused inside aedes' will round they were unhandled rejections, which end Node.
describe('a gateway process taking over forged wills from Redis', () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let dir: string;
  let gw: { child: ChildProcess; port: number; output: () => string };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    dir = mkdtempSync(join(tmpdir(), 'smi-wills-proc-'));
    gw = await spawnGateway({ DATA_DIR: dir, REDIS_URL: redis.url, JWT_SECRET, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MQTT_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  }, 120_000);

  afterAll(async () => {
    if (gw && gw.child.exitCode === null) gw.child.kill('SIGKILL');
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses and deletes them and keeps running', async () => {
    const deadBroker = `dead-${randomUUID()}`;
    const wills = [
      { clientId: 'WILL-ATTACKER/planted-revoke', topic: internalTopics.revoke, payload: 'WILL-VICTIM' },
      { clientId: `aedes_${randomUUID()}`, topic: 'devices/WILL-VICTIM/status', payload: '{"battery":8}' },
      { clientId: 'WILL-ATTACKER/planted-own', topic: 'devices/WILL-ATTACKER/status', payload: '{"battery":44}' },
    ];
    const r = createClient({ url: redis.url });
    await r.connect();
    try {
      for (const w of wills) {
        const key = `will:${deadBroker}:${encodeURIComponent(w.clientId)}`;
        await r.set(key, msgpack.encode({ cmd: 'publish', topic: w.topic, payload: Buffer.from(w.payload), qos: 0, retain: false, dup: false, clientId: w.clientId, brokerId: deadBroker }));
        await r.rPush('will', key);
      }
      await eventually(async () => gw.child.exitCode !== null || (await r.lLen('will')) === 0);
      // two more rounds (one every 4 heartbeats), in case the process is still on its way down
      await new Promise((ok) => setTimeout(ok, 8 * HEARTBEAT_MS + 500));
      expect(gw.child.exitCode, gw.output()).toBeNull();
      expect(await r.keys(`will:${deadBroker}:*`)).toEqual([]);
      expect(gw.output()).toContain('stored will refused');
    } finally {
      await r.quit();
    }
  }, 60_000);
});
