import { describe, expect, it } from 'vitest';
import { pickAt, planFit } from './plan';
import { stakedSummary } from './targets';

const points = [
  { id: 'a', easting: 1000, northing: 2000 },
  { id: 'b', easting: 1040, northing: 2000 },
  { id: 'c', easting: 1040, northing: 2030 },
];

describe('the stake-out plan', () => {
  it('fits grid north up at one scale: 40 x 30 units into 390 x 300 pixels less the margins', () => {
    const f = planFit(points, 390, 300, 18);
    // (390 - 36) / 40 = 8.85, (300 - 36) / 30 = 8.8: the smaller
    expect(f.scale).toBeCloseTo(8.8, 9);
    expect(f.toX(1020)).toBeCloseTo(195, 9);
    expect(f.toY(2015)).toBeCloseTo(150, 9);
    // north is up: a larger northing is higher on the screen
    expect(f.toY(2030)).toBeLessThan(f.toY(2000));
    expect(f.toX(1040) - f.toX(1000)).toBeCloseTo(40 * 8.8, 9);
  });

  it('picks the point under a tap, the nearest of two, none beyond a finger', () => {
    const f = planFit(points, 390, 300, 18);
    expect(pickAt(points, f, f.toX(1040) + 5, f.toY(2030) - 5)!.id).toBe('c');
    expect(pickAt(points, f, f.toX(1000) + 30, f.toY(2000))).toBeNull();
    expect(pickAt(points, f, (f.toX(1000) + f.toX(1040)) / 2 - 1, f.toY(2000), 1000)!.id).toBe('a');
  });

  it('a lone point sits in the middle at the minimum extent', () => {
    const f = planFit([points[0]!], 200, 200, 0, 2);
    expect(f.scale).toBe(100);
    expect([f.toX(1000), f.toY(2000)]).toEqual([100, 100]);
  });
});

describe('what the design list shows of the stakes', () => {
  it('counts the stored stakes of each design point and keeps the last one\'s deltas', () => {
    const r = (id: string | null, stored: boolean, dN: number, within: boolean) => ({ DesignPointId: id, Staked: stored ? {} : null, dN, dE: -dN, dH: 0.01, within: stored ? { both: within } : null });
    const s = stakedSummary([r('a', true, 0.05, false), r('a', false, 0, false), r('a', true, 0.004, true), r('b', false, 0, false), r(null, true, 0.1, true)]);
    expect([...s.keys()]).toEqual(['a']);
    expect(s.get('a')).toEqual({ count: 2, last: { dN: 0.004, dE: -0.004, dH: 0.01, inTolerance: true } });
  });
});
