import { mean, outlierIndices, sampleSigma } from '@smi/geodesy';
import type { Epoch } from './epoch.js';
import type { Good } from './segment.js';

/**
 * Sigmas are compared at least this large, in the re-fix test and when segments are compared: RTK noise (a re-fix more
 * than 3 sigma or 5 cm away is a new or false fix); a stretch of equal epochs (sigma 0) must not make every other stretch disagree with it.
 */
export const SIGMA_FLOOR = 0.01;
/** how many sigmas apart two positions of one mark may be */
const K = 3;

/** Where a stretch of good epochs is (the mean offset of those the outlier test keeps) and how tightly. */
export interface Summary {
  mean: [number, number, number];
  sigmaH: number;
  sigmaV: number;
}

export function summarise(goods: readonly Good[]): Summary {
  const outliers = outlierIndices(goods.map((g) => g.enu));
  const kept = outliers.size ? goods.filter((_, i) => !outliers.has(i)) : goods;
  const s = reportedSigma(kept);
  return { mean: [0, 1, 2].map((i) => mean(kept.map((g) => g.enu[i]!))) as Summary['mean'], sigmaH: Math.hypot(s.e, s.n), sigmaV: s.u };
}

/**
 * Two stretches of an occupation measure the same mark when their means are within 3 sigma of each other, the
 * sigma of each at least SIGMA_FLOOR, combined: the pole stood still across the pause or gap between them.
 */
export function agree(a: Summary, b: Summary): boolean {
  const limit = (x: number, y: number) => K * Math.hypot(Math.max(x, SIGMA_FLOOR), Math.max(y, SIGMA_FLOOR));
  const dh = Math.hypot(a.mean[0] - b.mean[0], a.mean[1] - b.mean[1]);
  return dh <= limit(a.sigmaH, b.sigmaH) && Math.abs(a.mean[2] - b.mean[2]) <= limit(a.sigmaV, b.sigmaV);
}

/** The larger of the sample sigma and the receiver's own (GST), per component (1 Hz epochs are correlated). */
export function reportedSigma(goods: readonly Good[]): { e: number; n: number; u: number } {
  const receiver = receiverSigma(goods.map((g) => g.epoch));
  return {
    e: Math.max(sampleSigma(goods.map((g) => g.enu[0])), receiver.e ?? 0),
    n: Math.max(sampleSigma(goods.map((g) => g.enu[1])), receiver.n ?? 0),
    u: Math.max(sampleSigma(goods.map((g) => g.enu[2])), receiver.u ?? 0),
  };
}

export function present(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}
export function meanOrNull(values: number[]): number | null {
  return values.length ? mean(values) : null;
}

/** Mean of the receiver's GST sigmas over the epochs that have them. */
export function receiverSigma(epochs: readonly Epoch[]): { e: number | null; n: number | null; u: number | null } {
  return {
    e: meanOrNull(present(epochs.map((x) => x.sigmaE))),
    n: meanOrNull(present(epochs.map((x) => x.sigmaN))),
    u: meanOrNull(present(epochs.map((x) => x.sigmaV))),
  };
}
