import { describe, expect, it, vi } from 'vitest';
import type { LiveReading } from '@smi/contracts';
import { testReading } from '@smi/contracts/testing';
import { LiveStore } from './live-store';

const reading = (deviceCode: string, n: number): LiveReading =>
  testReading(deviceCode, { timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(), latitude: 6.615 + n * 1e-6 });

describe('the live reading store', () => {
  it('lets a burst of readings reach listeners as one update', () => {
    const store = new LiveStore();
    const listener = vi.fn();
    store.subscribe(listener);
    for (let i = 0; i < 500; i++) store.add(reading(i % 2 ? 'R1' : 'R2', i));
    expect(listener).not.toHaveBeenCalled();
    store.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the last 10 readings of each device, newest last', () => {
    const store = new LiveStore();
    for (let i = 0; i < 25; i++) store.add(reading('R1', i));
    store.add(reading('B1', 0));
    store.flush();
    const r1 = store.get().R1!;
    expect(r1).toHaveLength(10);
    expect(r1.at(-1)!.timestamp).toBe(reading('R1', 24).timestamp);
    expect(r1[0]!.timestamp).toBe(reading('R1', 15).timestamp);
    expect(store.get().B1).toHaveLength(1);
  });

  it('keeps the same snapshot when nothing new arrived, so React does not re-render', () => {
    const store = new LiveStore();
    store.add(reading('R1', 0));
    store.flush();
    const before = store.get();
    store.flush();
    expect(store.get()).toBe(before);
  });
});
