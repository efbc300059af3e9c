import { describe, expect, it } from 'vitest';
import { placeLabels, type Box } from './label-placement';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const noneOverlap = (boxes: (Box | null)[]) => {
  const placed = boxes.filter((b): b is Box => b !== null);
  return placed.every((a, i) => placed.every((b, j) => i === j || !overlaps(a, b)));
};

describe('point names on the map', () => {
  it('two points side by side: the second name goes elsewhere instead of running into the first ("P41")', () => {
    // P4 just left of KB1 at the same height: P4's name to the right would run into KB1's square and name
    const boxes = placeLabels(
      [
        { x: 100, y: 100, width: 22 },
        { x: 112, y: 100, width: 14 },
      ],
      4,
    );
    expect(boxes.every((b) => b !== null)).toBe(true);
    expect(noneOverlap(boxes)).toBe(true);
    // no name covers the other point
    for (const [i, b] of boxes.entries()) for (const p of [100, 112]) if (p !== [100, 112][i]) expect(overlaps(b!, { x: p - 4, y: 96, w: 8, h: 8 })).toBe(false);
  });

  it('a continuous run packed along a line: the names that fit are drawn, none over another', () => {
    const run = Array.from({ length: 40 }, (_, k) => ({ x: 50 + k * 6, y: 200, width: 30 }));
    const boxes = placeLabels(run, 3);
    expect(noneOverlap(boxes)).toBe(true);
    const drawn = boxes.filter(Boolean).length;
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(40);
  });

  it('points far apart all get their name right of them', () => {
    const boxes = placeLabels(
      [
        { x: 10, y: 10, width: 20 },
        { x: 200, y: 200, width: 20 },
      ],
      4,
    );
    expect(boxes.map((b) => b && b.x)).toEqual([18, 208]);
  });
});
