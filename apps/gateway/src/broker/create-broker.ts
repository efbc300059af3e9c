import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Aedes, type AedesOptions } from 'aedes';
import { writeToStream } from 'mqtt-packet';
import { MQTT_LIMITS } from '@smi/contracts';
import { FrameScanner, guardedConnection } from './frame-guard.js';
import { guardMqStack } from './mq-stack-guard.js';
import { acceptProxied, type ProxyTrust } from '../edge/proxied-connection.js';
import { normalAddress } from '../edge/proxy-protocol.js';

const require = createRequire(import.meta.url);

// a PUBLISH frame is the payload plus topic and packet id; this leaves room for any topic a device may use
const TOPIC_ALLOWANCE = 1024;
// CONNECT (with a will), SUBSCRIBE and the like stay far below this
const MAX_OTHER_FRAME = 8 * 1024;

export interface BrokerOptions {
  hooks: AedesOptions;
  /** redis://...: messages and sessions shared by every gateway process (mqemitter-redis, aedes-persistence-redis). */
  redisUrl?: string;
  onOversized: () => void;
  /** aedes' heartbeat between brokers (default 60 s); a broker silent for three is dead and its wills go out. */
  heartbeatIntervalMs?: number;
  /** Redis went away (or came back with an error): logged, never fatal; the clients reconnect by themselves. */
  onRedisError?: (err: Error) => void;
}

/** aedes 1.2 with the given policy hooks, in memory or on Redis. */
export async function createBroker(o: BrokerOptions): Promise<Aedes> {
  // mqtt-packet's default writes 16-bit numbers from a table of 65,536 two-byte Buffers, built on the first packet
  // and alive for good: a sixth of this process's heap objects, marked again by every full collection (each one a
  // pause under load). Off, each number is a fresh two-byte Buffer that dies young. Process-wide (every mqtt-packet
  // writer here shares the flag), and set before the broker writes its first packet.
  writeToStream.cacheNumbers = false;
  const shared = o.redisUrl ? redisBackends(o.redisUrl, o.onRedisError ?? (() => {})) : {};
  const broker = await Aedes.createBroker({ ...o.hooks, ...shared, maxClientsIdLength: 256, concurrency: 1000, ...(o.heartbeatIntervalMs ? { heartbeatInterval: o.heartbeatIntervalMs } : {}) });
  guardMqStack(broker);
  return broker;
}

function redisBackends(url: string, onError: (err: Error) => void) {
  // both packages are CommonJS and take ioredis options
  const persistence = require('aedes-persistence-redis') as (opts: object) => unknown;
  const mqemitter = require('mqemitter-redis') as (opts: object) => unknown;
  const u = new URL(url);
  const opts = {
    host: u.hostname,
    port: Number(u.port || 6379),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    db: Number(u.pathname.slice(1) || 0),
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
  const mq = mqemitter(opts) as { state: { on(event: 'error', fn: (err: Error) => void): void } };
  // mqemitter-redis re-emits connection errors on `state`: with no listener the first one ended the process
  mq.state.on('error', onError);
  return { persistence: persistence(opts), mq };
}

/**
 * A TCP listener handing each connection, through the frame guard, to the broker. Behind a proxy that speaks the
 * PROXY protocol (`proxy`), the client's address is the one the proxy names (decision 038).
 */
export async function listen(
  broker: Aedes,
  port: number,
  host: string,
  onOversized: () => void,
  proxy?: { trust: ProxyTrust; timeoutMs: number; onRefused?: (reason: string, address: string) => void },
): Promise<{ server: Server; port: number; dropWaiting: () => void }> {
  // connections whose first bytes have not come yet are not aedes' to close
  const waiting = new Set<Socket>();
  const hand = (socket: Socket, remoteAddress: string) => {
    socket.setNoDelay(true);
    const scanner = new FrameScanner(MQTT_LIMITS.payloadBytes + TOPIC_ALLOWANCE, MAX_OTHER_FRAME, onOversized);
    const conn = guardedConnection(socket, scanner);
    // the policy limits failed logins per address
    Object.assign(conn, { remoteAddress });
    broker.handle(conn);
  };
  const server = createServer((socket) => {
    if (!proxy) return hand(socket, normalAddress(socket.remoteAddress ?? '?'));
    socket.on('error', () => {});
    waiting.add(socket);
    void acceptProxied(socket, proxy.trust, proxy.timeoutMs, proxy.onRefused).then((address) => {
      waiting.delete(socket);
      if (address !== null) hand(socket, address);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  return { server, port: (server.address() as AddressInfo).port, dropWaiting: () => waiting.forEach((s) => s.destroy()) };
}
