import { io, type Socket } from 'socket.io-client';
import {
  LINEWORK_EVENT,
  lineworkNotice,
  liveReading,
  OCCUPATION_EVENT,
  occupationView,
  SOCKET_EVENTS,
  STAKE_SOCKET_EVENTS,
  stakePushedGuidance,
  type OccupationView,
  type StakePushedGuidance,
  type StakeWatchAck,
  type StakeWatchRequest,
  pointChangesReply,
  pointEndpoints,
  pointsChangedEvent,
  watchProjectAck,
  type PointChange,
  type PointChangesReply,
} from '@smi/contracts';
import { LiveStore } from './live-store';
import { call } from './api-client';
import { onLiveSessionEnd } from './live-session';

/** The realtime connection's status text. */
export const FEED_TEXT = {
  disconnected: 'Disconnected ❌',
  connected: 'Connected ✅',
  error: (message: string) => `Connection Error: ${message} ❌`,
};

interface StakeWatch {
  request: NonNullable<StakeWatchRequest>;
  onGuidance: (g: StakePushedGuidance | null) => void;
  onRefused: (message: string) => void;
}

export interface FeedStatus {
  connected: boolean;
  text: string;
}

/** Readings arriving within this window reach React together. */
const FLUSH_MS = 100;
/**
 * After the 5 reconnect attempts fail, a visible page tries again this often (each try is another 5
 * attempts): a phone in the field loses its network for minutes, and nobody should have to switch tabs to get the
 * live feed back.
 */
export const RETRY_AFTER_GIVING_UP_MS = 15_000;
/** After the server closed the connection (a change of workspace or role), the feed connects again this soon. */
export const RECONNECT_AFTER_SERVER_CLOSED_MS = 300;

/** What a screen watching a project's points is told (decision 073). */
export interface ProjectWatcher {
  /** Changes of the project's points, each applied once, a point's older change never after a newer one. */
  apply(changes: PointChange[]): void;
  /** The first answer of the server: the points read before it may lack a change, read them again. */
  reload(): void;
}

interface WatchedProject {
  watchers: Set<ProjectWatcher>;
  /** Every change up to this one has been applied; undefined until the server first answered. */
  cursor?: number;
  /** The latest change applied of each point. */
  seqs: Map<string, number>;
  /** A catch-up read is under way; `again`: another is needed after it. */
  catchingUp: boolean;
  again: boolean;
}

export type FetchChanges = (projectId: string, since: number) => Promise<PointChangesReply>;

const fetchChanges: FetchChanges = (projectId, since) =>
  call(pointEndpoints.pointChanges, { params: { projectId }, query: { since: String(since) }, reply: pointChangesReply, quiet: true });

/**
 * The one owner of the realtime connection: websocket only, 5 reconnect attempts 1 s apart, 10 s timeout.
 * Screens ask for device codes with `watch`; the owner (re)subscribes them on every connect, batches readings per
 * device, reconnects when the browser comes back online or visible (and every RETRY_AFTER_GIVING_UP_MS while visible
 * once the attempts are used up), and after a drop asks for a REST re-fetch
 * (readings sent while it was away are not replayed). On (re)subscribe the server sends each device's latest reading.
 */
export class LiveFeed {
  readonly store = new LiveStore();
  private socket: Socket | null = null;
  private status: FeedStatus = { connected: false, text: FEED_TEXT.disconnected };
  private statusListeners = new Set<() => void>();
  private watched = new Map<string, number>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private dropped = false;
  private resync: () => void = () => {};
  private occupationListeners = new Set<(o: OccupationView) => void>();
  private lineworkListeners = new Set<(projectId: string) => void>();
  private stakeWatch: StakeWatch | null = null;
  private projects = new Map<string, WatchedProject>();

  constructor(
    private readonly makeSocket: () => Socket = defaultSocket,
    private readonly readChanges: FetchChanges = fetchChanges,
  ) {}

