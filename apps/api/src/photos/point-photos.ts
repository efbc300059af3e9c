import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { PHOTO_MAX_BYTES, PHOTO_MEDIA_TYPES, PHOTOS_PER_POINT_MAX, photoNoThumbnail, photoTooLarge } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { projectsRepository } from '../projects/repository.js';
import { pointsRepository } from '../points/repository.js';
import { checkPhoto } from './image-check.js';
import { originalKey, photosRepository, thumbnailKey, toPhotoView, type PhotoRow } from './repository.js';
import { thumbnailQueue, type PhotoDeps, type Thumbnails } from './thumbnails.js';
import { uploadBuffers } from './upload-buffers.js';

/**
 * The point of a project the workspace `ownerId` owns, or 404 for a project or point that is missing or not theirs (the same answer).
 * `lock` holds the project row to the end of the transaction, as every point write does.
 */
export async function readablePoint(q: Queryable, ownerId: string, projectId: string, pointId: string, lock = false) {
  const project = await projectsRepository.owned(q, ownerId, projectId, lock);
  if (!project) throw new AppError(404, 'Project not found');
  const point = await pointsRepository.byId(q, pointId);
  if (!point || point.project_id !== projectId) throw new AppError(404, 'Point not found');
  return point;
}

/**
 * The request's body, the image file, read whole up to PHOTO_MAX_BYTES: a declared length over it is refused before a
 * byte is read, a body that grows past it is cut off at the limit. Either way 413 with the message a person can act on.
 */
export async function readPhotoBody(req: Request): Promise<Buffer> {
  const declared = Number(req.get('content-length') ?? NaN);
  if (declared > PHOTO_MAX_BYTES) throw new AppError(413, photoTooLarge);
  // a declared length: each piece copied into place as it arrives, into memory the previous upload gave back
  const into = declared > 0 ? bodies.take(declared) : undefined;
  const limit = into ? declared : PHOTO_MAX_BYTES;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (length + chunk.length > limit) throw new AppError(413, photoTooLarge);
      if (into) chunk.copy(into, length);
      else chunks.push(chunk);
      length += chunk.length;
    }
    if (!length) throw new AppError(400, 'The photo is empty: send the image file as the request body.');
  } catch (err) {
    if (into) bodies.give(into);
    throw err;
  }
  return into ? into.subarray(0, length) : Buffer.concat(chunks, length);
}

/** Bodies' memory waiting between uploads, at most (a 15 MB photo's, or a few phone photos'). */
const BODIES_IDLE_MAX = 16 * 1024 * 1024;
const bodies = uploadBuffers(BODIES_IDLE_MAX);

/**
 * Gives a body read by `readPhotoBody` back for the next upload, once nothing uses its bytes any more (the photo's
 * checks and its file are done: thumbnails read the file back, decision 084). A body that failed gave itself back.
 */
export function releasePhotoBody(body: Promise<Buffer>): void {
  body.then((bytes) => bodies.give(bytes), () => undefined);
}

/** A name a file can carry in any export and on any disk: the base name, no control or path characters, its type's ending. */
export function photoFileName(given: string | undefined, mediaType: keyof typeof PHOTO_MEDIA_TYPES): string {
  const ext = PHOTO_MEDIA_TYPES[mediaType];
  const base = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cs}"*:<>?|]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 120);
  return `${base || 'photo'}.${ext}`;
}

export interface PhotoService {
  /** `ownerId`: the workspace whose project it is; `userId`: who adds the photo. */
  /** `body`: the image file, or its reading under way (the point is looked up while it arrives). */
  add(ownerId: string, userId: string, projectId: string, pointId: string, body: Buffer | Promise<Buffer>, name: string | undefined): Promise<ReturnType<typeof toPhotoView>>;
  remove(ownerId: string, projectId: string, pointId: string, photoId: string): Promise<void>;
  file(ownerId: string, projectId: string, pointId: string, photoId: string, which: 'original' | 'thumbnail'): Promise<{ row: PhotoRow; bytes: Buffer }>;
  /** Removes the files of deleted photos from the store (decision 067); answers how many photos' files went. */
  sweep(): Promise<number>;
  /**
   * A file of a photo by its storage key, for an export whose caller has checked the project may be read; null when
   * missing. A thumbnail still pending is made on demand (decision 081); null when its picture cannot be decoded.
   */
  stored(storageKey: string, which: 'original' | 'thumbnail'): Promise<Buffer | null>;
  /** The thumbnails made after the uploads' replies (decision 081). */
  thumbnails: Thumbnails;
}

