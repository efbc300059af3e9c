import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDxf } from './dxf.js';

/** A DXF written by GDAL's ogr2ogr from a GeoJSON, read back: vertex counts, heights and layers as the source. */
const features = [
  { props: { Layer: 'CONTROL' }, geometry: { type: 'Point', coordinates: [452000.123, 5411000.456, 35.789] } },
  { props: { Layer: 'DESIGN' }, geometry: { type: 'Point', coordinates: [452005.5, 5411002.25] } },
  // a label 0.4 m from the 2D point: GDAL writes it as MTEXT
  { props: { Layer: 'LABELS', OGR_STYLE: 'LABEL(f:"Arial",t:"D-17",s:0.5g)' }, geometry: { type: 'Point', coordinates: [452005.9, 5411002.25] } },
  { props: { Layer: 'KERB' }, geometry: { type: 'LineString', coordinates: [[452010, 5411010], [452030, 5411010], [452030, 5411040], [452041.5, 5411047.25]] } },
  { props: { Layer: 'ROAD-CL' }, geometry: { type: 'LineString', coordinates: [[452100, 5411100, 30.1], [452150, 5411100, 30.6], [452150, 5411180, 31.9]] } },
  // a line drawn back to its start is a closed line; a polygon GDAL writes as a HATCH, which is not design data
  { props: { Layer: 'PAD' }, geometry: { type: 'LineString', coordinates: [[452200, 5411200], [452220, 5411200], [452220, 5411215], [452200, 5411215], [452200, 5411200]] } },
  { props: { Layer: 'FILL' }, geometry: { type: 'Polygon', coordinates: [[[452300, 5411300], [452310, 5411300], [452310, 5411310], [452300, 5411300]]] } },
];

const dir = mkdtempSync(join(tmpdir(), 'design-gdal-'));
const source = join(dir, 'design.geojson');
const dxf = join(dir, 'design.dxf');
writeFileSync(source, JSON.stringify({ type: 'FeatureCollection', features: features.map((f) => ({ type: 'Feature', properties: f.props, geometry: f.geometry })) }));
execFileSync('ogr2ogr', ['-f', 'DXF', dxf, source]);

describe('a DXF written by ogr2ogr', () => {
  const r = parseDxf(readFileSync(dxf));

  it('has the source points, one named by the label GDAL wrote beside it, 2D kept without a height', () => {
    expect(r.errors).toEqual([]);
    expect(r.points.map((p) => ({ name: p.name, e: p.e, n: p.n, h: p.h, layer: p.layer }))).toEqual([
      { name: 'P1', e: 452000.123, n: 5411000.456, h: 35.789, layer: 'CONTROL' },
      { name: 'D-17', e: 452005.5, n: 5411002.25, h: null, layer: 'DESIGN' },
    ]);
  });

  it('has every line with its vertex count, heights (3D polyline) and layer; a ring as a closed line', () => {
    const lines = r.lines.map((l) => ({ layer: l.layer, closed: l.closed, vertices: l.vertices.map((v) => [v.e, v.n, v.h]) }));
    expect(lines).toEqual([
      { layer: 'KERB', closed: false, vertices: features[3]!.geometry.coordinates.map((c) => [...(c as number[]), null]) },
      { layer: 'ROAD-CL', closed: false, vertices: features[4]!.geometry.coordinates },
      { layer: 'PAD', closed: true, vertices: (features[5]!.geometry.coordinates as number[][]).slice(0, 4).map((c) => [...c, null]) },
    ]);
    expect(r.warnings.map((w) => w.message)).toContain('1 HATCH entity was skipped: not a design point or line');
  });

  it("reads GDAL's $INSUNITS 1 (inches) as metres and says so", () => {
    expect(r.warnings.map((w) => w.message)).toContain(
      'the drawing says its unit is $INSUNITS 1, not a survey unit: its coordinates were read as metres (choose the unit if they are feet)',
    );
    const feet = parseDxf(readFileSync(dxf), { unit: 'US survey foot' });
    expect(feet.points[0]!.e).toBeCloseTo(452000.123 * (1200 / 3937), 9);
  });
});
