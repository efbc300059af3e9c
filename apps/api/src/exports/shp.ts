import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportContext } from './context.js';
import { PRECISION_FIELDS } from './precision-fields.js';
import type { ExportPoint } from './repository.js';
import { ZipStream } from './zip-stream.js';
import { pointCoordinates } from '../crs/project-geodesy.js';

/**
 * ESRI Shapefile (Technical Description, 1998), zipped: PointZ (type 11) in the project's CRS (grid units, height as
 * Z), .shx, .dbf (dBASE III, UTF-8 text, declared by .cpg; its height_ref field names the height's reference and
 * unit), .prj (the CRS's WKT from the catalogue). Written by hand:
 * the npm writers drop Z and mangle UTF-8. The header needs the extent, so the points are read three times (extent,
 * .shp, .dbf), page by page, and the zip is written as it goes: nothing grows with the project.
 */
const RECORD_BYTES = 8 + 36;
const NO_M = -1e39;

interface Field {
  name: string;
  type: 'C' | 'N';
  length: number;
  decimals: number;
  value: (p: ExportPoint, height: number | null, heightRef: string) => string | number | null;
}

const FIELDS: Field[] = [
  { name: 'name', type: 'C', length: 120, decimals: 0, value: (p) => p.name },
  { name: 'section', type: 'C', length: 120, decimals: 0, value: (p) => p.section },
  { name: 'code', type: 'C', length: 40, decimals: 0, value: (p) => p.type },
  { name: 'fix', type: 'C', length: 20, decimals: 0, value: (p) => p.fixType },
  { name: 'sigma_h', type: 'N', length: 12, decimals: 4, value: (p) => p.horizontalAccuracy },
  { name: 'sigma_v', type: 'N', length: 12, decimals: 4, value: (p) => p.verticalAccuracy },
  { name: 'height', type: 'N', length: 16, decimals: 4, value: (_p, h) => h },
  // what Z and height are: the .prj names the horizontal CRS only (a compound .prj is not identified as EPSG by GIS)
  { name: 'height_ref', type: 'C', length: 60, decimals: 0, value: (_p, _h, ref) => ref },
  { name: 'time', type: 'C', length: 24, decimals: 0, value: (p) => p.recordedAt.toISOString() },
  // how it was measured and how well (empty where the server did not measure it)
  ...PRECISION_FIELDS.map((f): Field => ({ name: f.dbf, type: f.dbfType, length: f.length, decimals: f.decimals, value: (p) => f.value(p.precision) })),
];
const DBF_RECORD = 1 + FIELDS.reduce((s, f) => s + f.length, 0);

async function* located(ctx: ExportContext, g: ProjectGeodesy) {
  for await (const page of ctx.repo.pages(ctx.project.id)) {
    if (!ctx.sink.alive) return;
    yield page.map((p) => ({ p, c: pointCoordinates(g, p) }));
  }
}

function header(fileBytes: number, box: number[]): Buffer {
  const b = Buffer.alloc(100);
  b.writeInt32BE(9994, 0);
  b.writeInt32BE(fileBytes / 2, 24);
  b.writeInt32LE(1000, 28);
  b.writeInt32LE(11, 32);
  box.forEach((v, i) => b.writeDoubleLE(v, 36 + 8 * i));
  return b;
}

/** A text value cut to the field's bytes without splitting a UTF-8 character. */
function utf8Field(value: string, length: number): Buffer {
  const out = Buffer.alloc(length, 0x20);
  let bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) {
    let end = length;
    while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
    bytes = bytes.subarray(0, end);
  }
  bytes.copy(out);
  return out;
}

function dbfHeader(count: number, now: Date): Buffer {
  const h = Buffer.alloc(32 + 32 * FIELDS.length + 1);
  h.writeUInt8(0x03, 0);
  h.writeUInt8(now.getUTCFullYear() - 1900, 1);
  h.writeUInt8(now.getUTCMonth() + 1, 2);
  h.writeUInt8(now.getUTCDate(), 3);
  h.writeUInt32LE(count, 4);
  h.writeUInt16LE(h.length, 8);
  h.writeUInt16LE(DBF_RECORD, 10);
  FIELDS.forEach((f, i) => {
    const o = 32 + 32 * i;
    h.write(f.name, o, 'ascii');
    h.write(f.type, o + 11, 'ascii');
    h.writeUInt8(f.length, o + 16);
    h.writeUInt8(f.decimals, o + 17);
  });
  h.writeUInt8(0x0d, h.length - 1);
  return h;
}

