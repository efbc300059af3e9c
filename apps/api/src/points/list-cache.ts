import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/** One project's point list as sent: the JSON once serialized, its gzip made on first demand. */
export interface CachedList {
  revision: string;
  json: Buffer;
  etag: string;
  gzip?: Promise<Buffer>;
}

/**
 * Serialized point lists keyed by project, valid for one `points_revision` (bumped in the transaction of every point
 * change, so a stale entry can never be served, in any api process). A surveyor's map asks for the whole list each time
 * it opens; reading, mapping and serializing 10,000 rows costs far more than answering a kept buffer. Bounded by
 * bytes (least recently used go first); concurrent misses for the same revision share one database read.
 */
export function createListCache(maxBytes = 64 * 1024 * 1024) {
  const lists = new LRUCache<string, CachedList>({ maxSize: maxBytes, sizeCalculation: (v) => Math.ceil(v.json.length * 1.15) + 1 });
  const loading = new Map<string, Promise<CachedList>>();

  return {
    /** The list of `projectId` at `revision`, from memory or built by `load` (the rows, already in API form). */
    async get(projectId: string, revision: string, load: () => Promise<unknown>): Promise<CachedList> {
      const kept = lists.get(projectId);
      if (kept?.revision === revision) return kept;
      const key = `${projectId}@${revision}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = (async () => {
          const json = Buffer.from(JSON.stringify(await load()));
          const entry: CachedList = { revision, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
          // a slower read of an older revision must not replace a newer one
          const current = lists.get(projectId);
          if (!current || BigInt(current.revision) < BigInt(revision)) lists.set(projectId, entry);
          return entry;
        })().finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
    /** The gzip of an entry, compressed once off the event loop's critical path (zlib runs in the thread pool). */
    gzipOf(entry: CachedList): Promise<Buffer> {
      entry.gzip ??= gzipAsync(entry.json).catch((err: unknown) => {
        entry.gzip = undefined;
        throw err;
      });
      return entry.gzip;
    },
    get size() {
      return lists.size;
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
