import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Sessions, SessionUser } from '../auth/session.js';
import type { Logger } from '../logger.js';
import { LiveSessionAdapter } from './live-adapter.js';

/**
 * A browser always names the page's origin on a websocket handshake: it must be this host (or PUBLIC_URL).
 * Clients that send none (devices, scripts, tests) are judged by their session cookie alone, as in the CSRF guard.
 */
export function originAllowed(req: IncomingMessage, publicUrl?: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Sockets one account may hold open on one api process by default (a map screen holds one per tab; decision 020). */
export const MAX_SOCKETS_PER_USER = 20;

export interface SocketServer {
  io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the api's HTTP server: websocket only, Origin allowlist, the session cookie checked at every
 * handshake (connection-state recovery runs the check again), and the Redis adapter when REDIS_URL is set so that
 * disconnecting a user's sockets reaches every api process.
 */
export async function createSocketServer(o: { server: HttpServer; sessions: Sessions; publicUrl?: string; redisUrl?: string; log: Logger; maxSocketsPerUser?: number }): Promise<SocketServer> {
  const maxPerUser = o.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER;
  const io = new Server(o.server, {
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (req, done) => done(null, originAllowed(req, o.publicUrl)),
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    maxHttpBufferSize: 16 * 1024,
    // a phone that lost its network learns it within 15 s (the default, 45 s): until then it would show every rover
    // going silent, as if the rovers had stopped
    pingInterval: 10_000,
    pingTimeout: 5_000,
    // live readings are not kept for replay (live-adapter.ts); the Redis adapter below replaces it
    adapter: LiveSessionAdapter,
  });
  let closeRedis = async () => {};
  if (o.redisUrl) {
    const pub = createClient({ url: o.redisUrl });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => o.log.warn({ err }, 'redis error (socket.io adapter)'));
    await Promise.all([pub.connect(), sub.connect()]);
    // the adapter publishes without waiting for the answer (every emit to a socket, with recovery on): while Redis is
    // away node-redis rejects those after its 5 s command timeout, and an unhandled rejection ended the process
    const publish = pub.publish.bind(pub);
    Object.assign(pub, {
      publish: (...args: Parameters<typeof publish>) => {
        const sent = publish(...args);
        sent.catch((err: unknown) => o.log.warn({ err }, 'socket.io adapter message not published (Redis unavailable)'));
        return sent;
      },
    });
    io.adapter(createAdapter(pub, sub));
    closeRedis = async () => {
      // closing: a connection that fails to quit is gone anyway
      await Promise.all([pub.quit(), sub.quit()]).catch(() => {});
    };
  }
  const openPerUser = new Map<string, number>();
  io.use((socket, next) => {
    o.sessions
      .userOfCookieHeader(socket.request.headers.cookie)
      .then((user) => {
        if (!user) return next(new Error('Not authorized. Log in again.'));
        if (!user.isVerified) return next(new Error('Please verify your account first.'));
        const open = openPerUser.get(user.id) ?? 0;
        if (open >= maxPerUser) return next(new Error('Too many connections for this account. Close a tab and try again.'));
        openPerUser.set(user.id, open + 1);
        socket.once('disconnect', () => {
          const left = (openPerUser.get(user.id) ?? 1) - 1;
          if (left > 0) openPerUser.set(user.id, left);
          else openPerUser.delete(user.id);
        });
        socket.data.user = user;
        next();
      })
      .catch(() => next(new Error('Service unavailable')));
  });
  return {
    io,
    async close() {
      // a shutdown is not a logout: the connections just close (no disconnect packet, which socket.io clients take
      // as final), so browsers reconnect by themselves once the server is back
      await new Promise<void>((ok) => io.close(() => ok()));
      await closeRedis();
    },
  };
}

export const userOf = (socket: Socket): SessionUser => socket.data.user as SessionUser;
