import type { Socket } from 'socket.io';
import { STAKE_SOCKET_EVENTS, stakeWatchRequest, type LiveReading, type StakePushedGuidance, type StakeWatchAck, type StakeWatchRequest } from '@smi/contracts';
import type { Db } from '@smi/db';
import { occupationsRepository } from '@smi/occupations';
import type { SessionUser } from '../auth/session.js';
import { AppError } from '../http/errors.js';
import { ROLE_REFUSED } from '../http/authorize.js';
import { eventGuard } from '../realtime/event-guard.js';
import { guide, TravelTracks, type StakeContext } from './guidance.js';
import { CONTEXT_TTL_MS, stakeContexts, type StakeTargetSpec } from './context.js';

/** A new watch loads its context (a few queries): a burst of 10, then 2 a second; a new heading costs nothing. */
const WATCH_BUCKET = { size: 10, perSecond: 2 };

interface Watch {
  socket: Socket;
  who: { workspaceId: string; userId: string };
  request: NonNullable<StakeWatchRequest>;
  spec: StakeTargetSpec;
  code: string;
  context: { at: number; ctx: StakeContext } | null;
  loading: Promise<void> | null;
}

/**
 * Stake-out guidance pushed over the screen's socket (decision 069): a socket names the project, rover and design
 * point (or line, station and offset) it stakes; every reading of that rover the api process emits is then guided, with the route's own context
 * and `guide`, and sent to that socket alone. The watch is checked once as the route checks a request (role, project,
 * point and rover of the current workspace: another workspace's read as missing) and its context reloaded within a
 * second of any change; a member removed or moved to another role has their sockets closed, and their watches with
 * them.
 */
export function stakeGuidancePush(o: { db: Db; gridsDir: string; latest: (code: string) => Promise<LiveReading | undefined> }) {
  const contexts = stakeContexts(o.db, o.gridsDir);
  const byCode = new Map<string, Set<Watch>>();
  const bySocket = new Map<string, Watch>();
  const tracks = new TravelTracks();

  const stop = (socketId: string) => {
    const w = bySocket.get(socketId);
    if (!w) return;
    bySocket.delete(socketId);
    const set = byCode.get(w.code);
    set?.delete(w);
    if (set && !set.size) byCode.delete(w.code);
  };

  const refresh = (w: Watch): Promise<void> =>
    (w.loading ??= contexts
      .of(w.who, w.request.projectId, w.spec)
      .then((loaded) => {
        w.context = loaded;
      })
      .catch((err: unknown) => {
        // the project, point or CRS went away since the watch began: the watch ends, as a request would be refused;
        // anything else (the database busy) keeps the last context until the next reading tries again
        if (!(err instanceof AppError)) return;
        stop(w.socket.id);
        w.socket.emit(STAKE_SOCKET_EVENTS.guidance, null);
      })
      .finally(() => {
        w.loading = null;
      }));

  const send = (w: Watch, reading: LiveReading) => {
    if (!w.context) return;
    const { orientation, heading } = w.request;
    const reply = guide(w.context.ctx, reading, Date.now(), { orientation, heading, tracks });
    const { projectId, deviceId, pointId, lineId, station, offset } = w.request;
    const pushed: StakePushedGuidance = { ...reply, projectId, deviceId, pointId: pointId ?? null, lineId: lineId ?? null, station: station ?? null, offset: offset ?? null };
    w.socket.emit(STAKE_SOCKET_EVENTS.guidance, pushed);
  };

  async function watch(socket: Socket, user: Pick<SessionUser, 'id' | 'workspace'>, guard: ReturnType<typeof eventGuard>, payload: unknown): Promise<StakeWatchAck> {
    const prev = bySocket.get(socket.id);
    const parsed = stakeWatchRequest.safeParse(payload);
    if (!parsed.success || parsed.data === null) stop(socket.id);
    if (!parsed.success) return { success: false, message: `stake:watch takes {projectId, deviceId, pointId or lineId (station, offset), orientation?, heading?} or null: ${parsed.error.issues[0]?.message ?? 'malformed'}` };
    if (parsed.data === null) return { success: true };
    const request = parsed.data;
    if (request.orientation === 'compass' && request.heading === undefined) {
      stop(socket.id);
      return { success: false, message: 'heading: the compass orientation needs the heading' };
    }
    const spec: StakeTargetSpec = request.pointId !== undefined ? { pointId: request.pointId } : { lineId: request.lineId!, station: request.station, offset: request.offset };
    // the same rover and target with another orientation or compass heading: the checked watch goes on
    if (prev && prev.request.projectId === request.projectId && prev.request.deviceId === request.deviceId && JSON.stringify(prev.spec) === JSON.stringify(spec)) {
      prev.request = request;
      return { success: true };
    }
    stop(socket.id);
    if (!guard.allow()) return { success: false, message: 'Too many stake-out requests; slow down' };
    if (!guard.permitted(STAKE_SOCKET_EVENTS.watch)) return { success: false, message: ROLE_REFUSED };
    try {
      const who = { workspaceId: user.workspace.id, userId: user.id };
      const [loaded, device] = await Promise.all([
        contexts.of(who, request.projectId, spec),
        occupationsRepository.device(o.db, who.workspaceId, request.deviceId),
      ]);
      if (!device) throw new AppError(404, 'Device not found');
      if (!socket.connected) return { success: false, message: 'The connection closed.' };
      const w: Watch = { socket, who, request, spec, code: device.code, context: loaded, loading: null };
      stop(socket.id);
      bySocket.set(socket.id, w);
      let set = byCode.get(w.code);
      if (!set) byCode.set(w.code, (set = new Set()));
      set.add(w);
      const latest = await o.latest(w.code);
      if (latest && bySocket.get(socket.id) === w) send(w, latest);
      return { success: true };
    } catch (err) {
      if (err instanceof AppError) return { success: false, message: err.message };
      throw err;
    }
  }

  return {
    /** Takes `stake:watch` on a signed-in socket; its acknowledgement says whether the watch began and why not. */
    attach(socket: Socket, user: Pick<SessionUser, 'id' | 'workspace'>, onError: (err: unknown) => void) {
      const guard = eventGuard(user, WATCH_BUCKET);
      socket.on(STAKE_SOCKET_EVENTS.watch, (payload: unknown, ack?: unknown) => {
        const reply = (a: StakeWatchAck) => (typeof ack === 'function' ? ack(a) : undefined);
        watch(socket, user, guard, payload).then(reply, (err: unknown) => {
          onError(err);
          reply({ success: false, message: 'Stake-out guidance failed; please try again' });
        });
      });
      socket.once('disconnect', () => stop(socket.id));
    },
    /** Every reading this api process emits: guided for the sockets staking with its rover. */
    onReading(reading: LiveReading) {
      const set = byCode.get(reading.deviceCode);
      if (!set) return;
      const now = Date.now();
      for (const w of set) {
        // guided at once with the context in hand; an old one is reloaded beside it, for the next readings: a reading
        // never waits for the database (50 rovers' reloads falling due together held their readings tens of ms)
        if (w.context) send(w, reading);
        if (!w.context || now - w.context.at >= CONTEXT_TTL_MS) void refresh(w);
      }
    },
    /** Sockets staking on this process (for tests and health). */
    watching: () => bySocket.size,
  };
}
export type StakeGuidancePush = ReturnType<typeof stakeGuidancePush>;
