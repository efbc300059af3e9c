import { pathFor, photoEndpoints, photoNoThumbnail, type PhotoMediaType, type PhotoView } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';

export interface PhotoRow {
  id: string;
  point_id: string;
  project_id: string;
  storage_key: string;
  file_name: string;
  media_type: PhotoMediaType;
  bytes: number;
  width: number;
  height: number;
  taken_at: string | null;
  recorded_by: string | null;
  created_at: Date;
  /** decision 081: made after the upload's reply */
  thumbnail: ThumbnailState;
}
export type ThumbnailState = 'pending' | 'made' | 'failed';

const COLUMNS = `ph.id, ph.point_id, pt.project_id, ph.storage_key, ph.file_name, ph.media_type, ph.bytes, ph.width, ph.height,
  ph.taken_at, ph.recorded_by, ph.created_at, ph.thumbnail`;
const FROM = `point_photos ph JOIN ${livePoints('pt')} ON pt.id = ph.point_id`;

/** The two files of a photo under its storage key. */
export const originalKey = (storageKey: string) => `${storageKey}/original`;
export const thumbnailKey = (storageKey: string) => `${storageKey}/thumbnail.jpg`;

/** Photos are reached through their point and its project; callers check the project may be read first. */
export const photosRepository = {
  /**
   * A new photo's row, its thumbnail pending until the queue (or the first reader) makes it, unless the point already
   * has `max` photos: then nothing is written and the answer is null. Answers when the row was written.
   */
  async insert(q: Queryable, p: Omit<PhotoRow, 'project_id' | 'created_at' | 'thumbnail'>, max: number): Promise<Date | null> {
    const [row] = await q.query<{ created_at: Date }>(
      `INSERT INTO point_photos (id, point_id, storage_key, file_name, media_type, bytes, width, height, taken_at, recorded_by, thumbnail)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending'
       WHERE (SELECT count(*) FROM point_photos WHERE point_id = $2) < $11
       RETURNING created_at`,
      [p.id, p.point_id, p.storage_key, p.file_name, p.media_type, p.bytes, p.width, p.height, p.taken_at, p.recorded_by, max],
    );
    return row?.created_at ?? null;
  },

  /** A point's photos, oldest first. */
  async ofPoint(q: Queryable, projectId: string, pointId: string): Promise<PhotoRow[]> {
    return q.query<PhotoRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ph.point_id = $1 AND pt.project_id = $2 ORDER BY ph.created_at, ph.id`, [
      pointId,
      projectId,
    ]);
  },

  /** Every photo of a project's points, oldest first (the points list and the exports). */
  async ofProject(q: Queryable, projectId: string): Promise<PhotoRow[]> {
    return q.query<PhotoRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE pt.project_id = $1 ORDER BY ph.created_at, ph.id`, [projectId]);
  },

  async byId(q: Queryable, projectId: string, pointId: string, photoId: string): Promise<PhotoRow | undefined> {
    const [row] = await q.query<PhotoRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ph.id = $1 AND ph.point_id = $2 AND pt.project_id = $3`, [
      photoId,
      pointId,
      projectId,
    ]);
    return row;
  },

  /** Deletes the row; the trigger of migration 150 queues its files for removal in the same transaction. */
  async remove(q: Queryable, pointId: string, photoId: string): Promise<boolean> {
    const rows = await q.query('DELETE FROM point_photos WHERE id = $1 AND point_id = $2 RETURNING id', [photoId, pointId]);
    return rows.length > 0;
  },

  /** The thumbnail state of the photo stored under the key; undefined when its row is gone. */
  async thumbnailState(q: Queryable, storageKey: string): Promise<ThumbnailState | undefined> {
    const [row] = await q.query<{ thumbnail: ThumbnailState }>('SELECT thumbnail FROM point_photos WHERE storage_key = $1', [storageKey]);
    return row?.thumbnail;
  },
  /** Marks the photo's thumbnail made; false when its row is gone (the photo was deleted meanwhile). */
  async thumbnailMade(q: Queryable, storageKey: string): Promise<boolean> {
    return (await q.query(`UPDATE point_photos SET thumbnail = 'made' WHERE storage_key = $1 RETURNING id`, [storageKey])).length > 0;
  },
  /**
   * Flags the photo as having no thumbnail (decision 081), bumping its project's points revision in the same statement:
   * the points list carries the flag, and a list cached for the old revision would not (a deleted point is in no list).
   */
  async thumbnailFailed(q: Queryable, storageKey: string): Promise<void> {
    await q.query(
      `WITH ph AS (UPDATE point_photos SET thumbnail = 'failed' WHERE storage_key = $1 AND thumbnail <> 'failed' RETURNING point_id)
       UPDATE projects SET points_revision = points_revision + 1 WHERE id IN (SELECT pt.project_id FROM ${livePoints('pt')} JOIN ph ON pt.id = ph.point_id)`,
      [storageKey],
    );
  },
  /** Storage keys of photos whose thumbnail is still to be made, oldest first (a process starting, decision 081). */
  async pendingThumbnails(q: Queryable, limit: number): Promise<string[]> {
    return (await q.query<{ storage_key: string }>(`SELECT storage_key FROM point_photos WHERE thumbnail = 'pending' ORDER BY created_at LIMIT $1`, [limit])).map(
      (r) => r.storage_key,
    );
  },

  /** Files whose rows are gone, oldest first. */
  async queuedRemovals(q: Queryable, limit: number): Promise<string[]> {
    return (await q.query<{ storage_key: string }>('SELECT storage_key FROM photo_removals ORDER BY queued_at LIMIT $1', [limit])).map((r) => r.storage_key);
  },
  async queueRemoval(q: Queryable, storageKey: string): Promise<void> {
    await q.query('INSERT INTO photo_removals (storage_key) VALUES ($1) ON CONFLICT DO NOTHING', [storageKey]);
  },
  async removed(q: Queryable, storageKey: string): Promise<void> {
    await q.query('DELETE FROM photo_removals WHERE storage_key = $1', [storageKey]);
  },
};

/** A project's photos as the points list carries them, by point id. */
export async function photosOfPoints(q: Queryable, projectId: string): Promise<Map<string, PhotoView[]>> {
  const byPoint = new Map<string, PhotoView[]>();
  for (const row of await photosRepository.ofProject(q, projectId)) {
    const list = byPoint.get(row.point_id) ?? [];
    list.push(toPhotoView(row));
    byPoint.set(row.point_id, list);
  }
  return byPoint;
}

export function toPhotoView(r: PhotoRow): PhotoView {
  const params = { projectId: r.project_id, pointId: r.point_id, photoId: r.id };
  return {
    _id: r.id,
    PointId: r.point_id,
    FileName: r.file_name,
    MediaType: r.media_type,
    Bytes: r.bytes,
    Width: r.width,
    Height: r.height,
    TakenAt: r.taken_at,
    Created_On: new Date(r.created_at).toISOString(),
    RecordedBy: r.recorded_by,
    Url: pathFor(photoEndpoints.photoFile.path, params),
    ThumbnailUrl: pathFor(photoEndpoints.photoThumbnail.path, params),
    ThumbnailProblem: r.thumbnail === 'failed' ? photoNoThumbnail : null,
  };
}
