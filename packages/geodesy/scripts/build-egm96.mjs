#!/usr/bin/env node
// Regenerates assets/egm96-15.grid.gz, the EGM96 geoid the product uses with no grids folder, from PROJ-data's
// egm96_15.gtx (NGA's EGM96 15' grid; EGM96 is public domain). Values are rounded to the millimetre and stored as
// int16 residuals of a planar predictor (left + up - up-left), gzipped: 1.2 MB instead of 4.2 MB, and at most 0.5 mm
// from the source grid. Format (before gzip): "SMIGEOID1", then big-endian float64 south, west, dlat, dlon,
// int32 rows, cols, then rows*cols int16 (south row first, west to east).
// Usage: node packages/geodesy/scripts/build-egm96.mjs [/usr/share/proj/egm96_15.gtx]
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const src = readFileSync(process.argv[2] ?? '/usr/share/proj/egm96_15.gtx');
const south = src.readDoubleBE(0), west = src.readDoubleBE(8), dlat = src.readDoubleBE(16), dlon = src.readDoubleBE(24);
const rows = src.readInt32BE(32), cols = src.readInt32BE(36);
const mm = new Int32Array(rows * cols);
for (let i = 0; i < mm.length; i++) mm[i] = Math.round(src.readFloatBE(40 + 4 * i) * 1000);
const MAGIC = Buffer.from('SMIGEOID1');
const out = Buffer.alloc(MAGIC.length + 40 + 2 * mm.length);
MAGIC.copy(out, 0);
let o = MAGIC.length;
for (const v of [south, west, dlat, dlon]) { out.writeDoubleBE(v, o); o += 8; }
out.writeInt32BE(rows, o); out.writeInt32BE(cols, o + 4); o += 8;
for (let r = 0; r < rows; r++) {
  for (let c = 0; c < cols; c++) {
    const up = r ? mm[(r - 1) * cols + c] : 0, left = c ? mm[r * cols + c - 1] : 0, ul = r && c ? mm[(r - 1) * cols + c - 1] : 0;
    const residual = mm[r * cols + c] - (up + left - ul);
    if (residual < -32768 || residual > 32767) throw new Error(`residual ${residual} at ${r},${c} does not fit int16`);
    out.writeInt16BE(residual, o); o += 2;
  }
}
const gz = gzipSync(out, { level: 9 });
writeFileSync(new URL('../assets/egm96-15.grid.gz', import.meta.url), gz);
console.log(`${rows}x${cols} nodes, ${gz.length} bytes`);
