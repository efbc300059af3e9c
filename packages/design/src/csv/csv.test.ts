import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv, previewCsv } from './csv.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const US_FT = 1200 / 3937;

describe('CSV/TXT design points', () => {
  it('reads a PNEZD file as Civil 3D writes it (no header, CRLF, a quoted description, an empty elevation)', () => {
    const r = parseCsv(fixture('civil3d-pnezd.csv'), { columns: 'PNEZD' });
    expect(r.errors).toEqual([]);
    expect(r.points.map((p) => p.name)).toEqual(['1', '2', '3', '4', 'P5']);
    expect(r.points[1]).toEqual({ name: '2', n: 5012.3456, e: 1023.4567, h: 101.234, code: 'EP', layer: '', line: 2 });
    expect(r.points[2]).toMatchObject({ h: null, code: 'EDGE OF PAVEMENT, LEFT', line: 3 });
  });

  it('reads PENZD space-delimited with a description that has spaces, and a header it recognises', () => {
    const text = 'Point Easting Northing Elevation Description\n101 1000.5 5000.25 12.5 TOP OF BANK\n102 1001.5 5001.25 12.75 TREE\n';
    const r = parseCsv(text, { columns: 'PENZD' });
    expect(r.errors).toEqual([]);
    expect(r.points[0]).toMatchObject({ name: '101', e: 1000.5, n: 5000.25, h: 12.5, code: 'TOP OF BANK', line: 2 });
    const preview = previewCsv(text, { columns: 'PENZD' });
    if ('error' in preview) throw new Error(preview.error);
    expect(preview.delimiter).toBe(' ');
    expect(preview.header).toBe(true);
    expect(preview.sniff.suggested).toEqual(['name', 'e', 'n', 'h', 'code']);
  });

  it('reads semicolons with decimal commas, and tabs', () => {
    const semi = parseCsv('Punkt;N;E;H\nA1;5000,125;1000,5;99,9\n', { columns: 'PNEZ' });
    expect(semi.points).toEqual([{ name: 'A1', n: 5000.125, e: 1000.5, h: 99.9, code: '', layer: '', line: 2 }]);
    const tab = parseCsv('7\t5000.1\t1000.2\t10\n', { columns: 'PNEZ' });
    expect(tab.points[0]).toMatchObject({ name: '7', n: 5000.1, e: 1000.2 });
  });

  it('numbers the points of a file with no name column (NEZ, ENZ)', () => {
    const r = parseCsv('5000,1000,10\n5001,1001,11\n', { columns: 'ENZ', existingNames: ['1'] });
    expect(r.points.map((p) => [p.name, p.e, p.n])).toEqual([['2', 5000, 1000], ['3', 5001, 1001]]);
  });

  it('converts international and US survey feet to metres', () => {
    const ft = parseCsv('1,1000,2000,100\n', { columns: 'PNEZ', unit: 'foot' }).points[0]!;
    expect([ft.n, ft.e, ft.h]).toEqual([304.8, 609.6, 30.48]);
    const us = parseCsv('1,1000,2000,100\n', { columns: 'PNEZ', unit: 'US survey foot' }).points[0]!;
    expect(us.n).toBeCloseTo(1000 * US_FT, 10);
    expect(us.e).toBeCloseTo(2000 * US_FT, 10);
    // the two feet differ by 2 ppm: 4.0 mm at 2000 ft
    expect((us.e - ft.e) * 1000).toBeCloseTo(1.2192, 3);
  });

  it('names every bad row by its line and what is wrong, and reports a name used twice', () => {
    const text = [
      '1,5000,1000,10,CP', //            1 ok
      '2,50x0,1000,10,CP', //            2 bad northing
      '', //                             3 blank (skipped)
      '3,5000', //                       4 too few fields
      ',5000,1000,10', //                5 no name
      '1,5001,1001,11', //               6 name of line 1 again
      '4,5002,,12', //                   7 empty easting
      '5,"5003,1003,13', //              8 quote never closed
      '6,1e400,1003,13', //              9 not finite
    ].join('\n');
    const r = parseCsv(text, { columns: 'PNEZD' });
    expect(r.points.map((p) => p.name)).toEqual(['1']);
    expect(r.errors).toEqual([
      { line: 2, message: 'the northing "50x0" is not a number' },
      { line: 4, message: '2 fields, the columns need at least 3 (name, northing, easting)' },
      { line: 5, message: 'the name is empty' },
      { line: 6, message: 'the point name "1" is already used on line 1' },
      { line: 7, message: 'the easting is empty' },
      { line: 8, message: 'a quote is opened and not closed' },
      { line: 9, message: 'the northing "1e400" is not a number' },
    ]);
  });

  it('reports a name the project already has', () => {
    const r = parseCsv('CP1,1,2,3\n', { columns: 'PNEZ', existingNames: ['CP1'] });
    expect(r.points).toEqual([]);
    expect(r.errors).toEqual([{ line: 1, message: 'the point name "CP1" is already a design point of the project' }]);
  });

  it('refuses a bad mapping, and WGS 84 rows without a converter, as a whole', () => {
    expect(parseCsv('1,2,3', { columns: ['name', 'n', 'n'] }).errors[0]).toEqual({ line: null, message: 'the northing column is given twice (columns 2 and 3)' });
    expect(parseCsv('1,2,3', { columns: ['name', 'n', 'lon'] }).errors[0]!.message).toMatch(/mix grid/);
    expect(parseCsv('1,48.1,2.3,40', { columns: 'name-lat-lon-h' }).errors[0]!.message).toMatch(/project coordinate system/);
  });

  it('checks latitude and longitude ranges and passes converter failures on per row', () => {
    const toGrid = (lat: number, lon: number) => {
      if (lon > 10) throw new Error('outside the grid');
      return { e: lon * 1000, n: lat * 1000, h: null };
    };
    const r = parseCsv('A,95,2,1\nB,45,20,1\nC,45,5,1\n', { columns: 'name-lat-lon-h', toGrid });
    expect(r.points.map((p) => p.name)).toEqual(['C']);
    expect(r.errors).toEqual([
      { line: 1, message: 'the latitude 95 is outside -90..90' },
      { line: 2, message: "45, 20 cannot be converted to the project's grid: outside the grid" },
    ]);
  });

  it('previews the first rows read with the mapping', () => {
    const text = Array.from({ length: 50 }, (_, i) => `${i + 1},${5000 + i},${1000 + i},10`).join('\n');
    const p = previewCsv(text, { columns: 'PNEZ' }, 5);
    if ('error' in p) throw new Error(p.error);
    expect(p.rows).toHaveLength(5);
    expect(p.rows[4]).toEqual({ line: 5, fields: ['5', '5004', '1004', '10'] });
    expect(p.result.points).toHaveLength(5);
    expect(p.delimiter).toBe(',');
    expect(p.header).toBe(false);
  });
});
