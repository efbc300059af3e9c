import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportContext, ExportLinework } from './context.js';
import { densified } from './dxf.js';
import { PRECISION_FIELDS } from './precision-fields.js';
import type { ExportPoint } from './repository.js';
import { ZipStream } from './zip-stream.js';
import { pointCoordinates } from '../crs/project-geodesy.js';

/**
 * ESRI Shapefile (Technical Description, 1998), zipped, in the project's CRS (grid units, height as Z), each layer
 * with its .shp, .shx, .dbf (dBASE III, UTF-8 text, declared by .cpg) and .prj (the CRS's WKT from the catalogue).
 * Written by hand: the npm writers drop Z and mangle UTF-8.
 * - `points`: PointZ (type 11), every point with a height; its height_ref field names the height's reference and unit.
 * - `points_2d`: Point (type 1), the points whose height is not known, only when there are some. The format has no
 *   "no data" for Z (only for measures), and a Z of 0 would read as a height of 0 (decision 068).
 * - `lines` and `polygons`: the linework (decision 057) as PolyLineZ (13) and PolygonZ (15), only when there is
 *   some: a closed figure of three or more vertices is a polygon (outer ring clockwise, as the format asks), every
 *   other figure a line; arcs as points on their circle every 5 degrees or less (the format has no arcs), heights
 *   interpolated. Fields: code, string, kind, layer, colour, join, vertices, first point's name, then one field per
 *   attribute of the codes drawn, holding the first point's value for the line's code.
 * Point layers are streamed: the header needs the extent, so the points are read three times (extent, .shp, .dbf),
 * page by page; the linework is built in memory anyway, so its layers are too.
 */
const NO_M = -1e39;

interface Field<R> {
  name: string;
  type: 'C' | 'N';
  length: number;
  decimals: number;
  value: (r: R) => string | number | null | undefined;
}

interface PointRecord {
  p: ExportPoint;
  height: number | null;
  heightRef: string;
}

const POINT_FIELDS: Field<PointRecord>[] = [
  { name: 'name', type: 'C', length: 120, decimals: 0, value: (r) => r.p.name },
  { name: 'section', type: 'C', length: 120, decimals: 0, value: (r) => r.p.section },
  { name: 'code', type: 'C', length: 40, decimals: 0, value: (r) => r.p.type },
  { name: 'fix', type: 'C', length: 20, decimals: 0, value: (r) => r.p.fixType },
  { name: 'sigma_h', type: 'N', length: 12, decimals: 4, value: (r) => r.p.horizontalAccuracy },
  { name: 'sigma_v', type: 'N', length: 12, decimals: 4, value: (r) => r.p.verticalAccuracy },
  { name: 'height', type: 'N', length: 16, decimals: 4, value: (r) => r.height },
  // what Z and height are: the .prj names the horizontal CRS only (a compound .prj is not identified as EPSG by GIS)
  { name: 'height_ref', type: 'C', length: 60, decimals: 0, value: (r) => r.heightRef },
  { name: 'time', type: 'C', length: 24, decimals: 0, value: (r) => r.p.recordedAt.toISOString() },
  // how it was measured and how well (empty where the server did not measure it)
  ...PRECISION_FIELDS.map((f): Field<PointRecord> => ({ name: f.dbf, type: f.dbfType, length: f.length, decimals: f.decimals, value: (r) => f.value(r.p.precision) })),
  // the feature code string, its attribute values (JSON: a code's attributes differ from the next code's) and the note
  { name: 'feat_code', type: 'C', length: 120, decimals: 0, value: (r) => r.p.code },
  { name: 'attributes', type: 'C', length: 254, decimals: 0, value: (r) => (r.p.code ? JSON.stringify(r.p.attributes) : '') },
  { name: 'note', type: 'C', length: 254, decimals: 0, value: (r) => r.p.note },
  // who measured it: "collected_by" cut to dBASE's 10 characters of a field name
  { name: 'collect_by', type: 'C', length: 120, decimals: 0, value: (r) => r.p.collectedBy },
];

