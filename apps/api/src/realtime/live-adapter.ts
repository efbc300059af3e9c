import { randomBytes } from 'node:crypto';
import { Adapter, SessionAwareAdapter, type BroadcastOptions, type PrivateSessionId, type Session } from 'socket.io-adapter';
import { ROLES } from './rooms.js';

const READING_EVENTS = new Set<unknown>(Object.values(ROLES));

type Stored = { id: string; opts: BroadcastOptions; data: unknown[]; emittedAt: number };
interface Internals {
  sessions: Map<PrivateSessionId, Session & { disconnectedAt: number }>;
  packets: Stored[];
  maxDisconnectionDuration: number;
}

/**
 * socket.io's in-memory adapter with connection-state recovery keeps every broadcast for replay to a socket that
 * comes back, and sweeps them once a minute after 2 minutes: at 1,000 readings a second that was up to 180,000
 * readings held (RSS +70 MB in the first 35 s of the scale benchmark, and growing). Live readings are not kept: a
 * recovered socket gets the latest reading of each of its devices instead (subscriptions.ts), which is what a map
 * shows anyway. They still carry an offset, so a socket whose last packet was a reading recovers: it is replayed
 * the kept packets (error events) sent since it dropped.
 *
 * Nor is a packet kept that no socket could ever be replayed: one sent to rooms with no connected socket and no
 * disconnected session waiting to come back. Recording points with nobody watching the project would otherwise hold
 * every point's event for up to three minutes; at 200 points a second that old-generation growth set off a
 * mark-compact every few seconds on the api's event loop (docs/decisions/005-server-memory.md).
 */
export class LiveSessionAdapter extends SessionAwareAdapter {
  override broadcast(packet: Parameters<Adapter['broadcast']>[0], opts: BroadcastOptions): void {
    if (packet.id !== undefined) return super.broadcast(packet, opts);
    if (!READING_EVENTS.has(packet.data?.[0])) {
      if (this.anyoneMayReplay(opts)) return super.broadcast(packet, opts);
      return Adapter.prototype.broadcast.call(this, packet, opts);
    }
    // the client remembers the last offset it saw; this one is not stored
    packet.data.push(randomBytes(6).toString('base64url'));
    Adapter.prototype.broadcast.call(this, packet, opts);
  }

  /** Whether a socket connected now, or a session held for recovery, is in one of the packet's rooms. */
  private anyoneMayReplay(opts: BroadcastOptions): boolean {
    const { sessions } = this as unknown as Internals;
    if (opts.rooms.size === 0) return this.sids.size > 0 || sessions.size > 0;
    for (const room of opts.rooms) if ((this.rooms.get(room)?.size ?? 0) > 0) return true;
    for (const session of sessions.values()) if (session.rooms.some((room) => opts.rooms.has(room))) return true;
    return false;
  }

  override restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
    const self = this as unknown as Internals;
    const session = self.sessions.get(pid);
    if (!session || session.disconnectedAt + self.maxDisconnectionDuration < Date.now()) {
      self.sessions.delete(pid);
      return null as unknown as Promise<Session>;
    }
    const index = self.packets.findIndex((p) => p.id === offset);
    const missed = index >= 0 ? self.packets.slice(index + 1) : self.packets.filter((p) => p.emittedAt >= session.disconnectedAt);
    const included = (p: Stored) =>
      (p.opts.rooms.size === 0 || session.rooms.some((room) => p.opts.rooms.has(room))) && session.rooms.every((room) => !p.opts.except?.has(room));
    return Promise.resolve({ ...session, missedPackets: missed.filter(included).map((p) => p.data) });
  }

  /** Packets held for replay. */
  get heldPackets(): number {
    return (this as unknown as Internals).packets.length;
  }
}
