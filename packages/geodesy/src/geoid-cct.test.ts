import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { egm96Grid, geoidModel, orthometricHeight, undulation } from './geoid.js';
import { GridStore, MissingGridError, OutsideGridError } from './grids.js';

/** Orthometric heights against PROJ's vgridshift with the EGM96 grid of Debian's proj-data (cct), within 1 mm. */
const PROJ_GRIDS = '/usr/share/proj';

function cctVgridshift(points: [number, number, number][]): number[] {
  const input = points.map(([lat, lon, h]) => `${lon} ${lat} ${h}\n`).join('');
  const out = execFileSync(
    'cct',
    ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'],
    { input, env: { ...process.env, PROJ_DATA: PROJ_GRIDS, PROJ_NETWORK: 'OFF' } },
  ).toString();
  return out.trim().split('\n').map((l) => Number(l.trim().split(/\s+/)[2]));
}

/** Deterministic spread of points over the globe, including the poles' rows, the antimeridian and grid nodes. */
function points(): [number, number, number][] {
  const pts: [number, number, number][] = [[48.8566, 2.3522, 100], [0, 0, 0], [-89.9, 179.95, 10], [89.9, -179.99, 10], [10.25, 179.875, 5], [-33.75, 151.0, 50]];
  let s = 42;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 400; i++) pts.push([rnd() * 179.8 - 89.9, rnd() * 360 - 180, rnd() * 3000 - 100]);
  return pts;
}

describe('geoid heights agree with PROJ vgridshift (cct) to 1 mm', () => {
  const pts = points();
  const ref = cctVgridshift(pts);

  it('EGM96 built in (no grids folder): H = h - N within 1 mm at 406 points', () => {
    const grid = egm96Grid();
    let worst = 0;
    pts.forEach(([lat, lon, h], i) => {
      worst = Math.max(worst, Math.abs(orthometricHeight(grid, lat, lon, h) - ref[i]!));
    });
    expect(worst).toBeLessThan(0.001);
    // Paris: cs2cs -d 4 EPSG:4979 EPSG:4326+5773 gives 55.4361 m for 100 m above the ellipsoid
    expect(orthometricHeight(grid, 48.8566, 2.3522, 100)).toBeCloseTo(55.4361, 3);
  });

  it('a .gtx model from the grids folder gives PROJ values to 0.1 mm', () => {
    const grid = geoidModel('egm96_15.gtx', new GridStore(PROJ_GRIDS));
    pts.forEach(([lat, lon, h], i) => expect(Math.abs(orthometricHeight(grid, lat, lon, h) - ref[i]!)).toBeLessThan(0.0001));
  });

  it('a model missing from the grids folder is an error naming it', () => {
    expect(() => geoidModel('us_noaa_g2018u0.gtx', new GridStore('/nonexistent-grids'))).toThrow(MissingGridError);
    expect(() => geoidModel('us_noaa_g2018u0.gtx', new GridStore('/nonexistent-grids'))).toThrow(/us_noaa_g2018u0\.gtx/);
  });

  it('a regional grid answers an error outside its area, not a number', () => {
    const g = egm96Grid();
    const regional = { ...g, name: 'regional', global: false, cols: 10, rows: 10, values: new Float32Array(100) };
    expect(() => undulation(regional, 0, 100)).toThrow(OutsideGridError);
  });
});
