import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import proj4 from 'proj4';
import { SaxesParser } from 'saxes';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { egm96Heights } from './test-proj.js';
import { seedManyPoints, seedPoints, seedProject, type SeedPoint } from './test-seed.js';

// Rio de Janeiro: both coordinates negative, UTM zone 23 south
const RIO: SeedPoint[] = [
  { name: '=SUM(A1:A9)', latitude: -22.951234, longitude: -43.210987, accuracy: 'High', fixType: 'rtk-fixed', satellites: 14, hdop: 0.7, horizontalAccuracy: 0.011, verticalAccuracy: 0.019, altitude: 12.345 },
  { name: '+1 cmd', latitude: -22.95131, longitude: -43.21105, section: 'North wall', accuracy: 'Medium' },
  { name: '-5', latitude: -22.95142, longitude: -43.21111, section: 'North wall', accuracy: 'Low' },
  { name: '@user', latitude: -22.95151, longitude: -43.21122, section: 'Ünïcode sëction ✓' },
  { name: 'Łódź "quoted", comma', latitude: -22.9516, longitude: -43.2113, device: '=HYPERLINK("http://x")' },
  { name: '\tTabbed <b>&</b>', latitude: -22.9517, longitude: -43.2114, section: 'North wall' },
  { name: 'Plain 7', latitude: -22.9518, longitude: -43.2115, altitude: -3.5 },
  // heights as gpsd decodes a u-blox ZED-F9P's GGA (apps/gateway/test/fixtures/nmea): altMSL 14.2, geoidSep 1.8, altHAE 16.0;
  // one point knows H and N (h follows), the other h and N (H follows)
  { name: 'BM msl', latitude: -22.9519, longitude: -43.2116, altitude: 14.2, geoidSeparation: 1.8, fixType: 'rtk-float', horizontalAccuracy: 0.38 },
  { name: 'BM ellipsoidal', latitude: -22.952, longitude: -43.2117, ellipsoidalHeight: 16, geoidSeparation: 1.8 },
];
// what each point's heights are, from gpsd's figures above (h = H + N); null: not known
const HEIGHTS: Record<string, { h: number | null; n: number | null; msl: number | null }> = {
  '=SUM(A1:A9)': { h: null, n: null, msl: 12.345 },
  'Plain 7': { h: null, n: null, msl: -3.5 },
  'BM msl': { h: 16, n: 1.8, msl: 14.2 },
  'BM ellipsoidal': { h: 16, n: 1.8, msl: 14.2 },
};
const heightsOf = (name: string) => HEIGHTS[name] ?? { h: null, n: null, msl: null };
const cell = (v: number | null, digits = 3) => (v === null ? '' : v.toFixed(digits));
/** The default project's heights: h above EGM96, by PROJ. */
const egm96 = (p: SeedPoint, h: number) => egm96Heights([{ ...p, h }])[0]!;
const utm23s = proj4('WGS84', '+proj=utm +zone=23 +south +datum=WGS84 +units=m +no_defs');
const neutralised = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

