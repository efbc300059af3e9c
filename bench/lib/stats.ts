/** Percentile of a sample (nearest-rank on a sorted copy). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Samples this process's RSS every few ms while fn runs; returns fn's result and the peak growth in MB. */
export async function peakRssGrowth<T>(fn: () => Promise<T>, everyMs = 5): Promise<{ result: T; peakMb: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMb: (peak - start) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}
