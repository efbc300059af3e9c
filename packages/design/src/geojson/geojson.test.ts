import { describe, expect, it } from 'vitest';
import { cs2cs, toGridOf } from '../../test/proj.js';
import { parseGeoJson } from './geojson.js';

const toGrid = toGridOf(32631);

/** one feature a line: feature k (from 0) starts on line k + 2 */
const collection = (features: unknown[], extra: object = {}) =>
  `${JSON.stringify({ type: 'FeatureCollection', ...extra }).slice(0, -1)},"features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}`;
const feature = (geometry: unknown, properties: object = {}) => ({ type: 'Feature', properties, geometry });

describe('GeoJSON design data', () => {
  it('reads WGS 84 points and lines (longitude first, RFC 7946) into the grid cs2cs gives, within 1 mm', () => {
    const text = collection([
      feature({ type: 'Point', coordinates: [2.3522, 48.8566, 81.3] }, { name: 'T1', code: 'TREE' }),
      feature({ type: 'LineString', coordinates: [[2.35, 48.85, 80], [2.351, 48.851, 80.5], [2.352, 48.8505]] }, { name: 'Fence', layer: 'FENCES' }),
      feature({ type: 'MultiLineString', coordinates: [[[2.36, 48.86], [2.361, 48.86]], [[2.37, 48.87], [2.371, 48.87]]] }, { name: 'Ditch' }),
      feature({ type: 'Polygon', coordinates: [[[2.34, 48.84], [2.341, 48.84], [2.341, 48.841], [2.34, 48.84]]] }, { name: 'Pad' }),
    ]);
    const r = parseGeoJson(text, { toGrid });
    expect(r.errors).toEqual([]);
    const ref = cs2cs(32631, [[48.8566, 2.3522], [48.85, 2.35], [48.851, 2.351], [48.8505, 2.352]]);
    const got = [r.points[0]!, ...r.lines[0]!.vertices];
    got.forEach((p, i) => {
      expect(Math.abs(p.e - ref[i]![0])).toBeLessThan(0.001);
      expect(Math.abs(p.n - ref[i]![1])).toBeLessThan(0.001);
    });
    expect(r.points[0]).toMatchObject({ name: 'T1', code: 'TREE', h: 81.3, line: 2 });
    expect(r.lines.map((l) => [l.name, l.layer, l.closed, l.vertices.length, l.vertices.map((v) => v.h)])).toEqual([
      ['Fence', 'FENCES', false, 3, [80, 80.5, null]],
      ['Ditch-1', '', false, 2, [null, null]],
      ['Ditch-2', '', false, 2, [null, null]],
      ['Pad', '', true, 3, [null, null, null]],
    ]);
  });

  it("reads grid coordinates when the crs member names the project's EPSG code, in its unit", () => {
    const crs = { crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2236' } } };
    const r = parseGeoJson(collection([feature({ type: 'Point', coordinates: [818977.689, 969493.979, 10] }, { name: 'A' })], crs), { projectEpsg: 2236, projectUnit: 'US survey foot' });
    expect(r.points[0]!.e).toBeCloseTo(818977.689 * (1200 / 3937), 9);
    expect(r.points[0]!.h).toBeCloseTo(10 * (1200 / 3937), 9);
  });

  it('refuses a crs that is not the project\'s, WGS 84 without a converter, and invalid JSON with its line', () => {
    const crs = { crs: { type: 'name', properties: { name: 'EPSG:2154' } } };
    expect(parseGeoJson(collection([], crs), { projectEpsg: 32631 }).errors).toEqual([
      { line: 1, message: "the file's coordinates are in EPSG:2154, the project's in EPSG:32631: convert the file to the project's system or to WGS 84" },
    ]);
    expect(parseGeoJson(collection([], { crs: { type: 'link', properties: { href: 'x' } } })).errors[0]!.message).toMatch(/only a named EPSG system/);
    expect(parseGeoJson(collection([])).errors[0]!.message).toMatch(/need the project coordinate system/);
    const broken = '{\n "type": "FeatureCollection",\n "features": [\n  {"type": "Feature",, }\n ]\n}';
    const r = parseGeoJson(broken, { toGrid });
    expect(r.points).toEqual([]);
    expect(r.errors[0]!.line).toBe(4);
    expect(r.errors[0]!.message).toMatch(/^the file is not valid JSON: /);
    expect(parseGeoJson('{"a": 1}', { toGrid }).errors).toEqual([{ line: 1, message: 'the file is JSON but not GeoJSON: it has no "type"' }]);
  });

  it('names each bad feature by the line it starts on; a name used twice is reported', () => {
    const text = collection([
      feature({ type: 'Point', coordinates: [2.35, 48.85] }, { name: 'A' }),
      feature({ type: 'Point', coordinates: [48.85, 200] }, { name: 'B' }),
      feature({ type: 'Point', coordinates: ['2.35', 48.85] }, { name: 'C' }),
      feature({ type: 'LineString', coordinates: [[2.35, 48.85]] }, { name: 'D' }),
      feature({ type: 'Point', coordinates: [2.36, 48.86] }, { name: 'A' }),
      feature({ type: 'Polygon', coordinates: [[[2.34, 48.84], [2.341, 48.84], [2.341, 48.841], [2.342, 48.842]]] }, { name: 'E' }),
      feature(null, { name: 'F' }),
    ]);
    const r = parseGeoJson(text, { toGrid });
    expect(r.points.map((p) => p.name)).toEqual(['A']);
    expect(r.errors).toEqual([
      { line: 3, message: 'Point "B": longitude 48.85, latitude 200 is out of range (GeoJSON is longitude first)' },
      { line: 4, message: 'Point "C": ["2.35",48.85] is not a position [x, y] or [x, y, z]' },
      { line: 5, message: 'LineString "D": a line needs 2 positions or more' },
      { line: 6, message: 'the point name "A" is already used on line 2' },
      { line: 7, message: 'Polygon "E": a ring must end on its first position' },
    ]);
    expect(r.warnings).toEqual([{ line: 8, message: 'a feature without geometry was skipped' }]);
  });
});