function dbfRecord(p: ExportPoint, height: number | null, heightRef: string): Buffer {
  const parts: Buffer[] = [Buffer.from(" ")];
  for (const f of FIELDS) {
    const v = f.value(p, height, heightRef);
    if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) parts.push(Buffer.alloc(f.length, 0x20));
    else if (f.type === 'N') parts.push(Buffer.from((v as number).toFixed(f.decimals).slice(0, f.length).padStart(f.length, ' '), 'ascii'));
    else parts.push(utf8Field(String(v), f.length));
  }
  return Buffer.concat(parts);
}

export async function writeShp(ctx: ExportContext) {
  const g = ctx.geodesy;
  const stem = 'points';
  const zip = new ZipStream(ctx.sink);
  // pass 1: the extent (points the CRS cannot express are left out of every file alike)
  let n = 0;
  const box = [Infinity, Infinity, -Infinity, -Infinity, Infinity, -Infinity];
  if (g) {
    for await (const page of located(ctx, g)) {
      for (const { c } of page) {
        if (!c) continue;
        n++;
        const z = c.height ?? 0;
        box[0] = Math.min(box[0]!, c.easting); box[1] = Math.min(box[1]!, c.northing);
        box[2] = Math.max(box[2]!, c.easting); box[3] = Math.max(box[3]!, c.northing);
        box[4] = Math.min(box[4]!, z); box[5] = Math.max(box[5]!, z);
      }
    }
  }
  const extent = n ? [...box, NO_M, NO_M] : [0, 0, 0, 0, 0, 0, NO_M, NO_M];
  const shpBytes = 100 + n * RECORD_BYTES;

  await zip.entry(`${stem}.shp`, (async function* () {
    yield header(shpBytes, extent);
    if (!g) return;
    let i = 0;
    for await (const page of located(ctx, g)) {
      const chunk = Buffer.alloc(page.filter((r) => r.c).length * RECORD_BYTES);
      let o = 0;
      for (const { c } of page) {
        if (!c) continue;
        chunk.writeInt32BE(++i, o);
        chunk.writeInt32BE(18, o + 4);
        chunk.writeInt32LE(11, o + 8);
        chunk.writeDoubleLE(c.easting, o + 12);
        chunk.writeDoubleLE(c.northing, o + 20);
        chunk.writeDoubleLE(c.height ?? 0, o + 28);
        chunk.writeDoubleLE(NO_M, o + 36);
        o += RECORD_BYTES;
      }
      yield chunk;
    }
  })());

  await zip.entry(`${stem}.shx`, (function* () {
    yield header(100 + n * 8, extent);
    const step = 10_000;
    for (let s = 0; s < n; s += step) {
      const count = Math.min(step, n - s);
      const b = Buffer.alloc(count * 8);
      for (let k = 0; k < count; k++) {
        b.writeInt32BE((100 + (s + k) * RECORD_BYTES) / 2, k * 8);
        b.writeInt32BE(18, k * 8 + 4);
      }
      yield b;
    }
  })());

  await zip.entry(`${stem}.dbf`, (async function* () {
    yield dbfHeader(n, ctx.now);
    if (g) {
      for await (const page of located(ctx, g)) {
        const ref = `${g.labels.heightName}, ${g.labels.heightUnitSymbol}`;
        const rows = page.filter((r) => r.c).map(({ p, c }) => dbfRecord(p, c!.height, ref));
        if (rows.length) yield Buffer.concat(rows);
      }
    }
    yield Buffer.from([0x1a]);
  })());

  await zip.entry(`${stem}.cpg`, [Buffer.from('UTF-8\n')]);
  if (g) await zip.entry(`${stem}.prj`, [Buffer.from(g.transform.crs.wkt)]);
  await zip.finish();
}
