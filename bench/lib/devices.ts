import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type LiveReading, type SubscribeAck } from '@smi/contracts';
import { call } from '../../apps/api/src/testing/product-client.js';

/** Runs fn over items, `concurrency` at a time. */
export async function pool<T, R>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** Registers n rovers to the signed-in user through POST /api/devices/:code, as the web app does. */
export async function registerRovers(url: string, cookie: string, n: number, prefix: string): Promise<{ id: string; code: string }[]> {
  const codes = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);
  return pool(codes, 8, async (code) => {
    const reply = await call(url, 'POST', `/api/devices/${code}`, cookie, { Name: `Rover ${code}`, Type: 'rover' });
    return { id: (reply.device as { _id: string })._id, code };
  });
}

/** A real MQTT secret for each device (POST /api/devices/:id/secret; the server hashes it with bcrypt). */
export async function deviceSecrets(url: string, cookie: string, devices: { id: string; code: string }[]) {
  return pool(devices, 4, async (d) => {
    const reply = await call(url, 'POST', `/api/devices/${d.id}/secret`, cookie);
    return { ...d, secret: reply.secret as string };
  });
}

/** The MQTT port the product's embedded gateway listens on (MQTT_PORT=0 picks a free one; it is logged). */
export function mqttUrlOf(output: string): string {
  const port = output.match(/MQTT gateway on port (\d+)/)?.[1];
  if (!port) throw new Error('the product logged no MQTT port');
  return `mqtt://127.0.0.1:${port}`;
}

/** A browser's socket: websocket only, the session cookie, this site's Origin; subscribed to rovers 50 at a time. */
export async function watchingSocket(url: string, cookie: string, rovers: string[], onReading: (r: LiveReading) => void): Promise<Socket> {
  const socket = connectSocket(url, { transports: ['websocket'], extraHeaders: { cookie, origin: url }, reconnection: false, forceNew: true });
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok);
    socket.once('connect_error', fail);
  });
  socket.on(SOCKET_EVENTS.live, onReading);
  for (let i = 0; i < rovers.length; i += 50) {
    const ack = await new Promise<SubscribeAck>((ok) => socket.emit(SOCKET_EVENTS.subscribe, { rovers: rovers.slice(i, i + 50) }, ok));
    if (!ack.success) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
  }
  return socket;
}

/** A socket on the bare relay (lib/bare-relay.ts), joined to the devices' rooms. */
export async function bareSocket(url: string, codes: string[], onMessage: (m: { deviceCode: string; nmea: string }) => void): Promise<Socket> {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok);
    socket.once('connect_error', fail);
  });
  socket.on('live', onMessage);
  await new Promise<void>((ok) => socket.emit('subscribe', codes, ok));
  return socket;
}
