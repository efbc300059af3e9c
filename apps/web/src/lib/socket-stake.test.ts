import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { STAKE_SOCKET_EVENTS } from '@smi/contracts';
import { fakeSocket } from '../test/fake-socket';
import { LiveFeed } from './socket';

const REQUEST = { projectId: 'p1', deviceId: 'd1', pointId: 't1', orientation: 'north' as const };

/** A pushed guidance as the server sends it (the reply schema's fields), for the given ids. */
const pushed = (ids: { projectId: string; deviceId: string; pointId: string }) => ({
  success: true,
  unit: 'metre',
  crs: 'EPSG:32633',
  height: 'ellipsoidal',
  target: { id: ids.pointId, name: 'P3', easting: 1, northing: 2, elevation: null },
  fix: { type: 'rtk-fixed', satellites: 19, correctionAge: 1, age: 0.2, time: null },
  live: true,
  blocked: null,
  reason: null,
  rover: { easting: 0, northing: 0, height: null },
  speed: null,
  guidance: null,
  tolerance: { horizontal: 0.02, vertical: 0.03, radius: 3 },
  line: null,
  lineId: null,
  station: null,
  offset: null,
  ...ids,
});

function setUp() {
  const socket = fakeSocket();
  const feed = new LiveFeed(() => socket as unknown as Socket);
  const watchesSent = () => socket.emit.mock.calls.filter((c) => c[0] === STAKE_SOCKET_EVENTS.watch).map((c) => c[1]);
  return { socket, feed, watchesSent };
}

describe('stake-out guidance over the live feed', () => {
  it('sends the watch on every connect and hands over only the guidance of that watch', () => {
    const { socket, feed, watchesSent } = setUp();
    const got = vi.fn();
    feed.stake(REQUEST, got, vi.fn());
    expect(watchesSent()).toEqual([]);
    socket.connected = true;
    socket.fire('connect');
    expect(watchesSent()).toEqual([REQUEST]);
    socket.fire(STAKE_SOCKET_EVENTS.guidance, pushed({ projectId: 'p1', deviceId: 'd1', pointId: 't1' }));
    socket.fire(STAKE_SOCKET_EVENTS.guidance, pushed({ projectId: 'p1', deviceId: 'd1', pointId: 'other' }));
    socket.fire(STAKE_SOCKET_EVENTS.guidance, { garbage: true });
    expect(got).toHaveBeenCalledTimes(1);
    expect(got.mock.calls[0]![0]).toMatchObject({ pointId: 't1', live: true });
    // a reconnect sends the watch again; null (the point went away) is handed over
    socket.fire('connect');
    expect(watchesSent()).toEqual([REQUEST, REQUEST]);
    socket.fire(STAKE_SOCKET_EVENTS.guidance, null);
    expect(got).toHaveBeenLastCalledWith(null);
  });

  it('stops with null unless another watch replaced it at once; a refusal is told', async () => {
    const { socket, feed, watchesSent } = setUp();
    socket.connected = true;
    const refused = vi.fn();
    const stop = feed.stake(REQUEST, vi.fn(), refused);
    const ack = socket.emit.mock.calls.at(-1)![2] as (a: unknown) => void;
    ack({ success: false, message: 'Design point not found' });
    expect(refused).toHaveBeenCalledWith('Design point not found');
    // replaced in the same turn (a new compass heading): no null in between
    stop();
    const compass = { ...REQUEST, orientation: 'compass' as const, heading: 90 };
    const stopCompass = feed.stake(compass, vi.fn(), vi.fn());
    await Promise.resolve();
    expect(watchesSent()).toEqual([REQUEST, compass]);
    stopCompass();
    await Promise.resolve();
    expect(watchesSent()).toEqual([REQUEST, compass, null]);
  });
});
