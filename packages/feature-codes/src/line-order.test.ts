import { describe, expect, it } from 'vitest';
import { buildLinework } from './linework.js';
import { inLineOrder, lineName, lineSequence, movedOnLine } from './line-order.js';
import { ids, LIST, shot } from './testing/fixtures.js';

const orders = (o: Record<string, string[]>) => new Map(Object.entries(o));

describe('a line drawn in an order of its own', () => {
  it('takes the named points in the order given, then the points measured since, each vertex at its point', () => {
    const shots = [shot('p0', 'FE', 0, 0), shot('p1', 'FE', 20, 0), shot('p2', 'FE', 10, 0), shot('p3', 'FE', 30, 0), shot('p4', 'FE', 40, 0)];
    expect(ids(buildLinework(shots, LIST).lines)).toEqual([['p0', 'p1', 'p2', 'p3', 'p4']]);
    const { lines, problems } = buildLinework(shots, LIST, orders({ FE: ['p0', 'p2', 'p1', 'p3'] }));
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.key).toBe('p0/FE');
    expect(lines[0]!.vertices).toEqual([
      { pointId: 'p0', e: 0, n: 0, h: 10, bulge: 0 },
      { pointId: 'p2', e: 10, n: 0, h: 10, bulge: 0 },
      { pointId: 'p1', e: 20, n: 0, h: 10, bulge: 0 },
      { pointId: 'p3', e: 30, n: 0, h: 10, bulge: 0 },
      { pointId: 'p4', e: 40, n: 0, h: 10, bulge: 0 },
    ]);
  });

  it('leaves the other lines and strings in measured order and passes over points no longer on the line', () => {
    const shots = [shot('a', 'EP1', 0, 0), shot('b', 'EP2 FE', 0, 10), shot('c', 'EP1', 5, 0), shot('d', 'EP2 FE', 5, 10), shot('e', 'EP1', 10, 0)];
    const { lines } = buildLinework(shots, LIST, orders({ EP1: ['gone', 'e', 'c', 'a'], EP3: ['b'] }));
    expect(lines.map((l) => l.code + l.string)).toEqual(['EP2', 'FE', 'EP1']);
    expect(ids(lines)).toEqual([
      ['b', 'd'],
      ['b', 'd'],
      ['e', 'c', 'a'],
    ]);
  });

  it('draws the arc its control codes ask for through the points in their new order', () => {
    // measured out of order: the arc's end code was typed on the far point, the middle shot came last
    const shots = [shot('A', 'KB PC', -10, 0), shot('C', 'KB PT', 10, 0), shot('B', 'KB', 0, 10)];
    const measured = buildLinework(shots, LIST);
    expect(ids(measured.lines)).toEqual([['A', 'C', 'B']]);
    expect(measured.problems.map((p) => p.message)).toEqual(['KB: an arc needs a point between "PC" and "PT"']);
    const { lines, problems } = buildLinework(shots, LIST, orders({ KB: ['A', 'B', 'C'] }));
    expect(problems).toEqual([]);
    expect(ids(lines)).toEqual([['A', 'B', 'C']]);
    // a clockwise quarter circle of radius 10 about (0, 0) on each segment: bulge -tan(90/4 degrees)
    const bulges = lines[0]!.vertices.map((v) => v.bulge);
    expect(bulges[0]).toBeCloseTo(-0.41421356, 8);
    expect(bulges[1]).toBeCloseTo(-0.41421356, 8);
    expect(bulges[2]).toBe(0);
  });

  it('keeps start, end and close at their places in the line: the first point starts it, the last closes it', () => {
    const shots = [shot('1', 'KB ST', 0, 0), shot('2', 'KB', 10, 0), shot('3', 'KB', 10, 10), shot('4', 'KB CLO', 0, 10)];
    const closed = buildLinework(shots, LIST, orders({ KB: ['2', '1', '4', '3'] }));
    expect(closed.problems).toEqual([]);
    expect(ids(closed.lines)).toEqual([['2', '1', '4', '3']]);
    expect(closed.lines[0]!.closed).toBe(true);
    // a break stays after the same number of points: a point moved across it changes figure
    const fence = ['FE ST', 'FE', 'FE END', 'FE ST', 'FE'].map((c, i) => shot(`p${i}`, c, i, 0));
    const { lines, problems } = buildLinework(fence, LIST, orders({ FE: ['p0', 'p3', 'p2', 'p1', 'p4'] }));
    expect(problems).toEqual([]);
    expect(ids(lines)).toEqual([
      ['p0', 'p3', 'p2'],
      ['p1', 'p4'],
    ]);
  });
});

describe('moving a point along its line', () => {
  const shots = [shot('a', 'FE', 0, 0), shot('b', 'FE EP1', 1, 0), shot('c', 'EP1', 2, 0), shot('d', 'fe', 3, 0)];

  it('names lines as the order keeps them', () => {
    expect(lineName('ep01', LIST)).toBe('EP1');
    expect(lineName('fe', LIST)).toBe('FE');
    expect(lineName('TREE', LIST)).toBeNull();
    expect(lineName('FE ST', LIST)).toBeNull();
    expect(lineName('NOPE', LIST)).toBeNull();
  });

  it("lists a line's points in drawing order and swaps a point with its neighbour", () => {
    const fe = lineSequence(shots, LIST, 'FE', undefined);
    expect(fe.map((s) => s.id)).toEqual(['a', 'b', 'd']);
    expect(movedOnLine(fe, 'd', 'earlier', 'FE')).toEqual({ ok: true, order: ['a', 'd', 'b'] });
    expect(movedOnLine(fe, 'a', 'later', 'FE')).toEqual({ ok: true, order: ['b', 'a', 'd'] });
    const moved = lineSequence(shots, LIST, 'FE', ['d', 'a']);
    expect(moved.map((s) => s.id)).toEqual(['d', 'a', 'b']);
  });

  it('names why a point cannot move', () => {
    const fe = lineSequence(shots, LIST, 'FE', undefined);
    expect(movedOnLine(fe, 'a', 'earlier', 'FE')).toEqual({ ok: false, error: 'a is already the first point of FE' });
    expect(movedOnLine(fe, 'd', 'later', 'FE')).toEqual({ ok: false, error: 'd is already the last point of FE' });
    expect(movedOnLine(fe, 'c', 'later', 'FE')).toEqual({ ok: false, error: 'The point is not on FE' });
  });

  it('keeps items without a rank in the order they came', () => {
    expect(inLineOrder(['x', 'y', 'z', 'w'], (s) => s, ['z', 'x'])).toEqual(['z', 'x', 'y', 'w']);
    expect(inLineOrder(['x', 'y'], (s) => s, [])).toEqual(['x', 'y']);
  });
});
