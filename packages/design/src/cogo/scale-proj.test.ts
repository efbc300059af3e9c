import { execFileSync } from 'node:child_process';
import { crsTransform, GridStore } from '@smi/geodesy';
import { METRES_PER } from '@smi/geodesy/units';
import { describe, expect, it } from 'vitest';
import { inverse } from './inverse.js';
import { gridProjection, pointScaleFactor } from './projection.js';
import { pointFrom } from './traverse.js';

/**
 * The point scale factor against PROJ's own (`proj -V`, 8 decimals), and ground distances against the formula
 * worked in the test from PROJ's factors: ground = grid / (k x R / (R + h)), k by Simpson's rule over the line,
 * R = sqrt(M N) at its middle latitude on WGS 84.
 */
const env = { ...process.env, PROJ_DATA: '/usr/share/proj', PROJ_NETWORK: 'OFF' };
const grids = new GridStore('/usr/share/proj');

const definitions = new Map<number, string>();
function projDefinition(code: number): string {
  const known = definitions.get(code);
  if (known) return known;
  const d = execFileSync('projinfo', ['-o', 'PROJ', '-q', `EPSG:${code}`], { env }).toString().trim().split('\n').pop()!.replace(/\+type=crs/, '');
  definitions.set(code, d);
  return d;
}

/** PROJ's parallel scale k at a WGS 84 longitude, latitude. */
function projScale(code: number, lon: number, lat: number): number {
  const out = execFileSync('proj', ['-V', ...projDefinition(code).split(/\s+/).filter(Boolean)], { input: `${lon} ${lat}\n`, env }).toString();
  const m = /Parallel scale \(k\) : ([\d.]+)/.exec(out);
  if (!m) throw new Error(`proj -V gave no scale: ${out}`);
  return Number(m[1]);
}

/** cs2cs: grid (in the CRS unit) -> WGS 84 longitude, latitude. */
function toGeographic(code: number, x: number, y: number): [number, number] {
  const out = execFileSync('cs2cs', ['-f', '%.10f', `EPSG:${code}`, 'EPSG:4326'], { input: `${x} ${y}\n`, env }).toString();
  const [lat, lon] = out.trim().split(/\s+/).map(Number) as [number, number];
  return [lon, lat];
}

const projection = (code: number) => {
  const t = crsTransform(code, { grids });
  return { p: gridProjection(t, METRES_PER[t.unit as keyof typeof METRES_PER]), t, unit: METRES_PER[t.unit as keyof typeof METRES_PER] };
};

const CASES = [
  { code: 32631, what: 'UTM 31N near its central meridian (k < 1)', lon: 2.3522, lat: 48.8566 },
  { code: 32631, what: 'UTM 31N at the edge of its zone (k > 1)', lon: 5.9, lat: 43.2 },
  { code: 2154, what: 'Lambert-93', lon: 5.37, lat: 43.3 },
  { code: 2236, what: 'NAD83 / Florida East in US survey feet', lon: -80.5, lat: 27.0 },
  { code: 3006, what: 'SWEREF99 TM (northing first)', lon: 20.2, lat: 67.85 },
];

describe('point scale factor, numerically from the CRS transform, against proj -V', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const { p } = projection(c.code);
      const [e, n] = p.toGrid(c.lon, c.lat);
      expect(Math.abs(pointScaleFactor(p, e, n) - projScale(c.code, c.lon, c.lat))).toBeLessThan(6e-9);
    });
  }
});

function gaussianRadius(latDeg: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const s2 = Math.sin((latDeg * Math.PI) / 180) ** 2;
  const m = (a * (1 - e2)) / (1 - e2 * s2) ** 1.5;
  const nu = a / Math.sqrt(1 - e2 * s2);
  return Math.sqrt(m * nu);
}

describe('ground distance of an inverse', () => {
  for (const c of [CASES[1]!, CASES[3]!]) {
    it(`${c.what}: grid / (Simpson k x R/(R+h)) with PROJ's k, to 0.1 mm over 3 km`, () => {
      const { p, unit } = projection(c.code);
      const [e1, n1] = p.toGrid(c.lon, c.lat);
      const a = { e: e1, n: n1, h: 480 };
      const b = { e: e1 + 1800, n: n1 + 2400, h: 530 };
      const hEll: [number, number] = [520.3, 571.1];
      const r = inverse(a, b, { projection: p, ellipsoidalHeights: hEll });
      const ends = [a, { e: (a.e + b.e) / 2, n: (a.n + b.n) / 2 }, b].map((q) => toGeographic(c.code, q.e / unit, q.n / unit));
      const [k1, km, k2] = ends.map(([lon, lat]) => projScale(c.code, lon, lat)) as [number, number, number];
      const k = (k1 + 4 * km + k2) / 6;
      const R = gaussianRadius(ends[1]![1]);
      const expected = 3000 / (k * (R / (R + (hEll[0] + hEll[1]) / 2)));
      expect(r.gridDistance).toBeCloseTo(3000, 9);
      expect(Math.abs(r.ground!.distance - expected)).toBeLessThan(1e-4);
      // 3-4-5 by hand: the grid bearing of (1800, 2400) is atan2(3, 4)
      expect(r.azimuth).toBeCloseTo(36.869897646, 8);
      expect(r.dH).toBeCloseTo(50, 9);
      expect(r.slopeDistance).toBeCloseTo(Math.hypot(r.ground!.distance, 50), 9);
      expect(r.slopePercent).toBeCloseTo((50 / r.ground!.distance) * 100, 9);
    });
  }

  it('a point by bearing and a ground distance lands where the inverse gives that ground distance back', () => {
    const { p } = projection(32631);
    const [e, n] = p.toGrid(5.9, 43.2);
    const start = { e, n, h: 100 };
    const to = pointFrom(start, 123.456, 2500, { ground: { projection: p, ellipsoidalHeight: 149 }, dH: 12 });
    const back = inverse(start, to, { projection: p, ellipsoidalHeights: [149, 161] });
    expect(Math.abs(back.ground!.distance - 2500)).toBeLessThan(1e-4);
    expect(back.azimuth).toBeCloseTo(123.456, 9);
    expect(to.h).toBeCloseTo(112, 9);
  });
});