describe('exports as CSV, TXT, GeoJSON and KML, read back with independent parsers', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Rio wall', sections: ['default', 'North wall', 'Ünïcode sëction ✓', 'Empty'] });
    await seedPoints(h.db, projectId, RIO);
  });
  afterAll(() => h.close());

  it('writes a CSV for CAD: grid N/E/H first (default UTM 23S, EGM96), then WGS 84, fixed decimals, no BOM, formulas neutralised', async () => {
    const res = await download(surveyor.agent, 'csv', projectId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rio wall-points.csv"');
    // no byte-order mark unless asked: CAD and scripts would read it as part of the first header
    expect(res.body.subarray(0, 4).toString('utf8')).toBe('name');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'name', 'northing_epsg32723_m', 'easting_epsg32723_m', 'height_egm96_m', 'latitude', 'longitude', 'ellipsoidal_height_m',
      'accuracy', 'section', 'device', 'timestamp', 'fix_type', 'satellites', 'hdop', 'horizontal_accuracy_m', 'vertical_accuracy_m',
      'altitude_m', 'geoid_separation_m',
      // the precision columns (a browser's point: method client, the rest empty)
      'method', 'sigma_e_m', 'sigma_n_m', 'sigma_u_m', 'pdop', 'epochs', 'epochs_rejected', 'fix_percent', 'correction_age_s',
      'antenna_height_m', 'warnings', 'calibration',
      // the feature code, its attribute values and the note
      'code', 'attributes', 'note',
      // the photos' file names (decision 067)
      'photos',
      // who measured the point
      'collected_by',
    ]);
    expect(rows.map((r) => r.name)).toEqual(RIO.map((p) => neutralised(p.name)));
    for (const [i, p] of RIO.entries()) {
      const row = rows[i]!;
      expect(row.latitude).toBe(p.latitude.toFixed(9));
      expect(row.longitude).toBe(p.longitude.toFixed(9));
      const [e, n] = utm23s.forward([p.longitude, p.latitude]) as [number, number];
      expect(Math.abs(Number(row.easting_epsg32723_m) - e)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(Number(row.northing_epsg32723_m) - n)).toBeLessThanOrEqual(0.0005);
      expect(row.section).toBe(p.section ?? 'default');
      expect(row.device).toBe(neutralised(p.device ?? 'ROVER-1'));
      expect(row.accuracy).toBe(p.accuracy ?? '');
      expect(row.timestamp).toBe(new Date(Date.parse('2025-03-01T08:00:00Z') + i * 1000).toISOString());
      expect(row.altitude_m).toBe(cell(p.altitude ?? null));
      const heights = heightsOf(p.name);
      expect([row.ellipsoidal_height_m, row.geoid_separation_m], p.name).toEqual([cell(heights.h), cell(heights.n)]);
      // the project's height is h above EGM96; a point without h has none (its receiver's MSL is not turned into it)
      if (heights.h === null) expect(row.height_egm96_m).toBe('');
      else expect(Math.abs(Number(row.height_egm96_m) - egm96(p, heights.h))).toBeLessThan(0.001);
    }
    expect(rows.at(-2)).toMatchObject({ fix_type: 'rtk-float', horizontal_accuracy_m: '0.3800' });
    expect(rows[0]).toMatchObject({ fix_type: 'rtk-fixed', satellites: '14', hdop: '0.70', horizontal_accuracy_m: '0.0110', vertical_accuracy_m: '0.0190' });
    // the raw text: a negative number is written bare, not quoted or prefixed
    expect(res.body.toString('utf8')).toContain(',-22.951234000,-43.210987000,');
    // no binary noise anywhere: every number has the decimals of its quantity
    expect(res.body.toString('utf8')).not.toMatch(/\d\.\d{10,}/);
  });

  it('starts with a byte-order mark when asked (?bom=1, for Excel); bom on a binary format is a 400', async () => {
    const res = await surveyor.agent.get(`/api/export/csv/${projectId}?bom=1`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFFname,')).toBe(true);
    expect((await surveyor.agent.get(`/api/export/dxf/${projectId}?bom=1`)).status).toBe(400);
    expect((await surveyor.agent.get(`/api/export/csv/${projectId}?bom=yes`)).status).toBe(400);
  });

  it('writes TXT as one tab-separated point a line, with tabs inside names turned to spaces', async () => {
    const res = await download(surveyor.agent, 'txt', projectId);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rio wall-points.txt"');
    const text = res.body.toString('utf8');
    expect(text.trimEnd().split('\r\n')).toHaveLength(RIO.length + 1);
    const rows = parse(res.body, { delimiter: '\t', columns: true, quote: false }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(RIO.map((p) => neutralised(p.name).replace(/\t/g, ' ')));
    for (const [i, p] of RIO.entries()) {
      const [e, n] = utm23s.forward([p.longitude, p.latitude]) as [number, number];
      expect(Math.abs(Number(rows[i]!.easting_epsg32723_m) - e)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(Number(rows[i]!.northing_epsg32723_m) - n)).toBeLessThanOrEqual(0.0005);
      expect(rows[i]!.latitude).toBe(p.latitude.toFixed(9));
      expect(rows[i]!.altitude_m).toBe(cell(p.altitude ?? null));
      expect(rows[i]!.ellipsoidal_height_m).toBe(cell(heightsOf(p.name).h));
    }
  });

  it('writes an RFC 7946 FeatureCollection: [lon, lat, ellipsoidal height when known] order, no crs, the point fields as properties', async () => {
    const res = await download(surveyor.agent, 'geojson', projectId);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rio wall-points.geojson"');
    const fc = JSON.parse(res.body.toString('utf8'));
    expect(fc.type).toBe('FeatureCollection');
    expect(fc).not.toHaveProperty('crs');
    expect(fc.projectCoordinates).toMatchObject({ crs: 'EPSG:32723', height: 'orthometric (EGM96)', default: true });
    expect(fc.features).toHaveLength(RIO.length);
    for (const [i, p] of RIO.entries()) {
      const f = fc.features[i];
      expect(f.type).toBe('Feature');
      expect(f.geometry).toEqual({
        type: 'Point',
        // RFC 7946 3.1.1: the third value is the height above the WGS 84 ellipsoid, never above sea level
        coordinates: heightsOf(p.name).h === null ? [p.longitude, p.latitude] : [p.longitude, p.latitude, heightsOf(p.name).h],
      });
      const heights = heightsOf(p.name);
      expect(f.properties).toMatchObject({ ellipsoidalHeight: heights.h, geoidSeparation: heights.n, receiverMslHeight: heights.msl, crs: 'EPSG:32723', heightReference: 'orthometric (EGM96)' });
      const [e, n] = utm23s.forward([p.longitude, p.latitude]) as [number, number];
      expect(Math.abs(f.properties.easting - e)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(f.properties.northing - n)).toBeLessThanOrEqual(0.0005);
      // GeoJSON is data, not a spreadsheet: names travel exactly
      expect(f.properties).toMatchObject({ name: p.name, section: p.section ?? 'default', accuracy: p.accuracy ?? null });
      expect(f.properties.timestamp).toBe(new Date(Date.parse('2025-03-01T08:00:00Z') + i * 1000).toISOString());
    }
    expect(fc.features[0].properties).toMatchObject({ fixType: 'rtk-fixed', satellites: 14, hdop: 0.7, altitude: 12.345 });
  });

  it('writes well-formed KML 2.2 with one Folder per section and every Placemark, names escaped', async () => {
    const res = await download(surveyor.agent, 'kml', projectId);
    expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    const kml = readKml(res.body.toString('utf8'));
    expect(kml.namespace).toBe('http://www.opengis.net/kml/2.2');
    expect(Object.keys(kml.folders)).toEqual(['default', 'North wall', 'Ünïcode sëction ✓', 'Empty']);
    expect(kml.folders.Empty).toEqual([]);
    for (const p of RIO) {
      const placemark = kml.folders[p.section ?? 'default']!.find((m) => m.name === p.name);
      expect(placemark, p.name).toBeDefined();
      const [lon, lat, alt] = placemark!.coordinates.split(',').map(Number);
      expect([lon, lat]).toEqual([p.longitude, p.latitude]);
      // KML's absolute altitude is above sea level as Google Earth takes it: EGM96; none without h
      const h = heightsOf(p.name).h;
      if (h === null) expect(alt).toBeUndefined();
      else expect(Math.abs(alt! - egm96(p, h))).toBeLessThan(0.001);
    }
  });

  it('pages through thousands of points, with shared timestamps, exactly once each and in time order', async () => {
    const big = await seedProject(h.db, surveyor.userId, { name: 'Big', sections: ['default', 'A', 'B'] });
    await seedManyPoints(h.db, big, 4500, ['A', 'B']);
    const rows = parse((await download(surveyor.agent, 'csv', big)).body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4500);
    expect(rows.map((r) => r.name)).toEqual(Array.from({ length: 4500 }, (_, i) => `P${i + 1}`));
    const kml = readKml((await download(surveyor.agent, 'kml', big)).body.toString('utf8'));
    expect(kml.folders.A!.length + kml.folders.B!.length).toBe(4500);
    expect(kml.folders.default).toEqual([]);
  });
});

/** A strict XML read (saxes throws on anything malformed) of the KML's folders and placemarks. */
function readKml(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const folders: Record<string, { name: string; coordinates: string }[]> = {};
  const stack: string[] = [];
  let namespace = '';
  let text = '';
  let folder: string | null = null;
  let placemark: { name: string; coordinates: string } | null = null;
  parser.on('opentag', (tag) => {
    if (tag.local === 'kml') namespace = tag.uri;
    if (tag.local === 'Placemark') placemark = { name: '', coordinates: '' };
    stack.push(tag.local);
    text = '';
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    stack.pop();
    const parent = stack[stack.length - 1];
    if (tag.local === 'name' && parent === 'Folder') folders[(folder = text)] = [];
    if (tag.local === 'name' && parent === 'Placemark') placemark!.name = text;
    if (tag.local === 'coordinates') placemark!.coordinates = text;
    if (tag.local === 'Placemark') folders[folder!]!.push(placemark!);
    text = '';
  });
  parser.write(xml).close();
  return { namespace, folders };
}
