import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '@smi/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayCorrectionsClients, internalTopics } from '@smi/contracts';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import { serviceCredential } from '../service-credential.js';
import { connect, createDevice, createUser, eventually } from '../testing/fixtures.js';
import { mountKey } from '@smi/ntrip';
import { capture, hasStr2str, ntrip1Get, rawNtrip, str2str } from './testing/helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const { DATABASE_URL } = process.env;
const JWT_SECRET = 'test-secret-that-is-long-enough-to-be-real-0123456789';
const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;
const MAIN = join(dirname(fileURLToPath(import.meta.url)), '../main.ts');

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** `npm run start -w @smi/gateway` as a process of its own; resolves with its MQTT and NTRIP ports once both listen. */
async function spawnGateway(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', NTRIP_PORT: '0', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ports = await new Promise<{ mqtt: number; ntrip: number }>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`gateway did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(/MQTT gateway on port (\d+)/);
      const n = out.match(/NTRIP caster on port (\d+)/);
      if (m && n) {
        clearTimeout(timer);
        ok({ mqtt: Number(m[1]), ntrip: Number(n[1]) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`gateway exited with ${code}:\n${out}`)));
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  return { ...ports, output: () => out, stop: () => (child.kill('SIGTERM'), exited) };
}
type Spawned = Awaited<ReturnType<typeof spawnGateway>>;

