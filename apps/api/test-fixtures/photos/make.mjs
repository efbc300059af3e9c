import sharp from 'sharp';

import { writeFileSync } from 'node:fs';
const dir = new URL('.', import.meta.url).pathname;
// 40 x 20: left half red, right half blue; stored sideways with EXIF orientation 6 (turn 90 degrees clockwise to view)
const w = 40, h = 20, raw = Buffer.alloc(w * h * 3);
for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const i = (y * w + x) * 3; if (x < w / 2) raw[i] = 230; else raw[i + 2] = 230; }
const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .withExifMerge({ IFD0: { Make: 'SMI fixture' }, IFD2: { DateTimeOriginal: '2026:03:01 08:15:30', OffsetTimeOriginal: '+05:30' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 55/1 3750/100', GPSLongitudeRef: 'E', GPSLongitude: '79/1 51/1 4048/100' } })
  .toBuffer();
writeFileSync(`${dir}sideways-orientation-6.jpg`, jpeg);
// a 24 x 16 PNG with an alpha channel
const rgba = Buffer.alloc(24 * 16 * 4);
for (let i = 0; i < 24 * 16; i++) { rgba[i * 4 + 1] = 180; rgba[i * 4 + 3] = i % 24 < 12 ? 255 : 128; }
const png = await sharp(rgba, { raw: { width: 24, height: 16, channels: 4 } }).png().toBuffer();
writeFileSync(`${dir}green-24x16.png`, png);
writeFileSync(`${dir}notes-named-as.jpg`, 'Point P12: kerb face, 0.15 m up stand.\nThis is a text file with a .jpg name.\n');
