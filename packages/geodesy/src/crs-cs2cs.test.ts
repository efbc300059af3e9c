import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCrs } from './catalogue.js';
import { crsTransform } from './crs.js';
import { GridStore, MissingGridError } from './grids.js';

/**
 * The product's transformations against PROJ's cs2cs (the reference), every value within 1 mm. `ref: 'epsg'` asks
 * cs2cs for EPSG:4326 -> EPSG:code (PROJ picks the operation; for DHDN and NZGD49 that is the NTv2 grid Debian's
 * proj-data ships). Where PROJ's preferred operation uses a grid Debian does not ship (NTF: gr3df97a.txt; CH1903:
 * its file is spelt CHENyx06_ETRS.gsb in proj.db), cs2cs is given the catalogue's definition with the same grid
 * (`ref: 'grid'`). `axes` is the EPSG axis order cs2cs answers in.
 */
const PROJ_GRIDS = '/usr/share/proj';
const grids = new GridStore(PROJ_GRIDS);

interface Case {
  code: number;
  what: string;
  points: [number, number][]; // latitude, longitude (WGS 84)
  axes: 'en' | 'ne';
  ref: 'epsg' | 'grid';
}

const CASES: Case[] = [
  { code: 32631, what: 'UTM 31N', points: [[48.8566, 2.3522], [43.6, 1.44], [51.0, 4.9]], axes: 'en', ref: 'epsg' },
  { code: 32633, what: 'UTM 33N', points: [[52.52, 13.405], [60.1, 15.2]], axes: 'en', ref: 'epsg' },
  { code: 32618, what: 'UTM 18N', points: [[40.7128, -74.006], [18.47, -77.0]], axes: 'en', ref: 'epsg' },
  { code: 32755, what: 'UTM 55S', points: [[-37.8136, 144.9631], [-42.88, 147.33]], axes: 'en', ref: 'epsg' },
  { code: 32723, what: 'UTM 23S', points: [[-23.5505, -46.6333], [-22.9, -43.2]], axes: 'en', ref: 'epsg' },
  { code: 32760, what: 'UTM 60S', points: [[-41.2865, 174.7762]], axes: 'en', ref: 'epsg' },
  { code: 2154, what: 'RGF93 / Lambert-93', points: [[48.8566, 2.3522], [43.3, 5.37], [47.0, -1.5]], axes: 'en', ref: 'epsg' },
  { code: 25832, what: 'ETRS89 / UTM 32N', points: [[52.0, 9.0], [48.1, 11.6]], axes: 'en', ref: 'epsg' },
  { code: 2236, what: 'NAD83 / Florida East (US survey foot)', points: [[27.0, -80.5], [25.77, -80.19]], axes: 'en', ref: 'epsg' },
  { code: 2263, what: 'NAD83 / New York Long Island (US survey foot)', points: [[40.7, -73.9]], axes: 'en', ref: 'epsg' },
  { code: 2227, what: 'NAD83 / California zone 3 (US survey foot)', points: [[37.8, -122.3]], axes: 'en', ref: 'epsg' },
  { code: 2222, what: 'NAD83 / Arizona East (international foot)', points: [[33.4, -110.5], [32.2, -110.9]], axes: 'en', ref: 'epsg' },
  { code: 26985, what: 'NAD83 / Maryland (metre)', points: [[39.0, -77.0], [39.3, -76.6]], axes: 'en', ref: 'epsg' },
  { code: 5070, what: 'NAD83 / Conus Albers', points: [[40.0, -100.0]], axes: 'en', ref: 'epsg' },
  { code: 3006, what: 'SWEREF99 TM', points: [[59.3, 18.1], [67.85, 20.2]], axes: 'ne', ref: 'epsg' },
  { code: 2193, what: 'NZGD2000 / NZTM', points: [[-41.3, 174.8], [-45.87, 170.5]], axes: 'ne', ref: 'epsg' },
  { code: 7855, what: 'GDA2020 / MGA 55', points: [[-37.8, 145.0]], axes: 'en', ref: 'epsg' },
  { code: 3414, what: 'SVY21 / Singapore TM', points: [[1.35, 103.8]], axes: 'ne', ref: 'epsg' },
  { code: 6677, what: 'JGD2011 / Japan Plane IX', points: [[35.7, 139.7]], axes: 'ne', ref: 'epsg' },
  { code: 2100, what: 'GGRS87 / Greek Grid (Helmert)', points: [[38.0, 23.7]], axes: 'en', ref: 'epsg' },
  { code: 2056, what: 'CH1903+ / LV95 (Helmert)', points: [[46.9, 7.4], [47.37, 8.54]], axes: 'en', ref: 'epsg' },
  { code: 31467, what: 'DHDN / 3-degree Gauss-Kruger zone 3, grid BETA2007.gsb', points: [[50.0, 9.0], [52.5, 9.7], [48.8, 9.2]], axes: 'ne', ref: 'epsg' },
  { code: 27200, what: 'NZGD49 / New Zealand Map Grid, grid nzgd2kgrid0005.gsb', points: [[-41.0, 174.0], [-36.85, 174.76]], axes: 'en', ref: 'epsg' },
  { code: 27572, what: 'NTF (Paris) / Lambert zone II, grid ntf_r93.gsb', points: [[47.0, 2.0], [48.8566, 2.3522], [43.6, 3.9]], axes: 'en', ref: 'grid' },
  { code: 21781, what: 'CH1903 / LV03, grid CHENYX06_etrs.gsb', points: [[46.9, 7.4], [46.2, 6.15]], axes: 'en', ref: 'grid' },
];

