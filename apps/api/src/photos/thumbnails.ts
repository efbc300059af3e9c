import type { Db } from '@smi/db';
import type { Logger } from '../logger.js';
import { makeThumbnail } from './image-check.js';
import type { PhotoStore } from './photo-store.js';
import { originalKey, photosRepository, thumbnailKey } from './repository.js';

/** Photos waiting in one process's queue at most; more wait in the database for a reader or the next start. */
export const THUMBNAIL_QUEUE_MAX = 256;

/** How the queue gives way to photo uploads (decision 084). */
export interface ThumbnailYield {
  /** A thumbnail starts once no photo upload has been under way for this long. */
  quietMs: number;
  /** ...or once it has waited this long for that quiet, so uploads one after another never starve the queue. */
  waitMaxMs: number;
}
export const THUMBNAIL_YIELD: ThumbnailYield = { quietMs: 250, waitMaxMs: 3000 };

export interface Thumbnails {
  /**
   * Queues the photo's thumbnail after its upload's reply; a full queue leaves it pending in the database. The original
   * is read back from the store when the thumbnail is made: the upload's bytes are not held meanwhile (decision 084).
   */
  queue(storageKey: string): void;
  /**
   * The thumbnail's bytes: the stored file, or made now from the original when it is still pending (or its file went
   * missing), sharing the making already under way; null when the photo is gone or its picture cannot be decoded.
   */
  bytes(storageKey: string): Promise<Buffer | null>;
  /**
   * A photo upload is under way until the answer is called (once; later calls do nothing): the queue makes no
   * thumbnail meanwhile, nor for `quietMs` after the last one, up to `waitMaxMs` per thumbnail (decision 084).
   */
  uploading(): () => void;
  /** Photo uploads under way, and whether the queue's next thumbnail is waiting for them (tests watch the moment). */
  status(): { uploads: number; yielding: boolean };
  /** Queues every photo whose thumbnail is still pending (a process starting: made again after a restart). */
  resume(): Promise<number>;
  /** Resolves when the queue is empty and nothing is being made. */
  drained(): Promise<void>;
  /** Takes no more work and waits for the thumbnail being made (shutdown). */
  stop(): Promise<void>;
}

/** What the photos' service and its thumbnail queue work with. */
export interface PhotoDeps {
  db: Db;
  store: PhotoStore;
  log: Logger;
  /** starts queued work after the current turn (the app's afterReply; tests hold it) */
  schedule: (job: () => Promise<void>) => void;
  /** how decoding gives way to uploads (decision 084); THUMBNAIL_YIELD unless given */
  yieldTo?: ThumbnailYield;
}

/**
 * Thumbnails made after the upload's reply (decision 081): a bounded in-process queue worked one photo at a time, so
 * decoding a 12 MP picture never sits in an upload's answer and never takes more than one of the host's cores' worth
 * of libvips at once. It speaks to the photo store only through `PhotoStore`, so the folder and an S3 bucket alike.
 */
