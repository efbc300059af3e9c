/**
 * Picking targets: the next and previous in the list's order, and the nearest not yet staked to a grid position.
 * Pure, so the screen's choices are tested without a browser.
 */
export interface Target {
  id: string;
  name: string;
  easting: number;
  northing: number;
}

export function step<T extends Target>(list: readonly T[], currentId: string | null, by: 1 | -1): T | null {
  if (!list.length) return null;
  const i = list.findIndex((t) => t.id === currentId);
  if (i < 0) return by === 1 ? list[0]! : list[list.length - 1]!;
  return list[(i + by + list.length) % list.length]!;
}

export function nearestNotStaked<T extends Target>(list: readonly T[], from: { easting: number; northing: number } | null, staked: ReadonlySet<string>): T | null {
  const open = list.filter((t) => !staked.has(t.id));
  if (!open.length) return null;
  if (!from) return open[0]!;
  let best = open[0]!;
  let bestD = Infinity;
  for (const t of open) {
    const d = Math.hypot(t.easting - from.easting, t.northing - from.northing);
    if (d < bestD) {
      bestD = d;
      best = t;
    }
  }
  return best;
}

export function matching<T extends Target>(list: readonly T[], search: string): T[] {
  const s = search.trim().toLowerCase();
  return s ? list.filter((t) => t.name.toLowerCase().includes(s)) : [...list];
}

/** What the design list shows of a point's stakes: how many were stored, and the last one's deltas. */
export interface StakedSummary {
  count: number;
  last: { dN: number | null; dE: number | null; dH: number | null; inTolerance: boolean | null };
}

/**
 * Each design point's stakes from the as-staked records (oldest first, as the api lists them): only records with
 * a stored point count; a cancelled or failed one staked nothing.
 */
export function stakedSummary(records: readonly { DesignPointId: string | null; Staked: unknown; dN: number | null; dE: number | null; dH: number | null; within: { both: boolean } | null }[]): Map<string, StakedSummary> {
  const out = new Map<string, StakedSummary>();
  for (const r of records) {
    if (!r.DesignPointId || !r.Staked) continue;
    const count = (out.get(r.DesignPointId)?.count ?? 0) + 1;
    out.set(r.DesignPointId, { count, last: { dN: r.dN, dE: r.dE, dH: r.dH, inTolerance: r.within ? r.within.both : null } });
  }
  return out;
}

/** A delta to the millimetre with its sign (staked - design); one that rounds to zero reads +0.000, never −0.000. */
export function signedDelta(v: number | null): string {
  if (v === null) return '–';
  const mm = Math.round(v * 1000);
  return `${mm >= 0 ? '+' : '−'}${(Math.abs(mm) / 1000).toFixed(3)}`;
}