function cs2cs(args: string[], input: string): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.9f', ...args], { input, env: { ...process.env, PROJ_DATA: PROJ_GRIDS, PROJ_NETWORK: 'OFF' } }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 2).map(Number));
}

/** cs2cs's easting, northing of the points, and its longitude, latitude back from those. */
function reference(c: Case, t: ReturnType<typeof crsTransform>): { en: [number, number][]; back: [number, number][] } {
  if (c.ref === 'epsg') {
    const out = cs2cs([`EPSG:4326`, `EPSG:${c.code}`], c.points.map(([lat, lon]) => `${lat} ${lon}\n`).join(''));
    const en = out.map(([a, b]): [number, number] => (c.axes === 'en' ? [a!, b!] : [b!, a!]));
    const back = cs2cs([`EPSG:${c.code}`, `EPSG:4326`], out.map(([a, b]) => `${a} ${b}\n`).join(''));
    return { en, back: back.map(([lat, lon]) => [lon!, lat!]) };
  }
  // the grid file as it is spelt in the folder (proj.db says CHENyx06_ETRS.gsb, Debian ships CHENYX06_etrs.gsb)
  const file = basename(grids.require(t.grid!));
  const args = ['+proj=longlat', '+datum=WGS84', '+to', ...`${t.crs.proj4.replace(/\s*\+towgs84=\S+/, '')} +nadgrids=${file}`.split(' ')];
  const en = cs2cs(args, c.points.map(([lat, lon]) => `${lon} ${lat}\n`).join('')) as [number, number][];
  const back = cs2cs(['-I', ...args], en.map(([e, n]) => `${e} ${n}\n`).join('')) as [number, number][];
  return { en, back };
}

