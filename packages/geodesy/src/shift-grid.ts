/**
 * Horizontal datum-shift grids in PROJ's GeoTIFF form (https://proj.org/specifications/geodetictiffgrids.html), the
 * form PROJ-data (cdn.proj.org) ships BETA2007, ntf_r93, CHENyx06 and nzgd2kgrid0005 in today. They are read here and
 * handed to proj4 as the NTv2 grid its `nadgrid` reads, because proj4's own GeoTIFF reading (proj4 2.22) takes the
 * first two bands as latitude and longitude offsets in arc-seconds whatever the file says, assumes PixelIsPoint,
 * ignores positive_value, SCALE/OFFSET and nodata, and takes every IFD (overviews and masks too) as a subgrid.
 */

/** A datum-shift grid file that cannot be used: the message names the file and what is wrong with it. */
export class DatumGridError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatumGridError';
  }
}

/** One (sub)grid of latitude and longitude offsets, in arc-seconds, longitude offsets positive east. */
export interface ShiftSubgrid {
  /** Longitude, latitude (degrees) of the south-west node. */
  west: number;
  south: number;
  /** Node spacing, degrees. */
  dlon: number;
  dlat: number;
  cols: number;
  rows: number;
  /** South row first, west to east in a row; NaN where the file has no data. */
  latOffset: Float32Array;
  lonOffset: Float32Array;
}

/** Arc-seconds per unit of the offsets (UNITTYPE; arc-second when absent, as PROJ assumes). */
const ARC_SECONDS: Record<string, number> = { 'arc-second': 1, arcsecond: 1, degree: 3600, radian: (180 / Math.PI) * 3600 };

interface SampleMeta {
  description?: string;
  unit?: string;
  positive?: string;
  scale?: number;
  offset?: number;
}

async function sampleMeta(image: import('geotiff').GeoTIFFImage, samples: number): Promise<SampleMeta[] | null> {
  if (!image.fileDirectory.hasTag('GDAL_METADATA')) return null;
  const out: SampleMeta[] = [];
  for (let s = 0; s < samples; s++) {
    const m = ((await image.getGDALMetadata(s)) ?? {}) as Record<string, unknown>;
    const str = (k: string) => (m[k] === undefined ? undefined : String(m[k]).trim());
    const num = (k: string) => (m[k] === undefined ? undefined : Number(m[k]));
    out.push({ description: str('DESCRIPTION'), unit: str('UNITTYPE'), positive: str('positive_value'), scale: num('SCALE'), offset: num('OFFSET') });
  }
  return out;
}

/**
 * Reads a PROJ GeoTIFF horizontal-offset grid: every full-resolution IFD is a subgrid (NewSubfileType 0; overviews
 * and masks are skipped). The offsets are the bands described latitude_offset and longitude_offset (the first two
 * when no band is described), in their UNITTYPE, with positive_value west turned to east, SCALE/OFFSET applied and
 * GDAL_NODATA made NaN. The georeferencing follows GTRasterTypeGeoKey: PixelIsPoint's tie point is the first node,
 * PixelIsArea's is half a cell out. Anything else is refused with a DatumGridError naming the file.
 */
