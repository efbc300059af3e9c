import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { fakeSocket } from '../test/fake-socket';
import { LiveFeed, RETRY_AFTER_GIVING_UP_MS } from './socket';

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live feed after its reconnect attempts are used up', () => {
  it('tries again every 15 s while the page is visible, until it is connected', () => {
    const socket = fakeSocket();
    const feed = new LiveFeed(() => socket as unknown as Socket);
    feed.watch(['R-1']);
    expect(socket.connects).toBe(1);
    socket.giveUp();
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS - 1);
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(2);
    socket.giveUp();
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS);
    expect(socket.connects).toBe(3);
    // connected: no more tries
    socket.connected = true;
    socket.fire('connect');
    expect(feed.getStatus().connected).toBe(true);
    expect(socket.emit).toHaveBeenCalledWith(expect.any(String), 'R-1');
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 4);
    expect(socket.connects).toBe(3);
    feed.close();
  });

  it('a hidden page does not try; it connects again when it becomes visible', () => {
    const socket = fakeSocket();
    const feed = new LiveFeed(() => socket as unknown as Socket);
    feed.watch(['R-1']);
    visibility = 'hidden';
    socket.giveUp();
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 3);
    expect(socket.connects).toBe(1);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.connects).toBe(2);
    feed.close();
  });

  it('a closed feed (logout) never tries again', () => {
    const socket = fakeSocket();
    const feed = new LiveFeed(() => socket as unknown as Socket);
    feed.watch(['R-1']);
    socket.giveUp();
    feed.close();
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 3);
    expect(socket.connects).toBe(1);
  });
});