function header(shapeType: number, fileBytes: number, box: readonly number[]): Buffer {
  const b = Buffer.alloc(100);
  b.writeInt32BE(9994, 0);
  b.writeInt32BE(fileBytes / 2, 24);
  b.writeInt32LE(1000, 28);
  b.writeInt32LE(shapeType, 32);
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

const recordBytes = (fields: Field<never>[]) => 1 + fields.reduce((s, f) => s + f.length, 0);

function dbfHeader(fields: Field<never>[], count: number, now: Date): Buffer {
  const h = Buffer.alloc(32 + 32 * fields.length + 1);
  h.writeUInt8(0x03, 0);
  h.writeUInt8(now.getUTCFullYear() - 1900, 1);
  h.writeUInt8(now.getUTCMonth() + 1, 2);
  h.writeUInt8(now.getUTCDate(), 3);
  h.writeUInt32LE(count, 4);
  h.writeUInt16LE(h.length, 8);
  h.writeUInt16LE(recordBytes(fields), 10);
  fields.forEach((f, i) => {
    const o = 32 + 32 * i;
    h.write(f.name, o, 10, 'utf8');
    h.write(f.type, o + 11, 'ascii');
    h.writeUInt8(f.length, o + 16);
    h.writeUInt8(f.decimals, o + 17);
  });
  h.writeUInt8(0x0d, h.length - 1);
  return h;
}

function dbfRecord<R>(fields: Field<R>[], r: R): Buffer {
  const parts: Buffer[] = [Buffer.from(' ')];
  for (const f of fields) {
    const v = f.value(r);
    if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) parts.push(Buffer.alloc(f.length, 0x20));
    else if (f.type === 'N') parts.push(Buffer.from((v as number).toFixed(f.decimals).slice(0, f.length).padStart(f.length, ' '), 'ascii'));
    else parts.push(utf8Field(String(v), f.length));
  }
  return Buffer.concat(parts);
}

interface Located {
  p: ExportPoint;
  c: NonNullable<ReturnType<typeof pointCoordinates>>;
}

/** The project's points the CRS can express, page by page (the others are left out of every file alike). */
async function* located(ctx: ExportContext, g: ProjectGeodesy): AsyncGenerator<Located[]> {
  for await (const page of ctx.repo.pages(ctx.project.id)) {
    if (!ctx.sink.alive) return;
    const out: Located[] = [];
    for (const p of page) {
      const c = pointCoordinates(g, p);
      if (c) out.push({ p, c });
    }
    yield out;
  }
}

/** A point layer: PointZ of the points with a height, or Point of those without. */
async function writePointLayer(zip: ZipStream, ctx: ExportContext, stem: string, withZ: boolean, n: number, box: number[]) {
  const g = ctx.geodesy;
  const keep = (r: Located) => (r.c.height !== null) === withZ;
  const shapeType = withZ ? 11 : 1;
  const content = withZ ? 36 : 20;
  const bytes = 8 + content;
  const extent = n ? (withZ ? [...box, NO_M, NO_M] : [...box.slice(0, 4), 0, 0, 0, 0]) : [0, 0, 0, 0, 0, 0, withZ ? NO_M : 0, withZ ? NO_M : 0];
  await zip.entry(`${stem}.shp`, (async function* () {
    yield header(shapeType, 100 + n * bytes, extent);
    if (!g) return;
    let i = 0;
    for await (const page of located(ctx, g)) {
      const rows = page.filter(keep);
      const chunk = Buffer.alloc(rows.length * bytes);
      let o = 0;
      for (const { c } of rows) {
        chunk.writeInt32BE(++i, o);
        chunk.writeInt32BE(content / 2, o + 4);
        chunk.writeInt32LE(shapeType, o + 8);
        chunk.writeDoubleLE(c.easting, o + 12);
        chunk.writeDoubleLE(c.northing, o + 20);
        if (withZ) {
          chunk.writeDoubleLE(c.height!, o + 28);
          chunk.writeDoubleLE(NO_M, o + 36);
        }
        o += bytes;
      }
      yield chunk;
    }
  })());
  await zip.entry(`${stem}.shx`, (function* () {
    yield header(shapeType, 100 + n * 8, extent);
    const step = 10_000;
    for (let s = 0; s < n; s += step) {
      const count = Math.min(step, n - s);
      const b = Buffer.alloc(count * 8);
      for (let k = 0; k < count; k++) {
        b.writeInt32BE((100 + (s + k) * bytes) / 2, k * 8);
        b.writeInt32BE(content / 2, k * 8 + 4);
      }
      yield b;
    }
  })());
  await zip.entry(`${stem}.dbf`, (async function* () {
    yield dbfHeader(POINT_FIELDS as Field<never>[], n, ctx.now);
    if (g) {
      const heightRef = `${g.labels.heightName}, ${g.labels.heightUnitSymbol}`;
      for await (const page of located(ctx, g)) {
        const rows = page.filter(keep).map(({ p, c }) => dbfRecord(POINT_FIELDS, { p, height: c.height, heightRef }));
        if (rows.length) yield Buffer.concat(rows);
      }
    }
    yield Buffer.from([0x1a]);
  })());
  await prjAndCpg(zip, ctx, stem);
}