  /**
   * Starts receiving the changes of a project's points (other members' new, renamed, recoded and deleted points). After
   * a drop, the changes made meanwhile are read from the server's changes feed from the last cursor, so nothing is
   * missed. The returned function stops.
   */
  watchProject(projectId: string, watcher: ProjectWatcher): () => void {
    let p = this.projects.get(projectId);
    if (!p) {
      p = { watchers: new Set(), seqs: new Map(), catchingUp: false, again: false };
      this.projects.set(projectId, p);
    }
    const fresh = p.watchers.size === 0;
    p.watchers.add(watcher);
    const socket = this.ensure();
    if (socket.connected && fresh) this.askToWatch(socket, projectId);
    return () => {
      const q = this.projects.get(projectId);
      if (!q) return;
      q.watchers.delete(watcher);
      if (q.watchers.size) return;
      this.projects.delete(projectId);
      if (this.socket?.connected) this.socket.emit(SOCKET_EVENTS.unwatchProject, { ProjectId: projectId });
    };
  }

  private askToWatch(socket: Socket, projectId: string): void {
    socket.emit(SOCKET_EVENTS.watchProject, { ProjectId: projectId }, (payload: unknown) => {
      const ack = watchProjectAck.safeParse(payload);
      const p = this.projects.get(projectId);
      if (!ack.success || !ack.data.success || ack.data.Cursor === undefined || !p) return;
      if (p.cursor === undefined) {
        p.cursor = ack.data.Cursor;
        p.watchers.forEach((w) => w.reload());
      } else {
        // back after a drop: what changed meanwhile
        this.catchUp(projectId);
      }
    });
  }

  /** A change is applied only when newer than the one the point has. */
  private applyChanges(p: WatchedProject, changes: PointChange[]): void {
    const fresh = changes.filter((c) => c.Seq > (p.seqs.get(c.PointId) ?? -1));
    for (const c of fresh) p.seqs.set(c.PointId, c.Seq);
    if (fresh.length) p.watchers.forEach((w) => w.apply(fresh));
  }

  receivePointsChanged = (payload: unknown): void => {
    const parsed = pointsChangedEvent.safeParse(payload);
    if (!parsed.success) return;
    const e = parsed.data;
    const p = this.projects.get(e.ProjectId);
    if (!p || p.cursor === undefined) return;
    this.applyChanges(p, e.Changes);
    if (e.From <= p.cursor) p.cursor = Math.max(p.cursor, e.Cursor);
    // some changes before this push never reached this client: read them
    else this.catchUp(e.ProjectId);
  };

  private catchUp(projectId: string): void {
    const p = this.projects.get(projectId);
    if (!p || p.cursor === undefined) return;
    if (p.catchingUp) {
      p.again = true;
      return;
    }
    p.catchingUp = true;
    const since = p.cursor;
    this.readChanges(projectId, since)
      .then((reply) => {
        if (this.projects.get(projectId) !== p) return;
        this.applyChanges(p, reply.Changes);
        p.cursor = Math.max(p.cursor ?? 0, reply.Cursor);
      })
      // offline again: the next connect reads from the same cursor
      .catch(() => {})
      .finally(() => {
        p.catchingUp = false;
        if (p.again) {
          p.again = false;
          this.catchUp(projectId);
        }
      });
  }

  /** What to do after the connection comes back from a drop (the app re-fetches its server state). */
  onResync(fn: () => void): void {
    this.resync = fn;
  }

  /** Starts receiving readings of these device codes; the returned function stops (codes are reference-counted). */
  watch(codes: readonly string[]): () => void {
    const fresh = codes.filter((c) => {
      const n = this.watched.get(c) ?? 0;
      this.watched.set(c, n + 1);
      return n === 0;
    });
    const socket = this.ensure();
    if (socket.connected && fresh.length) fresh.forEach((c) => socket.emit(SOCKET_EVENTS.subscribe, c));
    return () => {
      for (const c of codes) {
        const n = (this.watched.get(c) ?? 1) - 1;
        if (n > 0) this.watched.set(c, n);
        else {
          this.watched.delete(c);
          this.store.drop(c);
          if (this.socket?.connected) this.socket.emit(SOCKET_EVENTS.unsubscribe, c);
        }
      }
    };
  }

