import { ecefDeltaToEnu, ecefToGeodetic, enuToEcefDelta, geodeticToEcef, type Geodetic } from './ecef.js';
import { mean, outlierIndices, sampleSigma, type OutlierTest } from './stats.js';

export interface AveragedPosition extends Geodetic {
  /** how many positions the mean is of */
  used: number;
  /** indices (into the input) of the positions rejected as outliers */
  outliers: number[];
  /** sample standard deviations of the kept positions, m (0 for one position) */
  sigmaE: number;
  sigmaN: number;
  sigmaU: number;
}

/**
 * The mean of a set of positions of one mark: each is taken to east/north/up metres about the first, outliers are
 * removed by the median/MAD test, and the mean of the rest is taken back to latitude/longitude/height. For the
 * centimetre spreads of an occupation this equals the mean of the latitudes, longitudes and heights to far below
 * 1e-9 degrees and 0.1 mm.
 */
export function averagePositions(positions: readonly Geodetic[], test: OutlierTest = {}): AveragedPosition | undefined {
  if (!positions.length) return undefined;
  const origin = positions[0]!;
  const o = geodeticToEcef(origin.latitude, origin.longitude, origin.height);
  const enu = positions.map((p) => {
    const x = geodeticToEcef(p.latitude, p.longitude, p.height);
    const d = ecefDeltaToEnu(origin.latitude, origin.longitude, [x[0] - o[0], x[1] - o[1], x[2] - o[2]]);
    return [d.e, d.n, d.u] as const;
  });
  const rejected = outlierIndices(enu, test);
  const kept = enu.filter((_, i) => !rejected.has(i));
  const e = kept.map((v) => v[0]);
  const n = kept.map((v) => v[1]);
  const u = kept.map((v) => v[2]);
  const d = enuToEcefDelta(origin.latitude, origin.longitude, { e: mean(e), n: mean(n), u: mean(u) });
  const g = ecefToGeodetic(o[0] + d[0], o[1] + d[1], o[2] + d[2]);
  return {
    ...g,
    used: kept.length,
    outliers: [...rejected].sort((a, b) => a - b),
    sigmaE: sampleSigma(e),
    sigmaN: sampleSigma(n),
    sigmaU: sampleSigma(u),
  };
}
