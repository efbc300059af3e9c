import { DEFAULT_CONTROL_CODES } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { exportCodeListCsv, importCodeListCsv } from './carlson-csv.js';
import { DEFAULT_CODE_LIST } from './default-list.js';
import { MAX_LISTED_ERRORS } from './import-result.js';

/** A crew's field-to-finish list as a Carlson controller keeps it: no header, Y/N flags, an unquoted comma. */
const CREW_LIST = [
  'EP,Y,Y,EP,EDGE OF PAVEMENT',
  'CL,Y,Y,CL,CENTERLINE',
  'BC,Y,Y,CURB,BACK OF CURB',
  'TOE,Y,Y,SLOPE,TOE OF SLOPE',
  'FN,Y,N,FENCE,FENCE',
  '',
  'BLDG,y,n,BLDG,BUILDING',
  'TR,N,N,TREE,TREE',
  'MH,N,Y,UTIL,MANHOLE, SANITARY',
  'PP,N,N,,POWER POLE',
  '"WV",N,N,WATER,"VALVE ""6"""',
].join('\r\n');

const importCrew = (text: string) => importCodeListCsv(text, { name: 'Crew list' });

describe('a Carlson field-to-finish list as CSV', () => {
  it("imports a crew's list in Carlson's column order", () => {
    const r = importCrew(`\uFEFF${CREW_LIST}\r\n`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.list.name).toBe('Crew list');
    expect(r.list.controlCodes).toEqual(DEFAULT_CONTROL_CODES);
    expect(r.list.codes.map((c) => [c.code, c.kind, c.threeD, c.layer, c.description])).toEqual([
      ['EP', 'line', true, 'EP', 'EDGE OF PAVEMENT'],
      ['CL', 'line', true, 'CL', 'CENTERLINE'],
      ['BC', 'line', true, 'CURB', 'BACK OF CURB'],
      ['TOE', 'line', true, 'SLOPE', 'TOE OF SLOPE'],
      ['FN', 'line', false, 'FENCE', 'FENCE'],
      ['BLDG', 'line', false, 'BLDG', 'BUILDING'],
      ['TR', 'point', false, 'TREE', 'TREE'],
      ['MH', 'point', true, 'UTIL', 'MANHOLE, SANITARY'],
      ['PP', 'point', false, 'PP', 'POWER POLE'],
      ['WV', 'point', false, 'WATER', 'VALVE "6"'],
    ]);
    // Carlson keeps no colours: each code gets its own from a palette, the same on every import
    expect(new Set(r.list.codes.map((c) => c.colour)).size).toBe(10);
    expect(r.list.codes.every((c) => /^#[0-9A-F]{6}$/.test(c.colour) && c.attributes.length === 0)).toBe(true);
  });

  it('names every bad row by its line and imports nothing', () => {
    const broken = [
      'EP,Y,Y,EP,EDGE OF PAVEMENT', // 1
      'E P,Y,Y,EP,SPACE IN CODE', // 2
      'KB,maybe,Y,KB,KERB', // 3
      '', // 4
      'ep,Y,N,EP,AGAIN', // 5
      'WALL,Y,Y,WALL/STONE,WALL', // 6
      'TREE,N', // 7
      'ST,Y,Y,ST,STATION', // 8
      'FH,N,Q,HYD,HYDRANT', // 9
    ].join('\n');
    expect(importCrew(broken)).toEqual({
      ok: false,
      errors: [
        { line: 2, message: 'Code: must not contain spaces (a space separates the codes of one shot)' },
        { line: 3, message: 'Polyline: must be Y or N' },
        { line: 5, message: 'Code: EP is listed twice (see line 1)' },
        { line: 6, message: 'Layer: must not contain < > / \\ " : ; ? * | = , or `' },
        { line: 7, message: 'expected at least Code, Polyline (Y/N) and 3D (Y/N)' },
        { line: 8, message: 'Code: ST is also the start control code' },
        { line: 9, message: '3D: must be Y or N' },
      ],
    });
  });

  it('refuses a file it cannot read as CSV, an empty one and one too long, naming where', () => {
    expect(importCrew('EP,Y,Y,EP,EDGE\nKB,Y,Y,KB,"KERB\n\nCL,Y,Y')).toEqual({ ok: false, errors: [{ line: 2, message: 'a quoted value is not closed' }] });
    expect(importCrew('EP,Y,Y,EP,"EDGE"X\n')).toEqual({ ok: false, errors: [{ line: 1, message: 'text after a closing quote (quotes inside a quoted value are doubled: "")' }] });
    expect(importCrew('\r\n\r\n')).toEqual({ ok: false, errors: [{ line: null, message: 'The file has no codes' }] });
    const many = Array.from({ length: 1001 }, (_, i) => `C${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}X,N,N,L,`).join('\n');
    expect(importCrew(many)).toEqual({ ok: false, errors: [{ line: null, message: 'The file has 1001 codes; a list holds at most 1000' }] });
  });

  it('lists the first hundred bad rows and counts the rest', () => {
    const r = importCrew(Array.from({ length: 150 }, (_, i) => `C${i}X,X,Y,L,`).join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(r.errors[99]).toEqual({ line: 100, message: 'Polyline: must be Y or N' });
    expect(r.errors[100]).toEqual({ line: null, message: 'and 50 more errors' });
  });

  it("exports Carlson's five columns that a Carlson controller loads, and reads them back", () => {
    const csv = exportCodeListCsv(DEFAULT_CODE_LIST);
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['EP,Y,Y,ROAD-EDGE,Edge of pavement', 'CL,Y,Y,ROAD-CENTRELINE,Road centreline']);
    expect(csv).toContain("\r\nWE,Y,Y,WATER,Water's edge\r\n");
    expect(csv).toContain('\r\nTREE,N,Y,VEG-TREE,Tree\r\n');
    const back = importCrew(csv);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    const carlson = (c: (typeof DEFAULT_CODE_LIST.codes)[number]) => [c.code, c.kind === 'point' ? 'point' : 'line', c.threeD, c.layer, c.description];
    expect(back.list.codes.map(carlson)).toEqual(DEFAULT_CODE_LIST.codes.map(carlson));
  });

  it('round-trips kinds and colours through the extended export with its header', () => {
    const csv = exportCodeListCsv(DEFAULT_CODE_LIST, 'extended');
    expect(csv.split('\r\n')[0]).toBe('Code,Polyline,3D,Layer,Description,Kind,Colour');
    expect(csv).toContain('\r\nBLD,Y,N,BUILDING,Building outline,polygon,#DC143C\r\n');
    const back = importCrew(csv);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    expect(back.list.codes).toEqual(DEFAULT_CODE_LIST.codes.map((c) => ({ ...c, attributes: [] })));
  });

  it('reads a header by its column names and says when a kind contradicts Polyline', () => {
    const r = importCrew('code,polyline,kind,layer,color\nPOND,,polygon,WATER,#00f\nX,Y,point,L,#000');
    expect(r).toEqual({ ok: false, errors: [{ line: 3, message: 'Kind: point contradicts Polyline Y' }] });
    const ok = importCrew('Code,Polyline,Kind,Layer,Color\nPOND,,polygon,WATER,#00f');
    expect(ok.ok && ok.list.codes[0]).toEqual({ code: 'POND', description: '', kind: 'polygon', layer: 'WATER', colour: '#0000FF', threeD: true, attributes: [] });
  });
});