  /**
   * Progress of the user's survey occupations (the server sends every one to all the user's sockets). Listening does
   * not open the connection: the screens that measure watch devices too, which does.
   */
  onOccupation(listener: (o: OccupationView) => void): () => void {
    this.occupationListeners.add(listener);
    return () => this.occupationListeners.delete(listener);
  }

  /** A project's linework changed (a point recorded, recoded, renamed or deleted; its code list changed). */
  onLinework(listener: (projectId: string) => void): () => void {
    this.lineworkListeners.add(listener);
    return () => this.lineworkListeners.delete(listener);
  }

  /**
   * Stake-out guidance pushed by the server for every reading of the rover (decision 069), one watch at a time: a new
   * one replaces the last. Sent again on every connect; the returned function stops it.
   */
  stake(request: NonNullable<StakeWatchRequest>, onGuidance: (g: StakePushedGuidance | null) => void, onRefused: (message: string) => void): () => void {
    const watch: StakeWatch = { request, onGuidance, onRefused };
    this.stakeWatch = watch;
    const socket = this.ensure();
    if (socket.connected) this.sendStakeWatch(socket);
    return () => {
      if (this.stakeWatch !== watch) return;
      this.stakeWatch = null;
      // told a moment later: a screen that replaces its watch (another heading) has sent the new one by then
      queueMicrotask(() => {
        if (this.stakeWatch === null && this.socket?.connected) this.socket.emit(STAKE_SOCKET_EVENTS.watch, null);
      });
    };
  }

  private sendStakeWatch(socket: Socket): void {
    const watch = this.stakeWatch;
    if (!watch) return;
    socket.emit(STAKE_SOCKET_EVENTS.watch, watch.request, (ack: StakeWatchAck) => {
      if (this.stakeWatch === watch && !ack.success) watch.onRefused(ack.message ?? 'Stake-out guidance was refused.');
    });
  }

  /** A `stake:guidance` event: null ends the watch (its project or point went away); another watch's is skipped. */
  receiveStake = (payload: unknown): void => {
    const watch = this.stakeWatch;
    if (!watch) return;
    if (payload === null) return watch.onGuidance(null);
    const parsed = stakePushedGuidance.safeParse(payload);
    if (!parsed.success) return;
    const r = watch.request;
    const g = parsed.data;
    const same = g.projectId === r.projectId && g.deviceId === r.deviceId && g.pointId === (r.pointId ?? null) && g.lineId === (r.lineId ?? null) && g.station === (r.station ?? null) && g.offset === (r.offset ?? null);
    if (same) watch.onGuidance(g);
  };

  receiveLinework = (payload: unknown): void => {
    const parsed = lineworkNotice.safeParse(payload);
    if (parsed.success) this.lineworkListeners.forEach((l) => l(parsed.data.ProjectId));
  };

  /** An `occupation` event: one this client cannot read is skipped. */
  receiveOccupation = (payload: unknown): void => {
    const parsed = occupationView.safeParse(payload);
    if (parsed.success) this.occupationListeners.forEach((l) => l(parsed.data));
  };

