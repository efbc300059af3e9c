import net, { type Socket } from 'node:net';
import type { Queryable } from '@smi/db';
import type { SecretVerifier } from '@smi/devices';
import type { Log } from '../log.js';
import { mountKey, ntripAccess, chunk, ChunkedDecoder } from '@smi/ntrip';
import { authThrottle, type AuthThrottleOptions } from './auth-throttle.js';
import { casterAuth, requesterOf, type SessionAuth } from './caster-auth.js';
import { MountInfo, strRecord } from './mount-info.js';
import { replies, reply } from './replies.js';
import { BadRequest, headEnd, parseRequest, type NtripRequest } from './request.js';
import { RtcmFramer } from '@smi/rtcm';
import { sessionsNoLongerAllowed, type OpenSession } from './session-check.js';
import { acceptProxied, type ProxyTrust } from '../edge/proxied-connection.js';
import { normalAddress } from '../edge/proxy-protocol.js';

export interface CasterOptions {
  db: Queryable;
  log: Log;
  port: number;
  host?: string;
  /** Secrets against their hashes (secretVerifier): null (no such login) takes as long as a wrong secret. */
  verifier: SecretVerifier;
  /** Logins per address before any hash (auth-throttle.ts). */
  throttle?: AuthThrottleOptions;
  /** A source that sends nothing for this long is dropped, so a reconnecting base is not refused (default 30 s). */
  sourceTimeoutMs?: number;
  /** Bytes a client may have waiting to be sent before it is dropped as too slow (default 256 KiB). */
  clientQueueBytes?: number;
  /** Connections at once from one address (default 200). */
  maxPerAddress?: number;
  /** Connections at once of one account's devices and credentials (default 500). */
  maxPerAccount?: number;
  /** A connection that has not sent a whole request head by then is closed (default 10 s). */
  headTimeoutMs?: number;
  /** The proxies whose PROXY header names the client (PROXY_PROTOCOL_FROM); without it, the socket's address is the client's. */
  proxy?: ProxyTrust;
  /** Frames a local source (an NTRIP base, by its device code) pushed: the gateway relays them to MQTT rovers. */
  onSourceFrames?: (baseCode: string, bytes: Buffer) => void;
  /** Frames to other processes' casters (distributed mode), by mountpoint key; see ntripBus. */
  publishRemote?: (key: string, bytes: Buffer) => void;
}

/** A pull or a push, with what it was let in with: checked again when that may have changed (recheck). */
interface Session extends OpenSession {
  socket: Socket;
}

interface Client extends Session {
  chunked: boolean;
  who: string;
  /** A user's NTRIP credential (who is its user name), not a rover. */
  credential: boolean;
  via: 'ntrip';
  /** When it connected, as the device pages show it (made once, not at every report). */
  since: string;
  /** The mountpoint's `sent` and `bursts` when it joined: what it was sent is counted once per burst, not per client. */
  sentBefore: number;
  burstsBefore: number;
}

interface Mount {
  /** mountKey's: a base's and a project's streams never share one, whatever their names. */
  key: string;
  info: MountInfo;
  clients: Set<Client>;
  /** The local NTRIP source's socket, or null. */
  source: Socket | null;
  /** When another process last relayed a source's frames for this mountpoint. */
  remoteAt: number;
  /** When frames last came from this process otherwise: a base publishing over MQTT, a project's network feed. */
  mqttAt: number;
  framer: RtcmFramer;
  /** Bytes of RTCM and bursts sent to its clients since it was made, and when the last one went. */
  sent: number;
  bursts: number;
  sentAt: number;
}

/** A connected client as the device pages show it. */
export interface CasterConnection {
  /** The mountpoint's key (mountKey), not its name. */
  mount: string;
  who: string;
  credential: boolean;
  via: 'ntrip';
  since: string;
  /** Milliseconds since frames were last sent to it (null before any). */
  ageMs: number | null;
  bytes: number;
}

const NL = replies.NL;

/**
 * The NTRIP caster: NTRIP 1 and 2 chosen per request on a raw TCP server. Bases push their RTCM (SOURCE or POST,
 * with their device secret), rovers and users' NTRIP credentials pull it (GET with Basic), and `GET /` answers the
 * sourcetable of what the requester may pull. Only whole CRC-valid frames are relayed.
 */