export async function readGeoTiffShift(name: string, bytes: Buffer): Promise<ShiftSubgrid[]> {
  const { fromArrayBuffer } = await import('geotiff');
  let tiff: import('geotiff').GeoTIFF;
  let count: number;
  try {
    tiff = await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    count = await tiff.getImageCount();
  } catch (e) {
    throw new DatumGridError(`${name} is not a readable GeoTIFF (${(e as Error).message})`);
  }
  const notShift = (why: string) => new DatumGridError(`${name} is not a PROJ horizontal offset (datum shift) grid: ${why}`);
  const subgrids: ShiftSubgrid[] = [];
  let firstMeta: SampleMeta[] | null = null;
  let pixelIsPoint = false;
  for (let i = 0; i < count; i++) {
    let image: import('geotiff').GeoTIFFImage;
    try {
      image = await tiff.getImage(i);
    } catch (e) {
      throw new DatumGridError(`${name} is not a readable GeoTIFF (${(e as Error).message})`);
    }
    const subfile = Number(image.fileDirectory.getValue('NewSubfileType') ?? 0);
    if (subfile !== 0) continue; // an overview or a mask, not a grid
    const samples = image.getSamplesPerPixel();
    const meta: SampleMeta[] | null = (await sampleMeta(image, samples)) ?? firstMeta;
    if (!subgrids.length) {
      // the first grid carries the type, the GeoKeys and the band descriptions; later IFDs may omit them
      const type = String(((await image.getGDALMetadata()) ?? {}).TYPE ?? '').trim();
      const described = meta?.some((m) => m.description === 'latitude_offset') && meta.some((m) => m.description === 'longitude_offset');
      if (type && type !== 'HORIZONTAL_OFFSET') throw notShift(`its TYPE is ${type}`);
      if (!type && !described) throw notShift(`it has no TYPE=HORIZONTAL_OFFSET and no latitude_offset and longitude_offset bands (${samples} band${samples === 1 ? '' : 's'})`);
      const keys = (image.getGeoKeys() ?? {}) as Record<string, unknown>;
      if (keys.GTModelTypeGeoKey !== undefined && keys.GTModelTypeGeoKey !== 2) throw notShift('it is not on geographic coordinates (latitude/longitude)');
      pixelIsPoint = keys.GTRasterTypeGeoKey === 2;
      firstMeta = meta;
    }
    if (samples < 2) throw notShift(`a horizontal offset grid has a latitude and a longitude offset band, it has ${samples}`);
    const find = (d: string, fallback: number) => {
      const k = meta?.findIndex((m) => m.description === d) ?? -1;
      return k >= 0 ? k : fallback;
    };
    const latBand = find('latitude_offset', 0);
    const lonBand = find('longitude_offset', 1);
    if (latBand === lonBand || latBand >= samples || lonBand >= samples) throw notShift('its latitude and longitude offset bands cannot be told apart');
    const factor = (band: number) => {
      const unit = meta?.[band]?.unit || 'arc-second';
      const f = ARC_SECONDS[unit.toLowerCase()];
      if (f === undefined) throw notShift(`its offsets are in ${unit} (arc-second, degree or radian are read)`);
      return f;
    };
    const positive = (meta?.[lonBand]?.positive || 'east').toLowerCase();
    if (positive !== 'east' && positive !== 'west') throw notShift(`its longitude offsets are positive ${positive}`);
    const tie = image.fileDirectory.getValue('ModelTiepoint') as ArrayLike<number> | undefined;
    const scale = image.fileDirectory.getValue('ModelPixelScale') as ArrayLike<number> | undefined;
    if (!tie || tie.length < 6 || !scale || scale.length < 2) throw notShift('it has no ModelTiepoint and ModelPixelScale georeferencing');
    const cols = image.getWidth();
    const rows = image.getHeight();
    const dlon = Number(scale[0]);
    const dlat = Number(scale[1]);
    // the tie point's raster position (usually 0, 0) and the model position it is at
    const [ti, tj, , tx, ty] = [0, 1, 2, 3, 4].map((k) => Number(tie[k])) as [number, number, number, number, number];
    if (!(cols >= 2 && rows >= 2 && dlon > 0 && dlat > 0 && [ti, tj, tx, ty].every(Number.isFinite))) throw notShift(`its grid is ${cols} x ${rows} nodes at ${dlon} x ${dlat}`);
    const half = pixelIsPoint ? 0 : 0.5;
    const west = tx + (half - ti) * dlon;
    const north = ty - (half - tj) * dlat;
    let raw: ArrayLike<number>[];
    try {
      raw = (await image.readRasters({ samples: [latBand, lonBand] })) as unknown as ArrayLike<number>[];
    } catch (e) {
      throw new DatumGridError(`${name}: its grid values cannot be decoded (${(e as Error).message})`);
    }
    const nodata = image.getGDALNoData();
    const convert = (band: number, values: ArrayLike<number>, sign: number) => {
      const f = factor(band) * sign;
      const s = meta?.[band]?.scale ?? 1;
      const o = meta?.[band]?.offset ?? 0;
      const out = new Float32Array(rows * cols);
      // the file is north row first; south row first here, as NTv2
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const v = values[r * cols + c] as number;
          out[(rows - 1 - r) * cols + c] = nodata !== null && v === nodata ? NaN : (o + s * v) * f;
        }
      }
      return out;
    };
    const latOffset = convert(latBand, raw[0]!, 1);
    const lonOffset = convert(lonBand, raw[1]!, positive === 'west' ? -1 : 1);
    if (!latOffset.some(Number.isFinite) || !lonOffset.some(Number.isFinite)) throw notShift('it holds no offset values');
    subgrids.push({ west, south: north - (rows - 1) * dlat, dlon, dlat, cols, rows, latOffset, lonOffset });
  }
  if (!subgrids.length) throw notShift('it holds no grid');
  return subgrids;
}

