import { describe, expect, it } from 'vitest';
import type { DesignLine, DesignVertex } from '../types.js';
import { pointAtStation, stationOffset } from './station-offset.js';

const v = (e: number, n: number, h: number | null = null, bulge = 0): DesignVertex => ({ e, n, h, bulge });
const line = (vertices: DesignVertex[], extra: Partial<DesignLine> = {}): DesignLine => ({
  name: 'L1', layer: '', code: '', closed: false, vertices, startStation: 0, line: 1, ...extra,
});

// Every expected value below is plane geometry worked by hand in the comment beside it.
describe('station and offset against a design line', () => {
  // an L: east 100 m from (1000, 2000), then north 50 m; elevations 10.0 -> 12.0 -> 11.0
  const ell = line([v(1000, 2000, 10), v(1100, 2000, 12), v(1100, 2050, 11)]);

  it('a point beside the first leg is at its foot, left of the line when north of an eastward line', () => {
    // foot at e = 1030 -> station 30; north of an eastward line is left -> offset -4
    const so = stationOffset(ell, 1030, 2004)!;
    expect(so.station).toBeCloseTo(30, 9);
    expect(so.offset).toBeCloseTo(-4, 9);
    expect(so.segment).toBe(0);
    expect(so.beyond).toBeNull();
    // 10 + (12 - 10) x 30/100 = 10.6
    expect(so.elevation).toBeCloseTo(10.6, 9);
  });

  it('a point east of the second (northward) leg is right of it, its station counted on from the corner', () => {
    // foot at n = 2020 on the north leg: station 100 + 20 = 120; east of a northward line is right: +3
    const so = stationOffset(ell, 1103, 2020)!;
    expect(so.station).toBeCloseTo(120, 9);
    expect(so.offset).toBeCloseTo(3, 9);
    expect(so.segment).toBe(1);
    // 12 + (11 - 12) x 20/50 = 11.6
    expect(so.elevation).toBeCloseTo(11.6, 9);
  });

  it('outside the corner the nearest point is the corner itself', () => {
    // (1103, 1996): 3 m east and 4 m south of the corner -> 5 m from it, on the right of both legs
    const so = stationOffset(ell, 1103, 1996)!;
    expect(so.station).toBeCloseTo(100, 9);
    expect(Math.abs(so.offset)).toBeCloseTo(5, 9);
    expect(so.elevation).toBeCloseTo(12, 9);
  });

  it('square to the corner on the outside, the leg the foot falls on is taken', () => {
    // (1110, 2000): on the first leg's extension, 10 m east of the corner; the foot on the north leg is the corner
    const so = stationOffset(ell, 1110, 2000)!;
    expect(so.segment).toBe(1);
    expect(so.station).toBeCloseTo(100, 9);
    expect(so.offset).toBeCloseTo(10, 9);
  });

  it('before the start the station runs on backwards along the first leg', () => {
    // (990, 1998): 10 m before the start, 2 m south (right of an eastward line)
    const so = stationOffset(ell, 990, 1998)!;
    expect(so.beyond).toBe('start');
    expect(so.station).toBeCloseTo(-10, 9);
    expect(so.offset).toBeCloseTo(2, 9);
    expect(so.elevation).toBeCloseTo(10, 9);
  });

  it('after the end the station runs on along the last leg', () => {
    const so = stationOffset(ell, 1099, 2060)!;
    expect(so.beyond).toBe('end');
    expect(so.station).toBeCloseTo(160, 9);
    expect(so.offset).toBeCloseTo(-1, 9);
  });

  it('counts stations from the alignment start station', () => {
    const so = stationOffset({ ...ell, startStation: 500 }, 1030, 2004)!;
    expect(so.station).toBeCloseTo(530, 9);
  });

  it('a diagonal line: the foot of the perpendicular by hand', () => {
    // from (0, 0) to (30, 40) (length 50, unit (0.6, 0.8)); P = (20, 5): along = 20x0.6 + 5x0.8 = 16,
    // offset right = 20x0.8 - 5x0.6 = 13 (right of a line heading north-east is south-east)
    const so = stationOffset(line([v(0, 0), v(30, 40)]), 20, 5)!;
    expect(so.station).toBeCloseTo(16, 9);
    expect(so.offset).toBeCloseTo(13, 9);
    expect(so.elevation).toBeNull();
  });

  it('on a counter-clockwise arc: station is radius x angle, outside the circle is right', () => {
    // quarter circle about (0, 0), radius 10, from (10, 0) to (0, 10) counter-clockwise: bulge = tan(90/4 deg)
    const arc = line([v(10, 0, 100, Math.tan(Math.PI / 8)), v(0, 10, 101)]);
    // P at 45 deg, 12 m from the centre: station = 10 x pi/4 = 7.853981634, offset +2 (outside = right of ccw travel)
    const p = [12 * Math.SQRT1_2, 12 * Math.SQRT1_2] as const;
    const so = stationOffset(arc, p[0], p[1])!;
    expect(so.station).toBeCloseTo((10 * Math.PI) / 4, 9);
    expect(so.offset).toBeCloseTo(2, 9);
    expect(so.elevation).toBeCloseTo(100.5, 9);
    // inside the circle, 7 m from the centre at 30 deg: station 10 x pi/6, offset -3 (left)
    const q = stationOffset(arc, 7 * Math.cos(Math.PI / 6), 7 * Math.sin(Math.PI / 6))!;
    expect(q.station).toBeCloseTo((10 * Math.PI) / 6, 9);
    expect(q.offset).toBeCloseTo(-3, 9);
  });

  it('on a clockwise arc the centre is on the right: inside the circle is right', () => {
    // the same quarter circle travelled from (0, 10) to (10, 0): clockwise, bulge negative
    const arc = line([v(0, 10, null, -Math.tan(Math.PI / 8)), v(10, 0)]);
    const so = stationOffset(arc, 7 * Math.cos(Math.PI / 6), 7 * Math.sin(Math.PI / 6))!;
    // from 90 deg down to 30 deg: 60 deg travelled -> 10 x pi/3; inside (7 < 10) is right: +3
    expect(so.station).toBeCloseTo((10 * Math.PI) / 3, 9);
    expect(so.offset).toBeCloseTo(3, 9);
  });

  it('past the end of an arc the station runs on along its tangent there', () => {
    // the quarter circle ends at (0, 10) heading west; (-3, 11) is 3 m on and 1 m to the right (north)
    const arc = line([v(10, 0, null, Math.tan(Math.PI / 8)), v(0, 10)]);
    const so = stationOffset(arc, -3, 11)!;
    expect(so.beyond).toBe('end');
    expect(so.station).toBeCloseTo(5 * Math.PI + 3, 9);
    expect(so.offset).toBeCloseTo(1, 9);
  });

  it('a closed line has its closing side: a square of 10 m', () => {
    const square = line([v(0, 0), v(10, 0), v(10, 10), v(0, 10)], { closed: true });
    // (-1, 5) is beside the closing side (0,10) -> (0,0), 5 m along it: station 30 + 5 = 35; west of a southward side is right
    const so = stationOffset(square, -1, 5)!;
    expect(so.station).toBeCloseTo(35, 9);
    expect(so.offset).toBeCloseTo(1, 9);
    expect(so.beyond).toBeNull();
  });

  it('a line of no length has no station', () => {
    expect(stationOffset(line([v(5, 5), v(5, 5)]), 0, 0)).toBeNull();
  });
});