/** A point's photos: checked, stored file first and row last, their thumbnails queued (decision 081). */
export function photoService(deps: PhotoDeps): PhotoService {
  const { db, store, log } = deps;
  const thumbnails = thumbnailQueue(deps);
  const removeFiles = async (storageKey: string) => {
    await store.remove(originalKey(storageKey));
    await store.remove(thumbnailKey(storageKey));
  };

  return {
    async add(ownerId, userId, projectId, pointId, body, name) {
      // a cheap 404 before the image is checked, looked up while the bytes arrive; checked again, locked, when the row
      // is written. The body's own answers (413, empty) come first, as when the lookup followed it.
      const found = readablePoint(db, ownerId, projectId, pointId);
      found.catch(() => undefined); // its rejection is awaited below, once the body is in: kept from going unhandled meanwhile
      const bytes = await body;
      await found;
      // its headers and structure, not its pixels: the thumbnail decodes them after the reply (decision 081)
      const photo = await checkPhoto(bytes);
      const id = randomUUID();
      const storageKey = `${projectId}/${id}`;
      // file first, row last: a row always has its original; files without a row are removed here or by the sweep
      let row: PhotoRow;
      try {
        await store.put(originalKey(storageKey), bytes, photo.mediaType);
        row = await db.tx(async (q) => {
          await readablePoint(q, ownerId, projectId, pointId, true);
          const fields = {
            id,
            point_id: pointId,
            storage_key: storageKey,
            file_name: photoFileName(name, photo.mediaType),
            media_type: photo.mediaType,
            bytes: bytes.length,
            width: photo.width,
            height: photo.height,
            taken_at: photo.takenAt,
            recorded_by: userId,
          };
          const createdAt = await photosRepository.insert(q, fields, PHOTOS_PER_POINT_MAX);
          if (!createdAt) throw new AppError(409, `A point has at most ${PHOTOS_PER_POINT_MAX} photos. Delete one to add another.`);
          await projectsRepository.touch(q, ownerId, projectId);
          return { ...fields, project_id: projectId, created_at: createdAt, thumbnail: 'pending' as const };
        });
      } catch (err) {
        await removeFiles(storageKey).catch(async (removeErr: unknown) => {
          log.warn({ err: removeErr, storageKey }, 'photo files of a failed upload not removed: queued');
          await photosRepository.queueRemoval(db, storageKey);
        });
        throw err;
      }
      thumbnails.queue(storageKey);
      return toPhotoView(row);
    },

    async remove(ownerId, projectId, pointId, photoId) {
      await db.tx(async (q) => {
        await readablePoint(q, ownerId, projectId, pointId, true);
        if (!(await photosRepository.remove(q, pointId, photoId))) throw new AppError(404, 'Photo not found');
        await projectsRepository.touch(q, ownerId, projectId);
      });
      await this.sweep();
    },

    thumbnails,

    stored(storageKey, which) {
      return which === 'original' ? store.get(originalKey(storageKey)) : thumbnails.bytes(storageKey);
    },

    async file(ownerId, projectId, pointId, photoId, which) {
      await readablePoint(db, ownerId, projectId, pointId);
      const row = await photosRepository.byId(db, projectId, pointId, photoId);
      if (!row) throw new AppError(404, 'Photo not found');
      if (which === 'thumbnail' && row.thumbnail === 'failed') throw new AppError(409, photoNoThumbnail);
      // a thumbnail not made yet is made now, the reader waiting for it (decision 081)
      const bytes = which === 'original' ? await store.get(originalKey(row.storage_key)) : await thumbnails.bytes(row.storage_key);
      if (!bytes && which === 'thumbnail' && (await photosRepository.thumbnailState(db, row.storage_key)) === 'failed') throw new AppError(409, photoNoThumbnail);
      if (!bytes) {
        log.error({ storageKey: row.storage_key, which }, 'a photo row without its file');
        throw new AppError(404, 'Photo not found');
      }
      return { row, bytes };
    },

    async sweep() {
      let done = 0;
      for (;;) {
        const keys = await photosRepository.queuedRemovals(db, 100);
        let progressed = false;
        for (const key of keys) {
          try {
            await removeFiles(key);
            await photosRepository.removed(db, key);
            done++;
            progressed = true;
          } catch (err) {
            log.warn({ err, storageKey: key }, 'photo files not removed yet: kept queued');
          }
        }
        if (keys.length < 100 || !progressed) return done;
      }
    },
  };
}
