import { readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { gridAlias, OutsideGridError, type GridStore } from './grids.js';

/** A geoid model as a regular grid of undulations N (metres), south row first, west to east. */
export interface GeoidGrid {
  /** The model's name as shown and exported, e.g. "EGM96" or the file name "us_noaa_g2018u0.gtx". */
  name: string;
  south: number;
  west: number;
  dlat: number;
  dlon: number;
  rows: number;
  cols: number;
  values: Float32Array;
  /** The grid goes round the earth: longitudes wrap. */
  global: boolean;
  /** The value that means "no data" (GTX: -88.8888; a GeoTIFF's GDAL_NODATA). */
  nodata?: number | null;
}

/** The built-in model: EGM96 works with no grids folder. */
export const EGM96 = 'EGM96';

/** GTX "no data" (NOAA/NGS): -88.8888. */
const NODATA = -88.8888;

function gridOf(name: string, south: number, west: number, dlat: number, dlon: number, rows: number, cols: number, values: Float32Array): GeoidGrid {
  const w = west >= 180 ? west - 360 : west;
  return { name, south, west: w, dlat, dlon, rows, cols, values, global: Math.abs(cols * dlon - 360) < dlon / 2 };
}

/** Reads a PROJ .gtx geoid grid (big-endian: 4 float64 south, west, dlat, dlon; 2 int32 rows, cols; float32 values). */
export function readGtx(name: string, bytes: Buffer): GeoidGrid {
  const rows = bytes.readInt32BE(32);
  const cols = bytes.readInt32BE(36);
  if (rows <= 0 || cols <= 0 || bytes.length < 40 + 4 * rows * cols) throw new Error(`${name} is not a GTX grid`);
  const values = new Float32Array(rows * cols);
  for (let i = 0; i < values.length; i++) values[i] = bytes.readFloatBE(40 + 4 * i);
  return gridOf(name, bytes.readDoubleBE(0), bytes.readDoubleBE(8), bytes.readDoubleBE(16), bytes.readDoubleBE(24), rows, cols, values);
}

let egm96: GeoidGrid | null = null;

/** EGM96 15' from the package's data (scripts/build-egm96.mjs: PROJ-data's egm96_15.gtx, mm, predictor-coded). */
export function egm96Grid(): GeoidGrid {
  if (egm96) return egm96;
  const b = gunzipSync(readFileSync(new URL('../assets/egm96-15.grid.gz', import.meta.url)));
  let o = 'SMIGEOID1'.length;
  const [south, west, dlat, dlon] = [0, 1, 2, 3].map((i) => b.readDoubleBE(o + 8 * i)) as [number, number, number, number];
  o += 32;
  const rows = b.readInt32BE(o);
  const cols = b.readInt32BE(o + 4);
  o += 8;
  const mm = new Int32Array(rows * cols);
  const values = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const up = r ? (mm[i - cols] as number) : 0;
      const left = c ? (mm[i - 1] as number) : 0;
      const ul = r && c ? (mm[i - cols - 1] as number) : 0;
      mm[i] = b.readInt16BE(o + 2 * i) + up + left - ul;
      values[i] = (mm[i] as number) / 1000;
    }
  }
  egm96 = gridOf(EGM96, south, west, dlat, dlon, rows, cols, values);
  return egm96;
}

const cache = new Map<string, GeoidGrid>();

/** A geoid grid that cannot be used: the message names the file and what to do. */
export class GeoidGridError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeoidGridError';
  }
}

/** The geoid file extensions the grids folder is read for. */
export const GEOID_EXTENSIONS = ['.gtx', '.tif', '.tiff'];

const isTiff = (name: string) => /\.tiff?$/i.test(name);
const cacheKey = (path: string) => `${path}:${statSync(path).size}`;

/**
 * A geoid model by name: "EGM96" (built in) or a .gtx file of the grids folder, or a GeoTIFF (.tif) one that
 * loadGeoidModel has read (GeoTIFF decoding is asynchronous: the API loads a project's model before it uses it).
 */
export function geoidModel(name: string, grids: GridStore): GeoidGrid {
  if (name.toUpperCase() === EGM96) return egm96Grid();
  name = geoidFile(name, grids);
  const path = grids.require(name);
  const key = cacheKey(path);
  let grid = cache.get(key);
  if (grid) return grid;
  if (isTiff(name)) throw new GeoidGridError(`${name} has not been loaded yet: load it with loadGeoidModel first`);
  if (!/\.gtx$/i.test(name)) throw new GeoidGridError(`${name}: geoid grids are read from .gtx and GeoTIFF (.tif) files`);
  grid = readGtx(name, readFileSync(path));
  cache.set(key, grid);
  return grid;
}

/** geoidModel, after reading a GeoTIFF model (once per file) if that is what it is. */
export async function loadGeoidModel(name: string, grids: GridStore): Promise<GeoidGrid> {
  if (name.toUpperCase() !== EGM96) name = geoidFile(name, grids);
  if (name.toUpperCase() !== EGM96 && isTiff(name)) {
    const path = grids.require(name);
    const key = cacheKey(path);
    if (!cache.has(key)) cache.set(key, await readGeoTiffGeoid(name, readFileSync(path)));
  }
  return geoidModel(name, grids);
}

