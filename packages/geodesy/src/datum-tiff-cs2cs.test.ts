import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCrs } from './catalogue.js';
import { crsTransform, loadCrsGrids } from './crs.js';
import { GridStore, MissingGridError, OutsideGridError } from './grids.js';
import { DatumGridError, readGeoTiffShift } from './shift-grid.js';

/**
 * Datum-shift grids in PROJ-data's GeoTIFF form (what cdn.proj.org ships today: de_adv_BETA2007.tif, fr_ign_ntf_r93.tif,
 * ch_swisstopo_CHENyx06_ETRS.tif, nz_linz_nzgd2kgrid0005.tif) read from a grids folder that has no .gsb, checked
 * against PROJ's own reading of the same .tif (cs2cs, cct hgridshift). Debian's proj-data has no GeoTIFF datum grid,
 * so the files are made here from its NTv2 grids with GDAL, following https://proj.org/specifications/geodetictiffgrids.html:
 * TYPE=HORIZONTAL_OFFSET, bands described latitude_offset / longitude_offset, UNITTYPE, positive_value, geographic
 * GeoKeys. GDAL's NTv2 driver gives the longitude offsets as stored (positive west): a VRT turns them east (scale -1)
 * or keeps them west and says so. Each file differs in what a reader must honour: PixelIsPoint (PROJ-data's
 * convention) or PixelIsArea, band order, positive_value, unit (arc-second or degree), compression, strips or tiles.
 */
const PROJ = '/usr/share/proj';
const env = { ...process.env, PROJ_DATA: PROJ, PROJ_NETWORK: 'OFF' };
let root: string;
let dir: string; // the grids folder: GeoTIFF datum grids only
let tif: (gsb: string) => string; // the path of the .tif made from an NTv2 file
let vrts = 0;

interface TiffSpec {
  gsb: string;
  out: string;
  srs: string;
  area?: boolean; // PixelIsArea (GDAL's default) instead of PixelIsPoint
  west?: boolean; // longitude offsets kept positive west, said in positive_value
  lonFirst?: boolean; // longitude offset as band 1
  degree?: boolean; // offsets in degrees instead of arc-seconds
  scale?: number; // multiplies the offsets (a distinguishable subgrid)
  window?: [number, number, number, number]; // xOff, yOff, xSize, ySize of the NTv2 grid
  int16?: { scale: number; offset: number }; // Int16 raw values, value = offset + scale * raw (GDAL SCALE/OFFSET)
  nodata?: number; // GDAL_NODATA, written over the nodes of the first 3 rows and columns
  co: string[];
}

function gdalGeo(file: string): { w: number; h: number; gt: number[] } {
  const info = execFileSync('gdalinfo', [file]).toString();
  const [, w, h] = /Size is (\d+), (\d+)/.exec(info)!;
  const [, ox, oy] = /Origin = \(([^,]+),([^)]+)\)/.exec(info)!;
  const [, px, py] = /Pixel Size = \(([^,]+),([^)]+)\)/.exec(info)!;
  return { w: Number(w), h: Number(h), gt: [Number(ox), Number(px), 0, Number(oy), 0, Number(py)] };
}

