/** A box on the map's canvas, pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where each point's name goes, or null when it would touch another name or another point: right of the point, else
 * left, above, below. Names are placed in the order given (the caller puts the newest first: the point just taken
 * is the one looked for), so two near points never print as one word ("KB1" and "P4" as "P41") and a dense run of
 * continuous points shows every name that fits rather than a stack. Deterministic for one view.
 */
export function placeLabels(points: readonly { x: number; y: number; width: number }[], r: number, height = 13): (Box | null)[] {
  const gap = 4;
  const squares: Box[] = points.map((p) => ({ x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r }));
  const placed: Box[] = [];
  return points.map((p, i) => {
    const candidates: Box[] = [
      { x: p.x + r + gap, y: p.y - height / 2, w: p.width, h: height },
      { x: p.x - r - gap - p.width, y: p.y - height / 2, w: p.width, h: height },
      { x: p.x - p.width / 2, y: p.y - r - gap - height, w: p.width, h: height },
      { x: p.x - p.width / 2, y: p.y + r + gap, w: p.width, h: height },
    ];
    const free = candidates.find((c) => !placed.some((b) => overlaps(b, c)) && !squares.some((s, j) => j !== i && overlaps(s, c)));
    if (free) placed.push(free);
    return free ?? null;
  });
}
