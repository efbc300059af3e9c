import type { Server, Socket } from 'socket.io';
import { SOCKET_EVENTS, watchProjectRequest, type PointsChangedEvent, type WatchProjectAck } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import type { SessionUser } from '../auth/session.js';
import { ROLE_REFUSED } from '../http/authorize.js';
import type { Logger } from '../logger.js';
import { pointChangesSince, watchableCursor } from '../points/changes.js';
import { projectRoom } from './rooms.js';
import { eventGuard } from './event-guard.js';

/** Projects one socket may watch at once (a map and a table of one project; a few tabs' worth). */
const MAX_PROJECTS_PER_SOCKET = 20;
// watch requests each cost a query: a burst of 10, then 1 a second
const BUCKET = { size: 10, perSecond: 1 };

/** Between api processes (the Redis adapter's server-side emit): a project's points changed through that process. */
const POINTS_CHANGED_BETWEEN_PROCESSES = 'smi:points-changed';

/**
 * The pushes of point changes to the sockets watching a project, on this api process (decision 073). Each process
 * reads the changes feed itself for its own watchers, from the cursor it pushed last, and sends them only to the
 * sockets of users who are members of the project's workspace at that moment: a member removed a moment ago is left
 * out even before their sockets are closed. A change made through another process arrives as a server-side emit
 * (Redis); the gateway's occupation points as the occupation reports every process hears.
 */
export function pointsPublisher(o: { io: Server; db: Queryable; log: Logger; distributed: boolean }) {
  const { io, db } = o;
  /** per watched project: its workspace and the cursor this process pushed last */
  const watched = new Map<string, { workspaceId: string; cursor: number }>();
  const chains = new Map<string, Promise<void>>();
  /** a push is queued and has not started reading yet: a later change is read by it */
  const queued = new Set<string>();
  const localRoom = (projectId: string) => io.of('/').adapter.rooms.get(projectRoom(projectId));

  async function push(projectId: string) {
    const w = watched.get(projectId);
    if (!w) return;
    if (!localRoom(projectId)?.size) {
      watched.delete(projectId);
      return;
    }
    const [feed, members] = await Promise.all([
      pointChangesSince(db, w.workspaceId, projectId, w.cursor),
      db.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM workspace_members WHERE workspace_id = $1', [w.workspaceId]),
    ]);
    if (!feed) {
      // the project is gone: nothing more will be pushed for it
      watched.delete(projectId);
      return;
    }
    if (feed.cursor <= w.cursor) return;
    const from = w.cursor;
    w.cursor = feed.cursor;
    if (!feed.changes.length) return;
    const member = new Set(members.map((m) => m.user_id));
    const outsiders: string[] = [];
    for (const id of localRoom(projectId) ?? []) {
      const socket = io.of('/').sockets.get(id);
      const user = socket?.data.user as SessionUser | undefined;
      if (!user || !member.has(user.id) || user.workspace.id !== w.workspaceId) outsiders.push(id);
    }
    const event: PointsChangedEvent = { ProjectId: projectId, From: from, Cursor: feed.cursor, Changes: feed.changes };
    io.local.to(projectRoom(projectId)).except(outsiders).emit(SOCKET_EVENTS.pointsChanged, event);
  }

  /** Pushes what changed in the project since the last push, after any push of it still running. */
  function pushLocal(projectId: string) {
    if (!watched.has(projectId) || queued.has(projectId)) return;
    queued.add(projectId);
    const next = (chains.get(projectId) ?? Promise.resolve())
      .then(() => {
        queued.delete(projectId);
        return push(projectId);
      })
      .catch((err: unknown) => o.log.warn({ err, projectId }, 'point changes not pushed'));
    chains.set(projectId, next);
    void next.finally(() => {
      if (chains.get(projectId) === next) chains.delete(projectId);
    });
  }

  if (o.distributed) io.on(POINTS_CHANGED_BETWEEN_PROCESSES, (projectId: unknown) => typeof projectId === 'string' && pushLocal(projectId));

  return {
    /** A change committed through this process: pushed here, and told to every other process. */
    changed(projectId: string) {
      pushLocal(projectId);
      if (o.distributed) io.serverSideEmit(POINTS_CHANGED_BETWEEN_PROCESSES, projectId);
    },
    /** A change another path told every process about (an occupation's points): pushed here only. */
    changedHere: pushLocal,
    /**
     * A socket starts watching: the cursor its pushes continue from (the project's cursor when nobody here watched
     * it, else the one pushed last, so the socket's next push starts where this answer ends).
     */
    watching(projectId: string, workspaceId: string, cursor: number): number {
      const w = watched.get(projectId);
      if (w && w.workspaceId === workspaceId && localRoom(projectId)?.size) return w.cursor;
      watched.set(projectId, { workspaceId, cursor });
      return cursor;
    },
    /** Waits for every push under way (tests, shutdown). */
    async settled() {
      await Promise.all([...chains.values()]);
    },
  };
}
export type PointsPublisher = ReturnType<typeof pointsPublisher>;

/**
 * `watch-project` and `unwatch-project` of one signed-in socket: the project room is joined only after the one role
 * check (authorize) and a query that the project is the current workspace's and the user still one of its members.
 * Another workspace's project and a missing one are refused alike.
 */
export function handleProjectWatch(socket: Socket, o: { db: Queryable; publisher: PointsPublisher; user: Pick<SessionUser, 'id' | 'workspace'>; log: Logger }) {
  const { allow, permitted } = eventGuard(o.user, BUCKET);
  const watching = () => [...socket.rooms].filter((r) => r.startsWith('project:')).length;

  socket.on(SOCKET_EVENTS.watchProject, (payload: unknown, ack?: unknown) => {
    const reply = (a: WatchProjectAck) => (typeof ack === 'function' ? ack(a) : undefined);
    const refuse = (message: string) => reply({ success: false, message });
    if (!allow()) return refuse('Too many watch requests; slow down');
    if (!permitted(SOCKET_EVENTS.watchProject)) return refuse(ROLE_REFUSED);
    const parsed = watchProjectRequest.safeParse(payload);
    if (!parsed.success) return refuse('watch-project takes {ProjectId}');
    const { ProjectId } = parsed.data;
    if (!socket.rooms.has(projectRoom(ProjectId)) && watching() >= MAX_PROJECTS_PER_SOCKET) return refuse('Too many projects watched on one connection');
    watchableCursor(o.db, o.user.workspace.id, o.user.id, ProjectId)
      .then((cursor) => {
        if (cursor === undefined) return refuse('Project not found');
        if (!socket.connected) return;
        const from = o.publisher.watching(ProjectId, o.user.workspace.id, cursor);
        // rooms are kept in this process by both adapters in use (in-memory, Redis): joining finishes at once
        void socket.join(projectRoom(ProjectId));
        reply({ success: true, Cursor: from });
      })
      .catch((err: unknown) => {
        o.log.warn({ err }, 'watch-project failed');
        refuse('Watching failed; please try again');
      });
  });

  socket.on(SOCKET_EVENTS.unwatchProject, (payload: unknown) => {
    if (!permitted(SOCKET_EVENTS.unwatchProject)) return;
    const parsed = watchProjectRequest.safeParse(payload);
    if (parsed.success) void socket.leave(projectRoom(parsed.data.ProjectId)); // at once, as above
  });
}