/** The file of a geoid: the name itself, or PROJ-data's GeoTIFF of it (g2012bu0.gtx -> us_noaa_g2012bu0.tif). */
export function geoidFile(name: string, grids: GridStore): string {
  if (grids.find(name)) return name;
  const tif = gridAlias(name);
  return tif && grids.find(tif) ? tif : name;
}

/**
 * Reads a PROJ-data GeoTIFF geoid (us_noaa_g2018u0.tif, uk_os_OSGM15_GB.tif, ...): the first image's first band,
 * geographic, north row first. PROJ-data's files are PixelIsPoint (the tie point is the first node); a GDAL-written
 * PixelIsArea file's first node is half a cell in from its corner. A file with a horizontal-offset TYPE or two
 * bands is an NTv2-style shift grid, not a geoid, and is refused by name.
 */
export async function readGeoTiffGeoid(name: string, bytes: Buffer): Promise<GeoidGrid> {
  const { fromArrayBuffer } = await import('geotiff');
  let image;
  try {
    const tiff = await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    image = await tiff.getImage(0);
  } catch (e) {
    throw new GeoidGridError(`${name} is not a readable GeoTIFF (${(e as Error).message})`);
  }
  const meta = ((await image.getGDALMetadata()) ?? {}) as Record<string, unknown>;
  const type = String(meta.TYPE ?? '');
  if (/HORIZONTAL_OFFSET|GEOCENTRIC_TRANSLATION|VELOCITY|DEFORMATION/i.test(type) || (!type && image.getSamplesPerPixel() > 1)) {
    throw new GeoidGridError(`${name} is not a geoid grid (${type || `${image.getSamplesPerPixel()} bands`}): choose a vertical offset (geoid) grid`);
  }
  const keys = (image.getGeoKeys() ?? {}) as Record<string, unknown>;
  if (keys.GTModelTypeGeoKey !== undefined && keys.GTModelTypeGeoKey !== 2) throw new GeoidGridError(`${name} is not on geographic coordinates (latitude/longitude)`);
  const cols = image.getWidth();
  const rows = image.getHeight();
  const [ox, oy] = image.getOrigin() as [number, number];
  const [rx, ry] = image.getResolution() as [number, number];
  const dlon = Math.abs(rx);
  const dlat = Math.abs(ry);
  // GTRasterTypeGeoKey 2 = PixelIsPoint: the origin is the first node; 1 (or absent) = PixelIsArea: its corner
  const half = keys.GTRasterTypeGeoKey === 2 ? 0 : 0.5;
  const west = ox + half * dlon;
  const north = oy - half * dlat;
  const [band] = (await image.readRasters({ samples: [0] })) as unknown as ArrayLike<number>[];
  const values = new Float32Array(rows * cols);
  // north row first in the file, south row first here (as GTX)
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) values[(rows - 1 - r) * cols + c] = band![r * cols + c] as number;
  return { ...gridOf(name, north - (rows - 1) * dlat, west, dlat, dlon, rows, cols, values), nodata: image.getGDALNoData() };
}

/**
 * The geoid undulation N (metres) at a position, bilinear between the four nodes around it as PROJ's vgridshift
 * does. OutsideGridError outside the grid or where a node has no data.
 */
export function undulation(grid: GeoidGrid, latitude: number, longitude: number): number {
  const y = (latitude - grid.south) / grid.dlat;
  let x = (longitude - grid.west) / grid.dlon;
  if (grid.global) x = ((x % grid.cols) + grid.cols) % grid.cols;
  const eps = 1e-9;
  if (y < -eps || y > grid.rows - 1 + eps || (!grid.global && (x < -eps || x > grid.cols - 1 + eps))) throw new OutsideGridError(grid.name);
  const r0 = Math.min(Math.max(Math.floor(y), 0), grid.rows - 2);
  const c0 = Math.min(Math.max(Math.floor(x), 0), grid.global ? grid.cols - 1 : grid.cols - 2);
  const c1 = grid.global ? (c0 + 1) % grid.cols : c0 + 1;
  const fy = y - r0;
  const fx = x - c0;
  const v = grid.values;
  const n00 = v[r0 * grid.cols + c0] as number;
  const n01 = v[r0 * grid.cols + c1] as number;
  const n10 = v[(r0 + 1) * grid.cols + c0] as number;
  const n11 = v[(r0 + 1) * grid.cols + c1] as number;
  const nodata = grid.nodata ?? NODATA;
  if ([n00, n01, n10, n11].some((n) => Number.isNaN(n) || Math.abs(n - nodata) < 1e-3)) throw new OutsideGridError(grid.name);
  return (1 - fy) * ((1 - fx) * n00 + fx * n01) + fy * ((1 - fx) * n10 + fx * n11);
}

/** Orthometric height H = h - N. */
export function orthometricHeight(grid: GeoidGrid, latitude: number, longitude: number, ellipsoidalHeight: number): number {
  return ellipsoidalHeight - undulation(grid, latitude, longitude);
}
