import type { Queryable } from '@smi/db';
import { devicesRepository, type DeviceRecord } from '@smi/devices';

const TTL_MS = 5_000;
// stale entries are re-read together, at most this often: one query for the whole fleet, not one per device
const REFRESH_EVERY_MS = 200;

interface Entry {
  at: number;
  device: Promise<DeviceRecord | null>;
  settled: boolean;
  /** what `device` resolved to, once settled */
  value?: DeviceRecord | null;
}

/**
 * Devices by code, cached for a few seconds: every message names its device, and a busy deployment should not
 * ask the database for each one. An entry older than the TTL is still answered at once while it is re-read in the
 * background with every other stale one in a single query (a reading never waits for the database once its
 * device is known; a rename or a removal shows within TTL + 200 ms). A new secret (revoke signal) drops the entry.
 */
export function deviceDirectory(db: Queryable, ttlMs = TTL_MS) {
  const cache = new Map<string, Entry>();
  const stale = new Set<string>();
  let refreshTimer: NodeJS.Timeout | undefined;
  // devices not in the cache, asked for in this turn of the event loop: read together (a fleet's first messages
  // after a start are thousands of lookups at once)
  let missing: Map<string, { ok: (d: DeviceRecord | null) => void; fail: (err: unknown) => void }> | undefined;

  function load(code: string): Promise<DeviceRecord | null> {
    if (!missing) {
      const batch = (missing = new Map());
      setImmediate(() => {
        missing = undefined;
        devicesRepository.byCodes(db, [...batch.keys()]).then(
          (rows) => {
            const found = new Map(rows.map((d) => [d.code, d]));
            for (const [c, w] of batch) w.ok(found.get(c) ?? null);
          },
          (err: unknown) => {
            for (const w of batch.values()) w.fail(err);
          },
        );
      });
    }
    const batch = missing;
    const waiting = batch.get(code);
    if (waiting) return new Promise((ok, fail) => batch.set(code, { ok: (d) => (waiting.ok(d), ok(d)), fail: (e) => (waiting.fail(e), fail(e)) }));
    return new Promise((ok, fail) => batch.set(code, { ok, fail }));
  }

  function put(code: string, device: Promise<DeviceRecord | null>): Entry {
    const entry: Entry = { at: Date.now(), device, settled: false };
    device.then(
      (value) => {
        entry.value = value;
        entry.settled = true;
      },
      () => cache.get(code) === entry && cache.delete(code),
    );
    cache.set(code, entry);
    if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
    return entry;
  }

  async function refresh() {
    refreshTimer = undefined;
    const codes = [...stale];
    stale.clear();
    const entries = new Map(codes.map((c) => [c, cache.get(c)]));
    try {
      const found = new Map((await devicesRepository.byCodes(db, codes)).map((d) => [d.code, d]));
      // an entry dropped or replaced meanwhile (a login read it fresh) is newer than this answer
      for (const [code, entry] of entries) if (entry && cache.get(code) === entry) put(code, Promise.resolve(found.get(code) ?? null));
    } catch {
      // the database is away: the entries stay stale and are tried again with their next message
    }
  }

  /** A settled entry past its TTL is answered as it is and re-read in the background with the other stale ones. */
  function markIfStale(code: string, hit: Entry) {
    if (Date.now() - hit.at < ttlMs) return;
    stale.add(code);
    refreshTimer ??= setTimeout(() => void refresh(), REFRESH_EVERY_MS).unref();
  }

  return {
    get(code: string): Promise<DeviceRecord | null> {
      const hit = cache.get(code);
      if (!hit) return put(code, load(code)).device;
      if (hit.settled) markIfStale(code, hit);
      return hit.device;
    },
    /**
     * The device as the cache knows it right now, without waiting: the record, null for a code known not to exist,
     * or undefined when it is not known yet (ask `get`). Every message of a connected device takes this path.
     */
    known(code: string): DeviceRecord | null | undefined {
      const hit = cache.get(code);
      if (!hit?.settled) return undefined;
      markIfStale(code, hit);
      return hit.value;
    },
    /** Straight from the database (a login must see a secret changed a moment ago), refreshing the cache. */
    fresh(code: string): Promise<DeviceRecord | null> {
      cache.delete(code);
      return this.get(code);
    },
    forget(code: string) {
      cache.delete(code);
    },
  };
}
export type DeviceDirectory = ReturnType<typeof deviceDirectory>;
