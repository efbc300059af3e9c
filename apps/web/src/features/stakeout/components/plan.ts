/**
 * The stake-out plan's geometry: grid coordinates fitted into a box (grid north up, one scale both ways), and the
 * point a tap lands on. Pure, so what a tap picks is tested without a browser.
 */
export interface PlanPoint {
  id: string;
  easting: number;
  northing: number;
}

export interface PlanFit {
  toX: (easting: number) => number;
  toY: (northing: number) => number;
  /** pixels per grid unit */
  scale: number;
}

/** Fits the points into width x height pixels with a margin; a lone point or a tight cluster shows minExtent units. */
export function planFit(points: readonly { easting: number; northing: number }[], width: number, height: number, margin = 18, minExtent = 2): PlanFit {
  let [minE, maxE, minN, maxN] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    minE = Math.min(minE, p.easting);
    maxE = Math.max(maxE, p.easting);
    minN = Math.min(minN, p.northing);
    maxN = Math.max(maxN, p.northing);
  }
  if (!points.length) [minE, maxE, minN, maxN] = [0, 0, 0, 0];
  const w = Math.max(maxE - minE, minExtent);
  const h = Math.max(maxN - minN, minExtent);
  const scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
  const [midE, midN] = [(minE + maxE) / 2, (minN + maxN) / 2];
  return { scale, toX: (e) => width / 2 + (e - midE) * scale, toY: (n) => height / 2 - (n - midN) * scale };
}

/** The point nearest a tap at (x, y) pixels, if one lies within radius pixels (a finger's width). */
export function pickAt<T extends PlanPoint>(points: readonly T[], fit: PlanFit, x: number, y: number, radius = 22): T | null {
  let best: T | null = null;
  let bestD = radius;
  for (const p of points) {
    const d = Math.hypot(fit.toX(p.easting) - x, fit.toY(p.northing) - y);
    if (d <= bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