// Two gateway processes as in distributed mode: one PostgreSQL schema, one Redis (a private redis-server, so no other
// test's gateways share its channels), each with its own MQTT broker and NTRIP caster. Needs DATABASE_URL
// (`eval "$(bash scripts/services-up.sh)"`), redis-server and str2str.
describe.runIf(DATABASE_URL && hasRedis && hasStr2str)('a base on one gateway process, a rover on another (runs with DATABASE_URL)', () => {
  let redis: ChildProcess;
  let db: Db;
  let a: Spawned;
  let b: Spawned;
  let dir: string;
  const schema = `ntrip_mp_${randomBytes(5).toString('hex')}`;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise<void>((ok) => {
      let out = '';
      redis.stdout!.on('data', (d: Buffer) => (out += d.toString()).includes('Ready to accept connections') && ok());
    });
    db = await openDb({ databaseUrl: DATABASE_URL, schema, maxConnections: 3 });
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: `redis://127.0.0.1:${port}`, JWT_SECRET, LOG_LEVEL: 'debug' };
    // one at a time: both migrate the same schema on start
    a = await spawnGateway(env);
    b = await spawnGateway(env);
    dir = mkdtempSync(join(tmpdir(), 'ntrip-mp-'));
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {}); // cleanup: a schema left behind harms no other test
    await db?.close();
    redis?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a str2str rover on gateway B gets, byte for byte, what a str2str base pushes to gateway A; a second source on B is refused', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base', 'Far base');
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner, 'Split', base.id]);
    await db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);

    const got = join(dir, 'across.rtcm3');
    const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${b.ntrip}/${base.code}`, '-out', `file://${got}`]);
    await eventually(() => b.output().includes(`"client":"${rover.code}"`), 50);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${a.ntrip}/${base.code}`]);
    await eventually(() => a.output().includes('ntrip source connected'), 50);
    const expected = capture();
    push.write(expected);
    await eventually(() => existsSync(got) && statSync(got).size >= expected.length, 50);
    expect(readFileSync(got).equals(expected)).toBe(true);

    // the mountpoint is taken on every process while A's source lives
    const second = rawNtrip(b.ntrip, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => second.closed());
    expect(second.head()).toBe('ERROR - Mount Point Taken or Invalid\r\n');
    await Promise.all([push.stop(), pull.stop()]);
  });

  it('an NTRIP rover on B receives what a base publishes over MQTT to A', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base');
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner, 'Mixed', base.id]);
    await db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    const ntripRover = ntrip1Get(b.ntrip, base.code, rover.code, rover.secret);
    await eventually(() => ntripRover.hasHead());
    const mqttBase = await connect(`mqtt://127.0.0.1:${a.mqtt}`, { username: base.code, password: base.secret });
    const expected = capture().subarray(0, 4000);
    await mqttBase.publishAsync(`devices/${base.code}/rtcm`, expected, { qos: 1 });
    await eventually(() => ntripRover.bodyLength() >= 3000, 50);
    // whole frames only: the 4000 bytes end inside a frame, whose start is held back until the rest comes
    expect(expected.subarray(0, ntripRover.bodyLength()).equals(ntripRover.body())).toBe(true);
    ntripRover.socket.destroy();
    await mqttBase.endAsync();
  });

  it('an api connected to A hears who receives corrections on B, and a credential revoked through A is cut off on B', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base');
    const password = newDeviceSecret();
    const username = `ntrip-${Date.now().toString(16).slice(-10)}`;
    await db.query('INSERT INTO ntrip_credentials (user_id, username, secret_hash, name) VALUES ($1, $2, $3, $4)', [owner, username, await hashDeviceSecret(password), 'Tablet']);
    const pull = ntrip1Get(b.ntrip, base.code, username, password);
    await eventually(() => pull.hasHead());
    expect(pull.head()).toBe('ICY 200 OK\r\n');

    // what the api's gateway link does, on gateway A: B's report arrives through Redis
    const api = await connect(`mqtt://127.0.0.1:${a.mqtt}`, { ...serviceCredential({ jwtSecret: JWT_SECRET }) });
    const reports: { gatewayId: string; clients: { who: string; mount: string | null }[] }[] = [];
    api.on('message', (_t, payload) => reports.push(gatewayCorrectionsClients.parse(JSON.parse(payload.toString()))));
    await api.subscribeAsync(internalTopics.allCorrectionsClients);
    await eventually(() => reports.some((r) => r.clients.some((c) => c.who === username && c.mount === mountKey.base(base.code))), 100);

    await api.publishAsync(internalTopics.ntripRevoke, username, { qos: 1 });
    await eventually(() => pull.closed(), 50);
    await api.endAsync();
  });

  it('a new secret, a removed device or a deleted project signalled through A ends the pulls and pushes it let in on B', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base');
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner, 'Ends', base.id]);
    await db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    const password = newDeviceSecret();
    const username = `ntrip-${randomBytes(5).toString('hex')}`;
    await db.query('INSERT INTO ntrip_credentials (user_id, username, secret_hash, name, project_id) VALUES ($1, $2, $3, $4, $5)', [
      owner,
      username,
      await hashDeviceSecret(password),
      'Limited',
      p!.id,
    ]);
    const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${b.ntrip}/${base.code}`, '-out', 'file:///dev/null']);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${b.ntrip}/${base.code}`]);
    const controller = ntrip1Get(b.ntrip, base.code, username, password);
    await eventually(() => controller.hasHead() && b.output().includes(`"client":"${rover.code}"`) && b.output().includes('ntrip source connected'), 50);
    expect(controller.head()).toBe('ICY 200 OK\r\n');
    const api = await connect(`mqtt://127.0.0.1:${a.mqtt}`, { ...serviceCredential({ jwtSecret: JWT_SECRET }) });
    const closedOnB = (who: string) => new RegExp(`no longer allowed[^\\n]*"who":"${who}"`).test(b.output());

    // what "Generate new secret" does: the row's hash changes, then the code goes out on the revoke topic
    await db.query('UPDATE devices SET secret_hash = $2 WHERE id = $1', [rover.id, await hashDeviceSecret(newDeviceSecret())]);
    await api.publishAsync(internalTopics.revoke, rover.code, { qos: 1 });
    await eventually(() => closedOnB(rover.code), 50);
    // what removing a device does to the base: no secret any more
    await db.query('UPDATE devices SET secret_hash = NULL, connected = false WHERE id = $1', [base.id]);
    await api.publishAsync(internalTopics.revoke, base.code, { qos: 1 });
    await eventually(() => closedOnB(base.code), 50);
    // deleting the project takes the limited credential with it
    await db.query('DELETE FROM projects WHERE id = $1', [p!.id]);
    await api.publishAsync(internalTopics.ntripAccess, owner, { qos: 1 });
    await eventually(() => controller.closed(), 50);
    await Promise.all([pull.stop(), push.stop(), api.endAsync()]);
  });
});
