import type { DxfPoint, DxfText } from './entities.js';

/**
 * Names unnamed points by the text nearest to each, within the tolerance (drawing units): the closest pairs first,
 * each point and each text used once, so two labels between two close points go to the point each is nearer.
 * A grid of tolerance-sized cells keeps this linear for 100,000 points.
 */
export function nameByText(points: DxfPoint[], texts: DxfText[], tolerance: number): void {
  if (tolerance <= 0 || texts.length === 0) return;
  const cell = (v: number) => Math.floor(v / tolerance);
  // cells by column, then row: numeric keys (a string key per lookup was most of the time for 100,000 points)
  const grid = new Map<number, Map<number, number[]>>();
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] as DxfText;
    const cx = cell(t.x);
    const cy = cell(t.y);
    let column = grid.get(cx);
    if (!column) grid.set(cx, (column = new Map()));
    const list = column.get(cy);
    if (list) list.push(i);
    else column.set(cy, [i]);
  }
  const pairs: { p: number; t: number; d: number }[] = [];
  for (let pi = 0; pi < points.length; pi++) {
    const p = points[pi] as DxfPoint;
    if (p.name !== null) continue;
    const cx = cell(p.x);
    const cy = cell(p.y);
    for (let dx = -1; dx <= 1; dx++) {
      const column = grid.get(cx + dx);
      if (!column) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const list = column.get(cy + dy);
        if (!list) continue;
        for (const ti of list) {
          const t = texts[ti] as DxfText;
          const d = Math.sqrt((t.x - p.x) ** 2 + (t.y - p.y) ** 2);
          if (d <= tolerance) pairs.push({ p: pi, t: ti, d });
        }
      }
    }
  }
  pairs.sort((a, b) => a.d - b.d || a.p - b.p);
  const usedText = new Set<number>();
  for (const { p, t } of pairs) {
    const point = points[p] as DxfPoint;
    if (point.name !== null || usedText.has(t)) continue;
    point.name = (texts[t] as DxfText).text;
    usedText.add(t);
  }
}
