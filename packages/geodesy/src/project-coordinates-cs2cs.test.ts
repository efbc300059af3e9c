import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findCrs } from './catalogue.js';
import { crsTransform } from './crs.js';
import { egm96Grid, undulation } from './geoid.js';
import { GridStore } from './grids.js';
import { markEllipsoidalHeight, projectCoordinates, type CoordinateFrame } from './project-coordinates.js';

/** A stored point's project coordinates against PROJ (cs2cs for the grid, cct vgridshift for the geoid), to 1 mm. */
const PROJ_DATA = '/usr/share/proj';
const env = { ...process.env, PROJ_DATA, PROJ_NETWORK: 'OFF' };
const noGrids = new GridStore('/nonexistent-grids');

function cs2cs(args: string[], input: string): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.9f', ...args], { input, env }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}

function frameOf(code: number, geoid: boolean, helmertFallback = false): CoordinateFrame {
  const t = crsTransform(code, { grids: noGrids, helmertFallback });
  const g = geoid ? egm96Grid() : null;
  return {
    crs: t.crs,
    unit: t.unit,
    forward: t.forward,
    geoid: g && { name: g.name, undulation: (lat, lon) => undulation(g, lat, lon) },
    calibration: null,
    correctionsDatum: 'WGS84',
    isDefault: false,
  };
}

const point = (latitude: number, longitude: number, h: number | null, altitude: number | null = null, geoidSeparation: number | null = null) => ({
  latitude,
  longitude,
  ellipsoidalHeight: h,
  altitude,
  geoidSeparation,
});

describe('projectCoordinates against PROJ', () => {
  it('a 7-parameter shift is taken at the point\'s height: DHDN / GK 3 without its grid, h 930 m, matches cs2cs to 1 mm', () => {
    const crs = findCrs(31467)!;
    // PROJ's own 7-parameter result: the catalogue's definition (+towgs84) without the grid, at the same height
    const pts: [number, number, number][] = [[47.42, 10.98, 930], [47.8, 9.3, 930], [48.7, 9.3, 2900], [50.0, 9.0, 120]];
    const ref = cs2cs(['+proj=longlat', '+datum=WGS84', '+to', ...crs.proj4.split(' ')], pts.map(([lat, lon, h]) => `${lon} ${lat} ${h}\n`).join(''));
    const f = frameOf(31467, false, true);
    pts.forEach(([lat, lon, h], i) => {
      const c = projectCoordinates(f, point(lat, lon, h))!;
      expect(Math.abs(c.easting - ref[i]![0]!), `easting at h ${h}`).toBeLessThan(0.001);
      expect(Math.abs(c.northing - ref[i]![1]!), `northing at h ${h}`).toBeLessThan(0.001);
    });
  });

  it('without h the shift is taken at the receiver\'s MSL height, not at 0', () => {
    const crs = findCrs(31467)!;
    const [ref] = cs2cs(['+proj=longlat', '+datum=WGS84', '+to', ...crs.proj4.split(' ')], '10.98 47.42 930\n');
    const c = projectCoordinates(frameOf(31467, false, true), point(47.42, 10.98, null, 930))!;
    expect(Math.hypot(c.easting - ref![0]!, c.northing - ref![1]!)).toBeLessThan(0.001);
    expect(c.height).toBeNull();
  });

  it('US survey feet with EGM96 heights: grid from cs2cs EPSG:2236, height from cct vgridshift, in feet', () => {
    const pts = [point(25.774, -80.1937, -23.469), point(27.0, -80.5, 12.25, 37.0, -24.75)];
    const ref = cs2cs(['EPSG:4326', 'EPSG:2236'], pts.map((p) => `${p.latitude} ${p.longitude}\n`).join(''));
    const cct = execFileSync('cct', ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
      input: pts.map((p) => `${p.longitude} ${p.latitude} ${markEllipsoidalHeight(p)}\n`).join(''),
      env,
    }).toString();
    const ortho = cct.trim().split('\n').map((l) => Number(l.trim().split(/\s+/)[2]));
    const ft = 1200 / 3937;
    const f = frameOf(2236, true);
    pts.forEach((p, i) => {
      const c = projectCoordinates(f, p)!;
      expect(Math.abs(c.easting - ref[i]![0]!) * ft).toBeLessThan(0.001);
      expect(Math.abs(c.northing - ref[i]![1]!) * ft).toBeLessThan(0.001);
      expect(Math.abs(c.height! * ft - ortho[i]!)).toBeLessThan(0.001);
    });
    // h from the receiver's MSL + N when no h is stored (12.25 = 37.0 - 24.75)
    expect(projectCoordinates(f, pts[1]!)!.ellipsoidalHeight).toBe(12.25);
  });

  it('a point the CRS cannot express has no coordinates; one outside the geoid has no height', () => {
    const outside = { ...frameOf(32644, true), forward: () => { throw new Error('outside'); } };
    expect(projectCoordinates(outside, point(10, 80, 1))).toBeNull();
    const noGeoid = { ...frameOf(32644, true), geoid: { name: 'local', undulation: () => { throw new Error('outside'); } } };
    expect(projectCoordinates(noGeoid, point(10, 80, 1))!.height).toBeNull();
  });
});