async function prjAndCpg(zip: ZipStream, ctx: ExportContext, stem: string) {
  await zip.entry(`${stem}.cpg`, [Buffer.from('UTF-8\n')]);
  if (ctx.geodesy) await zip.entry(`${stem}.prj`, [Buffer.from(ctx.geodesy.transform.crs.wkt)]);
}

type Line = ExportLinework['lines'][number];
type Xyz = { x: number; y: number; z: number };

interface Figure {
  line: Line;
  /** the part's vertices: a polygon's ring clockwise and closed (first vertex repeated), a closed line likewise */
  points: Xyz[];
  attributes: Record<string, string | number | boolean | null>;
  firstName: string;
}

/** Twice the signed area (positive counter-clockwise). */
function signedArea(ring: Xyz[]): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i]!.x * ring[i + 1]!.y - ring[i + 1]!.x * ring[i]!.y;
  return s;
}

/** PolyLineZ or PolygonZ of one part each: .shp and .shx. */
function shapes(shapeType: 13 | 15, figures: Figure[]): { shp: Buffer; shx: Buffer } {
  const box = [Infinity, Infinity, -Infinity, -Infinity, Infinity, -Infinity];
  const records: Buffer[] = [];
  const index = Buffer.alloc(figures.length * 8);
  let offset = 100;
  figures.forEach((f, i) => {
    const pts = f.points;
    const n = pts.length;
    const content = 80 + 32 * n;
    const b = Buffer.alloc(8 + content);
    b.writeInt32BE(i + 1, 0);
    b.writeInt32BE(content / 2, 4);
    b.writeInt32LE(shapeType, 8);
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const zs = pts.map((p) => p.z);
    const fbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    fbox.forEach((v, k) => b.writeDoubleLE(v, 12 + 8 * k));
    b.writeInt32LE(1, 44);
    b.writeInt32LE(n, 48);
    b.writeInt32LE(0, 52);
    let o = 56;
    for (const p of pts) {
      b.writeDoubleLE(p.x, o);
      b.writeDoubleLE(p.y, o + 8);
      o += 16;
    }
    const [z0, z1] = [Math.min(...zs), Math.max(...zs)];
    b.writeDoubleLE(z0, o);
    b.writeDoubleLE(z1, o + 8);
    o += 16;
    for (const z of zs) {
      b.writeDoubleLE(z, o);
      o += 8;
    }
    b.writeDoubleLE(NO_M, o);
    b.writeDoubleLE(NO_M, o + 8);
    o += 16;
    for (let k = 0; k < n; k++) {
      b.writeDoubleLE(NO_M, o);
      o += 8;
    }
    records.push(b);
    index.writeInt32BE(offset / 2, i * 8);
    index.writeInt32BE(content / 2, i * 8 + 4);
    offset += b.length;
    box[0] = Math.min(box[0]!, fbox[0]!); box[1] = Math.min(box[1]!, fbox[1]!);
    box[2] = Math.max(box[2]!, fbox[2]!); box[3] = Math.max(box[3]!, fbox[3]!);
    box[4] = Math.min(box[4]!, z0); box[5] = Math.max(box[5]!, z1);
  });
  const extent = [...box, NO_M, NO_M];
  return { shp: Buffer.concat([header(shapeType, offset, extent), ...records]), shx: Buffer.concat([header(shapeType, 100 + figures.length * 8, extent), index]) };
}

/** dBASE field names: at most 10 characters, unique case-insensitively. */
function fieldName(name: string, taken: Set<string>): string {
  const base = name.normalize('NFKD').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 10) || 'attr';
  let out = base;
  for (let k = 2; taken.has(out.toLowerCase()); k++) out = `${base.slice(0, 10 - String(k).length - 1)}_${k}`;
  taken.add(out.toLowerCase());
  return out;
}

const FIGURE_FIELDS: Field<Figure>[] = [
  { name: 'code', type: 'C', length: 40, decimals: 0, value: (f) => f.line.code },
  { name: 'string', type: 'C', length: 10, decimals: 0, value: (f) => f.line.string },
  { name: 'kind', type: 'C', length: 8, decimals: 0, value: (f) => f.line.kind },
  { name: 'layer', type: 'C', length: 40, decimals: 0, value: (f) => f.line.layer },
  { name: 'colour', type: 'C', length: 7, decimals: 0, value: (f) => f.line.colour },
  { name: 'join', type: 'C', length: 1, decimals: 0, value: (f) => (f.line.join ? 'Y' : 'N') },
  { name: 'vertices', type: 'N', length: 9, decimals: 0, value: (f) => f.line.vertices.length },
  { name: 'first_pt', type: 'C', length: 120, decimals: 0, value: (f) => f.firstName },
];

