import type { Queryable } from '@smi/db';
import { devicesRepository, type DeviceRecord } from './repository.js';

const TTL_MS = 5_000;

/**
 * Devices by code, cached for a few seconds: every message names its device, and a busy deployment should not
 * ask the database for each one. A new secret (revoke signal) drops the cached entry at once.
 */
export function deviceDirectory(db: Queryable, ttlMs = TTL_MS) {
  const cache = new Map<string, { at: number; device: Promise<DeviceRecord | null> }>();
  return {
    get(code: string): Promise<DeviceRecord | null> {
      const hit = cache.get(code);
      if (hit && Date.now() - hit.at < ttlMs) return hit.device;
      const device = devicesRepository.byCode(db, code).catch((err) => {
        cache.delete(code);
        throw err;
      });
      cache.set(code, { at: Date.now(), device });
      if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
      return device;
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
