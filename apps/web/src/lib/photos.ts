import { PHOTO_MAX_BYTES, photoEndpoints as e, photoReply, photoTooLarge, type PhotoView } from '@smi/contracts';
import { z } from 'zod';
import { call } from './api-client';

/** A point's photos (decision 067): shared by the Record a Point dialog and the taken points' photos. */

/** The message for a file the server would refuse for its size, said before it is sent; null when it may go. */
export const photoSizeProblem = (file: Blob) => (file.size > PHOTO_MAX_BYTES ? photoTooLarge : null);

export const uploadPhoto = (projectId: string, pointId: string, file: File): Promise<PhotoView> =>
  call(e.uploadPhoto, { params: { projectId, pointId }, file, query: file.name ? { name: file.name } : undefined, reply: photoReply, quiet: true }).then((r) => r.photo);

export const deletePhoto = (projectId: string, pointId: string, photoId: string) =>
  call(e.deletePhoto, { params: { projectId, pointId, photoId }, reply: z.object({ message: z.string() }), quiet: true });

/** Uploads each file in turn; answers the messages of those that failed, by file name. */
export async function uploadPhotos(projectId: string, pointId: string, files: File[]): Promise<string[]> {
  const failed: string[] = [];
  for (const file of files) {
    try {
      await uploadPhoto(projectId, pointId, file);
    } catch (err) {
      failed.push(`${file.name || 'photo'}: ${err instanceof Error ? err.message : 'not stored'}`);
    }
  }
  return failed;
}
