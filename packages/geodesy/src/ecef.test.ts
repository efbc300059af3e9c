import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ecefDeltaToEnu, ecefToGeodetic, enuToEcefDelta, geodeticToEcef } from './ecef.js';

/** PROJ's cs2cs, the reference: EPSG:4979 (lat, lon, h) <-> EPSG:4978 (geocentric), one line per point. */
function cs2cs(from: string, to: string, lines: number[][]): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.10f', from, to], { input: lines.map((l) => l.join(' ')).join('\n') + '\n' }).toString();
  return out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
}

// a spread over the globe: the data's receivers (Graz, Dunedin), the poles' neighbourhood, the antimeridian, heights
const POINTS: [number, number, number][] = [
  [47.1290927, 15.2120431, 871.426],
  [-45.8775672, 170.5001117, 16.0],
  [0, 0, 0],
  [89.999, 45, 100],
  [-89.5, -120, -30],
  [12.5, 179.9999, 4000],
  [-33.9, -70.6, 20200000],
  [60.1, -0.0001, -100],
];

describe('WGS84 geodetic <-> ECEF, checked against PROJ cs2cs', () => {
  it('geodetic -> ECEF agrees with cs2cs EPSG:4979 -> EPSG:4978 to 0.1 mm', () => {
    const ref = cs2cs('EPSG:4979', 'EPSG:4978', POINTS);
    POINTS.forEach(([lat, lon, h], i) => {
      const [x, y, z] = geodeticToEcef(lat, lon, h);
      expect(Math.abs(x - ref[i]![0]!)).toBeLessThan(1e-4);
      expect(Math.abs(y - ref[i]![1]!)).toBeLessThan(1e-4);
      expect(Math.abs(z - ref[i]![2]!)).toBeLessThan(1e-4);
    });
  });

  // terrestrial points: PROJ's own inverse is a one-step Bowring, 0.3 m off at GNSS orbit heights (the round trip
  // below covers those)
  it('ECEF -> geodetic agrees with cs2cs EPSG:4978 -> EPSG:4979 to 1e-9 degrees and 0.1 mm', () => {
    const xyz = [
      [4194423.1, 1141604.2, 4647245.3],
      [-4364311.4, 731082.8, -4553960.0],
      [6378137, 0, 0],
      [1000, 2000, 6356752.3],
      [-2700000.5, -4300000.25, 3850000.75],
      [-1500000, -900000, -6100000],
    ];
    const ref = cs2cs('EPSG:4978', 'EPSG:4979', xyz);
    xyz.forEach(([x, y, z], i) => {
      const g = ecefToGeodetic(x!, y!, z!);
      expect(Math.abs(g.latitude - ref[i]![0]!)).toBeLessThan(1e-9);
      expect(Math.abs(g.longitude - ref[i]![1]!)).toBeLessThan(1e-9);
      expect(Math.abs(g.height - ref[i]![2]!)).toBeLessThan(1e-4);
    });
  });

  it('round trips geodetic -> ECEF -> geodetic below 0.1 mm', () => {
    for (const [lat, lon, h] of POINTS) {
      const g = ecefToGeodetic(...geodeticToEcef(lat, lon, h));
      expect(Math.abs(g.latitude - lat)).toBeLessThan(1e-10);
      expect(Math.abs(((g.longitude - lon + 540) % 360) - 180)).toBeLessThan(1e-10);
      expect(Math.abs(g.height - h)).toBeLessThan(1e-4);
    }
  });
});

describe('local east/north/up', () => {
  it('a height change is pure up; a step north along the meridian is north', () => {
    const [lat, lon] = [47.1290927, 15.2120431];
    const a = geodeticToEcef(lat, lon, 800);
    const b = geodeticToEcef(lat, lon, 801.5);
    const up = ecefDeltaToEnu(lat, lon, [b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
    expect(up.u).toBeCloseTo(1.5, 9);
    expect(Math.abs(up.e)).toBeLessThan(1e-9);
    expect(Math.abs(up.n)).toBeLessThan(1e-9);
    // PROJ's topocentric conversion as the reference for a general delta
    const c = geodeticToEcef(lat + 1e-5, lon + 2e-5, 799);
    const ref = execFileSync('cct', ['-d', '10', '+proj=topocentric', '+ellps=WGS84', `+lat_0=${lat}`, `+lon_0=${lon}`, '+h_0=800'], {
      input: `${c.join(' ')}\n`,
    })
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number);
    const enu = ecefDeltaToEnu(lat, lon, [c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
    expect(Math.abs(enu.e - ref[0]!)).toBeLessThan(1e-4);
    expect(Math.abs(enu.n - ref[1]!)).toBeLessThan(1e-4);
    expect(Math.abs(enu.u - ref[2]!)).toBeLessThan(1e-4);
  });

  it('enuToEcefDelta inverts ecefDeltaToEnu', () => {
    const d = enuToEcefDelta(-45.9, 170.5, { e: 1.25, n: -0.75, u: 0.3 });
    const back = ecefDeltaToEnu(-45.9, 170.5, d);
    expect(back.e).toBeCloseTo(1.25, 12);
    expect(back.n).toBeCloseTo(-0.75, 12);
    expect(back.u).toBeCloseTo(0.3, 12);
  });
});