/** The attribute fields of the figures: one per attribute name met (in the order met), the value as text. */
function attributeFields(figures: Figure[]): Field<Figure>[] {
  const taken = new Set(FIGURE_FIELDS.map((f) => f.name));
  const byName = new Map<string, string>();
  for (const f of figures) for (const key of Object.keys(f.attributes)) if (!byName.has(key)) byName.set(key, fieldName(key, taken));
  return [...byName].map(([key, name]) => ({
    name,
    type: 'C',
    length: 100,
    decimals: 0,
    value: (f) => {
      const v = f.attributes[key];
      return v === null || v === undefined ? null : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
    },
  }));
}

async function writeFigures(zip: ZipStream, ctx: ExportContext, stem: string, shapeType: 13 | 15, figures: Figure[]) {
  const { shp, shx } = shapes(shapeType, figures);
  const fields = [...FIGURE_FIELDS, ...attributeFields(figures)];
  await zip.entry(`${stem}.shp`, [shp]);
  await zip.entry(`${stem}.shx`, [shx]);
  await zip.entry(`${stem}.dbf`, [dbfHeader(fields as Field<never>[], figures.length, ctx.now), ...figures.map((f) => dbfRecord(fields, f)), Buffer.from([0x1a])]);
  await prjAndCpg(zip, ctx, stem);
}

/** The linework as figures for the lines and polygons layers. */
function figuresOf(lines: Line[], coded: Map<string, { name: string; attributes: ExportPoint['attributes'] }>) {
  const out = { lines: [] as Figure[], polygons: [] as Figure[] };
  for (const line of lines) {
    if (line.vertices.length < 2) continue;
    const first = coded.get(line.vertices[0]!.pointId);
    const attributes = Object.entries(first?.attributes ?? {}).find(([code]) => code.toUpperCase() === line.code.toUpperCase())?.[1] ?? {};
    const pts = densified(line.vertices, line.closed);
    const polygon = line.closed && line.vertices.length >= 3;
    if (line.closed) pts.push({ ...pts[0]! });
    if (polygon && signedArea(pts) > 0) pts.reverse();
    (polygon ? out.polygons : out.lines).push({ line, points: pts, attributes, firstName: first?.name ?? '' });
  }
  return out;
}

export async function writeShp(ctx: ExportContext) {
  const g = ctx.geodesy;
  const zip = new ZipStream(ctx.sink);
  // pass 1: the extents of the points with and without a height, and the coded points' names and values
  const count = { z: 0, flat: 0 };
  const boxes = { z: [Infinity, Infinity, -Infinity, -Infinity, Infinity, -Infinity], flat: [Infinity, Infinity, -Infinity, -Infinity] };
  const coded = new Map<string, { name: string; attributes: ExportPoint['attributes'] }>();
  if (g) {
    for await (const page of located(ctx, g)) {
      for (const { p, c } of page) {
        if (p.code) coded.set(p.id, { name: p.name, attributes: p.attributes });
        const b = c.height === null ? boxes.flat : boxes.z;
        if (c.height === null) count.flat++;
        else count.z++;
        b[0] = Math.min(b[0]!, c.easting); b[1] = Math.min(b[1]!, c.northing);
        b[2] = Math.max(b[2]!, c.easting); b[3] = Math.max(b[3]!, c.northing);
        if (c.height !== null) {
          b[4] = Math.min(b[4]!, c.height);
          b[5] = Math.max(b[5]!, c.height);
        }
      }
    }
  }
  await writePointLayer(zip, ctx, 'points', true, count.z, boxes.z);
  if (count.flat) await writePointLayer(zip, ctx, 'points_2d', false, count.flat, boxes.flat);
  if (coded.size && ctx.sink.alive) {
    const linework = await ctx.linework();
    const figures = figuresOf(linework?.lines ?? [], coded);
    if (figures.lines.length) await writeFigures(zip, ctx, 'lines', 13, figures.lines);
    if (figures.polygons.length) await writeFigures(zip, ctx, 'polygons', 15, figures.polygons);
  }
  await zip.finish();
}
