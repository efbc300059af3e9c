import { describe, expect, it } from 'vitest';
import { parseDxf } from './dxf.js';

const dxf = (entities: string[]) => ['0', 'SECTION', '2', 'HEADER', '9', '$INSUNITS', '70', '6', '0', 'ENDSEC', '0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
const point = (x: string, y: string, z = '0') => ['0', 'POINT', '8', 'PTS', '10', x, '20', y, '30', z];
const text = (t: string, x: string, y: string) => ['0', 'TEXT', '8', 'TXT', '10', x, '20', y, '40', '0.5', '1', t];

describe('broken DXF files: each error named by its line', () => {
  it('a group code that is not a number stops the file: nothing is imported', () => {
    const lines = dxf([...point('1', '2'), ...point('3', '4')]).split('\n');
    lines[24] = 'ten';
    expect(parseDxf(lines.join('\n'))).toEqual({
      points: [], lines: [],
      errors: [{ line: 25, message: 'the group code "ten" is not a number: this is not an ASCII DXF or it is damaged' }],
      warnings: [],
    });
  });

  it('a binary DXF is refused as not ASCII', () => {
    const r = parseDxf(new Uint8Array([...new TextEncoder().encode('AutoCAD Binary DXF\r\n'), 0x1a, 0, 1, 2, 3]));
    expect(r.points).toEqual([]);
    expect(r.errors[0]).toMatchObject({ line: 1, message: expect.stringMatching(/not an ASCII DXF/) });
  });

  it('a coordinate that is not a number is an error on its own line; the other entities are read', () => {
    // line 15 is "0" of the first POINT; its x value ("12,5") is on line 20
    const r = parseDxf(dxf([...point('12,5', '2'), ...text('A', '12.6', '2'), ...point('20', '30', '1.5')]));
    expect(r.errors).toEqual([{ line: 20, message: 'POINT: group 10 "12,5" is not a number' }]);
    expect(r.points).toEqual([{ name: 'P1', e: 20, n: 30, h: 1.5, code: '', layer: 'PTS', line: 37 }]);
  });

  it('a file cut short inside a group, or without its EOF', () => {
    const cut = dxf(point('1', '2')).split('\n').slice(0, 21).join('\n');
    expect(parseDxf(cut).errors).toEqual([{ line: 21, message: 'the file ends after group code 20, without its value' }]);
    const noEof = dxf(point('1', '2')).replace(/0\nEOF\n$/, '');
    expect(parseDxf(noEof).errors).toEqual([{ line: null, message: 'the file has no EOF: it may have been cut short' }]);
  });

  it('a polyline with one vertex, and two points labelled alike', () => {
    const lw = ['0', 'LWPOLYLINE', '8', 'KERB', '90', '1', '70', '0', '10', '5', '20', '5'];
    const r = parseDxf(dxf([...lw, ...point('100', '100'), ...text('CP1', '100.2', '100'), ...point('200', '200'), ...text('CP1', '200.2', '200')]));
    expect(r.errors).toEqual([
      { line: 15, message: 'a polyline on layer "KERB" has 1 vertex: a line needs 2 or more' },
      { line: 49, message: 'the point name "CP1" is already used on line 27' },
    ]);
    expect(r.points.map((p) => p.name)).toEqual(['CP1']);
  });
});
