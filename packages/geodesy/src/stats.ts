/**
 * Averaging statistics for an occupation: a median/MAD outlier test, the mean and sample standard deviations.
 * Pure functions over plain number arrays; the caller chooses the frame (metres east/north/up of a local origin).
 */

/** MAD of normally distributed data times this is its standard deviation. */
export const MAD_TO_SIGMA = 1.482602218505602;

export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Median absolute deviation from the median. */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

export function mean(values: readonly number[]): number {
  if (!values.length) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (n - 1); 0 for a single value, NaN for none. */
export function sampleSigma(values: readonly number[]): number {
  if (!values.length) return NaN;
  if (values.length === 1) return 0;
  const m = mean(values);
  let ss = 0;
  for (const v of values) ss += (v - m) ** 2;
  return Math.sqrt(ss / (values.length - 1));
}

export interface OutlierTest {
  /** how many robust sigmas away an outlier is; 3 */
  k?: number;
  /**
   * the smallest robust sigma used per component, metres: RTK epochs at a receiver's output resolution can be all
   * equal (MAD 0), and a millimetre of noise must not make the rest outliers
   */
  floor?: number;
}

/**
 * Indices of the samples that are outliers in any component: further than k robust sigmas (1.4826 MAD, at least
 * `floor`) from that component's median. Each sample is a tuple of components (e.g. [e, n, u]).
 */
export function outlierIndices(samples: readonly (readonly number[])[], { k = 3, floor = 0.005 }: OutlierTest = {}): Set<number> {
  const out = new Set<number>();
  if (samples.length < 3) return out;
  const dims = samples[0]!.length;
  for (let d = 0; d < dims; d++) {
    const column = samples.map((s) => s[d]!);
    const m = median(column);
    const limit = k * Math.max(MAD_TO_SIGMA * mad(column), floor);
    column.forEach((v, i) => {
      if (Math.abs(v - m) > limit) out.add(i);
    });
  }
  return out;
}