describe('the point at a station and offset', () => {
  const ell = line([v(1000, 2000, 10), v(1100, 2000, 12), v(1100, 2050, 11)]);

  it('is the inverse of station/offset on straight legs', () => {
    const p = pointAtStation(ell, 30, -4)!;
    expect(p.e).toBeCloseTo(1030, 9);
    expect(p.n).toBeCloseTo(2004, 9);
    expect(p.h).toBeCloseTo(10.6, 9);
    const q = pointAtStation(ell, 120, 3)!;
    expect(q.e).toBeCloseTo(1103, 9);
    expect(q.n).toBeCloseTo(2020, 9);
  });

  it('at a corner the offset is square to the leg leaving it', () => {
    // station 100 is the corner; the leg leaving it heads north, so right is east
    const p = pointAtStation(ell, 100, 5)!;
    expect(p.e).toBeCloseTo(1105, 9);
    expect(p.n).toBeCloseTo(2000, 9);
  });

  it('on an arc: radius plus offset on the right of a counter-clockwise arc', () => {
    const arc = line([v(10, 0, null, Math.tan(Math.PI / 8)), v(0, 10)]);
    const p = pointAtStation(arc, (10 * Math.PI) / 4, 2)!;
    expect(p.e).toBeCloseTo(12 * Math.SQRT1_2, 9);
    expect(p.n).toBeCloseTo(12 * Math.SQRT1_2, 9);
  });

  it('before the start, on the first leg extended', () => {
    const p = pointAtStation(ell, -10, 2)!;
    expect(p.e).toBeCloseTo(990, 9);
    expect(p.n).toBeCloseTo(1998, 9);
  });
});
