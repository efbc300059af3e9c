import { describe, expect, it } from 'vitest';
import { ringArea } from './area.js';
import { inverse } from './inverse.js';
import { pointFrom } from './traverse.js';
import { formatDms } from './dms.js';

describe('COGO on the grid (plane geometry by hand)', () => {
  it('inverse: distance, bearing in every quadrant, height difference and slope', () => {
    const a = { e: 1000, n: 2000, h: 50 };
    const r = inverse(a, { e: 1030, n: 2040, h: 45 });
    expect(r.gridDistance).toBeCloseTo(50, 12);
    expect(r.azimuth).toBeCloseTo(36.869897646, 8);
    expect(r.dH).toBeCloseTo(-5, 12);
    expect(r.slopeDistance).toBeCloseTo(Math.sqrt(2525), 12);
    expect(r.slopePercent).toBeCloseTo(-10, 12);
    expect(r.ground).toBeNull();
    expect(inverse(a, { e: 1030, n: 1960 }).azimuth).toBeCloseTo(180 - 36.869897646, 8);
    expect(inverse(a, { e: 970, n: 1960 }).azimuth).toBeCloseTo(180 + 36.869897646, 8);
    expect(inverse(a, { e: 970, n: 2040 }).azimuth).toBeCloseTo(360 - 36.869897646, 8);
    expect(inverse(a, { e: 1000, n: 2010 }).azimuth).toBe(0);
    expect(inverse(a, { e: 1000, n: 2010 }).slopeDistance).toBeNull();
  });

  it('a point by bearing and distance', () => {
    const p = pointFrom({ e: 100, n: 200, h: 10 }, 36.869897645844, 5, { dH: -1 });
    expect(p.e).toBeCloseTo(103, 9);
    expect(p.n).toBeCloseTo(204, 9);
    expect(p.h).toBeCloseTo(9, 12);
    const q = pointFrom({ e: 100, n: 200 }, 270, 12);
    expect(q.e).toBeCloseTo(88, 9);
    expect(q.n).toBeCloseTo(200, 9);
    expect(q.h).toBeNull();
  });

  it('area and perimeter of a ring: a 30 x 40 rectangle at UTM-sized coordinates, either way round', () => {
    const ccw = [
      { e: 500000, n: 4000000 },
      { e: 500030, n: 4000000 },
      { e: 500030, n: 4000040 },
      { e: 500000, n: 4000040 },
    ];
    const r = ringArea(ccw);
    if ('error' in r) throw new Error(r.error);
    expect(r.area).toBe(1200);
    expect(r.signedArea).toBe(1200);
    expect(r.perimeter).toBe(140);
    expect(r.selfIntersecting).toBe(false);
    const cw = ringArea([...ccw].reverse());
    expect(cw).toMatchObject({ area: 1200, signedArea: -1200 });
    // the first point repeated at the end is the same ring
    expect(ringArea([...ccw, ccw[0]!])).toMatchObject({ area: 1200, perimeter: 140 });
  });

  it('a triangle and an L-shaped lot by hand; a bow tie is flagged', () => {
    // triangle base 10, height 6: 30; sides 10, sqrt(4^2+6^2), sqrt(6^2+6^2)
    const t = ringArea([{ e: 0, n: 0 }, { e: 10, n: 0 }, { e: 4, n: 6 }]);
    expect(t).toMatchObject({ area: 30 });
    if ('error' in t) throw new Error(t.error);
    expect(t.perimeter).toBeCloseTo(10 + Math.sqrt(52) + Math.sqrt(72), 12);
    // L: 20 x 10 plus 10 x 10 = 300
    const l = ringArea([{ e: 0, n: 0 }, { e: 20, n: 0 }, { e: 20, n: 10 }, { e: 10, n: 10 }, { e: 10, n: 20 }, { e: 0, n: 20 }]);
    expect(l).toMatchObject({ area: 300, perimeter: 80, selfIntersecting: false });
    expect(ringArea([{ e: 0, n: 0 }, { e: 10, n: 10 }, { e: 10, n: 0 }, { e: 0, n: 10 }])).toMatchObject({ selfIntersecting: true });
    expect(ringArea([{ e: 0, n: 0 }, { e: 1, n: 1 }])).toEqual({ error: 'an area needs 3 points or more' });
  });
});

describe('a bearing in degrees, minutes and seconds', () => {
  it('splits, pads and carries a rounding up to 60 seconds', () => {
    expect(formatDms(123.456)).toBe('123°27\'21.6"');
    expect(formatDms(36.869897645844)).toBe('36°52\'11.6"');
    expect(formatDms(0)).toBe('0°00\'00.0"');
    expect(formatDms(9.99999999)).toBe('10°00\'00.0"');
    expect(formatDms(359.99999)).toBe('0°00\'00.0"');
    expect(formatDms(-90)).toBe('270°00\'00.0"');
    expect(formatDms(45.5, 0)).toBe('45°30\'00"');
  });
});
