import { describe, expect, it } from 'vitest';
import { FIX_STALE_AFTER_MS_MIN, fixAgeMs, fixStaleAfterMs, isFixFresh, samplingIntervalSeconds } from './fix-freshness.js';
import { liveReading, NA } from './live.js';
import { testReading } from './testing.js';

const FIX = '2026-11-23T10:00:00.000Z';
const at = (s: number) => Date.parse(FIX) + s * 1000;

describe('fix freshness', () => {
  it('is stale after the larger of 3 s and twice the sampling interval', () => {
    expect(FIX_STALE_AFTER_MS_MIN).toBe(3000);
    expect(fixStaleAfterMs(1)).toBe(3000);
    expect(fixStaleAfterMs(2)).toBe(4000);
    expect(fixStaleAfterMs(5)).toBe(10_000);
    expect(fixStaleAfterMs(NaN)).toBe(3000);
    expect(['1s', '2s', '5s'].map(samplingIntervalSeconds)).toEqual([1, 2, 5]);
    expect(samplingIntervalSeconds(undefined)).toBe(1);
  });

  it('counts a position reading by its fix time', () => {
    const r = testReading('R1', { timestamp: FIX, fixTime: FIX });
    expect(isFixFresh(r, at(3), 1)).toBe(true);
    expect(isFixFresh(r, at(3.001), 1)).toBe(false);
    expect(isFixFresh(r, at(9), 5)).toBe(true);
    expect(fixAgeMs(r, at(40))).toBe(40_000);
  });

  it('never takes an offline or status reading with a fresh timestamp as a new fix', () => {
    // the bug: the offline event repeats the last position with the time it was sent
    const offline = testReading('R1', { action: 'offline', status: 'offline', timestamp: new Date(at(40)).toISOString(), fixTime: FIX });
    expect(isFixFresh(offline, at(40), 1)).toBe(false);
    expect(fixAgeMs(offline, at(40))).toBe(40_000);
    // a reading of an older gateway (no fixTime): only a position reading's timestamp is a fix time
    const { fixTime: _, ...old } = offline;
    expect(isFixFresh(old, at(40), 1)).toBe(false);
    expect(isFixFresh({ ...old, action: 'position' }, at(40), 1)).toBe(true);
    expect(isFixFresh(testReading('R1', { fixTime: NA }), at(0), 1)).toBe(false);
  });

  it('never counts a non-survey fix or a reading without a position', () => {
    for (const fixType of ['dead-reckoning', 'manual', 'simulation', NA] as const) {
      const r = testReading('R1', { fixType, fixTime: FIX });
      expect(liveReading.safeParse(r).success).toBe(true);
      expect(isFixFresh(r, at(0), 1)).toBe(false);
    }
    expect(isFixFresh(testReading('R1', { latitude: NA, fixTime: FIX }), at(0), 1)).toBe(false);
    expect(isFixFresh(null, at(0), 1)).toBe(false);
  });
});