describe('transformations agree with PROJ cs2cs to 1 mm', () => {
  it('covers at least 20 EPSG codes, feet and metres, north and south, and every grid Debian ships', () => {
    expect(new Set(CASES.map((c) => c.code)).size).toBeGreaterThanOrEqual(20);
    const units = CASES.map((c) => findCrs(c.code)?.unit);
    expect(units).toContain('US survey foot');
    expect(units).toContain('foot');
    expect(units).toContain('metre');
    const used = CASES.map((c) => crsTransform(c.code, { grids }).grid);
    for (const g of ['BETA2007.gsb', 'ntf_r93.gsb', 'nzgd2kgrid0005.gsb']) expect(used).toContain(g);
    expect(used.some((g) => /^chenyx06/i.test(g ?? ''))).toBe(true);
  });

  for (const c of CASES) {
    it(`EPSG:${c.code} ${c.what}`, () => {
      const t = crsTransform(c.code, { grids });
      const ref = reference(c, t);
      c.points.forEach(([lat, lon], i) => {
        const [e, n] = t.forward(lon, lat);
        const [re, rn] = ref.en[i]!;
        expect(Math.abs(e - re), `easting at ${lat},${lon}: ${e} vs ${re}`).toBeLessThan(0.001);
        expect(Math.abs(n - rn), `northing at ${lat},${lon}: ${n} vs ${rn}`).toBeLessThan(0.001);
        // the inverse, from PROJ's grid coordinates, against PROJ's inverse (metres on the ground)
        const [lon2, lat2] = t.inverse(re, rn);
        const [rlon, rlat] = ref.back[i]!;
        expect(Math.abs(lat2 - rlat) * 111_320).toBeLessThan(0.001);
        expect(Math.abs(lon2 - rlon) * 111_320 * Math.cos((lat * Math.PI) / 180)).toBeLessThan(0.001);
      });
      if (t.grid) expect(t.datumShift).toBe('grid');
    });
  }
});

describe('grids', () => {
  it('a missing grid is an error naming it, not NaN and not a silent 7-parameter shift', () => {
    const empty = new GridStore('/nonexistent-grids');
    expect(() => crsTransform(31467, { grids: empty })).toThrow(MissingGridError);
    expect(() => crsTransform(31467, { grids: empty })).toThrow(/BETA2007\.gsb/);
  });

  it('the 7-parameter shift is used only when asked for, and is flagged', () => {
    const empty = new GridStore('/nonexistent-grids');
    const t = crsTransform(31467, { grids: empty, helmertFallback: true });
    expect(t.datumShift).toBe('helmert-fallback');
    const [e, n] = t.forward(9, 50);
    const [ge, gn] = crsTransform(31467, { grids }).forward(9, 50);
    // finite, and not the grid's answer (the Helmert is decimetres to metres off)
    expect(Number.isFinite(e) && Number.isFinite(n)).toBe(true);
    expect(Math.hypot(e - ge, n - gn)).toBeGreaterThan(0.05);
  });

  it('the 7-parameter fallback is taken at the point\'s height, as PROJ does when the grid is absent', () => {
    // PROJ with its database and no grids: cs2cs picks EPSG's own 7-parameter DHDN to WGS 84 and applies it at h
    const dbOnly = mkdtempSync(join(tmpdir(), 'smi-projdb-'));
    try {
      copyFileSync(join(PROJ_GRIDS, 'proj.db'), join(dbOnly, 'proj.db'));
      const pts: [number, number, number][] = [[47.42, 10.98, 930], [47.8, 9.3, 930], [48.7, 9.3, 2900], [50.0, 9.0, 120]];
      const out = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4979', 'EPSG:31467'], {
        input: pts.map(([lat, lon, h]) => `${lat} ${lon} ${h}\n`).join(''),
        env: { ...process.env, PROJ_DATA: dbOnly, PROJ_NETWORK: 'OFF' },
      }).toString();
      const ref = out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number)); // northing easting (EPSG order)
      const t = crsTransform(31467, { grids: new GridStore('/nonexistent-grids'), helmertFallback: true });
      pts.forEach(([lat, lon, h], i) => {
        const [e, n] = t.forward(lon, lat, h);
        expect(Math.abs(e - ref[i]![1]!), `easting at h ${h}`).toBeLessThan(0.001);
        expect(Math.abs(n - ref[i]![0]!), `northing at h ${h}`).toBeLessThan(0.001);
      });
      // the height is what made the difference: at h 0 the same point is over a centimetre away
      const [e0, n0] = t.forward(10.98, 47.42, 0);
      expect(Math.hypot(e0 - ref[0]![1]!, n0 - ref[0]![0]!)).toBeGreaterThan(0.01);
    } finally {
      rmSync(dbOnly, { recursive: true, force: true });
    }
  });

  it('a point outside the grid is an error, not NaN', () => {
    const t = crsTransform(31467, { grids });
    expect(() => t.forward(-100, 40)).toThrow(/outside/);
  });
});
