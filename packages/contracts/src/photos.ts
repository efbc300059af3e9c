import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/** The largest photo a point takes: a phone camera's full-size JPEG is 3-8 MB; a 50 MP one may reach 15. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Photos per point: a shot documented from every side, not a photo album. */
export const PHOTOS_PER_POINT_MAX = 20;
/** The thumbnail's longer side, pixels (the point strip shows it at ~96 CSS px on a 3x phone screen). */
export const PHOTO_THUMBNAIL_PX = 320;
/** What a photo may be, told by its content (decision 067), with the file name ending each is given. */
export const PHOTO_MEDIA_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' } as const;
export type PhotoMediaType = keyof typeof PHOTO_MEDIA_TYPES;
/** The content types an upload may be sent with; the type is read from the bytes, never from the header. */
export const PHOTO_UPLOAD_TYPES = ['image/*', 'application/octet-stream'];

export const photoTooLarge = `A photo may be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Take it at a lower resolution or choose a smaller file.`;
export const photoNotAnImage = 'The file is not a photo this app can read (JPEG, PNG, WebP or AVIF).';
/** A photo whose file is whole but whose picture could not be decoded for its thumbnail (decision 081): kept, flagged. */
export const photoNoThumbnail = 'No preview: the picture data of this photo could not be decoded. The file is kept exactly as it was uploaded.';

export const photoView = z.object({
  _id: z.string(),
  PointId: z.string(),
  /** the name the file was uploaded with, made safe ('photo.jpg' when it came without one) */
  FileName: z.string(),
  MediaType: z.enum(Object.keys(PHOTO_MEDIA_TYPES) as [PhotoMediaType, ...PhotoMediaType[]]),
  Bytes: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  /** when the camera took it (EXIF DateTimeOriginal; with its offset when the camera wrote one), else null */
  TakenAt: z.string().nullable(),
  Created_On: z.string(),
  /** who added it */
  RecordedBy: z.string().nullable(),
  /** the full-size photo, byte for byte as it was uploaded */
  Url: z.string(),
  /** a JPEG of at most PHOTO_THUMBNAIL_PX on its longer side, turned upright, without metadata; made after the upload's reply, or when first asked for */
  ThumbnailUrl: z.string(),
  /** null, or why the photo has no thumbnail (photoNoThumbnail): its picture data could not be decoded (decision 081) */
  ThumbnailProblem: z.string().nullable(),
});
export type PhotoView = z.infer<typeof photoView>;

export const photoReply = z.object({ success: z.literal(true), message: z.string(), photo: photoView });
export const photosReply = z.object({ success: z.literal(true), photos: z.array(photoView) });

const byPoint = z.strictObject({ projectId: id, pointId: id });
const byPhoto = z.strictObject({ projectId: id, pointId: id, photoId: id });
const PHOTOS = '/api/points/:projectId/:pointId/photos';

export const photoEndpoints = {
  listPhotos: endpoint({ method: 'GET', path: PHOTOS, access: 'verified', permission: 'read', params: byPoint }),
  /** The body is the image file itself (image/* or application/octet-stream); ?name= gives its file name. */
  uploadPhoto: endpoint({ method: 'POST', path: PHOTOS, access: 'verified', permission: 'record', params: byPoint }),
  photoFile: endpoint({ method: 'GET', path: `${PHOTOS}/:photoId`, access: 'verified', permission: 'read', params: byPhoto }),
  photoThumbnail: endpoint({ method: 'GET', path: `${PHOTOS}/:photoId/thumbnail`, access: 'verified', permission: 'read', params: byPhoto }),
  deletePhoto: endpoint({ method: 'DELETE', path: `${PHOTOS}/:photoId`, access: 'verified', permission: 'edit-own', params: byPhoto }),
};

export const photoUploadQuery = z.object({ name: z.string().max(255).optional() });
