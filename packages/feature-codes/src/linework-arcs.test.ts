import { describe, expect, it } from 'vitest';
import { bulgeOnCircle } from './arcs.js';
import { buildLinework } from './linework.js';
import { LIST, shot } from './testing/fixtures.js';

// Bulges worked out by hand: tan(θ/4) for an arc of θ degrees, + counter-clockwise.
const QUARTER = Math.SQRT2 - 1; // tan 22.5°
const SIXTH = 2 - Math.sqrt(3); // tan 15°: a 60° arc
const THREE_QUARTERS = Math.SQRT2 + 1; // tan 67.5°
const H = Math.SQRT1_2 * 10; // 10 cos 45°
// Bulges are compared to 1e-10: UTM-sized inputs carry 1e-9 m themselves, which on a 10 m chord is 1 nm of arc.

/** Points on the circle of radius 10 about (E 500000, N 7000000), a real UTM size, at the given degrees. */
const on = (id: string, code: string, degrees: number) => {
  const exact: Record<number, [number, number]> = { 0: [10, 0], 45: [H, H], 60: [5, 5 * Math.sqrt(3)], 90: [0, 10], 120: [-5, 5 * Math.sqrt(3)], 135: [-H, H], 180: [-10, 0], 270: [0, -10], 315: [H, -H] };
  const [de, dn] = exact[degrees]!;
  return shot(id, code, 500_000 + de, 7_000_000 + dn);
};
const bulges = (codes: string[], degrees: number[]) => {
  const { lines, problems } = buildLinework(codes.map((c, i) => on(`p${i}`, c, degrees[i]!)), LIST);
  expect(problems).toEqual([]);
  return lines[0]!.vertices.map((v) => v.bulge);
};

describe('the bulge of an arc on three points', () => {
  it('is 1 for a semicircle, tan 22.5° for a quarter and tan 67.5° for three quarters, negative clockwise', () => {
    expect(bulgeOnCircle(10, 0, -10, 0, 0, -10)).toBeCloseTo(1, 14);
    expect(bulgeOnCircle(10, 0, 0, 10, -10, 0)).toBeCloseTo(QUARTER, 14);
    expect(bulgeOnCircle(10, 0, 0, -10, H, -H)).toBeCloseTo(THREE_QUARTERS, 13);
    expect(bulgeOnCircle(0, 10, 10, 0, -10, 0)).toBeCloseTo(-QUARTER, 14);
  });

  it('is 0 on a straight line or when points coincide, and the same at UTM coordinates', () => {
    expect(bulgeOnCircle(0, 0, 5, 5, 10, 10)).toBe(0);
    expect(bulgeOnCircle(0, 0, 10, 10, 5, 5)).toBe(0);
    expect(bulgeOnCircle(1, 1, 1, 1, 3, 4)).toBe(0);
    expect(bulgeOnCircle(500_010, 7_000_000, 500_000, 7_000_010, 499_990, 7_000_000)).toBeCloseTo(QUARTER, 9);
  });
});

describe('arcs from control codes', () => {
  it('puts the bulge on the vertex that starts each arc segment: a three-point semicircle is two quarter arcs', () => {
    expect(bulges(['EP PC', 'EP', 'EP PT', 'EP'], [0, 90, 180, 270]).map((b) => b.toFixed(10))).toEqual([QUARTER, QUARTER, 0, 0].map((b) => b.toFixed(10)));
  });

  it('gives unequal pieces their own bulges: 0°, 180°, 270° is a semicircle then a quarter', () => {
    const b = bulges(['KB PC', 'KB', 'KB PT'], [0, 180, 270]);
    expect(b[0]).toBeCloseTo(1, 10);
    expect(b[1]).toBeCloseTo(QUARTER, 10);
    expect(b[2]).toBe(0);
  });

  it('turns clockwise arcs into negative bulges', () => {
    const b = bulges(['EP PC', 'EP', 'EP PT'], [180, 90, 0]);
    expect(b[0]).toBeCloseTo(-QUARTER, 10);
    expect(b[1]).toBeCloseTo(-QUARTER, 10);
  });

  it('takes longer arcs in threes sharing their ends; an odd last piece uses the point before it', () => {
    const four = bulges(['EP PC', 'EP', 'EP', 'EP PT'], [0, 60, 120, 180]);
    four.slice(0, 3).forEach((b) => expect(b).toBeCloseTo(SIXTH, 10));
    const five = bulges(['EP PC', 'EP', 'EP', 'EP', 'EP PT'], [0, 45, 90, 135, 180]);
    five.slice(0, 4).forEach((b) => expect(b).toBeCloseTo(Math.tan(Math.PI / 16), 10));
    // p0 p1 p2 on the circle about (0, 0); p1 p2 p3 on the circle of radius 10 about (-10, 10), turning clockwise
    const s = buildLinework([shot('0', 'EP PC', 10, 0), shot('1', 'EP', 0, 10), shot('2', 'EP', -10, 0), shot('3', 'EP PT', -20, 10)], LIST);
    const sb = s.lines[0]!.vertices.map((v) => v.bulge);
    expect(sb[0]).toBeCloseTo(QUARTER, 10);
    expect(sb[1]).toBeCloseTo(QUARTER, 10);
    expect(sb[2]).toBeCloseTo(-QUARTER, 10);
    expect(sb[3]).toBe(0);
  });

  it('ends one arc and starts the next on one shot (a compound curve), and ends an open arc with its line', () => {
    const compound = bulges(['EP PC', 'EP', 'EP PT PC', 'EP', 'EP PT'], [0, 90, 180, 270, 0]);
    compound.slice(0, 4).forEach((b) => expect(b).toBeCloseTo(QUARTER, 10));
    const open = bulges(['FE PC', 'FE', 'FE END'], [0, 90, 180]);
    expect(open[0]).toBeCloseTo(QUARTER, 10);
    expect(open[1]).toBeCloseTo(QUARTER, 10);
  });

  it('draws an arc of two points straight and says so; an arc end with no arc is named', () => {
    const { lines, problems } = buildLinework([shot('1', 'EP PC', 0, 0), shot('2', 'EP PT', 10, 0), shot('3', 'EP PT', 20, 5)], LIST);
    expect(lines[0]!.vertices.map((v) => v.bulge)).toEqual([0, 0, 0]);
    expect(problems.map((p) => [p.pointId, p.message])).toEqual([
      ['2', 'EP: an arc needs a point between "PC" and "PT"'],
      ['3', 'EP: "PT" but no arc is open'],
    ]);
  });

  it('keeps the closing segment of a closed figure straight', () => {
    const { lines } = buildLinework([on('a', 'BLD PC', 0), on('b', 'BLD', 90), on('c', 'BLD PT', 180), on('d', 'BLD CLO', 270)], LIST);
    expect(lines[0]!.closed).toBe(true);
    expect(lines[0]!.vertices.map((v) => Number(v.bulge.toFixed(10)))).toEqual([QUARTER, QUARTER, 0, 0].map((b) => Number(b.toFixed(10))));
  });
});
