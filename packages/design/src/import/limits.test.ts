import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv/csv.js';
import { parseDxf } from '../dxf/dxf.js';
import { parseGeoJson } from '../geojson/geojson.js';
import { parseLandXml } from '../landxml/landxml.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './limits.js';

const rowsMessage = 'The file has more than 100,000 rows: the limit is 100,000 per import. Split it into smaller files.';
const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join('\n');

describe('the import limits: 20 MB and 100,000 rows', () => {
  it('refuses a file over 20 MB, text or bytes, before reading it', () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x41);
    for (const parse of [parseDxf, parseLandXml, parseGeoJson] as const) {
      expect(parse(big)).toEqual({ points: [], lines: [], errors: [{ line: null, message: 'The file is 20.0 MB: the limit is 20 MB per import. Split it into smaller files.' }], warnings: [] });
    }
    // 7,000,000 three-byte characters: a string of 7 million characters, 21 MB of UTF-8 (20.0 MiB)
    const wide = '€'.repeat(7_000_000);
    expect(parseCsv(wide, { columns: 'PNEZ' })).toEqual({ points: [], lines: [], errors: [{ line: null, message: 'The file is 20.0 MB: the limit is 20 MB per import. Split it into smaller files.' }], warnings: [] });
    // 6,990,000 of them (20.97 MB) is under 20 MiB, and so is read
    const under = parseCsv(`${'€'.repeat(6_990_000)}\n1,2,3,4`, { columns: 'PNEZ' });
    expect(under.errors.map((e) => e.message)).toEqual([]);
    expect(under.points).toHaveLength(1);
  });

  it('takes exactly 100,000 CSV rows and refuses 100,001 without reading the rows (a bad last row is not reported)', () => {
    const ok = parseCsv(rows(MAX_IMPORT_ROWS, (i) => `${i},${5000 + i / 1000},${1000 + i / 1000},10`), { columns: 'PNEZ' });
    expect(ok.errors).toEqual([]);
    expect(ok.points).toHaveLength(MAX_IMPORT_ROWS);
    const over = parseCsv(rows(MAX_IMPORT_ROWS, (i) => `${i},1,2,3`) + '\nbad,row', { columns: 'PNEZ' });
    expect(over).toEqual({ points: [], lines: [], errors: [{ line: null, message: rowsMessage }], warnings: [] });
  });

  it('refuses 100,001 points or vertices in LandXML, DXF and GeoJSON, importing nothing', () => {
    const n = MAX_IMPORT_ROWS + 1;
    const xml = `<LandXML version="1.2"><Units><Metric linearUnit="meter"/></Units><CgPoints>\n${rows(n, (i) => `<CgPoint name="${i}">1 2 3</CgPoint>`)}\n</CgPoints></LandXML>`;
    const x = parseLandXml(xml);
    expect(x.points).toEqual([]);
    expect(x.errors).toEqual([{ line: 100_002, message: rowsMessage }]);
    const dxf = `0\nSECTION\n2\nENTITIES\n${rows(n, (i) => `0\nPOINT\n8\n0\n10\n${i}\n20\n1\n30\n0`)}\n0\nENDSEC\n0\nEOF\n`;
    const d = parseDxf(dxf, { unit: 'metre' });
    expect(d.points).toEqual([]);
    expect(d.errors).toEqual([{ line: 5 + 10 * MAX_IMPORT_ROWS, message: rowsMessage }]);
    const line = { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: Array.from({ length: n }, (_, i) => [i, 0]) } };
    const g = parseGeoJson(JSON.stringify({ type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:32631' } }, features: [line] }), { projectEpsg: 32631 });
    expect(g).toEqual({ points: [], lines: [], errors: [{ line: 1, message: rowsMessage }], warnings: [] });
  });
});
