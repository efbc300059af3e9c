import { describe, expect, it } from 'vitest';
import { averagePositions } from './average.js';
import { mad, median, outlierIndices, sampleSigma } from './stats.js';

// metres per degree at a latitude on WGS84 (meridian and prime-vertical radii): the test's own, independent sums
const A = 6378137;
const E2 = 0.00669437999014;
function metresPerDegree(lat: number) {
  const s = Math.sin((lat * Math.PI) / 180);
  const w = Math.sqrt(1 - E2 * s * s);
  const m = (A * (1 - E2)) / w ** 3;
  const n = A / w;
  return { north: (m * Math.PI) / 180, east: (n * Math.cos((lat * Math.PI) / 180) * Math.PI) / 180 };
}

// a deterministic scatter of 60 epochs around a mark, centimetre noise
function scatter(n: number, lat0: number, lon0: number, h0: number) {
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2;
  return Array.from({ length: n }, () => ({ latitude: lat0 + rnd() * 1.5e-7, longitude: lon0 + rnd() * 2e-7, height: h0 + rnd() * 0.02 }));
}

describe('averaging an occupation', () => {
  it('the average equals the plain mean of the epochs to 1e-9 degrees and 0.1 mm, and sigmas match the sample', () => {
    const epochs = scatter(60, 47.1290927, 15.2120431, 871.4);
    const avg = averagePositions(epochs)!;
    const meanOf = (f: (e: (typeof epochs)[number]) => number) => epochs.reduce((s, e) => s + f(e), 0) / epochs.length;
    expect(avg.outliers).toEqual([]);
    expect(Math.abs(avg.latitude - meanOf((e) => e.latitude))).toBeLessThan(1e-9);
    expect(Math.abs(avg.longitude - meanOf((e) => e.longitude))).toBeLessThan(1e-9);
    expect(Math.abs(avg.height - meanOf((e) => e.height))).toBeLessThan(1e-4);
    const k = metresPerDegree(47.1290927);
    const sd = (xs: number[]) => {
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
    };
    expect(Math.abs(avg.sigmaN - sd(epochs.map((e) => e.latitude * k.north)))).toBeLessThan(1e-4);
    expect(Math.abs(avg.sigmaE - sd(epochs.map((e) => e.longitude * k.east)))).toBeLessThan(1e-4);
    expect(Math.abs(avg.sigmaU - sd(epochs.map((e) => e.height)))).toBeLessThan(1e-4);
  });

  it('a 0.5 m false-fix jump is rejected as an outlier and the mean is of the rest', () => {
    const epochs = scatter(30, -45.8775672, 170.5001117, 16);
    const k = metresPerDegree(-45.8775672);
    epochs[12] = { ...epochs[12]!, latitude: epochs[12]!.latitude + 0.5 / k.north };
    const avg = averagePositions(epochs)!;
    expect(avg.outliers).toEqual([12]);
    expect(avg.used).toBe(29);
    const rest = epochs.filter((_, i) => i !== 12);
    expect(Math.abs(avg.latitude - rest.reduce((s, e) => s + e.latitude, 0) / rest.length)).toBeLessThan(1e-9);
  });

  it('median, MAD, sample sigma on hand-worked numbers', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    expect(sampleSigma([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.13808993529939, 12);
    // identical epochs (a receiver's output resolution): the floor keeps a millimetre from being an outlier
    expect(outlierIndices([[0], [0], [0], [0], [0.001]]).size).toBe(0);
    expect(outlierIndices([[0], [0], [0], [0], [0.1]])).toEqual(new Set([4]));
  });
});
