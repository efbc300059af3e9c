import { describe, expect, it } from 'vitest';
import { cs2cs, toGridOf } from '../../test/proj.js';
import { parseCsv } from './csv.js';

/** A design CSV in WGS 84, converted by the product's geodesy, against PROJ's cs2cs for the same coordinates. */
describe('a name/lat/lon/h CSV converted to the project grid', () => {
  const rows: [string, number, number, number][] = [
    ['SW', 48.8566, 2.3522, 35.2],
    ['NE', 48.86012345, 2.36098765, 41.75],
    ['EDGE', 43.2, 5.9, 12.0],
  ];
  const text = ['name,latitude,longitude,height', ...rows.map((r) => r.join(','))].join('\n');

  it('gives the grid coordinates cs2cs gives, within 1 mm (UTM 31N and Lambert-93)', () => {
    for (const code of [32631, 2154]) {
      const r = parseCsv(text, { columns: 'name-lat-lon-h', toGrid: toGridOf(code) });
      expect(r.errors).toEqual([]);
      const ref = cs2cs(code, rows.map(([, lat, lon]) => [lat, lon]));
      r.points.forEach((p, i) => {
        expect(Math.abs(p.e - ref[i]![0])).toBeLessThan(0.001);
        expect(Math.abs(p.n - ref[i]![1])).toBeLessThan(0.001);
        expect(p.h).toBe(rows[i]![3]);
      });
    }
  });

  it('in a US survey foot CRS the grid is kept in metres: cs2cs feet x 1200/3937', () => {
    const miami: [number, number][] = [[25.77, -80.19], [25.7617, -80.1918]];
    const r = parseCsv(miami.map(([lat, lon], i) => `M${i},${lat},${lon},2`).join('\n'), { columns: 'name-lat-lon-h', toGrid: toGridOf(2236) });
    const ref = cs2cs(2236, miami);
    r.points.forEach((p, i) => {
      expect(Math.abs(p.e - ref[i]![0] * (1200 / 3937))).toBeLessThan(0.001);
      expect(Math.abs(p.n - ref[i]![1] * (1200 / 3937))).toBeLessThan(0.001);
    });
  });
});
