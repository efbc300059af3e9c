import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoNotAnImage } from '@smi/contracts';
import { checkPhoto, makeThumbnail } from './image-check.js';

/** A 400 x 300 picture of grain, so every format's image data is of a real photo's kind, not a flat colour. */
const grain = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });

const refusal = async (bytes: Buffer) => {
  try {
    await checkPhoto(bytes);
    return 'accepted';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the upload check reads a photo by its structure and headers, without decoding its pixels (decision 081)', () => {
  const files: Record<string, Buffer> = {};
  beforeAll(async () => {
    files.baseline = await grain().jpeg({ quality: 80 }).toBuffer();
    files.progressive = await grain().jpeg({ quality: 80, progressive: true }).toBuffer();
    files.png = await grain().png().toBuffer();
    files.webp = await grain().webp().toBuffer();
    files.avif = await grain().avif({ effort: 0 }).toBuffer();
  });

  it('takes whole JPEG (baseline and progressive), PNG, WebP and AVIF files with their type and size', async () => {
    const types = { baseline: 'image/jpeg', progressive: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
    for (const [name, type] of Object.entries(types))
      expect(await checkPhoto(files[name]!), name).toEqual({ mediaType: type, width: 400, height: 300, takenAt: null });
    // a camera's bytes after the end of the JPEG (an appended preview) are no reason to refuse it
    const appended = Buffer.concat([files.baseline!, Buffer.from('trailing camera data')]);
    expect((await checkPhoto(appended)).mediaType).toBe('image/jpeg');
  });

  it('refuses every format cut off anywhere, even one byte short, with the one message', async () => {
    for (const [name, whole] of Object.entries(files))
      for (const keep of [0.3, 0.6, 0.9, 0.999])
        expect(await refusal(whole.subarray(0, Math.floor(whole.length * keep))), `${name} cut at ${keep}`).toBe(photoNotAnImage);
    for (const [name, whole] of Object.entries(files)) expect(await refusal(whole.subarray(0, whole.length - 1)), `${name} one byte short`).toBe(photoNotAnImage);
  });

  it('refuses a PNG whose chunk was changed on the way (its CRC), text named as a photo, and garbage behind a magic number', async () => {
    const flipped = Buffer.from(files.png!);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 40) ^ 0x01, flipped.length - 40);
    expect(await refusal(flipped)).toBe(photoNotAnImage);
    expect(await refusal(Buffer.from('Field notes, not a picture.\n'))).toBe(photoNotAnImage);
    expect(await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]))).toBe(photoNotAnImage);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
    expect(await refusal(heic)).toMatch(/^HEIC photos cannot be read here/);
  });

  it('passes a whole PNG whose image data is no zlib stream: only the thumbnail, which decodes it, fails', async () => {
    const out: Buffer[] = [files.png!.subarray(0, 8)];
    for (let pos = 8; pos < files.png!.length; ) {
      const length = files.png!.readUInt32BE(pos);
      const type = files.png!.subarray(pos + 4, pos + 8);
      const data = type.toString('latin1') === 'IDAT' ? Buffer.alloc(length, 0x5a) : files.png!.subarray(pos + 8, pos + 8 + length);
      const head = Buffer.alloc(8);
      head.writeUInt32BE(length);
      type.copy(head, 4);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
      out.push(head, data, crc);
      pos += 12 + length;
    }
    const damaged = Buffer.concat(out);
    expect(await checkPhoto(damaged)).toEqual({ mediaType: 'image/png', width: 400, height: 300, takenAt: null });
    await expect(makeThumbnail(damaged)).rejects.toThrow();
    expect(await sharp(await makeThumbnail(files.png!)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });
});
