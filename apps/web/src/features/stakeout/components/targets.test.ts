import { describe, expect, it } from 'vitest';
import { matching, nearestNotStaked, signedDelta, step } from './targets';

const list = [
  { id: 'a', name: 'P1', easting: 0, northing: 0 },
  { id: 'b', name: 'P2', easting: 10, northing: 0 },
  { id: 'c', name: 'MH3', easting: 0, northing: 20 },
];

describe('picking stake-out targets', () => {
  it('steps through the list, wrapping at both ends', () => {
    expect(step(list, null, 1)!.id).toBe('a');
    expect(step(list, 'a', -1)!.id).toBe('c');
    expect(step(list, 'c', 1)!.id).toBe('a');
    expect(step(list, 'a', 1)!.id).toBe('b');
    expect(step([], 'a', 1)).toBeNull();
  });

  it('finds the nearest target not yet staked', () => {
    expect(nearestNotStaked(list, { easting: 9, northing: 1 }, new Set())!.id).toBe('b');
    expect(nearestNotStaked(list, { easting: 9, northing: 1 }, new Set(['b']))!.id).toBe('a');
    expect(nearestNotStaked(list, null, new Set(['a']))!.id).toBe('b');
    expect(nearestNotStaked(list, null, new Set(['a', 'b', 'c']))).toBeNull();
  });

  it('searches names without regard to case', () => {
    expect(matching(list, 'mh').map((t) => t.id)).toEqual(['c']);
    expect(matching(list, ' ')).toHaveLength(3);
  });

  it('writes a delta to the millimetre with its sign, zero as +0.000', () => {
    expect([0.0123, -0.0123, -0.0004, 0.0004, -0, 0.0005, -0.0006, null].map(signedDelta)).toEqual(['+0.012', '−0.012', '+0.000', '+0.000', '+0.000', '+0.001', '−0.001', '–']);
  });
});
