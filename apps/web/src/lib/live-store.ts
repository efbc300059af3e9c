import { LIMITS, type LiveReading } from '@smi/contracts';

export type ReadingsByDevice = Readonly<Record<string, readonly LiveReading[]>>;

/**
 * Holds the last readings of each device and lets a burst of them reach React as one update:
 * `add` only queues; `flush` (called by the owner on a short timer) folds the queue in, one new snapshot per flush.
 */
export class LiveStore {
  private snapshot: ReadingsByDevice = {};
  private queue = new Map<string, LiveReading[]>();
  private listeners = new Set<() => void>();

  add(reading: LiveReading): void {
    const list = this.queue.get(reading.deviceCode);
    if (list) list.push(reading);
    else this.queue.set(reading.deviceCode, [reading]);
  }

  get pending(): boolean {
    return this.queue.size > 0;
  }

  /** Folds every queued reading in; listeners hear once, whatever the number of readings. */
  flush(limit: number = LIMITS.historyPerDevice): void {
    if (this.queue.size === 0) return;
    const next: Record<string, readonly LiveReading[]> = { ...this.snapshot };
    for (const [code, readings] of this.queue) {
      const merged = [...(next[code] ?? []), ...readings];
      next[code] = merged.length > limit ? merged.slice(merged.length - limit) : merged;
    }
    this.queue.clear();
    this.snapshot = next;
    this.listeners.forEach((l) => l());
  }

  /** Forgets one device (no longer watched: its last reading would go stale unseen). */
  drop(code: string): void {
    this.queue.delete(code);
    if (!(code in this.snapshot)) return;
    const { [code]: _gone, ...rest } = this.snapshot;
    this.snapshot = rest;
    this.listeners.forEach((l) => l());
  }

  clear(): void {
    this.queue.clear();
    this.snapshot = {};
    this.listeners.forEach((l) => l());
  }

  get = (): ReadingsByDevice => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
