import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type LiveReading, type SubscribeAck } from '@smi/contracts';
import type { Db } from '@smi/db';
import { devicesRepository } from '@smi/devices';
import { hashDeviceSecret, newDeviceSecret } from '../../packages/devices/src/index.js';

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

export interface Fleet {
  prefix: string;
  n: number;
  /** Give each a real MQTT secret (its bcrypt hash stored): the devices then log in with their own. */
  secrets?: boolean;
}
export interface FleetDevice {
  id: string;
  code: string;
  secret: string;
}

/**
 * Registers fleets of rovers to an account with the product's own registration (devicesRepository.register, what
 * POST /api/devices/:code does past its budget; with no maker key a device is claimed at once) and, when asked, gives
 * each a real MQTT secret (devicesRepository.setSecretHash with the product's bcrypt hash, as
 * POST /api/devices/:id/secret does), in the product's database while it is stopped; the product then starts again
 * on its data folder. Over HTTP one account may register 30 devices and make 60 secrets in 15 minutes, and those
 * limits stand; the benchmarks need hundreds to thousands, and what they measure (device logins, readings, sockets)
 * takes the same path either way. Codes are `<prefix>-00000`, `<prefix>-00001`, ... Answers the fleets in order.
 */
export async function registerFleets(product: { restart(change: (db: Db) => Promise<void>): Promise<void> }, ownerId: string, fleets: Fleet[]): Promise<FleetDevice[][]> {
  const out: FleetDevice[][] = [];
  await product.restart(async (db) => {
    for (const fleet of fleets) {
      const codes = Array.from({ length: fleet.n }, (_, i) => `${fleet.prefix}-${String(i).padStart(5, '0')}`);
      const devices: FleetDevice[] = [];
      for (const code of codes) {
        const row = await devicesRepository.register(db, { code, name: `Rover ${code}`, type: 'rover', ownerId, claim: 'now' });
        if (!row) throw new Error(`device ${code} is registered already`);
        devices.push({ id: row.id, code, secret: '' });
      }
      if (fleet.secrets) {
        await pool(devices, 4, async (d) => {
          d.secret = newDeviceSecret();
          if (!(await devicesRepository.setSecretHash(db, ownerId, d.id, await hashDeviceSecret(d.secret)))) throw new Error(`no secret for ${d.code}`);
        });
      }
      out.push(devices);
    }
  });
  return out;
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