/** A PROJ GeoTIFF horizontal offset grid from an NTv2 grid (GDAL VRT -> gdal_translate). */
function makeTiff(s: TiffSpec): void {
  const src = join(PROJ, s.gsb);
  const g = gdalGeo(src);
  const [x0, y0, w, h] = s.window ?? [0, 0, g.w, g.h];
  const gt = [g.gt[0]! + x0 * g.gt[1]!, g.gt[1], 0, g.gt[3]! + y0 * g.gt[5]!, 0, g.gt[5]];
  const unit = s.degree ? 'degree' : 'arc-second';
  const k = (s.scale ?? 1) / (s.degree ? 3600 : 1);
  const band = (n: number, what: 'lat' | 'lon') => {
    const sign = what === 'lat' || s.west ? 1 : -1;
    const q = s.int16;
    const ratio = (sign * k) / (q?.scale ?? 1);
    const shift = q ? -q.offset / q.scale : 0;
    const typed = q ? `<Offset>${q.offset}</Offset><Scale>${q.scale}</Scale>` : '';
    const nd = s.nodata === undefined ? '' : `<NoDataValue>${s.nodata}</NoDataValue>`;
    const hole =
      s.nodata === undefined ? '' : `<ComplexSource><SourceFilename relativeToVRT="0">${src}</SourceFilename><SourceBand>1</SourceBand><SrcRect xOff="${x0}" yOff="${y0}" xSize="3" ySize="3"/><DstRect xOff="0" yOff="0" xSize="3" ySize="3"/><ScaleRatio>0</ScaleRatio><ScaleOffset>${s.nodata}</ScaleOffset></ComplexSource>`;
    const md = what === 'lon' ? `<Metadata><MDI key="positive_value">${s.west ? 'west' : 'east'}</MDI></Metadata>` : '';
    return `<VRTRasterBand dataType="${q ? 'Int16' : 'Float32'}" band="${n}"><Description>${what === 'lat' ? 'latitude_offset' : 'longitude_offset'}</Description><UnitType>${unit}</UnitType>${md}${typed}${nd}
      <ComplexSource><SourceFilename relativeToVRT="0">${src}</SourceFilename><SourceBand>${what === 'lat' ? 1 : 2}</SourceBand>
      <SrcRect xOff="${x0}" yOff="${y0}" xSize="${w}" ySize="${h}"/><DstRect xOff="0" yOff="0" xSize="${w}" ySize="${h}"/><ScaleRatio>${ratio}</ScaleRatio><ScaleOffset>${shift}</ScaleOffset></ComplexSource>${hole}</VRTRasterBand>`;
  };
  const vrt = `<VRTDataset rasterXSize="${w}" rasterYSize="${h}"><SRS>${s.srs}</SRS><GeoTransform>${gt.join(', ')}</GeoTransform>
    <Metadata><MDI key="TYPE">HORIZONTAL_OFFSET</MDI><MDI key="AREA_OR_POINT">${s.area ? 'Area' : 'Point'}</MDI></Metadata>
    ${s.lonFirst ? band(1, 'lon') + band(2, 'lat') : band(1, 'lat') + band(2, 'lon')}</VRTDataset>`;
  const v = join(root, `grid${++vrts}.vrt`);
  writeFileSync(v, vrt);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', ...s.co, v, s.out.startsWith('/') ? s.out : join(dir, s.out)]);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'smi-datumtiff-'));
  dir = join(root, 'grids');
  mkdirSync(dir);
  const names: Record<string, string> = {
    'BETA2007.gsb': 'de_adv_BETA2007.tif',
    'ntf_r93.gsb': 'fr_ign_ntf_r93.tif',
    'CHENYX06_etrs.gsb': 'ch_swisstopo_CHENyx06_ETRS.tif',
    'nzgd2kgrid0005.gsb': 'nz_linz_nzgd2kgrid0005.tif',
  };
  tif = (gsb) => join(dir, names[gsb]!);
  const deflate = ['-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=3', '-co', 'INTERLEAVE=BAND'];
  // PROJ-data's layout (fr_ign_ntf_r93.tif in PROJ's GeoTIFF grid specification): PixelIsPoint, DEFLATE +
  // floating-point predictor, band planes
  makeTiff({ gsb: 'BETA2007.gsb', out: 'de_adv_BETA2007.tif', srs: 'EPSG:4314', co: deflate });
  // PixelIsArea, longitude band first and positive west, LZW in 32 x 32 tiles
  makeTiff({ gsb: 'ntf_r93.gsb', out: 'fr_ign_ntf_r93.tif', srs: 'EPSG:4275', area: true, west: true, lonFirst: true, co: ['-co', 'COMPRESS=LZW', '-co', 'TILED=YES', '-co', 'BLOCKXSIZE=32', '-co', 'BLOCKYSIZE=32'] });
  // offsets in degrees, pixel-interleaved, uncompressed
  makeTiff({ gsb: 'CHENYX06_etrs.gsb', out: 'ch_swisstopo_CHENyx06_ETRS.tif', srs: 'EPSG:4149', degree: true, co: ['-co', 'INTERLEAVE=PIXEL'] });
  makeTiff({ gsb: 'nzgd2kgrid0005.gsb', out: 'nz_linz_nzgd2kgrid0005.tif', srs: 'EPSG:4272', co: deflate });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const nums = (out: string) => out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));

/** PROJ's hgridshift of lon/lat degrees with a grid file. */
function hgridshift(grid: string, pts: number[][]): number[][] {
  const out = execFileSync('cct', ['-d', '10', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=hgridshift', `+grids=${grid}`, '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
    input: pts.map(([lon, lat]) => `${lon} ${lat} 0 0\n`).join(''),
    env,
  }).toString();
  return nums(out).map((r) => r.slice(0, 2));
}

