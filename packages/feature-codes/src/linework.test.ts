import { describe, expect, it } from 'vitest';
import { buildLinework } from './linework.js';
import { ids, LIST, shot } from './testing/fixtures.js';

describe('linework from control codes', () => {
  it('joins the shots of a line code in measured order, each vertex at its point with the code layer and colour', () => {
    const { lines, problems } = buildLinework([shot('1', 'EP', 100, 200, 5.1), shot('2', 'EP', 110, 200, 5.2), shot('3', 'EP', 120, 205, 5.3)], LIST);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      {
        key: '1/EP',
        code: 'EP',
        string: '',
        kind: 'line',
        layer: 'ROAD-EDGE',
        colour: '#FF8C00',
        threeD: true,
        closed: false,
        join: false,
        vertices: [
          { pointId: '1', e: 100, n: 200, h: 5.1, bulge: 0 },
          { pointId: '2', e: 110, n: 200, h: 5.2, bulge: 0 },
          { pointId: '3', e: 120, n: 205, h: 5.3, bulge: 0 },
        ],
      },
    ]);
  });

  it('keeps parallel strings apart by their number (EP1, EP2; EP01 is EP1)', () => {
    const shots = [shot('a', 'EP1', 0, 0), shot('b', 'EP2', 0, 10), shot('c', 'ep01', 5, 0), shot('d', 'EP2', 5, 10), shot('e', 'EP1', 10, 0), shot('f', 'EP', 20, 20)];
    const { lines } = buildLinework(shots, LIST);
    expect(lines.map((l) => [l.code, l.string])).toEqual([
      ['EP', '1'],
      ['EP', '2'],
    ]);
    expect(ids(lines)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
  });

  it('starts a new line on the start code and ends one on the end code', () => {
    const shots = ['FE ST', 'FE', 'FE END', 'FE', 'FE', 'FE ST', 'FE'].map((c, i) => shot(`p${i}`, c, i, 0));
    const { lines, problems } = buildLinework(shots, LIST);
    expect(problems).toEqual([]);
    expect(ids(lines)).toEqual([
      ['p0', 'p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ]);
    expect(lines.every((l) => !l.closed && l.layer === 'FENCE' && !l.threeD)).toBe(true);
  });

  it('closes a line on the close code without repeating its first vertex', () => {
    const shots = [shot('1', 'KB ST', 0, 0), shot('2', 'KB', 10, 0), shot('3', 'KB', 10, 10), shot('4', 'KB CLO', 0, 10), shot('5', 'KB', 50, 50)];
    const { lines } = buildLinework(shots, LIST);
    expect(ids(lines)).toEqual([['1', '2', '3', '4']]);
    expect(lines[0]!.closed).toBe(true);
    expect(lines[0]!.kind).toBe('line');
  });

  it('closes a polygon code when it ends, and shows it closed while it is still being measured', () => {
    const corners = [shot('1', 'BLD', 0, 0), shot('2', 'BLD', 12, 0), shot('3', 'BLD', 12, 8), shot('4', 'BLD END', 0, 8)];
    const ended = buildLinework(corners, LIST).lines;
    expect(ended.map((l) => [l.kind, l.closed, l.vertices.length])).toEqual([['polygon', true, 4]]);
    const growing = buildLinework(corners.slice(0, 3).map((s) => ({ ...s, code: 'BLD' })), LIST).lines;
    expect(growing.map((l) => [l.closed, l.vertices.length])).toEqual([[true, 3]]);
  });

  it('says when a closed figure has fewer than three points, and leaves it open', () => {
    const { lines, problems } = buildLinework([shot('1', 'BLD', 0, 0), shot('2', 'BLD END', 5, 0), shot('3', 'KB END', 1, 1)], LIST);
    expect(lines.map((l) => [l.closed, l.vertices.length])).toEqual([[false, 2]]);
    expect(problems).toEqual([
      { pointId: '2', pointName: '2', message: 'BLD has 2 points: a closed figure needs 3' },
      { pointId: '3', pointName: '3', message: 'KB: "END" but no KB line is open' },
    ]);
  });

  it('puts a shot with several codes on each of their lines', () => {
    const shots = [shot('1', 'KB1 FE1', 0, 0), shot('2', 'KB1', 5, 0), shot('3', 'FE1 KB1', 10, 0), shot('4', 'FE1', 10, 5)];
    const { lines } = buildLinework(shots, LIST);
    expect(lines.map((l) => l.code + l.string)).toEqual(['KB1', 'FE1']);
    expect(ids(lines)).toEqual([
      ['1', '2', '3'],
      ['1', '3', '4'],
    ]);
  });

  it('draws no line for point codes and uncoded shots', () => {
    const { lines, problems } = buildLinework([shot('1', 'TREE', 0, 0), shot('2', '', 1, 1), shot('3', 'TREE', 2, 2), shot('4', 'EP', 3, 3)], LIST);
    expect(lines).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('joins a shot to a named point, as a two-vertex line of its code, attached or after the join code', () => {
    const shots = [shot('cp', '', 50, 50, 3), shot('f1', 'FE', 0, 0), shot('f2', 'FE JPN cp', 10, 0), shot('f3', 'FE JPNcp', 20, 0)];
    const { lines, problems } = buildLinework(shots, LIST);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.key, l.join, l.closed])).toEqual([
      ['f1/FE', false, false],
      ['f2>cp/FE', true, false],
      ['f3>cp/FE', true, false],
    ]);
    expect(ids(lines)).toEqual([['f1', 'f2', 'f3'], ['f2', 'cp'], ['f3', 'cp']]);
    expect(lines[1]!.vertices[1]).toEqual({ pointId: 'cp', e: 50, n: 50, h: 3, bulge: 0 });
  });

  it('joins to the latest point of that name measured before, else the first after', () => {
    const shots = [shot('a', '', 0, 0), { ...shot('b', 'FE JPN X', 1, 0) }, { ...shot('c', '', 2, 0), name: 'X' }, { ...shot('d', '', 3, 0), name: 'X' }, shot('e', 'KB JPN X', 4, 0)];
    const { lines } = buildLinework(shots, LIST);
    expect(lines.filter((l) => l.join).map((l) => l.key)).toEqual(['b>c/FE', 'e>d/KB']);
  });

  it('names a join to a missing point or to itself and builds the rest', () => {
    const { lines, problems } = buildLinework([shot('1', 'FE', 0, 0), shot('2', 'FE JPN 9', 1, 0), shot('3', 'FE JPN 3', 2, 0)], LIST);
    expect(ids(lines)).toEqual([['1', '2', '3']]);
    expect(problems.map((p) => p.message)).toEqual(['FE: no point named "9" to join', 'FE cannot join its own point "3"']);
  });

  it('skips a shot whose code string cannot be read and says why', () => {
    const { lines, problems } = buildLinework([shot('1', 'EP', 0, 0), shot('2', 'EP XX', 1, 0), shot('3', 'EP', 2, 0)], LIST);
    expect(ids(lines)).toEqual([['1', '3']]);
    expect(problems).toEqual([{ pointId: '2', pointName: '2', message: 'Unknown code "XX"' }]);
  });

  it('rebuilds after a recode, a rename and a delete by being called again', () => {
    const shots = [shot('1', 'FE', 0, 0), shot('2', 'FE', 1, 0), shot('3', 'FE', 2, 0), shot('4', 'FE JPN CP1', 3, 0), { ...shot('5', '', 9, 9), name: 'CP1' }];
    expect(ids(buildLinework(shots, LIST).lines)).toEqual([['1', '2', '3', '4'], ['4', '5']]);
    const recoded = shots.map((s) => (s.id === '2' ? { ...s, code: 'KB' } : s));
    expect(ids(buildLinework(recoded, LIST).lines)).toEqual([['1', '3', '4'], ['4', '5']]);
    const renamed = shots.map((s) => (s.id === '5' ? { ...s, name: 'CP2' } : s));
    expect(buildLinework(renamed, LIST).problems.map((p) => p.message)).toEqual(['FE: no point named "CP1" to join']);
    const deleted = shots.filter((s) => s.id !== '3');
    expect(ids(buildLinework(deleted, LIST).lines)).toEqual([['1', '2', '4'], ['4', '5']]);
  });

  it('keeps a line whose first shot stays the same under the same key', () => {
    const shots = [shot('1', 'EP', 0, 0), shot('2', 'EP', 1, 0)];
    const grown = [...shots, shot('3', 'EP', 2, 0)];
    expect(buildLinework(shots, LIST).lines[0]!.key).toBe(buildLinework(grown, LIST).lines[0]!.key);
  });

  it('builds nothing from no shots', () => {
    expect(buildLinework([], LIST)).toEqual({ lines: [], problems: [] });
  });
});
