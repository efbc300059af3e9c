import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescingForwarder } from './forwarder.js';
import { DeviceLive } from './device-live.js';

/** A reading as the forwarder sees one: a device code and a number to tell them apart. */
const reading = (code: string, n: number) => ({ deviceCode: code, n });

function setup(perSecond: number) {
  const sent: { code: string; n: number; at: number }[] = [];
  let coalesced = 0;
  const f = coalescingForwarder({
    perSecond,
    now: () => Date.now(),
    send: (r: { deviceCode: string; n: number }) => sent.push({ code: r.deviceCode, n: r.n, at: Date.now() }),
    onCoalesced: () => coalesced++,
  });
  return { f, sent, coalesced: () => coalesced };
}

describe('readings forwarded at a capped rate per device', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes readings that arrive bunched at once while the device is within its rate (no fixed spacing)', () => {
    const { f, sent, coalesced } = setup(20);
    // a 5 Hz device whose two readings arrive 5 ms apart after a hiccup: neither waits
    f.offer(reading('A', 1));
    vi.advanceTimersByTime(5);
    f.offer(reading('A', 2));
    vi.advanceTimersByTime(195);
    f.offer(reading('A', 3));
    expect(sent.map((s) => [s.n, s.at - 1_000_000])).toEqual([
      [1, 0],
      [2, 5],
      [3, 200],
    ]);
    expect(coalesced()).toBe(0);
  });

  it('holds a burst past a quarter second of the rate: the newest waits for the next token, the ones it replaces are counted', () => {
    const { f, sent, coalesced } = setup(20); // 5 tokens, one every 50 ms
    for (let n = 1; n <= 8; n++) f.offer(reading('A', n));
    expect(sent.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(coalesced()).toBe(2); // 6 and 7 were replaced while waiting
    vi.advanceTimersByTime(49);
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(sent.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 8]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(6);
  });

  it('caps a flood at the rate (plus the bucket) and always sends the last reading of it', () => {
    const { f, sent, coalesced } = setup(20);
    const total = 2000;
    for (let n = 1; n <= total; n++) {
      f.offer(reading('A', n));
      vi.advanceTimersByTime(1); // one reading a millisecond for 2 s
    }
    vi.advanceTimersByTime(1000);
    // 2 s at 20/s plus the 5 of the full bucket at the start
    expect(sent.length).toBeGreaterThanOrEqual(44);
    expect(sent.length).toBeLessThanOrEqual(46);
    expect(sent.at(-1)!.n).toBe(total);
    expect(sent.length + coalesced()).toBe(total);
    // in any one second: at most the rate plus the bucket
    const inSecondUpTo = (t: number) => sent.filter((o) => o.at > t - 1000 && o.at <= t).length;
    expect(Math.max(...sent.map((s) => inSecondUpTo(s.at)))).toBeLessThanOrEqual(25);
  });

  it('keeps devices apart: one device flooding does not hold back another', () => {
    const { f, sent } = setup(20);
    for (let n = 1; n <= 50; n++) f.offer(reading('A', n));
    f.offer(reading('B', 1));
    expect(sent.filter((s) => s.code === 'B')).toHaveLength(1);
  });

  it('a rate of one a second still lets one reading through at once, then one a second', () => {
    const { f, sent } = setup(1);
    f.offer(reading('A', 1));
    f.offer(reading('A', 2));
    expect(sent.map((s) => s.n)).toEqual([1]);
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => s.n)).toEqual([1, 2]);
  });

  it('sends nothing after close', () => {
    const { f, sent } = setup(20);
    for (let n = 1; n <= 10; n++) f.offer(reading('A', n));
    f.close();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(5);
  });

  it('sends a device state that waited for its token as it is when the token comes: the newest reading', () => {
    const sent: string[] = [];
    const f = coalescingForwarder<DeviceLive>({ perSecond: 4, now: () => Date.now(), send: (s) => sent.push(s.snapshot().latitude.toString()), onCoalesced: () => {} });
    const live = new DeviceLive({ code: 'A', name: 'A', type: 'rover' }, Date.now());
    for (const latitude of [1, 2, 3]) {
      live.applyFix({ position: { latitude, longitude: 0 } }, Date.now());
      f.offer(live);
    }
    // one token (a quarter second of 4/s): the first went out, the state waits and changes while it waits
    expect(sent).toEqual(['1']);
    live.applyFix({ position: { latitude: 4, longitude: 0 } }, Date.now());
    vi.advanceTimersByTime(250);
    expect(sent).toEqual(['1', '4']);
  });
});
