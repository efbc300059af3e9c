import exifr from 'exifr';
import sharp from 'sharp';
import { PHOTO_THUMBNAIL_PX, photoNotAnImage, type PhotoMediaType } from '@smi/contracts';
import { AppError } from '../http/errors.js';

/** What a photo's bytes say, read by decoding them, and the thumbnail made from them. */
export interface ReadPhoto {
  mediaType: PhotoMediaType;
  /** upright, as the photo is seen (EXIF orientation applied) */
  width: number;
  height: number;
  takenAt: string | null;
  thumbnail: Buffer;
}

// a photo this large is a decompression bomb, not a camera's picture (a 100 MP camera makes 100 million)
const MAX_PIXELS = 120_000_000;

/**
 * The media type the first bytes announce (the magic numbers of JPEG, PNG, WebP and HEIF/AVIF), or null. A name or a
 * Content-Type says nothing: a text file named .jpg is refused here, and a file that only starts like an image is
 * refused by the decoder.
 */
export function sniffPhoto(b: Buffer): PhotoMediaType | 'heif' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG)) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const brand = b.toString('latin1', 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SHARP_FORMAT: Record<PhotoMediaType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' };

/**
 * Checks that the bytes are a whole photo of a type the app takes, by decoding it, and makes its thumbnail: turned
 * upright by its EXIF orientation, at most PHOTO_THUMBNAIL_PX on its longer side, a JPEG without any metadata.
 * Anything else answers 400 with the one message a person can act on.
 */
export async function readPhoto(bytes: Buffer): Promise<ReadPhoto> {
  const sniffed = sniffPhoto(bytes);
  // HEIC (HEVC) has no decoder here; iPhones send JPEG to a web page's file input unless told otherwise
  if (sniffed === 'heif') throw new AppError(400, 'HEIC photos cannot be read here: set the camera to "Most Compatible" (JPEG) or send the photo as JPEG.');
  if (!sniffed) throw new AppError(400, photoNotAnImage);
  const options = { failOn: 'error' as const, limitInputPixels: MAX_PIXELS };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== SHARP_FORMAT[sniffed] || !meta.width || !meta.height) throw new AppError(400, photoNotAnImage);
    if ((meta.pages ?? 1) > 1) throw new AppError(400, 'The file holds an animation or several images; send one photo.');
    const thumbnail = await sharp(bytes, options)
      .rotate()
      .resize({ width: PHOTO_THUMBNAIL_PX, height: PHOTO_THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      mediaType: sniffed,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      takenAt: meta.exif ? await takenAt(bytes) : null,
      thumbnail,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // libvips' words (truncated file, bad marker, pixel limit) mean the same to a person: not a readable photo
    throw new AppError(400, photoNotAnImage);
  }
}

/**
 * When the camera took the photo: EXIF DateTimeOriginal ('2026:03:01 08:00:00', the camera's local time) as
 * '2026-03-01T08:00:00', with OffsetTimeOriginal ('+05:30') when the camera wrote it; null when absent or unreadable.
 */
async function takenAt(bytes: Buffer): Promise<string | null> {
  try {
    const tags = (await exifr.parse(bytes, { pick: ['DateTimeOriginal', 'OffsetTimeOriginal'], reviveValues: false })) as
      | { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown }
      | undefined;
    const m = typeof tags?.DateTimeOriginal === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(tags.DateTimeOriginal) : null;
    if (!m || m[1] === '0000') return null;
    const offset = typeof tags?.OffsetTimeOriginal === 'string' && /^[+-]\d{2}:\d{2}$/.test(tags.OffsetTimeOriginal) ? tags.OffsetTimeOriginal : '';
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset}`;
  } catch {
    return null;
  }
}
