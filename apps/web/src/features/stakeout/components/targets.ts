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