/** b's extent inside a's (PROJ's ExtentAndRes::contains, with a margin for the decimal degrees of a tie point). */
const contains = (a: ShiftSubgrid, b: ShiftSubgrid) => {
  const eps = 1e-9;
  return (
    b.west >= a.west - eps &&
    b.south >= a.south - eps &&
    b.west + (b.cols - 1) * b.dlon <= a.west + (a.cols - 1) * a.dlon + eps &&
    b.south + (b.rows - 1) * b.dlat <= a.south + (a.rows - 1) * a.dlat + eps
  );
};

interface Node {
  grid: ShiftSubgrid;
  children: Node[];
}

/**
 * The subgrids in the order proj4 must try them to pick the grid PROJ picks. PROJ (grids.cpp, GTiffHGridShiftSet)
 * files each IFD under the first top-level grid whose extent contains it, and there under the first child that
 * contains it, recursively (else it is a new top-level grid / child); for a point it takes the first top-level grid
 * holding it, then the first child holding it, recursively. proj4 takes the first subgrid holding the point, so the
 * tree is written depth first with every grid after its children: the first grid holding a point is PROJ's.
 */
export function projOrder(subgrids: ShiftSubgrid[]): ShiftSubgrid[] {
  const top: Node[] = [];
  const insert = (list: Node[], node: Node) => {
    const parent = list.find((n) => contains(n.grid, node.grid));
    if (parent) insert(parent.children, node);
    else list.push(node);
  };
  for (const grid of subgrids) insert(top, { grid, children: [] });
  const out: ShiftSubgrid[] = [];
  const walk = (n: Node) => {
    n.children.forEach(walk);
    out.push(n.grid);
  };
  top.forEach(walk);
  return out;
}

/**
 * The subgrids as an NTv2 file (little-endian, arc-seconds, longitudes positive west, as the format has them), for
 * proj4's `nadgrid`, in projOrder.
 */
export function ntv2Buffer(subgrids: ShiftSubgrid[]): ArrayBuffer {
  const ordered = projOrder(subgrids);
  const size = 176 + ordered.reduce((n, g) => n + 176 + 16 * g.rows * g.cols, 0) + 16;
  const buf = new ArrayBuffer(size);
  const view = new DataView(buf);
  const bytes = new Uint8Array(buf);
  const text = (at: number, s: string) => {
    for (let k = 0; k < 8; k++) bytes[at + k] = k < s.length ? s.charCodeAt(k) : 32;
  };
  let at = 0;
  const record = (label: string, put: (o: number) => void) => {
    text(at, label);
    put(at + 8);
    at += 16;
  };
  const int = (v: number) => (o: number) => view.setInt32(o, v, true);
  const str = (v: string) => (o: number) => text(o, v);
  const dbl = (v: number) => (o: number) => view.setFloat64(o, v, true);
  record('NUM_OREC', int(11));
  record('NUM_SREC', int(11));
  record('NUM_FILE', int(ordered.length));
  record('GS_TYPE', str('SECONDS'));
  record('VERSION', str('NTv2.0'));
  record('SYSTEM_F', str(''));
  record('SYSTEM_T', str(''));
  for (const label of ['MAJOR_F', 'MINOR_F', 'MAJOR_T', 'MINOR_T']) record(label, dbl(0));
  ordered.forEach((g, n) => {
    const east = g.west + (g.cols - 1) * g.dlon;
    record('SUB_NAME', str(`GRID${n}`));
    record('PARENT', str('NONE'));
    record('CREATED', str(''));
    record('UPDATED', str(''));
    record('S_LAT', dbl(g.south * 3600));
    record('N_LAT', dbl((g.south + (g.rows - 1) * g.dlat) * 3600));
    // NTv2 longitudes are positive west: its "east" bound is minus the east longitude
    record('E_LONG', dbl(-east * 3600));
    record('W_LONG', dbl(-g.west * 3600));
    record('LAT_INC', dbl(g.dlat * 3600));
    record('LONG_INC', dbl(g.dlon * 3600));
    record('GS_COUNT', int(g.rows * g.cols));
    // nodes south row first, each row from east to west; latitude shift, longitude shift (positive west), accuracies
    for (let r = 0; r < g.rows; r++) {
      for (let c = g.cols - 1; c >= 0; c--) {
        const k = r * g.cols + c;
        view.setFloat32(at, g.latOffset[k]!, true);
        view.setFloat32(at + 4, -g.lonOffset[k]!, true);
        view.setFloat32(at + 8, 0, true);
        view.setFloat32(at + 12, 0, true);
        at += 16;
      }
    }
  });
  record('END', dbl(0));
  return buf;
}
