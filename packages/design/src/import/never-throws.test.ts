import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseCsv } from '../csv/csv.js';
import { parseDxf } from '../dxf/dxf.js';
import { parseGeoJson } from '../geojson/geojson.js';
import { parseLandXml } from '../landxml/landxml.js';
import type { ImportResult } from '../types.js';

const toGrid = (lat: number, lon: number, h: number | null) => ({ e: lon * 1e5, n: lat * 1e5, h });

const shaped = (r: ImportResult) =>
  Array.isArray(r.points) && Array.isArray(r.lines) && r.errors.every((e) => typeof e.message === 'string' && e.message !== '' && (e.line === null || e.line >= 1));

/** Whatever arrives (text shaped like each format, mangled, or any bytes), an import answers and never throws. */
describe('importers never throw', () => {
  const fragments = {
    csv: fc.array(fc.constantFrom('1', ',', ';', '\t', ' ', '"', '\n', '\r\n', '5000.5', '-', 'e9', 'abc', '#'), { maxLength: 60 }),
    xml: fc.array(fc.constantFrom('<LandXML version="1.2">', '</LandXML>', '<CgPoints>', '</CgPoints>', '<CgPoint name="1">', '</CgPoint>', '1 2 3', '<Curve rot="cw">', '<Start>0 0</Start>', '<Center>', '</Curve>', '<PlanFeatures><PlanFeature><CoordGeom>', '&amp;', '&', '<!--', '-->', '<![CDATA[', '"', '\n'), { maxLength: 40 }),
    dxf: fc.array(fc.constantFrom('0', 'SECTION', '2', 'ENTITIES', 'POINT', 'LWPOLYLINE', 'POLYLINE', 'VERTEX', 'SEQEND', '10', '20', '30', '42', '70', '8', '1.5', 'x', 'EOF', '', '66', 'INSERT', 'ATTRIB', 'TEXT', '210', '-1'), { maxLength: 80 }),
    json: fc.array(fc.constantFrom('{', '}', '[', ']', ',', ':', '"type"', '"Feature"', '"FeatureCollection"', '"features"', '"geometry"', '"Point"', '"LineString"', '"coordinates"', '1', '-200', 'null', '"crs"'), { maxLength: 60 }),
  };

  it('CSV', () => {
    fc.assert(fc.property(fragments.csv, fc.constantFrom('PNEZD', 'ENZ', 'name-lat-lon-h') as fc.Arbitrary<'PNEZD'>, (parts, columns) => shaped(parseCsv(parts.join(''), { columns, toGrid }))));
  });
  it('LandXML', () => {
    fc.assert(fc.property(fragments.xml, (parts) => shaped(parseLandXml(parts.join('')))));
  });
  it('DXF', () => {
    fc.assert(fc.property(fragments.dxf, (parts) => shaped(parseDxf(parts.join('\n')))));
  });
  it('GeoJSON', () => {
    fc.assert(fc.property(fragments.json, (parts) => shaped(parseGeoJson(parts.join(''), { toGrid }))));
  });
  it('any bytes, in every format', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) =>
        [parseCsv(bytes, { columns: 'PNEZD' }), parseLandXml(bytes), parseDxf(bytes), parseGeoJson(bytes, { toGrid })].every(shaped),
      ),
    );
  });
});