function cs2cs(args: string[], pts: number[][]): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.9f', ...args], { input: pts.map(([a, b]) => `${a} ${b}\n`).join(''), env }).toString();
  return nums(out).map((r) => r.slice(0, 2));
}

/** A lattice of lon/lat points (degrees) over [west, east] x [south, north]. */
function lattice(west: number, east: number, south: number, north: number, nx = 8, ny = 6): number[][] {
  const pts: number[][] = [];
  for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) pts.push([west + ((east - west) * (i + 0.37)) / nx, south + ((north - south) * (j + 0.61)) / ny]);
  return pts;
}

interface Case {
  code: number;
  gsb: string;
  area: [number, number, number, number]; // WGS 84 west, east, south, north inside the grid
  outside: [number, number]; // lon, lat outside the grid
}

const CASES: Case[] = [
  { code: 31467, gsb: 'BETA2007.gsb', area: [6.0, 15.2, 47.4, 54.9], outside: [20, 50] },
  { code: 4314, gsb: 'BETA2007.gsb', area: [5.8, 15.3, 47.3, 55.0], outside: [9, 45] },
  { code: 27572, gsb: 'ntf_r93.gsb', area: [-4.8, 8.2, 42.5, 51.0], outside: [15, 45] },
  { code: 21781, gsb: 'CHENYX06_etrs.gsb', area: [5.9, 10.5, 45.8, 47.8], outside: [13, 46.5] },
  { code: 27200, gsb: 'nzgd2kgrid0005.gsb', area: [167.0, 178.5, -47.0, -35.0], outside: [160, -40] },
];

describe('PROJ reads the GeoTIFF made from each NTv2 grid as it reads the NTv2 grid', () => {
  for (const gsb of ['BETA2007.gsb', 'ntf_r93.gsb', 'CHENYX06_etrs.gsb', 'nzgd2kgrid0005.gsb']) {
    it(`${gsb}: cct hgridshift with the .tif equals it with the .gsb (1e-9 degree)`, () => {
      const c = CASES.find((x) => x.gsb === gsb)!;
      const pts = lattice(...c.area);
      const a = hgridshift(join(PROJ, gsb), pts);
      const b = hgridshift(tif(gsb), pts);
      expect(a.length).toBe(pts.length);
      a.forEach((r, i) => {
        // the shift is there (metres to hundreds of metres), and the same from both files
        expect(Math.hypot(r[0]! - pts[i]![0]!, r[1]! - pts[i]![1]!)).toBeGreaterThan(1e-6);
        expect(Math.abs(r[0]! - b[i]![0]!)).toBeLessThan(1e-9);
        expect(Math.abs(r[1]! - b[i]![1]!)).toBeLessThan(1e-9);
      });
    });
  }
});

describe('datum shifts with only the GeoTIFF grid in GRIDS_DIR agree with PROJ cs2cs on the same .tif to 1 mm', () => {
  for (const c of CASES) {
    it(`EPSG:${c.code} ${findCrs(c.code)!.name} with ${c.gsb}'s GeoTIFF form`, async () => {
      const grids = new GridStore(dir);
      expect(grids.find(c.gsb)).toBeNull();
      await loadCrsGrids(c.code, { grids });
      const t = crsTransform(c.code, { grids });
      expect(t.datumShift).toBe('grid');
      const viaGsb = crsTransform(c.code, { grids: new GridStore(PROJ) });
      const pts = lattice(...c.area);
      const def = `${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${tif(c.gsb)}`.split(' ');
      const args = ['+proj=longlat', '+datum=WGS84', '+to', ...def];
      const ref = cs2cs(args, pts);
      const back = cs2cs(['-I', ...args], ref);
      const deg = t.unit === 'degree';
      let worst = 0;
      pts.forEach(([lon, lat], i) => {
        const [x, y] = t.forward(lon!, lat!);
        const [rx, ry] = ref[i] as [number, number];
        // metres: a degree of latitude is 111 km, of longitude 111 km x cos(latitude)
        const dx = deg ? (x - rx) * 111_320 * Math.cos((lat! * Math.PI) / 180) : x - rx;
        const dy = deg ? (y - ry) * 110_574 : y - ry;
        worst = Math.max(worst, Math.abs(dx), Math.abs(dy));
        expect(Math.abs(dx)).toBeLessThan(0.001);
        expect(Math.abs(dy)).toBeLessThan(0.001);
        // the same as with the NTv2 file (the same float32 nodes)
        const [gx, gy] = viaGsb.forward(lon!, lat!);
        expect(Math.abs(gx - x) * (deg ? 111_320 : 1)).toBeLessThan(1e-4);
        expect(Math.abs(gy - y) * (deg ? 111_320 : 1)).toBeLessThan(1e-4);
        // and back: cs2cs's inverse of its own grid coordinates
        const [blon, blat] = t.inverse(rx, ry);
        expect(Math.abs(blon - back[i]![0]!) * 111_320 * Math.cos((lat! * Math.PI) / 180)).toBeLessThan(0.001);
        expect(Math.abs(blat - back[i]![1]!) * 110_574).toBeLessThan(0.001);
      });
      expect(worst).toBeLessThan(0.001);
      expect(() => t.forward(...c.outside)).toThrow(OutsideGridError);
    });
  }
});

