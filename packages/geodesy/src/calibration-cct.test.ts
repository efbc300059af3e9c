import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyHorizontal, solveCalibration, verticalShift, type CalibrationPair } from './calibration.js';

/**
 * Site calibration checked against PROJ: the fitted 4-parameter Helmert, run by `cct +proj=helmert` (2D: +s unitless,
 * +theta clockwise arc-seconds), and the fitted inclined plane, run by `cct +proj=vertoffset` (EPSG 1046), give the
 * same calibrated coordinates, hence the same residuals, as the product; the parameters recover those PROJ made the
 * control with.
 */
function cct(args: string[], rows: number[][]): number[][] {
  const out = execFileSync('cct', ['-d', '6', ...args], { input: rows.map((r) => `${r.join(' ')}\n`).join(''), env: { ...process.env, PROJ_NETWORK: 'OFF' } }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 3).map(Number));
}

const helmertArgs = (tE: number, tN: number, s: number, rotationArcsec: number) =>
  ['+proj=helmert', `+x=${tE}`, `+y=${tN}`, `+s=${s}`, `+theta=${-rotationArcsec}`];
const vertoffsetArgs = (v: { dh: number; slopeLat: number; slopeLon: number; lat0: number; lon0: number }) =>
  ['+proj=vertoffset', `+lat_0=${v.lat0}`, `+lon_0=${v.lon0}`, `+dh=${v.dh}`, `+slope_lat=${v.slopeLat}`, `+slope_lon=${v.slopeLon}`, '+ellps=WGS84'];

/** Measured points around Paris (UTM 31N metres, ellipsoidal heights) and their WGS 84 positions. */
const MEASURED = [
  { name: 'CP1', easting: 452482.533, northing: 5411717.177, height: 55.436, latitude: 48.8566, longitude: 2.3522 },
  { name: 'CP2', easting: 453910.214, northing: 5412530.905, height: 61.2, latitude: 48.86404, longitude: 2.37155 },
  { name: 'CP3', easting: 452015.77, northing: 5409988.01, height: 48.9, latitude: 48.84101, longitude: 2.34617 },
  { name: 'CP4', easting: 454400.0, northing: 5410200.0, height: 70.1, latitude: 48.84320, longitude: 2.37858 },
];
/** Centimetre-level "survey errors" added to the control, so the fit has residuals. */
const NOISE = [[0.012, -0.008, 0.011], [-0.006, 0.01, -0.02], [0.004, 0.005, 0.015], [-0.01, -0.007, -0.006]];

function pairsFor(n: number): CalibrationPair[] {
  const m = MEASURED.slice(0, n);
  const truth = { tE: 312.5, tN: -1044.25, s: 1.000035, rot: 41.3 };
  const plane = { dh: -0.245, slopeLat: -0.21, slopeLon: 0.032, lat0: 48.85, lon0: 2.36 };
  const en = cct(helmertArgs(truth.tE, truth.tN, truth.s, truth.rot), m.map((p) => [p.easting, p.northing, 0]));
  const h = cct(vertoffsetArgs(plane), m.map((p) => [p.longitude, p.latitude, p.height]));
  return m.map((p, i) => ({
    name: p.name,
    measured: p,
    known: { easting: en[i]![0]! + NOISE[i]![0]!, northing: en[i]![1]! + NOISE[i]![1]!, height: h[i]![2]! + NOISE[i]![2]! },
  }));
}

for (const n of [3, 4]) {
  describe(`site calibration with ${n} pairs equals PROJ's helmert and vertoffset`, () => {
    const pairs = pairsFor(n);
    const cal = solveCalibration(pairs);

    it('horizontal: PROJ helmert with the fitted parameters gives the product\'s coordinates and residuals', () => {
      const h = cal.horizontal!;
      const viaProj = cct(helmertArgs(h.tE, h.tN, h.scale, h.rotationArcsec), pairs.map((p) => [p.measured.easting, p.measured.northing, 0]));
      pairs.forEach((p, i) => {
        const mine = applyHorizontal(h, p.measured.easting, p.measured.northing);
        expect(Math.abs(mine.easting - viaProj[i]![0]!)).toBeLessThan(0.0001);
        expect(Math.abs(mine.northing - viaProj[i]![1]!)).toBeLessThan(0.0001);
        expect(Math.abs(cal.residuals[i]!.dE! - (p.known.easting - viaProj[i]![0]!))).toBeLessThan(0.0001);
        expect(Math.abs(cal.residuals[i]!.dN! - (p.known.northing - viaProj[i]![1]!))).toBeLessThan(0.0001);
      });
      // the parameters PROJ made the control with, within what centimetre noise allows
      expect(h.scale).toBeCloseTo(1.000035, 5);
      expect(Math.abs(h.rotationArcsec - 41.3)).toBeLessThan(5);
      // least squares: residuals sum to zero
      expect(Math.abs(cal.residuals.reduce((s, r) => s + r.dE!, 0))).toBeLessThan(1e-6);
      expect(cal.rmsH).toBeGreaterThan(0.001);
      expect(cal.rmsH).toBeLessThan(0.03);
    });

    it('vertical: PROJ vertoffset with the fitted plane gives the product\'s heights and residuals', () => {
      const v = cal.vertical!;
      expect(v.kind).toBe('plane');
      const viaProj = cct(vertoffsetArgs(v), pairs.map((p) => [p.measured.longitude, p.measured.latitude, p.measured.height!]));
      pairs.forEach((p, i) => {
        const mine = p.measured.height! + verticalShift(v, p.measured.latitude, p.measured.longitude);
        expect(Math.abs(mine - viaProj[i]![2]!)).toBeLessThan(0.0001);
        expect(Math.abs(cal.residuals[i]!.dH! - (p.known.height! - viaProj[i]![2]!))).toBeLessThan(0.0001);
      });
      if (n === 3) expect(cal.rmsV).toBeLessThan(1e-6); // a plane through three points fits exactly
      else expect(cal.rmsV).toBeGreaterThan(0.001);
    });
  });
}

describe('site calibration rules', () => {
  it('two pairs: a constant vertical shift (their mean), an exact horizontal fit flagged as without redundancy', () => {
    const pairs = pairsFor(2);
    const cal = solveCalibration(pairs);
    expect(cal.vertical!.kind).toBe('constant');
    const dz = pairs.map((p) => p.known.height! - p.measured.height!);
    expect(cal.vertical!.dh).toBeCloseTo((dz[0]! + dz[1]!) / 2, 9);
    expect(cal.rmsH).toBeLessThan(1e-6);
    expect(cal.warnings).toContain('no-redundancy-h');
  });

  it('scale fixed to 1 keeps the rotation and answers scale 1', () => {
    const cal = solveCalibration(pairsFor(4), { fixScale: true });
    expect(cal.horizontal!.scale).toBe(1);
    expect(Math.hypot(cal.horizontal!.a, cal.horizontal!.b)).toBeCloseTo(1, 12);
  });

  it('a residual over the tolerance (3 cm H / 5 cm V) is a warning naming the pair', () => {
    const pairs = pairsFor(4);
    pairs[3]!.known.easting += 0.2;
    const cal = solveCalibration(pairs);
    expect(cal.warnings).toContain('residual-over-tolerance:CP4');
    expect(cal.residuals[3]!.overTolerance).toBe(true);
  });

  it('coincident points are refused', () => {
    const p = pairsFor(2);
    p[1]!.measured = { ...p[0]!.measured };
    expect(() => solveCalibration(p)).toThrow(/coincide/);
  });
});
