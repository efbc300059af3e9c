import { describe, expect, it } from 'vitest';
import type { DesignLine, DesignVertex } from '../types.js';
import { stationOffset } from './station-offset.js';
import { formatOffset, formatStation, stationPoints } from './stations.js';

const v = (e: number, n: number, h: number | null = null, bulge = 0): DesignVertex => ({ e, n, h, bulge });
const line = (vertices: DesignVertex[], extra: Partial<DesignLine> = {}): DesignLine => ({
  name: 'L1', layer: '', code: '', closed: false, vertices, startStation: 0, line: 1, ...extra,
});

describe('station names', () => {
  it('writes metric chainage as km+metres and 100-foot stations in a foot project', () => {
    expect(formatStation(20)).toBe('0+020.000');
    expect(formatStation(1234.5678)).toBe('1+234.568');
    expect(formatStation(19.99999999)).toBe('0+020.000');
    expect(formatStation(999.9996)).toBe('1+000.000');
    expect(formatStation(-5)).toBe('-0+005.000');
    // 100 ft = 30.48 m; 1 US survey foot = 1200/3937 m
    expect(formatStation(30.48, 'foot')).toBe('1+00.00');
    expect(formatStation(1234 * (1200 / 3937), 'US survey foot')).toBe('12+34.00');
  });

  it('writes offsets as L/R and their size', () => {
    expect(formatOffset(-5)).toBe('L5');
    expect(formatOffset(2.5)).toBe('R2.5');
    expect(formatOffset(0)).toBe('');
    expect(formatOffset(-1.524, 'foot')).toBe('L5');
  });
});

describe('stations at an interval along a line', () => {
  // 50 m east then 30 m north: length 80
  const ell = line([v(0, 0, 10), v(50, 0, 15), v(50, 30, 12)]);

  it('stakes every interval, the corner and the end, at each offset, named by station and offset', () => {
    const s = stationPoints(ell, { interval: 20, offsets: [-5, 0, 5] });
    if ('error' in s) throw new Error(s.error);
    const stations = [...new Set(s.map((p) => p.station))];
    expect(stations).toEqual([0, 20, 40, 50, 60, 80]);
    const byName = new Map(s.map((p) => [p.name, p]));
    // station 20 on the east leg; L5 is 5 m north of it (left of an eastward line)
    expect(byName.get('0+020.000 L5')).toMatchObject({ e: 20, n: 5, station: 20, offset: -5 });
    expect(byName.get('0+020.000')!.h).toBeCloseTo(12, 9); // 10 + 5 x 20/50
    // station 60 is 10 m up the north leg; R5 is east of it
    const r = byName.get('0+060.000 R5')!;
    expect(r.e).toBeCloseTo(55, 9);
    expect(r.n).toBeCloseTo(10, 9);
    expect(s).toHaveLength(18);
    // every stake's station/offset read back is what its name says
    for (const p of s) {
      const so = stationOffset(ell, p.e, p.n)!;
      if (p.station !== 50 || p.offset === 0) expect(so.station).toBeCloseTo(p.station, 9);
    }
  });

  it('counts from the start station: 0-based marks, or every interval from the start', () => {
    const al = { ...ell, startStation: 1005 };
    const zero = stationPoints(al, { interval: 20, vertices: false });
    const rel = stationPoints(al, { interval: 20, vertices: false, relative: true });
    if ('error' in zero || 'error' in rel) throw new Error('stations');
    expect(zero.map((p) => p.name)).toEqual(['1+005.000', '1+020.000', '1+040.000', '1+060.000', '1+080.000', '1+085.000']);
    expect(rel.map((p) => p.station)).toEqual([1005, 1025, 1045, 1065, 1085]);
  });

  it('refuses an interval of 0 and an interval giving too many stations', () => {
    expect(stationPoints(ell, { interval: 0 })).toEqual({ error: 'the interval must be more than 0' });
    expect(stationPoints(ell, { interval: 1e-6 })).toHaveProperty('error');
  });
});
