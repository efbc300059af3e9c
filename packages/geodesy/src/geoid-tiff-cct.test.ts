import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore } from './grids.js';
import { geoidModel, loadGeoidModel, undulation } from './geoid.js';
import { crsTransform, loadCrsGrids } from './crs.js';
import { copyFileSync } from 'node:fs';

/**
 * GeoTIFF geoids (the form PROJ-data ships GEOID18, OSGM15, EGM2008 in) read from the grids folder and checked against
 * PROJ's own reading of the same file (cct vgridshift). Debian's proj-data has no GeoTIFF geoid, so the files are made
 * from its egm96_15.gtx with GDAL: whole-world PixelIsArea (GDAL's default), a PixelIsPoint one (PROJ-data's
 * convention), and a deflate-compressed European window (not global: no wrap, outside is an error).
 */
let dir: string;
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'smi-geotiff-'));
  const gtx = '/usr/share/proj/egm96_15.gtx';
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=3', '-co', 'TILED=YES', gtx, join(dir, 'world_area.tif')]);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-mo', 'AREA_OR_POINT=Point', '-co', 'COMPRESS=LZW', gtx, join(dir, 'World_Point.tif')]);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-co', 'COMPRESS=DEFLATE', '-projwin', '-10', '60', '30', '35', gtx, join(dir, 'europe.tif')]);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '/usr/share/proj/ntf_r93.gsb', join(dir, 'ntf_shift.tif')]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cct(grid: string, pts: number[][]): number[] {
  const out = execFileSync('cct', ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', `+grids=${join(dir, grid)}`, '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
    input: pts.map(([lat, lon]) => `${lon} ${lat} 0\n`).join(''),
    env,
  }).toString();
  // vgridshift gives H = h - N: with h = 0, N = -H
  return out.trim().split('\n').map((l) => -Number(l.trim().split(/\s+/)[2]));
}

/** A spread of positions: a lattice over the area plus the antimeridian and the grid's own nodes. */
function positions(south: number, north: number, west: number, east: number): number[][] {
  const pts: number[][] = [];
  for (let lat = south + 0.37; lat < north; lat += (north - south) / 9) for (let lon = west + 0.61; lon < east; lon += (east - west) / 11) pts.push([lat, lon]);
  return pts;
}

describe('GeoTIFF geoid grids equal PROJ vgridshift on the same file (0.1 mm)', () => {
  for (const file of ['world_area.tif', 'World_Point.tif']) {
    it(`${file}: worldwide, longitudes wrapping at the antimeridian`, async () => {
      const store = new GridStore(dir);
      const grid = await loadGeoidModel(file.toLowerCase(), store);
      expect(grid.global).toBe(true);
      const pts = [...positions(-80, 80, -180, 180), [10, 179.9], [-33.9, -179.95], [0, 0], [51.5, -0.12]];
      const proj = cct(file, pts);
      pts.forEach(([lat, lon], i) => expect(Math.abs(undulation(grid, lat!, lon!) - proj[i]!)).toBeLessThan(1e-4));
      // once loaded, the synchronous lookup the exports use finds it
      expect(geoidModel(file, store)).toBe(grid);
    });
  }

  it('a regional GeoTIFF: inside equals PROJ, outside is an error naming the grid (never NaN)', async () => {
    const grid = await loadGeoidModel('europe.tif', new GridStore(dir));
    expect(grid.global).toBe(false);
    const pts = positions(35.2, 59.8, -9.8, 29.8);
    const proj = cct('europe.tif', pts);
    pts.forEach(([lat, lon], i) => expect(Math.abs(undulation(grid, lat!, lon!) - proj[i]!)).toBeLessThan(1e-4));
    expect(() => undulation(grid, 20, 10)).toThrow('outside the area of the grid europe.tif');
  });

  it('refuses a horizontal shift grid and a GeoTIFF not yet loaded, naming the file', async () => {
    const store = new GridStore(dir);
    await expect(loadGeoidModel('ntf_shift.tif', store)).rejects.toThrow(/ntf_shift\.tif is not a geoid grid/);
    expect(() => geoidModel('europe.tif', new GridStore(dir))).not.toThrow(); // cached from the test above (same file)
    await expect(loadGeoidModel('missing.tif', store)).rejects.toThrow(/The grid missing\.tif is required but is not in the grids folder/);
  });

  it('finds a grid under the name PROJ-data ships it today (the vertical CRS names g2012bu0.gtx, the folder holds us_noaa_g2012bu0.tif)', async () => {
    const aliased = mkdtempSync(join(tmpdir(), 'smi-alias-'));
    try {
      copyFileSync(join(dir, 'europe.tif'), join(aliased, 'us_nga_egm96_15.tif'));
      const grid = await loadGeoidModel('egm96_15.gtx', new GridStore(aliased));
      expect(grid.name).toBe('us_nga_egm96_15.tif');
      expect(Math.abs(undulation(grid, 48.137, 11.575) - cct('europe.tif', [[48.137, 11.575]])[0]!)).toBeLessThan(1e-4);
      // a GeoTIFF under a datum grid's name is read as a datum grid (datum-tiff-cs2cs.test.ts): GDAL's plain copy of an
      // NTv2 file says neither TYPE=HORIZONTAL_OFFSET nor which band is which (and keeps longitudes positive west)
      copyFileSync(join(dir, 'ntf_shift.tif'), join(aliased, 'de_adv_BETA2007.tif'));
      const grids = new GridStore(aliased);
      await expect(loadCrsGrids(31467, { grids })).rejects.toThrow('de_adv_BETA2007.tif is not a PROJ horizontal offset (datum shift) grid');
      expect(() => crsTransform(31467, { grids })).toThrow('de_adv_BETA2007.tif (the GeoTIFF form of BETA2007.gsb) has not been loaded yet');
    } finally {
      rmSync(aliased, { recursive: true, force: true });
    }
  });
});
