import { describe, expect, it } from 'vitest';
import type { DesignLine } from '../types.js';
import { lineGuidance } from './line.js';
import { pointGuidance, proximity, withinTolerance } from './point.js';

describe('guidance to a design point', () => {
  const target = { e: 500100, n: 4200200, h: 35.25 };

  it('gives the way to go, the as-staked differences, distance and bearing (worked by hand)', () => {
    // rover 3 m west and 4 m south of the target, 0.12 m above its design height
    const g = pointGuidance(target, { e: 500097, n: 4200196, h: 35.37 });
    expect(g.goNorth).toBeCloseTo(4, 9);
    expect(g.goEast).toBeCloseTo(3, 9);
    expect(g.dN).toBeCloseTo(-4, 9);
    expect(g.dE).toBeCloseTo(-3, 9);
    expect(g.horizontalDistance).toBeCloseTo(5, 9);
    // atan2(3, 4) = 36.8698976 deg
    expect(g.bearing).toBeCloseTo(36.86989765, 7);
    // ground above the design: a cut of 0.12
    expect(g.dH).toBeCloseTo(0.12, 9);
    expect(g.cutFill?.kind).toBe('cut');
    expect(g.cutFill?.amount).toBeCloseTo(0.12, 9);
    expect(g.forward).toBeNull();
  });

  it('below the design is a fill; a design point with no height gives no cut/fill', () => {
    expect(pointGuidance(target, { e: 500100, n: 4200200, h: 35.0 }).cutFill).toEqual({ kind: 'fill', amount: expect.closeTo(0.25, 9) });
    expect(pointGuidance({ ...target, h: null }, { e: 1, n: 1, h: 3 }).cutFill).toBeNull();
  });

  it('turns the way into forward/right for a heading', () => {
    // target 5 m due east of the rover; walking north (heading 0) it is 5 m to the right, 0 ahead
    const east = pointGuidance(target, { e: 500095, n: 4200200, h: null }, 0);
    expect(east.forward).toBeCloseTo(0, 9);
    expect(east.right).toBeCloseTo(5, 9);
    expect(east.relativeBearing).toBeCloseTo(90, 9);
    // walking east (90) it is straight ahead; walking south-west (225) it is behind-left:
    // forward = 5 x cos(135 deg) = -3.5355, right = 5 x cos(225 deg)... = goEast cos(225) - goNorth sin(225) = -3.5355
    expect(pointGuidance(target, { e: 500095, n: 4200200, h: null }, 90).forward).toBeCloseTo(5, 9);
    const sw = pointGuidance(target, { e: 500095, n: 4200200, h: null }, 225);
    expect(sw.forward).toBeCloseTo(-5 * Math.SQRT1_2, 9);
    expect(sw.right).toBeCloseTo(-5 * Math.SQRT1_2, 9);
    expect(sw.relativeBearing).toBeCloseTo(-135, 9);
    // due south of the rover while facing north: 180, never -180
    expect(pointGuidance(target, { e: 500100, n: 4200210, h: null }, 0).relativeBearing).toBe(180);
  });

  it('judges the tolerances and the near radius', () => {
    expect(withinTolerance(0.019, 0.029)).toEqual({ horizontal: true, vertical: true, both: true });
    expect(withinTolerance(0.021, 0.0)).toEqual({ horizontal: false, vertical: true, both: false });
    expect(withinTolerance(0.01, -0.031)).toEqual({ horizontal: true, vertical: false, both: false });
    expect(withinTolerance(0.01, null)).toEqual({ horizontal: true, vertical: null, both: true });
    expect(proximity(2.99)).toBe('near');
    expect(proximity(3.01)).toBe('far');
    expect(proximity(1.2, 1)).toBe('far');
  });
});

describe('guidance to a design line', () => {
  // a kerb line from (0, 0) at 10.00 to (100, 0) at 11.00
  const kerb: DesignLine = {
    name: 'K', layer: 'KERB', code: '', closed: false, startStation: 0, line: 1,
    vertices: [{ e: 0, n: 0, h: 10, bulge: 0 }, { e: 100, n: 0, h: 11, bulge: 0 }],
  };

  it('gives station, offset, the way to the line and cut/fill to the elevation at the station', () => {
    // rover at (25, 1.5), height 10.10: station 25, 1.5 m left (north); design at 25 m = 10.25 -> fill 0.15
    const g = lineGuidance(kerb, { e: 25, n: 1.5, h: 10.1 })!;
    expect(g.station).toBeCloseTo(25, 9);
    expect(g.offset).toBeCloseTo(-1.5, 9);
    expect(g.goRight).toBeCloseTo(1.5, 9);
    expect(g.elevation).toBeCloseTo(10.25, 9);
    expect(g.dH).toBeCloseTo(-0.15, 9);
    expect(g.cutFill?.kind).toBe('fill');
  });
});
