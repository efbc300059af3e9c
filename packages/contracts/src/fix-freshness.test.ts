import { describe, expect, it } from 'vitest';
import { FIX_STALE_AFTER_MS_MIN, fixStaleAfterMs, fixTimeMs, isFixFresh } from './fix-freshness.js';
import { NA } from './live.js';
import { testReading } from './testing.js';

const T = Date.parse('2026-11-23T10:00:00.000Z');

describe('fix freshness', () => {
  it('goes stale after the larger of 3 s and twice the sampling interval', () => {
    expect(FIX_STALE_AFTER_MS_MIN).toBe(3000);
    expect(fixStaleAfterMs(1)).toBe(3000);
    expect(fixStaleAfterMs(2)).toBe(4000);
    expect(fixStaleAfterMs(5)).toBe(10_000);
    expect(fixStaleAfterMs(Number.NaN)).toBe(3000);
  });
  it('counts a position reading by its fix time, else its timestamp', () => {
    const r = testReading('R1');
    expect(isFixFresh(r, T + 3000, 1)).toBe(true);
    expect(isFixFresh(r, T + 3001, 1)).toBe(false);
    expect(isFixFresh(r, T + 9000, 5)).toBe(true);
    const old = testReading('R1', { timestamp: '2026-11-23T10:00:40.000Z', fixTime: '2026-11-23T10:00:00.000Z' });
    expect(isFixFresh(old, T + 40_000, 1)).toBe(false);
  });
  it('never takes an offline or status reading without fixTime for a fix, nor one whose fixTime is N/A', () => {
    const offline = testReading('R1', { action: 'offline', status: 'offline', timestamp: '2026-11-23T10:00:40.000Z' });
    expect(fixTimeMs(offline)).toBeNull();
    expect(isFixFresh(offline, T + 40_000, 1)).toBe(false);
    expect(isFixFresh(testReading('R1', { action: 'status' }), T, 1)).toBe(false);
    expect(isFixFresh(testReading('R1', { fixTime: NA }), T, 1)).toBe(false);
    expect(isFixFresh(testReading('R1', { latitude: NA, longitude: NA }), T, 1)).toBe(false);
    expect(isFixFresh(null, T, 1)).toBe(false);
  });
});
