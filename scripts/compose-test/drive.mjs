// Drives the running compose deployment from outside, as devices and a browser would (scripts/compose-test.sh runs
// it after the HTTPS sign-up): devices over MQTT/TLS through the proxy, a signed-in socket.io client, then one gateway
// killed, one api process killed, PostgreSQL restarted. Every step prints one line; the first failure ends the run
// with exit status 1.
//   env: BASE_URL, CA_FILE, COOKIE (the verified session), MQTTS_PORT, COMPOSE (the compose command line, JSON array),
//        STATE_FILE (where the points recorded are written for the backup step), DEVICE_ACTIVATION_SECRET (the
//        deployment's maker key: devices are registered with the activation key printed on them)
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { io } from 'socket.io-client';
import mqtt from 'mqtt';

const run = promisify(execFile);
const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const BASE = env('BASE_URL');
const CA = readFileSync(env('CA_FILE'));
const COOKIE = env('COOKIE');
const MQTTS_PORT = Number(env('MQTTS_PORT'));
const COMPOSE = JSON.parse(env('COMPOSE'));
const host = new URL(BASE).hostname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function step(text) {
  console.log(`compose-test: ${text}`);
}
function fail(text) {
  console.error(`compose-test: FAILED: ${text}`);
  process.exit(1);
}
async function until(what, fn, timeoutMs = 60_000, everyMs = 250) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let v;
    try {
      v = await fn();
    } catch {
      v = undefined;
    }
    if (v) return v;
    if (Date.now() > end) fail(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
async function api(method, path, body, expectStatus) {
  const res = await fetch(BASE + path, {
    method,
    headers: { cookie: COOKIE, 'content-type': 'application/json', origin: BASE },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (expectStatus !== undefined && res.status !== expectStatus) fail(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { status: res.status, body: json };
}
async function compose(...args) {
  const { stdout } = await run(COMPOSE[0], [...COMPOSE.slice(1), ...args], { maxBuffer: 64 << 20 });
  return stdout;
}
async function containerOf(service) {
  return (await compose('ps', '-q', service)).trim();
}
/**
 * Established TCP connections to `port` inside a service's container from another host (the proxy), leaving out the
 * health check's own from the loopback: nginx keeps no idle upstream connection, so what stays open is a device's
 * MQTT session, an api's link, or a browser's websocket. IPv4 and IPv6 tables (node listens on :: by default).
 */
async function connectionsTo(service, port) {
  const id = await containerOf(service);
  if (!id) return 0;
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const { stdout } = await run('docker', ['exec', id, 'cat', '/proc/net/tcp', '/proc/net/tcp6']).catch(() => ({ stdout: '' }));
  const loopback = (addr) => /^(0100007F|0000000000000000FFFF00000100007F|00000000000000000000000001000000):/.test(addr);
  return stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hex}`) && f[3] === '01' && !loopback(f[2])).length;
}
async function healthy(service) {
  const id = await containerOf(service);
  if (!id) return false;
  const { stdout } = await run('docker', ['inspect', '-f', '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}', id]);
  return stdout.trim() === 'healthy';
}

// NMEA as a receiver sends it: GGA with the time of the fix, checksummed
function gga(seq) {
  const t = new Date(Date.UTC(2026, 0, 1, 10, 0, 0) + seq * 1000);
  const hhmmss = `${String(t.getUTCHours()).padStart(2, '0')}${String(t.getUTCMinutes()).padStart(2, '0')}${String(t.getUTCSeconds()).padStart(2, '0')}.00`;
  const lat = (5109.0262 + seq * 0.0001).toFixed(4);
  const body = `GPGGA,${hhmmss},${lat},N,11401.8407,W,4,24,0.6,1097.36,M,-17.00,M,1,0000`;
  let sum = 0;
  for (const c of body) sum ^= c.charCodeAt(0);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}
const latOf = (seq) => {
  const v = 5109.0262 + seq * 0.0001;
  return Math.floor(v / 100) + (v % 100) / 60;
};

await api('GET', '/api/user/data', undefined, 200); // the session is verified
const suffix = randomUUID().slice(0, 6).toUpperCase();
// device activation is on by default in the deployment: the key printed on the device, as the maker's tool prints it
const makerKey = env('DEVICE_ACTIVATION_SECRET');
if ((await api('GET', '/api/config', undefined, 200)).body.deviceActivation !== true) fail('device activation is not on in the deployment');
async function activationKey(code) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'packages/devices/src/activation-cli.ts', code], {
    env: { ...process.env, DEVICE_ACTIVATION_SECRET: makerKey },
  });
  return stdout.trim().split('\t')[1];
}
async function device(type) {
  const code = `${type.toUpperCase()}-${suffix}`;
  const reg = await api('POST', `/api/devices/${code}`, { Name: `${type} ${suffix}`, Type: type, ActivationKey: await activationKey(code) }, 201);
  const id = reg.body.device._id;
  const secret = (await api('POST', `/api/devices/${id}/secret`, undefined, 201)).body.secret;
  return { id, code, secret };
}
const base = await device('base');
const rover = await device('rover');
step(`registered base ${base.code} and rover ${rover.code} with the activation keys printed on them, and their MQTT secrets`);

// the browser: socket.io over wss through the proxy, the session cookie, reconnecting as the web app does
const socket = io(BASE, {
  transports: ['websocket'],
  extraHeaders: { cookie: COOKIE, origin: BASE },
  ca: CA,
  reconnection: true,
  reconnectionDelay: 500,
  reconnectionDelayMax: 2000,
});
const readings = [];
let connects = 0;
socket.on('device-data', (r) => readings.push(r));
socket.on('connect', () => {
  connects += 1;
  socket.emit('subscribe', rover.code, () => {});
});
await until('the socket.io connection through the proxy', () => connects > 0);
await sleep(300);

// 1. a device publishing with mosquitto_pub over TLS on the proxy's 8883 reaches the signed-in client
await run('mosquitto_pub', ['--cafile', env('CA_FILE'), '-h', host, '-p', String(MQTTS_PORT), '-u', rover.code, '-P', rover.secret, '-i', `pub-${suffix}`, '-q', '1', '-t', `devices/${rover.code}/nmea`, '-m', gga(0)]);
await until('the mosquitto_pub reading on the socket', () => readings.find((r) => r.deviceCode === rover.code && Math.abs(r.latitude - latOf(0)) < 1e-7));
step(`mosquitto_pub --cafile ca.pem -p ${MQTTS_PORT} reached the signed-in socket.io client (device-data, latitude ${latOf(0).toFixed(7)})`);

// it connects while gateway2 is paused, so the proxy puts it on gateway1 (the test then knows which gateway to kill)
await run('docker', ['pause', await containerOf('gateway2')]);
// the rover as a field unit: a persistent MQTT/TLS session through the proxy, one reading every 400 ms
let seq = 1;
let deviceConnects = 0;
const unit = mqtt.connect(`mqtts://${host}:${MQTTS_PORT}`, {
  username: rover.code,
  password: rover.secret,
  clientId: `unit-${suffix}`,
  clean: false,
  ca: CA,
  reconnectPeriod: 500,
  connectTimeout: 5000,
});
unit.on('connect', () => (deviceConnects += 1));
unit.on('error', () => {});
const publisher = setInterval(() => {
  if (unit.connected) unit.publish(`devices/${rover.code}/nmea`, gga(seq++), { qos: 1 });
}, 400);
const latestSeq = () => {
  let best = -1;
  for (const r of readings) if (r.deviceCode === rover.code) best = Math.max(best, Math.round(((r.latitude - latOf(0)) * 60) / 0.0001));
  return best;
};
// gateway2 stays paused only until the unit is connected: an api process whose own MQTT link went to gateway2 hears
// nothing while it is frozen, and the browser's socket may be on that api process
await until('the field unit connecting while gateway2 is paused', () => deviceConnects > 0);
await run('docker', ['unpause', await containerOf('gateway2')]);
await until('the field unit\'s readings', () => latestSeq() >= 3);

// 2. kill the gateway the field unit is connected to (gateway1): it reconnects through the proxy to gateway2 and
//    keeps its session (Redis); readings go on.
const before = deviceConnects;
const victim = 'gateway1';
const survivor = 'gateway2';
const survivorBefore = await connectionsTo(survivor, 1883);
const seqAtKill = latestSeq();
await run('docker', ['kill', await containerOf(victim)]);
step(`docker kill ${victim}, the gateway the field unit is connected to (it connected while gateway2 was paused)`);
await until('the field unit reconnecting', () => deviceConnects > before, 90_000);
await until('readings flowing again after the gateway was killed', () => latestSeq() >= seqAtKill + 5, 90_000);
const survivorNow = await connectionsTo(survivor, 1883);
if (survivorNow <= survivorBefore) fail(`${survivor} gained no connection (${survivorBefore} -> ${survivorNow})`);
const dev = await api('GET', `/api/devices/${rover.id}`, undefined, 200);
if (dev.body.device?.Status !== true && dev.body.Status !== true) fail(`the rover is not Online after the failover: ${JSON.stringify(dev.body)}`);
step(`the field unit reconnected through the proxy to ${survivor} (its connections ${survivorBefore} -> ${survivorNow}); readings keep flowing (reading #${latestSeq()} after #${seqAtKill} at the kill); the rover stays Online`);
await compose('up', '-d', '--no-deps', '--no-build', victim);
await until(`${victim} healthy again`, () => healthy(victim), 120_000, 1000);

// 3. kill the api process the browser's socket is connected to: it reconnects to the other; points recorded
//    meanwhile (retried with their ClientId as the web app does) are all kept
const projectBody = { Name: `Compose test ${suffix}`, BaseStation: base.id, ClientDevices: [rover.id] };
const project = (await api('POST', '/api/projects', projectBody)).body;
const projectId = project.project?._id ?? project.project?.id ?? project._id ?? project.projectId;
if (!projectId) fail(`project not created: ${JSON.stringify(project)}`);
const recorded = [];
async function record(name) {
  const point = { ProjectId: projectId, Name: name, Latitude: 51.15 + recorded.length * 1e-5, Longitude: -114.03, Accuracy: 'High', Device: rover.code, Section: 'compose', ClientId: randomUUID() };
  for (let attempt = 0; ; attempt++) {
    const res = await api('POST', '/api/points', point).catch(() => ({ status: 0 }));
    if (res.status === 200 || res.status === 201) {
      recorded.push(name);
      return;
    }
    if (attempt > 60) fail(`POST /api/points ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    await sleep(500);
  }
}
for (let i = 0; i < 5; i++) await record(`P${i}`);
const wsCounts = { api1: await connectionsTo('api1', 3000), api2: await connectionsTo('api2', 3000) };
// the socket is the one long-lived connection to port 3000; health checks and requests come and go
if (wsCounts.api1 + wsCounts.api2 < 1) fail(`no open websocket found on api1 or api2 (${JSON.stringify(wsCounts)})`);
const apiVictim = wsCounts.api1 >= wsCounts.api2 ? 'api1' : 'api2';
const socketConnectsBefore = connects;
await run('docker', ['kill', await containerOf(apiVictim)]);
for (let i = 5; i < 10; i++) await record(`P${i}`);
await until('the socket reconnecting to the other api process', () => connects > socketConnectsBefore, 60_000);
const seqAtApiKill = latestSeq();
await until('readings on the reconnected socket', () => latestSeq() >= seqAtApiKill + 3, 60_000);
const listed = (await api('GET', `/api/points/${projectId}`, undefined, 200)).body;
const names = new Set((listed.points ?? listed.data ?? listed).map?.((p) => p.Name ?? p.name) ?? []);
const missing = recorded.filter((n) => !names.has(n));
if (missing.length) fail(`points lost after the api kill: ${missing.join(', ')}`);
step(`docker kill ${apiVictim} (open connections api1 ${wsCounts.api1}, api2 ${wsCounts.api2}): the socket reconnected, readings go on, all ${recorded.length} points recorded around the kill are listed`);
await compose('up', '-d', '--no-deps', '--no-build', apiVictim);
await until(`${apiVictim} healthy again`, () => healthy(apiVictim), 120_000, 1000);

// 4. PostgreSQL stopped: /api/health answers 503 (database down); started again: 200, and recording works again
await compose('stop', 'postgres');
await until('503 from /api/health while PostgreSQL is down', async () => (await fetch(`${BASE}/api/health`)).status === 503, 60_000, 500);
const down = await (await fetch(`${BASE}/api/health`)).json();
if (down.db !== 'down') fail(`health while PostgreSQL is down: ${JSON.stringify(down)}`);
await compose('start', 'postgres');
await until('200 from /api/health after PostgreSQL is back', async () => {
  // both api processes: several requests over the two upstreams
  for (let i = 0; i < 4; i++) if ((await fetch(`${BASE}/api/health`)).status !== 200) return false;
  return true;
}, 120_000, 1000);
await record('after-restart');
step('PostgreSQL stopped: /api/health 503 {db: "down"}; started: 200 again and a point records');

// 5. a survey occupation through the deployment: every gateway hears the command over Redis, the one that
//    ingests the rover runs it on its occupation engine's thread (the bundled worker, decision 033) against
//    PostgreSQL, and the point is stored with its raw epochs
const occStart = await api('POST', `/api/projects/${projectId}/occupations`, { DeviceId: rover.id, Method: 'rapid', Name: 'OCC-rapid', ClientId: randomUUID() });
if (occStart.status !== 201) fail(`POST /api/projects/${projectId}/occupations: ${occStart.status} ${JSON.stringify(occStart.body)}`);
const occId = occStart.body.occupation._id;
let occ;
await until('the rapid occupation measured by a gateway', async () => {
  occ = (await api('GET', `/api/occupations/${occId}`, undefined, 200)).body.occupation;
  return occ.Status !== 'running' && occ.Status !== 'paused';
}, 60_000, 500);
if (occ.Status !== 'done' || !occ.PointId) fail(`the occupation ended ${JSON.stringify(occ)}`);
const occEpochs = (await api('GET', `/api/points/${projectId}/${occ.PointId}/epochs`, undefined, 200)).body.epochs ?? [];
if (!occEpochs.some((e) => e.Accepted)) fail(`the occupation's point has no accepted raw epoch: ${JSON.stringify(occEpochs)}`);
recorded.push('OCC-rapid');
step(`a rapid occupation measured on a gateway's engine thread: point ${occ.PointId}, ${occEpochs.length} raw epoch(s) kept`);

writeFileSync(env('STATE_FILE'), JSON.stringify({ projectId, points: recorded, base, rover }));
clearInterval(publisher);
unit.end(true);
socket.close();
process.exit(0);
