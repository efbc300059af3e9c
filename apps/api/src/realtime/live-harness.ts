import { io as connectSocket, type Socket } from 'socket.io-client';
import mqtt from 'mqtt';
import { SOCKET_EVENTS, type LiveReading, type OccupationView, type SubscribeAck, type SubscribeRequest } from '@smi/contracts';
import { serviceCredential, startGateway, silentLog, type GatewayOptions } from '@smi/gateway';
import { startHarness } from '../testing/harness.js';
import { startLiveFeed } from './live-feed.js';

/** Polls until fn answers something truthy; the test's timeout bounds it. */
export async function eventually<T>(fn: () => Promise<T> | T, everyMs = 25): Promise<NonNullable<T>> {
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The api harness (real app, real database, real SMTP) plus the real gateway on a free MQTT port and the realtime
 * feed on the api's server, wired as main.ts wires them in embedded mode.
 */
export async function startLiveHarness(opts: { offlineAfterS?: number; publicUrl?: string; deviceActivationSecret?: string; gateway?: Partial<GatewayOptions> } = {}) {
  const h = await startHarness({ publicUrl: opts.publicUrl, deviceActivationSecret: opts.deviceActivationSecret });
  const service = serviceCredential({ jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789' });
  const gateway = await startGateway({ db: h.db, log: silentLog, service, port: 0, host: '127.0.0.1', offlineAfterS: opts.offlineAfterS ?? 30, statsEveryMs: 200, customBrokerAllow: '127.0.0.1', ...opts.gateway });
  const live = await startLiveFeed({ server: h.server, deps: h.deps, gatewayUrl: gateway.localUrl, service, mqttPort: gateway.port, ntripPort: gateway.caster?.port, localGateway: gateway });
  h.deps.live = live;
  await eventually(() => live.health().connected);
  const sockets: Socket[] = [];

  async function cookieOf(email: string, password: string): Promise<string> {
    const res = await fetch(`${h.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  return {
    ...h,
    gateway,
    live,
    service,
    mqttUrl: gateway.localUrl,
    cookieOf,
    /** A signed-in verified user with a device of the given type (row written directly) and its MQTT secret. */
    async owner(name?: string) {
      const user = await h.verifiedUser(name);
      return { ...user, cookie: await cookieOf(user.email, user.password) };
    },
    async device(user: { userId: string; agent: ReturnType<typeof h.agent> }, type: 'rover' | 'base' = 'rover', name = 'Rover') {
      const code = `${type.toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const [row] = await h.db.query<{ id: string }>('INSERT INTO devices (code, name, type, owner_id, connected) VALUES ($1, $2, $3, $4, true) RETURNING id', [code, name, type, user.userId]);
      const { body } = await user.agent.post(`/api/devices/${row!.id}/secret`).expect(201);
      return { id: row!.id, code, secret: body.secret as string, name };
    },
    /** A socket.io client as the browser makes it: websocket only, the session cookie, this site's Origin. */
    socket(cookie: string | undefined, o: { origin?: string; reconnection?: boolean } = {}) {
      const headers: Record<string, string> = { origin: o.origin ?? h.url };
      if (cookie) headers.cookie = cookie;
      const s = connectSocket(h.url, { transports: ['websocket'], extraHeaders: headers, reconnection: o.reconnection ?? false, forceNew: true });
      sockets.push(s);
      return s;
    },
    async close() {
      for (const s of sockets) s.close();
      await live.close();
      await gateway.close();
      await h.close();
    },
  };
}
export type LiveHarness = Awaited<ReturnType<typeof startLiveHarness>>;

export function connected(socket: Socket): Promise<void> {
  return new Promise((ok, fail) => {
    if (socket.connected) return ok();
    socket.once('connect', () => ok());
    socket.once('connect_error', fail);
  });
}

export function subscribe(socket: Socket, request: SubscribeRequest): Promise<SubscribeAck> {
  return new Promise((ok) => socket.emit(SOCKET_EVENTS.subscribe, request, ok));
}

/** Everything a socket receives of the three reading events, and a way to wait for one. */
export function recorder(socket: Socket) {
  const got: { event: string; reading: LiveReading }[] = [];
  const errors: { message: string; device?: string }[] = [];
  for (const event of [SOCKET_EVENTS.deviceData, SOCKET_EVENTS.live, SOCKET_EVENTS.corrections]) {
    socket.on(event, (reading: LiveReading) => got.push({ event, reading }));
  }
  socket.on(SOCKET_EVENTS.error, (e: { message: string; device?: string }) => errors.push(e));
  return {
    got,
    errors,
    next: (test: (e: { event: string; reading: LiveReading }) => boolean) => eventually(() => got.find(test)),
  };
}

export async function publish(url: string, device: { code: string; secret: string }, kind: string, payload: string | Buffer) {
  const client = await mqtt.connectAsync(url, { username: device.code, password: device.secret, reconnectPeriod: 0 });
  await client.publishAsync(`devices/${device.code}/${kind}`, payload, { qos: 1 });
  await client.endAsync();
}

/** The position a recorded epoch's GGA sentence reports, as the Record dialog sends it. */
export function readingOf(epoch: { text: string }) {
  const gga = epoch.text.split('\r\n').find((s) => s.slice(3, 6) === 'GGA')!.split('*')[0]!.split(',');
  return {
    Latitude: (Number(gga[2]!.slice(0, 2)) + Number(gga[2]!.slice(2)) / 60) * (gga[3] === 'S' ? -1 : 1),
    Longitude: (Number(gga[4]!.slice(0, 3)) + Number(gga[4]!.slice(3)) / 60) * (gga[5] === 'W' ? -1 : 1),
    Altitude: Number(gga[9]),
    GeoidSeparation: Number(gga[11]),
  };
}

/**
 * A started occupation run to its end: the rover publishes the epochs over MQTT, and the occupation is read until it
 * is neither running nor paused. Returns it as the api shows it, whatever its end (the caller checks the status).
 */
export async function occupy(mqttUrl: string, agent: { get: (url: string) => { expect: (status: number) => PromiseLike<{ body: { occupation: OccupationView } }> } }, rover: { code: string; secret: string }, occupationId: string, epochs: { text: string }[]): Promise<OccupationView> {
  const client = await mqtt.connectAsync(mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
  for (const e of epochs) await client.publishAsync(`devices/${rover.code}/nmea`, e.text, { qos: 1 });
  await client.endAsync();
  return eventually(async () => {
    const o = (await agent.get(`/api/occupations/${occupationId}`).expect(200)).body.occupation;
    return o.Status !== 'running' && o.Status !== 'paused' ? o : undefined;
  });
}