export async function startCaster(o: CasterOptions) {
  const sourceTimeoutMs = o.sourceTimeoutMs ?? 30_000;
  const queueBytes = o.clientQueueBytes ?? 256 * 1024;
  const maxPerAddress = o.maxPerAddress ?? 200;
  const maxPerAccount = o.maxPerAccount ?? 500;
  const headTimeoutMs = o.headTimeoutMs ?? 10_000;
  const mounts = new Map<string, Mount>();
  const perAddress = new Map<string, number>();
  const perAccount = new Map<string, number>();
  const sockets = new Set<Socket>();
  const sessions = new Set<Session>();
  const throttle = authThrottle(o.throttle);
  const auth = casterAuth({ db: o.db, verifier: o.verifier, throttle });
  // clientsBehind: writes to a client still draining an earlier burst, made after the others
  const counters = { clientsDropped: 0, clientsBehind: 0, badRequests: 0, framesRelayed: 0, crcFailures: 0, refused: 0 };

  const mountOf = (key: string): Mount => {
    let m = mounts.get(key);
    if (!m) {
      m = { key, info: new MountInfo(), clients: new Set(), source: null, remoteAt: 0, mqttAt: 0, framer: new RtcmFramer(), sent: 0, bursts: 0, sentAt: 0 };
      mounts.set(key, m);
    }
    return m;
  };

  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };

  /** Clients still draining an earlier burst, written after the others (reused: the fan-out allocates nothing of its own). */
  const behind: Client[] = [];

  /**
   * Sends whole frames to a mountpoint's local clients: the same Buffer to every NTRIP 1 client, one chunk built once
   * for every NTRIP 2 client, one write each, nothing else per client. A client with more than the queue allows
   * waiting is dropped (old corrections are useless to a rover); one still draining an earlier burst is written
   * last, after those whose write goes straight out. The mountpoint's statistics come after the writes.
   */
  function deliver(m: Mount, bytes: Buffer) {
    let framed: Buffer | undefined;
    for (const c of m.clients) {
      const socket = c.socket;
      const waiting = socket.writableLength;
      if (waiting > 0) {
        if (waiting > queueBytes) drop(m, c);
        else behind.push(c);
        continue;
      }
      socket.write(c.chunked ? (framed ??= chunk(bytes)) : bytes);
    }
    if (behind.length) {
      counters.clientsBehind += behind.length;
      for (const c of behind) c.socket.write(c.chunked ? (framed ??= chunk(bytes)) : bytes);
      behind.length = 0;
    }
    const now = Date.now();
    m.sent += bytes.length;
    m.bursts++;
    m.sentAt = now;
    m.info.add(splitFrames(bytes), now);
    counters.framesRelayed++;
  }

  function drop(m: Mount, c: Client) {
    counters.clientsDropped++;
    o.log.info({ mount: m.key, client: c.who }, 'ntrip client too slow: dropped');
    m.clients.delete(c);
    c.socket.destroy();
  }

  const unauthorized = (socket: Socket, r: Pick<NtripRequest, 'v2'>) => reply(socket, replies.unauthorized(r.v2));
  const badRequest = (socket: Socket, message: string) => {
    counters.badRequests++;
    reply(socket, replies.badRequest(message));
  };
  const tooMany = (socket: Socket, v2: boolean) => reply(socket, replies.tooMany(v2));

  const accountOf = (a: SessionAuth) => (a.kind === 'user' ? a.userId : a.ownerId);
  const whoOf = (a: SessionAuth) => (a.kind === 'user' ? a.username : a.code);
  function open(session: Session) {
    const account = accountOf(session.auth);
    bump(perAccount, account, 1);
    sessions.add(session);
    session.socket.once('close', () => {
      bump(perAccount, account, -1);
      sessions.delete(session);
    });
  }

  async function sourcetable(socket: Socket, r: NtripRequest, address: string) {
    const who = await auth.puller(r, address, () => socket.destroyed);
    const rows = who ? await ntripAccess.mountsFor(o.db, requesterOf(who)) : [];
    const body = rows.map((row) => strRecord(row.mount, row.identifier, mounts.get(row.key)?.info) + NL).join('') + `ENDSOURCETABLE${NL}`;
    reply(socket, replies.sourcetable(r.v2, body));
  }

  async function pull(socket: Socket, r: NtripRequest, address: string) {
    const who = await auth.puller(r, address, () => socket.destroyed);
    const allowed = who ? await ntripAccess.mayPull(o.db, requesterOf(who), r.mount) : undefined;
    // a mountpoint of another account answers exactly like one that does not exist
    if (!who || !allowed) return unauthorized(socket, r);
    if ((perAccount.get(accountOf(who)) ?? 0) >= maxPerAccount) return tooMany(socket, r.v2);
    if (socket.destroyed) return;
    const m = mountOf(allowed.key);
    const client: Client = { socket, auth: who, key: m.key, chunked: r.v2, who: whoOf(who), credential: who.kind === 'user', via: 'ntrip', since: new Date().toISOString(), sentBefore: m.sent, burstsBefore: m.bursts };
    open(client);
    socket.write(replies.pullOk(r.v2));
    m.clients.add(client);
    o.log.debug({ mount: r.mount, client: client.who, address }, 'ntrip client connected');
    // what a rover sends afterwards (NMEA GGA for VRS) is read and ignored; a flood of it is not kept
    socket.on('data', () => {});
    socket.once('close', () => m.clients.delete(client));
  }

  /** Whether corrections reach a mountpoint from anywhere: an NTRIP source here, another process, MQTT or a feed. */
  function sourceLive(m: Mount, now = Date.now()): boolean {
    return !!m.source || now - m.remoteAt < sourceTimeoutMs || now - m.mqttAt < sourceTimeoutMs;
  }

  async function push(socket: Socket, r: NtripRequest, rest: Buffer, address: string) {
    // a push names a base's device code and nothing else: a project's stream has no name a source could use
    const base = await auth.pusher(r, address, () => socket.destroyed);
    if (!base) {
      counters.refused++;
      return r.v2 || r.method === 'POST' ? unauthorized(socket, { v2: true }) : reply(socket, replies.badPassword);
    }
    if ((perAccount.get(base.ownerId) ?? 0) >= maxPerAccount) return tooMany(socket, r.method === 'POST');
    const m = mountOf(mountKey.base(base.code));
    // one reference station per stream: a second one (here, on another process, over MQTT) would mix two bases
    if (sourceLive(m)) {
      counters.refused++;
      return reply(socket, replies.taken(r.method === 'POST'));
    }
    if (socket.destroyed) return;
    open({ socket, auth: base, key: m.key });
    m.source = socket;
    m.framer = new RtcmFramer();
    socket.write(replies.pushOk(r.method === 'POST'));
    o.log.info({ mount: r.mount }, 'ntrip source connected');
    const dechunk = r.headers.get('transfer-encoding')?.toLowerCase().includes('chunked') ? new ChunkedDecoder() : null;
    socket.setTimeout(sourceTimeoutMs, () => {
      o.log.info({ mount: r.mount }, 'ntrip source silent: dropped');
      socket.destroy();
    });
    const onData = (data: Buffer) => {
      let parts: Buffer[];
      try {
        parts = dechunk ? dechunk.push(data) : [data];
      } catch {
        socket.destroy();
        return;
      }
      for (const part of parts) {
        const frames = ingest(m, part);
        if (frames) o.onSourceFrames?.(base.code, frames);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => {
      if (m.source === socket) m.source = null;
      o.log.info({ mount: r.mount }, 'ntrip source disconnected');
    });
    if (rest.length) onData(rest);
  }

  /** Bytes of a source (an NTRIP upload or a base's MQTT messages): whole CRC-valid frames go out, the rest not. */
  function ingest(m: Mount, data: Buffer): Buffer | undefined {
    const frames: Buffer[] = [];
    m.framer.push(data, (f) => frames.push(f), () => counters.crcFailures++);
    if (!frames.length) return undefined;
    const bytes = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
    deliver(m, bytes);
    o.publishRemote?.(m.key, bytes);
    return bytes;
  }

  async function handle(socket: Socket, head: Buffer, rest: Buffer, address: string) {
    let r: NtripRequest;
    try {
      r = parseRequest(head);
    } catch (err) {
      return badRequest(socket, err instanceof BadRequest ? err.message : 'bad request');
    }
    if (r.method === 'GET' && r.mount === '') return sourcetable(socket, r, address);
    if (r.method === 'GET') return pull(socket, r, address);
    return push(socket, r, rest, address);
  }

  /** A connection whose client is known: limited per address, then its request head is read. */
  function admit(socket: Socket, address: string) {
    socket.once('close', () => bump(perAddress, address, -1));
    bump(perAddress, address, 1);
    if ((perAddress.get(address) ?? 0) > maxPerAddress) {
      counters.refused++;
      socket.end(`HTTP/1.1 503 Service Unavailable${NL}Content-Length: 0${NL}Connection: close${NL}${NL}`);
      return;
    }
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), headTimeoutMs);
    const onHead = (data: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, data]) : data;
      let end: number;
      try {
        end = headEnd(buf);
      } catch (err) {
        socket.off('data', onHead);
        clearTimeout(timer);
        badRequest(socket, err instanceof Error ? err.message : 'bad request');
        return;
      }
      if (end < 0) return;
      socket.off('data', onHead);
      clearTimeout(timer);
      socket.pause();
      handle(socket, buf.subarray(0, end), buf.subarray(end), address)
        .catch((err: unknown) => {
          o.log.warn({ err }, 'ntrip request failed');
          socket.destroy();
        })
        .finally(() => socket.resume());
    };
    socket.on('data', onHead);
    socket.once('close', () => clearTimeout(timer));
    // a connection that came through the PROXY header stage waits paused, with its first bytes put back
    socket.resume();
  }

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (!o.proxy) return admit(socket, normalAddress(socket.remoteAddress ?? '?'));
    // behind the proxy, the client is the one its PROXY header names (decision 038)
    void acceptProxied(socket, o.proxy, headTimeoutMs, () => counters.refused++).then((address) => {
      if (address !== null) admit(socket, address);
    });
  });
  server.maxConnections = 100_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port, o.host ?? '0.0.0.0', () => ok());
  });
  const port = (server.address() as net.AddressInfo).port;
  o.log.info({ port }, `NTRIP caster on port ${port}`);

  return {
    port,
    counters,
    /** A base's RTCM that came over MQTT: the same stream as its NTRIP uploads. */
    fromMqtt(code: string, payload: Buffer) {
      const m = mountOf(mountKey.base(code));
      m.mqttAt = Date.now();
      ingest(m, payload);
    },
    /** Frames a caster in another process relayed (already checked there), by mountpoint key. */
    fromRemote(key: string, bytes: Buffer) {
      const m = mountOf(key);
      m.remoteAt = Date.now();
      deliver(m, bytes);
    },
    /** Whole CRC-checked frames of a project's network corrections (the NTRIP client runs in this process). */
    feedFrames(projectId: string, frames: Buffer) {
      const m = mountOf(mountKey.project(projectId));
      m.mqttAt = Date.now();
      deliver(m, frames);
      o.publishRemote?.(m.key, frames);
    },
    /** Who is pulling each mountpoint here, and the age of what each got. */
    connections(): CasterConnection[] {
      const now = Date.now();
      const out: CasterConnection[] = [];
      for (const m of mounts.values())
        for (const c of m.clients)
          out.push({ mount: m.key, who: c.who, credential: c.credential, via: c.via, since: c.since, ageMs: m.bursts > c.burstsBefore ? now - m.sentAt : null, bytes: m.sent - c.sentBefore });
      return out;
    },
    /**
     * Checks the open pulls and pushes again (of one device or credential, of one account, or all) and ends those
     * that would not be let in now: a new secret, a removed device, a revoked credential, a deleted project. Answers
     * how many ended.
     */
    async recheck(only: { who?: string; account?: string } = {}): Promise<number> {
      const picked = [...sessions].filter((s) => (only.who === undefined || whoOf(s.auth) === only.who) && (only.account === undefined || accountOf(s.auth) === only.account));
      if (!picked.length) return 0;
      const ended = await sessionsNoLongerAllowed(o.db, picked);
      for (const s of ended) {
        o.log.info({ mount: s.key, who: whoOf(s.auth) }, 'ntrip session no longer allowed: closed');
        s.socket.destroy();
      }
      return ended.length;
    },
    /** Ends every session of a revoked NTRIP credential (its user name is never given again); answers how many. */
    endCredential(username: string): number {
      const ended = [...sessions].filter((s) => s.auth.kind === 'user' && s.auth.username === username);
      for (const s of ended) s.socket.destroy();
      return ended.length;
    },
    /** Logins held back or refused by the per-address throttle. */
    throttled: () => ({ ...throttle.stats }),
    /** Whether a mountpoint (by key) has a live source (here or in another process). */
    sourceLive: (key: string) => {
      const m = mounts.get(key);
      return !!m && sourceLive(m);
    },
    async close() {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
export type Caster = Awaited<ReturnType<typeof startCaster>>;

/** Whole frames of a buffer of whole frames (for the mountpoint's statistics). */
function splitFrames(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  while (i + 6 <= bytes.length && bytes[i] === 0xd3) {
    const len = ((bytes[i + 1]! & 0x03) << 8) | bytes[i + 2]!;
    out.push(bytes.subarray(i, i + len + 6));
    i += len + 6;
  }
  return out;
}
