import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findCrs } from './catalogue.js';
import { crsTransform } from './crs.js';
import { egm96Grid, undulation } from './geoid.js';
import { GridStore } from './grids.js';
import { projectCoordinates, type CoordinateFrame } from './project-coordinates.js';
import { positionFromProject } from './project-position.js';

/**
 * A base mark typed in the project's grid and height, back to latitude, longitude and h, against PROJ: cs2cs from
 * the CRS to WGS 84 for the horizontal, cct vgridshift (inverse) for h = H + N; to 1 mm.
 */
const env = { ...process.env, PROJ_DATA: '/usr/share/proj', PROJ_NETWORK: 'OFF' };
const noGrids = new GridStore('/nonexistent-grids');
const FT_US = 1200 / 3937;

function cs2cs(args: string[], input: string): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.10f', ...args], { input, env }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}

function frameOf(code: number, geoid: boolean, helmertFallback = false): { frame: CoordinateFrame; inverse: (e: number, n: number) => [number, number] } {
  const t = crsTransform(code, { grids: noGrids, helmertFallback });
  const g = geoid ? egm96Grid() : null;
  return {
    frame: { crs: t.crs, unit: t.unit, forward: t.forward, geoid: g && { name: g.name, undulation: (lat, lon) => undulation(g, lat, lon) }, calibration: null, correctionsDatum: 'WGS84', isDefault: false },
    inverse: t.inverse,
  };
}

/** Metres between two latitude/longitude pairs (a local flat measure: the points are millimetres apart). */
const apart = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  Math.hypot((lat1 - lat2) * 111_132, (lon1 - lon2) * 111_320 * Math.cos((lat1 * Math.PI) / 180));

describe('a mark typed in the project grid, back to latitude, longitude and h (PROJ)', () => {
  it('NAD83 / Florida East in US survey feet with EGM96 heights: cs2cs and vgridshift agree to 1 mm', () => {
    const marks = [
      { easting: 920_650.123, northing: 524_400.456, height: 12.345 },
      { easting: 940_000, northing: 700_000, height: 3.2 },
    ];
    const ref = cs2cs(['EPSG:2236', 'EPSG:4326'], marks.map((m) => `${m.easting} ${m.northing}\n`).join(''));
    const { frame, inverse } = frameOf(2236, true);
    marks.forEach((m, i) => {
      const [lat, lon] = [ref[i]![0]!, ref[i]![1]!];
      const [, , h] = execFileSync(
        'cct',
        ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+inv', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'],
        { input: `${lon} ${lat} ${m.height * FT_US}\n`, env },
      )
        .toString()
        .trim()
        .split(/\s+/)
        .map(Number) as [number, number, number];
      const got = positionFromProject(frame, m, { inverse })!;
      expect(apart(got.latitude, got.longitude, lat, lon)).toBeLessThan(0.001);
      expect(Math.abs(got.ellipsoidalHeight! - h)).toBeLessThan(0.001);
      // and it reads back as typed through the one forward function, to the 0.1 mm it keeps heights to
      const back = projectCoordinates(frame, { latitude: got.latitude, longitude: got.longitude, ellipsoidalHeight: got.ellipsoidalHeight, altitude: null, geoidSeparation: null })!;
      expect(Math.abs(back.easting - m.easting) * FT_US).toBeLessThan(1e-4);
      expect(Math.abs(back.northing - m.northing) * FT_US).toBeLessThan(1e-4);
      expect(Math.abs(back.height! - m.height) * FT_US).toBeLessThan(1e-4);
    });
  });

  it('a 7-parameter datum (DHDN / GK 3 without its grid) at 930 m: the shift at the mark\'s height, as cs2cs', () => {
    const crs = findCrs(31467)!;
    const mark = { easting: 3_635_000, northing: 5_254_000, height: 930 };
    // h is ellipsoidal here (no geoid): PROJ's inverse at the same height
    const [ref] = cs2cs([...crs.proj4.split(' '), '+to', '+proj=longlat', '+datum=WGS84'], `${mark.easting} ${mark.northing} ${mark.height}\n`);
    const { frame, inverse } = frameOf(31467, false, true);
    const got = positionFromProject(frame, mark, { inverse })!;
    expect(apart(got.latitude, got.longitude, ref![1]!, ref![0]!)).toBeLessThan(0.001);
    expect(Math.abs(got.ellipsoidalHeight! - ref![2]!)).toBeLessThan(0.001);
  });

  it('a site calibration (rotation, scale, shift and a height offset) is undone exactly', () => {
    const { frame, inverse } = frameOf(32644, true);
    const calibrated: CoordinateFrame = {
      ...frame,
      calibration: {
        version: 1,
        horizontal: { a: 1.00002 * Math.cos(2e-5), b: 1.00002 * Math.sin(2e-5), tE: 12.5, tN: -7.25, scale: 1.00002, rotationArcsec: 4.1, scaleFixed: false },
        vertical: { kind: 'constant', dh: 0.432, slopeLat: 0, slopeLon: 0, lat0: 6.6, lon0: 79.9 },
        residuals: [],
        rmsH: null,
        rmsV: null,
        warnings: [],
      },
    };
    const mark = { easting: 385_925.81, northing: 731_307.14, height: 20 };
    const got = positionFromProject(calibrated, mark, { inverse })!;
    const back = projectCoordinates(calibrated, { latitude: got.latitude, longitude: got.longitude, ellipsoidalHeight: got.ellipsoidalHeight, altitude: null, geoidSeparation: null })!;
    expect(Math.abs(back.easting - mark.easting)).toBeLessThan(1e-4);
    expect(Math.abs(back.northing - mark.northing)).toBeLessThan(1e-4);
    expect(Math.abs(back.height! - mark.height)).toBeLessThan(1e-4);
    expect(got.residual).toBeLessThan(1e-4);
  });

  it('without a height only the horizontal is solved, at the height given; outside the CRS: null', () => {
    const { frame, inverse } = frameOf(32644, true);
    const got = positionFromProject(frame, { easting: 385_925.81, northing: 731_307.14, height: null }, { inverse, heightGuess: 30 })!;
    expect(got.ellipsoidalHeight).toBeNull();
    const [ref] = cs2cs(['EPSG:32644', 'EPSG:4326'], '385925.81 731307.14\n');
    expect(apart(got.latitude, got.longitude, ref![0]!, ref![1]!)).toBeLessThan(0.001);
    expect(positionFromProject(frame, { easting: 1e12, northing: 1e12, height: 1 }, { inverse })).toBeNull();
  });
});
