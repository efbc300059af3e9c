import type { Good } from './segment.js';

/**
 * The sigma of a stretch of good epochs, kept as epochs arrive (Welford's running mean and sum of squares per
 * component, and the sums of the receiver's GST sigmas): progress is read for every occupation twice a second, and
 * re-reading every epoch of a long occupation each time made the live feed's p99 three times longer (decision 021).
 */
export class RunningSigma {
  private n = 0;
  private readonly m = [0, 0, 0];
  private readonly m2 = [0, 0, 0];
  private readonly gst = { e: [0, 0], n: [0, 0], u: [0, 0] };

  get count(): number {
    return this.n;
  }

  add(g: Good): void {
    this.n++;
    for (let i = 0; i < 3; i++) {
      const v = g.enu[i]!;
      const d = v - this.m[i]!;
      this.m[i]! += d / this.n;
      this.m2[i]! += d * (v - this.m[i]!);
    }
    const add = (acc: number[], v: number | null) => {
      if (v === null) return;
      acc[0]! += v;
      acc[1]!++;
    };
    add(this.gst.e, g.epoch.sigmaE);
    add(this.gst.n, g.epoch.sigmaN);
    add(this.gst.u, g.epoch.sigmaV);
  }

  /**
   * Several stretches as one (Chan's pairwise update of the mean and sum of squares, in the order given): the
   * statistics of their epochs taken together, without reading the epochs again.
   */
  static pooled(parts: readonly RunningSigma[]): RunningSigma {
    const out = new RunningSigma();
    for (const p of parts) {
      if (!p.n) continue;
      const n = out.n + p.n;
      for (let i = 0; i < 3; i++) {
        const d = p.m[i]! - out.m[i]!;
        out.m2[i] = out.m2[i]! + p.m2[i]! + (d * d * out.n * p.n) / n;
        out.m[i] = out.m[i]! + (d * p.n) / n;
      }
      out.n = n;
      for (const k of ['e', 'n', 'u'] as const) {
        out.gst[k][0]! += p.gst[k][0]!;
        out.gst[k][1]! += p.gst[k][1]!;
      }
    }
    return out;
  }

  /** The running mean offset (east, north, up). */
  mean(): [number, number, number] {
    return [this.m[0]!, this.m[1]!, this.m[2]!];
  }

  /** The larger of the sample sigma (n - 1) and the receiver's mean GST sigma, per component. */
  sigma(): { e: number; n: number; u: number } {
    const sample = (i: number) => (this.n < 2 ? 0 : Math.sqrt(Math.max(0, this.m2[i]!) / (this.n - 1)));
    const receiver = (acc: number[]) => (acc[1] ? acc[0]! / acc[1] : 0);
    return { e: Math.max(sample(0), receiver(this.gst.e)), n: Math.max(sample(1), receiver(this.gst.n)), u: Math.max(sample(2), receiver(this.gst.u)) };
  }
}