export function thumbnailQueue({ db, store, log, schedule, yieldTo = THUMBNAIL_YIELD }: PhotoDeps): Thumbnails {
  const waiting: string[] = [];
  const queued = new Set<string>();
  const making = new Map<string, Promise<Buffer | null>>();
  let working = false;
  let stopped = false;
  const idle: (() => void)[] = [];

  // photo uploads under way, and when the last one ended: the queue's decode waits for a quiet moment (decision 084)
  let uploads = 0;
  let lastUploadEnd = -Infinity;
  let waking: (() => void) | undefined;
  const wake = () => waking?.();
  /** Resolves once no upload has been under way for quietMs, after waitMaxMs at the most, or at stop. */
  const quietMoment = async () => {
    const until = performance.now() + yieldTo.waitMaxMs;
    for (;;) {
      const now = performance.now();
      const quietFor = uploads ? 0 : now - lastUploadEnd;
      if (stopped || quietFor >= yieldTo.quietMs || now >= until) return;
      // woken when an upload ends (the quiet starts then) and at stop
      const wakeAt = uploads ? until : Math.min(until, now + yieldTo.quietMs - quietFor);
      await new Promise<void>((ok) => {
        const timer = setTimeout(() => ((waking = undefined), ok()), wakeAt - now);
        waking = () => {
          waking = undefined;
          clearTimeout(timer);
          ok();
        };
      });
    }
  };

  /** Makes, stores and marks one photo's thumbnail; the one promise per photo is shared by the queue and readers. */
  const make = (storageKey: string): Promise<Buffer | null> => {
    const already = making.get(storageKey);
    if (already) return already;
    const work = (async () => {
      const original = await store.get(originalKey(storageKey));
      if (!original) return null; // deleted meanwhile: its removal took the files
      let thumbnail: Buffer;
      try {
        thumbnail = await makeThumbnail(original);
      } catch (err) {
        // the file is whole (checked on upload) but its pixels do not decode: kept as evidence, flagged (decision 081)
        log.warn({ err, storageKey }, 'photo picture data could not be decoded: no thumbnail, the photo is kept and flagged');
        await photosRepository.thumbnailFailed(db, storageKey);
        return null;
      }
      await store.put(thumbnailKey(storageKey), thumbnail, 'image/jpeg');
      if (!(await photosRepository.thumbnailMade(db, storageKey))) {
        // the photo was deleted while its thumbnail was made: its removal may have run before this file existed
        await store.remove(thumbnailKey(storageKey));
        return null;
      }
      return thumbnail;
    })().finally(() => making.delete(storageKey));
    making.set(storageKey, work);
    return work;
  };

  const work = async () => {
    try {
      for (let key = waiting.shift(); key !== undefined && !stopped; key = waiting.shift()) {
        queued.delete(key);
        try {
          // the decode gives way to uploads under way (decision 084); a reader asking meanwhile has it made at once
          await quietMoment();
          if (stopped) break;
          // not when made meanwhile by a reader, or the photo deleted
          if ((await photosRepository.thumbnailState(db, key)) === 'pending') await make(key);
        } catch (err) {
          // the store or the database is away: the photo stays pending, made by a reader or at the next start
          log.warn({ err, storageKey: key }, 'photo thumbnail not made yet: left pending');
        }
      }
    } finally {
      working = false;
      if (!waiting.length || stopped) for (const done of idle.splice(0)) done();
      else start();
    }
  };
  const start = () => {
    if (working || stopped || !waiting.length) return;
    working = true;
    schedule(work);
  };

  return {
    queue(storageKey) {
      if (stopped || queued.has(storageKey)) return;
      if (waiting.length >= THUMBNAIL_QUEUE_MAX) {
        log.warn({ storageKey, waiting: waiting.length }, 'thumbnail queue full: the photo stays pending until it is read or the api restarts');
        return;
      }
      waiting.push(storageKey);
      queued.add(storageKey);
      start();
    },

    async bytes(storageKey) {
      const stored = await store.get(thumbnailKey(storageKey));
      if (stored) return stored;
      const state = await photosRepository.thumbnailState(db, storageKey);
      if (!state || state === 'failed') return null;
      return make(storageKey);
    },

    uploading() {
      uploads++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        uploads--;
        lastUploadEnd = performance.now();
        wake();
      };
    },

    status: () => ({ uploads, yielding: waking !== undefined }),

    async resume() {
      const keys = await photosRepository.pendingThumbnails(db, THUMBNAIL_QUEUE_MAX);
      for (const key of keys) this.queue(key);
      return keys.length;
    },

    async drained() {
      for (;;) {
        if (working || waiting.length) await new Promise<void>((ok) => idle.push(ok));
        else if (making.size) await Promise.allSettled([...making.values()]);
        else return;
      }
    },

    async stop() {
      stopped = true;
      wake();
      waiting.length = 0;
      queued.clear();
      await Promise.allSettled([...making.values()]);
      for (const done of idle.splice(0)) done();
    },
  };
}
