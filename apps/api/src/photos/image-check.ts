import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_THUMBNAIL_PX, photoNotAnImage, type PhotoMediaType } from '@smi/contracts';
import { AppError } from '../http/errors.js';

/** What a photo's bytes say, read from its headers and its file structure without decoding its pixels. */
export interface CheckedPhoto {
  mediaType: PhotoMediaType;
  /** upright, as the photo is seen (EXIF orientation applied) */
  width: number;
  height: number;
  takenAt: string | null;
}

// libvips decodes on one thread: a thumbnail is made after the reply, one photo at a time (decision 081), and must
// leave the host's other core to the requests it runs beside (the api makes no other use of sharp)
sharp.concurrency(1);

// a photo this large is a decompression bomb, not a camera's picture (a 100 MP camera makes 100 million)
const MAX_PIXELS = 120_000_000;

/**
 * The media type the first bytes announce (the magic numbers of JPEG, PNG, WebP and HEIF/AVIF), or null. A name or a
 * Content-Type says nothing: a text file named .jpg is refused here, and a file that only starts like an image is
 * refused by the structure check.
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

/**
 * A JPEG's markers walked from SOI to EOI: every segment's length inside the file, a frame header (SOF) before the
 * first scan, the scans' entropy-coded data skipped to their next marker, and an EOI at the end (a cut-off file has
 * none). Bytes after EOI (a camera's appended preview) are allowed, as decoders allow them.
 */
function wholeJpeg(b: Buffer): boolean {
  let pos = 2;
  let frame = false;
  let scans = 0;
  for (;;) {
    if (pos >= b.length || b[pos] !== 0xff) return false;
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) return false;
    const marker = b[pos++]!;
    if (marker === 0xd9) return frame && scans > 0;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // RSTn, TEM: no length
    if (marker === 0xd8 || marker === 0x00) return false;
    if (pos + 2 > b.length) return false;
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // SOFn: precision, height, width, components
      if (length < 8 || b.readUInt16BE(pos + 5) === 0 || b[pos + 7] === 0) return false;
      frame = true;
    }
    pos += length;
    if (marker !== 0xda) continue;
    if (!frame) return false;
    scans++;
    // entropy-coded data: up to the next marker that is neither a stuffed 0xFF00 nor a restart marker
    for (;;) {
      const ff = b.indexOf(0xff, pos);
      if (ff < 0 || ff + 1 >= b.length) return false;
      const next = b[ff + 1]!;
      if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
        pos = ff + (next === 0xff ? 1 : 2);
        continue;
      }
      pos = ff;
      break;
    }
  }
}

/** A PNG's chunks walked from IHDR to IEND, each inside the file with its CRC right, with image data in between. */
function wholePng(b: Buffer): boolean {
  let pos = 8;
  let first = true;
  let data = false;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > b.length) return false;
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== b.readUInt32BE(pos + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data;
    pos = end;
  }
  return false;
}

/** A WebP's RIFF container: its declared size inside the file, its chunks inside that size, an image chunk among them. */
function wholeWebp(b: Buffer): boolean {
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length) return false;
  let pos = 12;
  let image = false;
  while (pos + 8 <= riffEnd) {
    const type = b.toString('latin1', pos, pos + 4);
    const end = pos + 8 + b.readUInt32LE(pos + 4);
    if (end > riffEnd) return false;
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true;
    pos = end + (end % 2);
  }
  return image && pos >= riffEnd;
}

/** An AVIF's boxes (ISO BMFF) laid end to end over the whole file, with the metadata and the media data present. */
function wholeAvif(b: Buffer): boolean {
  let pos = 0;
  const seen = new Set<string>();
  while (pos < b.length) {
    if (pos + 8 > b.length) return false;
    let size = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (size === 1) {
      if (pos + 16 > b.length) return false;
      size = Number(b.readBigUInt64BE(pos + 8));
    } else if (size === 0) size = b.length - pos;
    if (size < 8 || pos + size > b.length) return false;
    seen.add(type);
    pos += size;
  }
  return seen.has('meta') && seen.has('mdat');
}

const WHOLE: Record<PhotoMediaType, (b: Buffer) => boolean> = { 'image/jpeg': wholeJpeg, 'image/png': wholePng, 'image/webp': wholeWebp, 'image/avif': wholeAvif };
const SHARP_FORMAT: Record<PhotoMediaType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' };

/**
 * Checks that the bytes are a whole photo of a type the app takes (decision 081), without decoding its pixels: the
 * magic numbers, the file's structure walked to its end (a cut-off or padded-out file fails here), and the headers
 * read by libvips (format, size, frames). Anything else answers 400 with the one message a person can act on. The
 * pixels are decoded later, by the thumbnail (`makeThumbnail`).
 */
export async function checkPhoto(bytes: Buffer): Promise<CheckedPhoto> {
  const sniffed = sniffPhoto(bytes);
  // HEIC (HEVC) has no decoder here; iPhones send JPEG to a web page's file input unless told otherwise
  if (sniffed === 'heif') throw new AppError(400, 'HEIC photos cannot be read here: set the camera to "Most Compatible" (JPEG) or send the photo as JPEG.');
  if (!sniffed || !WHOLE[sniffed](bytes)) throw new AppError(400, photoNotAnImage);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    // libvips' words (bad header, unknown format) mean the same to a person: not a readable photo
    throw new AppError(400, photoNotAnImage);
  }
  if (meta.format !== SHARP_FORMAT[sniffed] || !meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw new AppError(400, photoNotAnImage);
  if ((meta.pages ?? 1) > 1) throw new AppError(400, 'The file holds an animation or several images; send one photo.');
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    mediaType: sniffed,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    takenAt: meta.exif ? await takenAt(bytes) : null,
  };
}

/**
 * A photo's thumbnail: decoded whole, turned upright by its EXIF orientation, at most PHOTO_THUMBNAIL_PX on its longer
 * side, a JPEG without any metadata. Throws when the pixels cannot be decoded (damaged picture data).
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: PHOTO_THUMBNAIL_PX, height: PHOTO_THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
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
