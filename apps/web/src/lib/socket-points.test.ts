import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { pointView, SOCKET_EVENTS, type PointChange, type PointChangesReply, type PointView } from '@smi/contracts';
import { LiveFeed, RECONNECT_AFTER_SERVER_CLOSED_MS, type ProjectWatcher } from './socket';

/** A socket.io client as the feed uses it: handlers by event, every emit recorded with its acknowledgement. */
function fakeSocket() {
  const handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    active: false,
    on(event: string, fn: (...a: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
    },
    emit: vi.fn(),
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
    connects: 0,
    connect() {
      this.connects++;
      this.active = true;
    },
    io: { on: () => {} },
    fire(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((f) => f(...args));
    },
    /** connected (again): the feed asks to watch its projects; the server's answer to the latest ask */
    up() {
      this.connected = true;
      this.fire('connect');
    },
    answerWatch(ack: unknown) {
      const call = socket.emit.mock.calls.filter((c) => c[0] === SOCKET_EVENTS.watchProject).at(-1)!;
      (call[2] as (a: unknown) => void)(ack);
    },
  };
  return socket;
}

/** A point as the server sends it (every field the contract requires). */
function point(id: string, Name: string): PointView {
  const blank = Object.fromEntries(Object.keys(pointView.shape).map((k) => [k, null]));
  delete blank.RecordedBy;
  delete blank.Photos;
  const p = { ...blank, _id: id, ProjectId: 'P1', Number: 1, Name, Type: 'recorded', Latitude: 6.615, Longitude: 79.968, Timestamp: '2026-11-23T10:00:00.000Z' };
  return pointView.parse({ ...p, Device: 'Rover', Section: 'default', Created_On: p.Timestamp, Method: 'client', Warnings: [], Code: '', Attributes: {}, Note: '' });
}
const change = (Seq: number, id: string, Name: string | null): PointChange => ({ Seq, PointId: id, Point: Name === null ? null : point(id, Name) });
const flush = () => new Promise((ok) => setTimeout(ok, 0));

function watching() {
  const socket = fakeSocket();
  const reads: [string, number][] = [];
  let reply: PointChangesReply = { success: true, Cursor: 0, Changes: [] };
  const feed = new LiveFeed(
    () => socket as unknown as Socket,
    async (projectId, since) => {
      reads.push([projectId, since]);
      return reply;
    },
  );
  const applied: PointChange[][] = [];
  const watcher: ProjectWatcher = { apply: (c) => applied.push(c), reload: vi.fn() };
  const stop = feed.watchProject('P1', watcher);
  socket.up();
  return { socket, feed, reads, applied, watcher, stop, answer: (r: PointChangesReply) => (reply = r) };
}

describe("the live feed's watch of a project's points", () => {
  it('asks to watch on connect, reloads once after the first answer, and applies pushes in order', () => {
    const { socket, applied, watcher, reads } = watching();
    expect(socket.emit).toHaveBeenCalledWith(SOCKET_EVENTS.watchProject, { ProjectId: 'P1' }, expect.any(Function));
    socket.answerWatch({ success: true, Cursor: 5 });
    expect(watcher.reload).toHaveBeenCalledTimes(1);

    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 5, Cursor: 7, Changes: [change(6, 'a', 'A'), change(7, 'b', 'B')] });
    // an older change of a point that already has a newer one is not applied; another project's push is not ours
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 5, Cursor: 7, Changes: [change(6, 'a', 'A-old')] });
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P2', From: 0, Cursor: 1, Changes: [change(1, 'x', 'X')] });
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 7, Cursor: 8, Changes: [change(8, 'a', null)] });
    expect(applied).toEqual([[change(6, 'a', 'A'), change(7, 'b', 'B')], [change(8, 'a', null)]]);
    // pushes that follow one another need no read
    expect(reads).toEqual([]);
  });

  it('reads the changes it missed when a push starts past its cursor, and after a reconnect', async () => {
    const { socket, applied, reads, answer } = watching();
    socket.answerWatch({ success: true, Cursor: 5 });
    answer({ success: true, Cursor: 9, Changes: [change(6, 'a', 'A'), change(8, 'c', 'C')] });
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 8, Cursor: 9, Changes: [change(9, 'd', 'D')] });
    await flush();
    expect(reads).toEqual([['P1', 5]]);
    expect(applied).toEqual([[change(9, 'd', 'D')], [change(6, 'a', 'A'), change(8, 'c', 'C')]]);

    // the phone drops for a minute; meanwhile a point is renamed and one deleted
    socket.connected = false;
    socket.fire('disconnect');
    answer({ success: true, Cursor: 11, Changes: [change(10, 'c', 'C2'), change(11, 'd', null)] });
    socket.up();
    socket.answerWatch({ success: true, Cursor: 11 });
    await flush();
    expect(reads).toEqual([
      ['P1', 5],
      ['P1', 9],
    ]);
    expect(applied.at(-1)).toEqual([change(10, 'c', 'C2'), change(11, 'd', null)]);
  });

  it('stops: the server is told, and pushes are no longer applied', () => {
    const { socket, applied, stop } = watching();
    socket.answerWatch({ success: true, Cursor: 1 });
    stop();
    expect(socket.emit).toHaveBeenCalledWith(SOCKET_EVENTS.unwatchProject, { ProjectId: 'P1' });
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 1, Cursor: 2, Changes: [change(2, 'a', 'A')] });
    expect(applied).toEqual([]);
  });

  it('a refused watch (another workspace, a removed member) applies nothing', () => {
    const { socket, applied, watcher } = watching();
    socket.answerWatch({ success: false, message: 'Project not found' });
    socket.fire(SOCKET_EVENTS.pointsChanged, { ProjectId: 'P1', From: 0, Cursor: 1, Changes: [change(1, 'a', 'A')] });
    expect(watcher.reload).not.toHaveBeenCalled();
    expect(applied).toEqual([]);
  });

  it('connects again by itself when the server closed the connection (a new workspace or role), and watches again', () => {
    vi.useFakeTimers();
    try {
      const { socket } = watching();
      socket.answerWatch({ success: true, Cursor: 3 });
      const before = socket.connects;
      socket.connected = false;
      socket.active = false;
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSED_MS);
      expect(socket.connects).toBe(before + 1);
      const asked = socket.emit.mock.calls.filter((c) => c[0] === SOCKET_EVENTS.watchProject).length;
      socket.up();
      expect(socket.emit.mock.calls.filter((c) => c[0] === SOCKET_EVENTS.watchProject).length).toBe(asked + 1);
      // a drop of the network is left to socket.io's own reconnection
      socket.connected = false;
      socket.active = true;
      socket.fire('disconnect', 'transport close');
      vi.advanceTimersByTime(RECONNECT_AFTER_SERVER_CLOSED_MS * 10);
      expect(socket.connects).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