  getStatus = (): FeedStatus => this.status;
  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Ends the connection and forgets every reading (logout). */
  close(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.stopRetrying();
    this.stakeWatch = null;
    this.watched.clear();
    this.projects.clear();
    this.store.clear();
    this.dropped = false;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.wake);
      window.removeEventListener('offline', this.lost);
      document.removeEventListener('visibilitychange', this.wake);
    }
    this.setStatus({ connected: false, text: FEED_TEXT.disconnected });
  }

  private ensure(): Socket {
    if (this.socket) return this.socket;
    const socket = this.makeSocket();
    this.socket = socket;
    socket.on('connect', () => {
      this.stopRetrying();
      this.setStatus({ connected: true, text: FEED_TEXT.connected });
      for (const code of this.watched.keys()) socket.emit(SOCKET_EVENTS.subscribe, code);
      this.sendStakeWatch(socket);
      for (const projectId of this.projects.keys()) this.askToWatch(socket, projectId);
      if (this.dropped) {
        this.dropped = false;
        this.resync();
      }
    });
    socket.on('connect_error', (err: Error) => {
      this.dropped = true;
      this.setStatus({ connected: false, text: FEED_TEXT.error(err.message) });
    });
    socket.on('disconnect', (reason: string) => {
      this.dropped = true;
      this.setStatus({ connected: false, text: FEED_TEXT.disconnected });
      // the server closes a member's sockets when their workspace or role changes (they join again as they now are):
      // socket.io does not reconnect after that by itself, so the feed does (a signed-out user's try is refused)
      if (reason === 'io server disconnect') this.reconnectSoon();
    });
    for (const event of [SOCKET_EVENTS.deviceData, SOCKET_EVENTS.live, SOCKET_EVENTS.corrections]) {
      socket.on(event, (payload: unknown) => this.receive(payload));
    }
    socket.on(OCCUPATION_EVENT, this.receiveOccupation);
    socket.on(LINEWORK_EVENT, this.receiveLinework);
    socket.on(STAKE_SOCKET_EVENTS.guidance, this.receiveStake);
    socket.on(SOCKET_EVENTS.pointsChanged, this.receivePointsChanged);
    // the manager's attempts are used up: try again later (wake also tries when the page comes back)
    socket.io.on('reconnect_failed', () => this.retryLater());
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.wake);
      window.addEventListener('offline', this.lost);
      document.addEventListener('visibilitychange', this.wake);
    }
    socket.connect();
    return socket;
  }

  /**
   * The phone says it lost its network: the socket is closed now (it reconnects when it can), so the page says
   * "Disconnected" at once instead of showing every rover go silent until the heartbeat notices.
   */
  private lost = () => {
    if (this.socket?.connected) this.socket.io.engine?.close();
  };

  /** Back online or visible again: a socket that gave up reconnecting tries once more. */
  private wake = () => {
    if (document.visibilityState === 'visible' && this.socket && !this.socket.connected && !this.socket.active) this.socket.connect();
  };

  private reconnectSoon(): void {
    this.stopRetrying();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket && !this.socket.connected && !this.socket.active) this.socket.connect();
    }, RECONNECT_AFTER_SERVER_CLOSED_MS);
  }

  private retryLater(): void {
    this.stopRetrying();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      // a hidden page waits for visibilitychange (wake) instead of spending a phone's battery
      if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
      if (this.socket && !this.socket.connected && !this.socket.active) this.socket.connect();
    }, RETRY_AFTER_GIVING_UP_MS);
  }

  private stopRetrying(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private receive(payload: unknown): void {
    const parsed = liveReading.safeParse(payload);
    // a reading this client cannot read is skipped, never drawn half-right; one for a device no longer watched too
    if (!parsed.success || !this.watched.has(parsed.data.deviceCode)) return;
    this.store.add(parsed.data);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      this.store.flush();
    }, FLUSH_MS);
  }

  private setStatus(status: FeedStatus): void {
    this.status = status;
    this.statusListeners.forEach((l) => l());
  }
}

function defaultSocket(): Socket {
  return io({
    transports: ['websocket'],
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    timeout: 10_000,
    withCredentials: true,
    autoConnect: false,
  });
}

export const liveFeed = new LiveFeed();
export const disconnectLiveFeed = () => liveFeed.close();
onLiveSessionEnd(disconnectLiveFeed);