describe('a GeoTIFF grid with subgrids: the most nested grid holding the point is used, as PROJ does', () => {
  it('a parent and a child IFD (the child 2% stronger, to tell them apart) equal cs2cs inside and outside the child', async () => {
    const multi = join(root, 'multi');
    mkdirSync(multi);
    const file = join(multi, 'de_adv_BETA2007.tif');
    const co = ['-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=3', '-co', 'INTERLEAVE=BAND'];
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', co });
    // the child: columns 18..38, rows 20..50 of the grid (about 8.5-11.8 E, 50.3-53.3 N), appended as a second IFD
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', scale: 1.02, window: [18, 20, 21, 31], co: [...co, '-co', 'APPEND_SUBDATASET=YES'] });
    const subgrids = await readGeoTiffShift('x', readFileSync(file));
    expect(subgrids.length).toBe(2);
    const grids = new GridStore(multi);
    await loadCrsGrids(31467, { grids });
    const t = crsTransform(31467, { grids });
    const inside = lattice(8.8, 11.5, 50.5, 53.0, 4, 4);
    const outside = lattice(6.0, 8.0, 47.5, 49.5, 3, 3);
    const pts = [...inside, ...outside];
    const ref = cs2cs(['+proj=longlat', '+datum=WGS84', '+to', ...`${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${file}`.split(' ')], pts);
    const single = crsTransform(31467, { grids: new GridStore(PROJ) });
    pts.forEach(([lon, lat], i) => {
      const [x, y] = t.forward(lon!, lat!);
      expect(Math.abs(x - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(y - ref[i]![1]!)).toBeLessThan(0.001);
      // inside the child the 2% stronger shift is metres away from the plain grid's answer; outside it is the same
      const [sx, sy] = single.forward(lon!, lat!);
      if (i < inside.length) expect(Math.hypot(x - sx, y - sy)).toBeGreaterThan(1);
      else expect(Math.hypot(x - sx, y - sy)).toBeLessThan(1e-4);
    });
  }, 60_000);
});

describe('subgrids PROJ files elsewhere: a grid partly outside the first top-level grid is not its child', () => {
  it('A (cols 0-35), B (cols 20-61, +2%), C (inside B, not inside A, +4%): PROJ takes A where A holds the point, as cs2cs', async () => {
    const d = mkdtempSync(join(root, 'tree-'));
    const file = join(d, 'de_adv_BETA2007.tif');
    const co = ['-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=3', '-co', 'INTERLEAVE=BAND'];
    const append = [...co, '-co', 'APPEND_SUBDATASET=YES'];
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', window: [0, 0, 36, 84], co }); // 5.5-11.33 E
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', scale: 1.02, window: [20, 0, 42, 84], co: append }); // 8.83-15.67 E
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', scale: 1.04, window: [25, 30, 16, 21], co: append }); // 9.67-12.17 E, 50.3-52.3 N
    const grids = new GridStore(d);
    await loadCrsGrids(31467, { grids });
    const t = crsTransform(31467, { grids });
    const single = crsTransform(31467, { grids: new GridStore(PROJ) });
    // in A, B and C; in B and C only; in B only (twice)
    const pts = [[10.1, 51.3], [11.8, 51.3], [13.8, 51.3], [11.8, 53.5], ...lattice(6, 15.5, 47.2, 55.1, 6, 5)];
    const ref = cs2cs(['+proj=longlat', '+datum=WGS84', '+to', ...`${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${file}`.split(' ')], pts);
    const off = pts.map(([lon, lat], i) => {
      const [x, y] = t.forward(lon!, lat!);
      expect(Math.abs(x - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(y - ref[i]![1]!)).toBeLessThan(0.001);
      const [sx, sy] = single.forward(lon!, lat!);
      return Math.hypot(x - sx, y - sy);
    });
    expect(off[0]).toBeLessThan(1e-4); // A, though C (inside B) holds the point too
    expect(off[1]).toBeGreaterThan(1.5 * off[2]!); // C: twice B's 2%
    expect(off[2]).toBeGreaterThan(1);
    expect(Math.abs(off[3]! - off[2]!)).toBeLessThan(0.5 * off[2]!);
  }, 60_000);
});

describe('a GeoTIFF under the grid name that is not a horizontal offset grid is a clear error, never NaN', () => {
  const folder = (file: string, make: (path: string) => void) => {
    const d = mkdtempSync(join(root, 'bad-'));
    make(join(d, file));
    return new GridStore(d);
  };

  it('a geoid GeoTIFF (one band, no TYPE) put under de_adv_BETA2007.tif', async () => {
    const grids = folder('de_adv_BETA2007.tif', (p) => execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-projwin', '5', '56', '16', '47', join(PROJ, 'egm96_15.gtx'), p]));
    await expect(loadCrsGrids(31467, { grids })).rejects.toThrow(DatumGridError);
    await expect(loadCrsGrids(31467, { grids })).rejects.toThrow(/de_adv_BETA2007\.tif is not a PROJ horizontal offset \(datum shift\) grid: it has no TYPE=HORIZONTAL_OFFSET and no latitude_offset and longitude_offset bands \(1 band\)/);
    // not read, so not used: the transformation says the file has not been loaded rather than answering
    expect(() => crsTransform(31467, { grids })).toThrow(/de_adv_BETA2007\.tif \(the GeoTIFF form of BETA2007\.gsb\) has not been loaded yet/);
  });

  it('a geoid GeoTIFF that says TYPE=VERTICAL_OFFSET_GEOGRAPHIC_TO_VERTICAL', async () => {
    const grids = folder('fr_ign_ntf_r93.tif', (p) =>
      execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-mo', 'TYPE=VERTICAL_OFFSET_GEOGRAPHIC_TO_VERTICAL', '-projwin', '-6', '52', '10', '41', join(PROJ, 'egm96_15.gtx'), p]),
    );
    await expect(loadCrsGrids(27572, { grids })).rejects.toThrow(/fr_ign_ntf_r93\.tif is not a PROJ horizontal offset \(datum shift\) grid: its TYPE is VERTICAL_OFFSET_GEOGRAPHIC_TO_VERTICAL/);
  });

  it('an NTv2 grid copied to GeoTIFF as GDAL gives it (no TYPE, no band descriptions PROJ knows, longitudes positive west)', async () => {
    const grids = folder('de_adv_BETA2007.tif', (p) => execFileSync('gdal_translate', ['-q', '-of', 'GTiff', join(PROJ, 'BETA2007.gsb'), p]));
    await expect(loadCrsGrids(31467, { grids })).rejects.toThrow(/no TYPE=HORIZONTAL_OFFSET and no latitude_offset and longitude_offset bands \(4 bands\)/);
  });

  it('garbage bytes, an empty file and a truncated GeoTIFF', async () => {
    const garbage = folder('de_adv_BETA2007.tif', (p) => writeFileSync(p, Buffer.from('this is not a tiff at all, just some text'.repeat(50))));
    await expect(loadCrsGrids(31467, { grids: garbage })).rejects.toThrow(/de_adv_BETA2007\.tif is not a readable GeoTIFF/);
    const empty = folder('de_adv_BETA2007.tif', (p) => writeFileSync(p, Buffer.alloc(0)));
    await expect(loadCrsGrids(31467, { grids: empty })).rejects.toThrow(DatumGridError);
    const truncated = folder('de_adv_BETA2007.tif', (p) => writeFileSync(p, readFileSync(tif('BETA2007.gsb')).subarray(0, 600)));
    await expect(loadCrsGrids(31467, { grids: truncated })).rejects.toThrow(DatumGridError);
  });
});

describe('which file is read', () => {
  it('with both the .gsb and the .tif the NTv2 file is read (as before); with neither the error names both', async () => {
    const both = mkdtempSync(join(root, 'both-'));
    copyFileSync(join(PROJ, 'BETA2007.gsb'), join(both, 'BETA2007.gsb'));
    writeFileSync(join(both, 'de_adv_BETA2007.tif'), 'not a tiff'); // would be refused if it were read
    const grids = new GridStore(both);
    await loadCrsGrids(31467, { grids });
    expect(crsTransform(31467, { grids }).forward(9, 50).every(Number.isFinite)).toBe(true);

    const none = new GridStore(mkdtempSync(join(root, 'none-')));
    await loadCrsGrids(31467, { grids: none }); // nothing to read
    expect(() => crsTransform(31467, { grids: none })).toThrow(MissingGridError);
    expect(() => crsTransform(31467, { grids: none })).toThrow(/The grid BETA2007\.gsb is required but is not in the grids folder \(.*\).*PROJ-data ships it as de_adv_BETA2007\.tif \(GeoTIFF\): either file is read/);
  });

  it('the 7-parameter fallback, asked for, needs no grid and loads none', async () => {
    const grids = new GridStore(mkdtempSync(join(root, 'fallback-')));
    await loadCrsGrids(31467, { grids, helmertFallback: true });
    expect(crsTransform(31467, { grids, helmertFallback: true }).datumShift).toBe('helmert-fallback');
  });
});

describe('scaled integer offsets and nodata', () => {
  it('Int16 offsets with GDAL SCALE/OFFSET equal cs2cs on the same file', async () => {
    const d = mkdtempSync(join(root, 'int16-'));
    const file = join(d, 'de_adv_BETA2007.tif');
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', int16: { scale: 0.0005, offset: 1 }, co: ['-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=2'] });
    const grids = new GridStore(d);
    await loadCrsGrids(31467, { grids });
    const t = crsTransform(31467, { grids });
    const pts = lattice(6.0, 15.2, 47.4, 54.9);
    const ref = cs2cs(['+proj=longlat', '+datum=WGS84', '+to', ...`${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${file}`.split(' ')], pts);
    const plain = crsTransform(31467, { grids: new GridStore(PROJ) });
    pts.forEach(([lon, lat], i) => {
      const [x, y] = t.forward(lon!, lat!);
      expect(Math.abs(x - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(y - ref[i]![1]!)).toBeLessThan(0.001);
      // the raw values quantised to 0.0005" (1.5 cm): near the float grid, not equal to it, and not the raw numbers
      const [px, py] = plain.forward(lon!, lat!);
      expect(Math.hypot(x - px, y - py)).toBeLessThan(0.05);
    });
  });

  it('a node with the GDAL_NODATA value is no data: a point next to it is outside the grid, never shifted by the nodata number', async () => {
    const d = mkdtempSync(join(root, 'nodata-'));
    const file = join(d, 'de_adv_BETA2007.tif');
    // the 3 x 3 nodes of the north-west corner (5.5-5.83 E, 55.1-55.3 N) are -32768
    makeTiff({ gsb: 'BETA2007.gsb', out: file, srs: 'EPSG:4314', nodata: -32768, co: ['-co', 'COMPRESS=DEFLATE'] });
    const grids = new GridStore(d);
    await loadCrsGrids(31467, { grids });
    const t = crsTransform(31467, { grids });
    expect(() => t.forward(5.6, 55.2)).toThrow(OutsideGridError);
    expect(() => t.forward(5.9, 55.15)).toThrow(OutsideGridError); // a cell with one nodata corner
    // PROJ 9.1's hgridshift does not honour GDAL_NODATA: it shifts by -32768" there (degrees away); we refuse instead
    const def = ['+proj=longlat', '+datum=WGS84', '+to', ...`${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${file}`.split(' ')];
    const [[px, py]] = cs2cs(def, [[5.6, 55.2]]) as [[number, number]];
    const [gx, gy] = crsTransform(31467, { grids: new GridStore(PROJ) }).forward(5.6, 55.2);
    expect(Math.hypot(px - gx, py - gy)).toBeGreaterThan(10_000);
    // elsewhere the grid is the grid
    const pts = lattice(7.0, 15.0, 47.5, 54.5, 4, 4);
    const ref = cs2cs(def, pts);
    pts.forEach(([lon, lat], i) => {
      const [x, y] = t.forward(lon!, lat!);
      expect(Math.abs(x - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(y - ref[i]![1]!)).toBeLessThan(0.001);
    });
  });
});
