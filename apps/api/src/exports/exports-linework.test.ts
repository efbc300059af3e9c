import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Agent } from 'supertest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { download } from './test-download.js';
import { landXmlVerdict, validateLandXml } from './test-landxml-schema.js';

/** Metres to degrees near Colombo (6.9 N), to lay shots out on the ground. */
const LAT0 = 6.9271;
const LON0 = 79.8612;
const at = (east: number, north: number) => ({ Latitude: LAT0 + north / 110_574, Longitude: LON0 + east / (111_320 * Math.cos((LAT0 * Math.PI) / 180)) });

interface OgrFeature {
  properties: { Layer: string; SubClasses: string };
  geometry: { type: string; coordinates: number[][] };
}

describe('exports draw the linework: DXF layers and polylines, GeoJSON lines and polygons, codes in CSV', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let projectId: string;
  let minute = 0;
  const dir = mkdtempSync(join(tmpdir(), 'smi-linework-'));
  const grid: Record<string, { easting: number; northing: number; height: number }> = {};
  const names = new Map<string, string>();

  const shoot = async (Name: string, Code: string, east: number, north: number, extra: Record<string, unknown> = {}) => {
    const res = await a.agent
      .post('/api/points')
      .send({ ProjectId: projectId, Name, Code, ...at(east, north), EllipsoidalHeight: 20 + east / 10, Timestamp: new Date(Date.UTC(2026, 2, 1, 8, minute++)).toISOString(), ...extra })
      .expect(201);
    names.set(res.body.data._id, Name);
  };
  /** The DXF as GDAL reads it: every entity with its layer and geometry. */
  const ogrDxf = async () => {
    const res = await download(a.agent, 'dxf', projectId);
    expect(res.status).toBe(200);
    const file = join(dir, 'yard.dxf');
    writeFileSync(file, res.body);
    const json = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file], { maxBuffer: 64 << 20 }).toString()) as { features: OgrFeature[] };
    return { text: res.body.toString('utf8'), features: json.features };
  };

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Drafter');
    const base = await registerDevice(a.agent, 'base');
    projectId = (await createProject(a.agent, base, [], 'Yard'))._id;
    // a flat fence of five posts, a building (polygon), a kerb (3D) on a half circle of radius 10 about (40, 0),
    // a flat wall on a half circle of radius 10 about (40, -30), a straight 3D edge of pavement, a tree
    for (const [i, e] of [0, 5, 10, 15, 20].entries()) await shoot(`F${i + 1}`, 'FENCE', e, 0, i === 0 ? { Attributes: { FENCE: { Type: 'Timber' } }, Note: 'Gate post' } : {});
    for (const [i, [e, n]] of [[0, 10], [8, 10], [8, 16], [0, 16]].entries()) await shoot(`B${i + 1}`, 'BLD', e!, n!);
    await shoot('K1', 'KB PC', 30, 0);
    await shoot('K2', 'KB', 40, 10);
    await shoot('K3', 'KB PT', 50, 0);
    await shoot('W1', 'WALL PC', 30, -30);
    await shoot('W2', 'WALL', 40, -20);
    await shoot('W3', 'WALL PT', 50, -30);
    for (const [i, e] of [0, 10, 20].entries()) await shoot(`E${i + 1}`, 'EP', e, -10);
    await shoot('T1', 'TREE', 5, 5);
    Object.assign(grid, (await a.agent.get(`/api/projects/grid-points/${projectId}`).expect(200)).body.points);
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('DXF: one layer per code in its colour, LWPOLYLINE for flat lines, POLYLINE 3D with every vertex at its height', async () => {
    const { text, features } = await ogrDxf();
    const onLayer = (layer: string, type: string) => features.filter((f) => f.properties.Layer === layer && f.geometry.type === type);
    // the layers carry the codes' colours as true colour (#B22222 fence, #DC143C building)
    expect(text).toMatch(/\n2\nFENCE\n420\n11674146\n/);
    expect(text).toMatch(/\n2\nBUILDING\n420\n14423100\n/);
    // the points themselves are on their code's layer
    const points = (layer: string) => onLayer(layer, 'Point').filter((f) => f.properties.SubClasses.includes('AcDbPoint'));
    expect(points('FENCE')).toHaveLength(5);
    expect(points('VEG-TREE')).toHaveLength(1);

    const [fence] = onLayer('FENCE', 'LineString');
    expect(fence!.geometry.coordinates).toHaveLength(5);
    const posts = ['F1', 'F2', 'F3', 'F4', 'F5'].map((n) => grid[[...names].find(([, v]) => v === n)![0]]!);
    fence!.geometry.coordinates.forEach(([x, y], i) => {
      expect(x).toBeCloseTo(posts[i]!.easting, 3);
      expect(y).toBeCloseTo(posts[i]!.northing, 3);
    });
    // a closed building: GDAL repeats the first vertex at the end
    const [building] = onLayer('BUILDING', 'LineString');
    expect(building!.geometry.coordinates).toHaveLength(5);
    expect(building!.geometry.coordinates[4]).toEqual(building!.geometry.coordinates[0]);
    expect(text).toMatch(/\n8\nBUILDING\n420\n14423100\n100\nAcDbPolyline\n90\n4\n70\n1\n/);

    // 3D edge of pavement: three vertices at the heights the points have
    const [edge] = onLayer('ROAD-EDGE', 'LineString');
    const edgeHeights = ['E1', 'E2', 'E3'].map((n) => grid[[...names].find(([, v]) => v === n)![0]]!.height);
    expect(edge!.geometry.coordinates.map((c) => c[2])).toEqual(edgeHeights.map((z) => expect.closeTo(z, 3)));

    // arcs: every vertex GDAL reads lies on the circle through the three shots (radius 10 m on the ground)
    const onCircle = (coords: number[][], through: string[]) => {
      const [p1, p2, p3] = through.map((n) => grid[[...names].find(([, v]) => v === n)![0]]!);
      // the circumcentre of the three shots in the grid
      const [ax, ay, bx, by, qx, qy] = [p1!.easting, p1!.northing, p2!.easting, p2!.northing, p3!.easting, p3!.northing];
      const d = 2 * (ax * (by - qy) + bx * (qy - ay) + qx * (ay - by));
      const sq = (x: number, y: number) => x * x + y * y;
      const cx = (sq(ax, ay) * (by - qy) + sq(bx, by) * (qy - ay) + sq(qx, qy) * (ay - by)) / d;
      const cy = (sq(ax, ay) * (qx - bx) + sq(bx, by) * (ax - qx) + sq(qx, qy) * (bx - ax)) / d;
      const r = Math.hypot(p2!.easting - cx, p2!.northing - cy);
      expect(r).toBeCloseTo(10, 1);
      for (const [x, y] of coords) expect(Math.hypot(x! - cx, y! - cy)).toBeCloseTo(r, 2);
      return r;
    };
    const [kerb] = onLayer('ROAD-KERB', 'LineString');
    // a 3D polyline has no bulges: each quarter circle comes as pieces of at most 5 degrees (18, or 19 where the
    // grid's angle is a hair over 90), heights interpolated from 23 m to 25 m
    const kc = kerb!.geometry.coordinates;
    expect(kc.length).toBeGreaterThanOrEqual(37);
    expect(kc.length).toBeLessThanOrEqual(39);
    onCircle(kc, ['K1', 'K2', 'K3']);
    const kz = kc.map((c) => c[2]!);
    expect(kz[0]).toBeCloseTo(grid[[...names].find(([, v]) => v === 'K1')![0]]!.height, 3);
    expect(kz.at(-1)).toBeCloseTo(grid[[...names].find(([, v]) => v === 'K3')![0]]!.height, 3);
    for (let i = 1; i < kz.length; i++) expect(kz[i]!).toBeGreaterThan(kz[i - 1]!);
    const [wall] = onLayer('WALL', 'LineString');
    // a flat wall keeps its arcs as bulges (GDAL draws them as many short segments)
    expect(text).toMatch(/\n8\nWALL\n420\n\d+\n100\nAcDbPolyline\n90\n3\n70\n0\n10\n[-\d.]+\n20\n[-\d.]+\n42\n-0\.414\d*\n/);
    expect(wall!.geometry.coordinates.length).toBeGreaterThan(3);
    onCircle(wall!.geometry.coordinates, ['W1', 'W2', 'W3']);
  });

  it('GeoJSON: lines and polygons as features with their code, layer and attributes, read by GDAL', async () => {
    const res = await download(a.agent, 'geojson', projectId);
    const file = join(dir, 'yard.geojson');
    writeFileSync(file, res.body);
    const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', file]).toString();
    expect(info).toMatch(/Feature Count: 24/);
    const features = (JSON.parse(res.body.toString('utf8')) as { features: { geometry: { type: string; coordinates: unknown[] }; properties: Record<string, unknown> }[] }).features;
    const lines = features.filter((f) => f.geometry.type !== 'Point');
    expect(lines.map((f) => [f.properties.code, f.geometry.type])).toEqual([
      ['FENCE', 'LineString'],
      ['BLD', 'Polygon'],
      ['KB', 'LineString'],
      ['WALL', 'LineString'],
      ['EP', 'LineString'],
    ]);
    expect(lines[0]!.properties).toMatchObject({ layer: 'FENCE', colour: '#B22222', attributes: { Type: 'Timber', 'Height (m)': null } });
    const ring = (lines[1]!.geometry.coordinates as number[][][])[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    expect(features.find((f) => f.properties.name === 'F1')!.properties).toMatchObject({ code: 'FENCE', note: 'Gate post' });
  });

  it('KML: a Linework folder of lines and polygons in the codes\' colours, read by GDAL', async () => {
    const res = await download(a.agent, 'kml', projectId);
    const file = join(dir, 'yard.kml');
    writeFileSync(file, res.body);
    const json = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, 'Linework']).toString()) as {
      features: { properties: Record<string, string>; geometry: { type: string; coordinates: unknown[] } }[];
    };
    expect(json.features.map((f) => [f.properties.code, f.geometry.type])).toEqual([
      ['FENCE', 'LineString'],
      ['BLD', 'Polygon'],
      ['KB', 'LineString'],
      ['WALL', 'LineString'],
      ['EP', 'LineString'],
    ]);
    expect(json.features[0]!.geometry.coordinates).toHaveLength(5);
    expect((json.features[1]!.geometry.coordinates as unknown[][])[0]).toHaveLength(5);
    // #B22222 as KML's aabbggrr
    expect(res.body.toString('utf8')).toContain('<name>FENCE</name><Style><LineStyle><color>ff2222b2</color>');
  });

  it('Shapefile: lines as PolyLineZ and polygons as PolygonZ with code, layer and attributes, read by GDAL', async () => {
    const res = await download(a.agent, 'shp', projectId);
    expect(res.status).toBe(200);
    const zip = join(dir, 'yard.zip');
    writeFileSync(zip, res.body);
    const layer = (name: string) =>
      JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${zip}`, name]).toString()) as {
        features: { properties: Record<string, string | number | null>; geometry: { type: string; coordinates: unknown[] } }[];
      };
    expect(execFileSync('ogrinfo', ['-ro', '-so', `/vsizip/${zip}`, 'lines']).toString()).toMatch(/Geometry: 3D Line String[\s\S]*Feature Count: 4/);
    expect(execFileSync('ogrinfo', ['-ro', '-so', `/vsizip/${zip}`, 'polygons']).toString()).toMatch(/Geometry: 3D Polygon[\s\S]*Feature Count: 1/);
    const pointOf = (n: string) => grid[[...names].find(([, v]) => v === n)![0]]!;
    const lines = layer('lines').features;
    expect(lines.map((f) => [f.properties.code, f.properties.layer, f.properties.kind])).toEqual([
      ['FENCE', 'FENCE', 'line'],
      ['KB', 'ROAD-KERB', 'line'],
      ['WALL', 'WALL', 'line'],
      ['EP', 'ROAD-EDGE', 'line'],
    ]);
    // the fence: its five posts at their heights, the first post's values as fields
    const fence = lines[0]!;
    expect(fence.properties).toMatchObject({ colour: '#B22222', vertices: 5, first_pt: 'F1', Type: 'Timber', Height_m: null });
    (fence.geometry.coordinates as number[][]).forEach(([x, y, z], i) => {
      const p = pointOf(`F${i + 1}`);
      expect(x).toBeCloseTo(p.easting, 3);
      expect(y).toBeCloseTo(p.northing, 3);
      expect(z).toBeCloseTo(p.height, 3);
    });
    // an arc comes as points on its circle (at most 5 degrees apart), through the three shots
    const kerb = lines[1]!.geometry.coordinates as number[][];
    expect(kerb.length).toBeGreaterThanOrEqual(37);
    expect(kerb[0]![0]).toBeCloseTo(pointOf('K1').easting, 3);
    expect(kerb.at(-1)![0]).toBeCloseTo(pointOf('K3').easting, 3);
    expect(kerb.at(-1)![2]).toBeCloseTo(pointOf('K3').height, 3);
    // the building: one closed ring of its four corners, clockwise (the shapefile's outer ring)
    const [building] = layer('polygons').features;
    expect(building!.properties).toMatchObject({ code: 'BLD', layer: 'BUILDING', vertices: 4, first_pt: 'B1' });
    const ring = (building!.geometry.coordinates as number[][][])[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    let area = 0;
    for (let i = 0; i < 4; i++) area += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
    expect(area).toBeLessThan(0);
    const corners = ['B1', 'B2', 'B3', 'B4'].map(pointOf);
    for (const c of corners) expect(ring.some(([x, y]) => Math.abs(x! - c.easting) < 0.001 && Math.abs(y! - c.northing) < 0.001)).toBe(true);
    // the points carry their code and note
    const f1 = layer('points').features.find((f) => f.properties.name === 'F1')!;
    expect(f1.properties).toMatchObject({ feat_code: 'FENCE', note: 'Gate post' });
  });

  it("LandXML: a coded point's CgPoint code is its feature code string", async () => {
    const res = await download(a.agent, 'landxml', projectId);
    const file = join(dir, 'yard.xml');
    writeFileSync(file, res.body);
    const code = (name: string) => execFileSync('xmllint', ['--xpath', `string(//*[local-name()='CgPoint'][@name='${name}']/@code)`, file]).toString().trim();
    expect(code('K1')).toBe('KB PC');
    expect(code('T1')).toBe('TREE');
  });

  it('LandXML: the linework as PlanFeatures of Line and Curve pieces naming their CgPoints, read by xmllint', async () => {
    const res = await download(a.agent, 'landxml', projectId);
    const file = join(dir, 'yard-lines.xml');
    writeFileSync(file, res.body);
    execFileSync('xmllint', ['--noout', file]);
    // valid against the LandXML 1.2 subset of what we write; the same file with a bad rotation is not
    validateLandXml(file);
    const broken = join(dir, 'yard-lines-broken.xml');
    writeFileSync(broken, res.body.toString('utf8').replace('<Curve rot="cw"', '<Curve rot="clockwise"'));
    expect(landXmlVerdict(broken)).toMatchObject({ status: 3, said: expect.stringMatching(/attribute 'rot'.*not an element of the set/) });
    const x = (path: string) => execFileSync('xmllint', ['--xpath', path, file]).toString().trim();
    const pf = "//*[local-name()='PlanFeatures'][@name='Linework']/*[local-name()='PlanFeature']";
    // one PlanFeatures, a direct child of LandXML, after the CgPoints
    expect(x("count(/*[local-name()='LandXML']/*[local-name()='PlanFeatures'])")).toBe('1');
    expect(x(`count(${pf})`)).toBe('5');
    const lineNames = [...x(`${pf}/@name`).matchAll(/name="([^"]*)"/g)].map((m) => m[1]);
    expect(lineNames).toEqual(['FENCE', 'BLD', 'KB', 'WALL', 'EP']);
    const geom = (name: string) => `${pf}[@name='${name}']/*[local-name()='CoordGeom']`;
    expect(x(`string(${pf}[@name='FENCE']/@desc)`)).toBe('FENCE');
    // the fence: four straight pieces from post to post, each end naming its post and carrying its coordinate
    expect(x(`count(${geom('FENCE')}/*[local-name()='Line'])`)).toBe('4');
    expect(x(`count(${geom('FENCE')}/*[local-name()!='Line'])`)).toBe('0');
    const starts = [...x(`${geom('FENCE')}/*/*[local-name()='Start']/@pntRef`).matchAll(/pntRef="([^"]*)"/g)].map((m) => m[1]);
    expect(starts).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(x(`string(${geom('FENCE')}/*[4]/*[local-name()='End']/@pntRef)`)).toBe('F5');
    const [n, e, z] = x(`string(${geom('FENCE')}/*[1]/*[local-name()='Start'])`).split(' ').map(Number);
    const f1 = grid[[...names].find(([, v]) => v === 'F1')![0]]!;
    expect(n).toBeCloseTo(f1.northing, 3);
    expect(e).toBeCloseTo(f1.easting, 3);
    expect(z).toBeCloseTo(f1.height, 3);
    // the building is closed: four pieces, the last back to B1
    expect(x(`count(${geom('BLD')}/*[local-name()='Line'])`)).toBe('4');
    expect(x(`string(${geom('BLD')}/*[4]/*[local-name()='End']/@pntRef)`)).toBe('B1');
    // the kerb's arc: two Curves (K1-K2, K2-K3) of radius 10 about one centre, clockwise over the top
    expect(x(`count(${geom('KB')}/*[local-name()='Curve'])`)).toBe('2');
    for (const i of [1, 2]) {
      expect(x(`string(${geom('KB')}/*[${i}]/@rot)`)).toBe('cw');
      expect(Number(x(`string(${geom('KB')}/*[${i}]/@radius)`))).toBeCloseTo(10, 1);
    }
    expect(x(`string(${geom('KB')}/*[1]/*[local-name()='Center'])`)).toBe(x(`string(${geom('KB')}/*[2]/*[local-name()='Center'])`));
    // Start, Center, End in the order the schema's Curve sequence has them
    expect(x(`${geom('KB')}/*[1]/*`).match(/<(\w+)/g)).toEqual(['<Start', '<Center', '<End']);
  });

  it('CSV: the code, attribute values and note of every point', async () => {
    const res = await download(a.agent, 'csv', projectId);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const f1 = rows.find((r) => r.name === 'F1')!;
    expect(f1).toMatchObject({ code: 'FENCE', note: 'Gate post' });
    expect(JSON.parse(f1.attributes!)).toEqual({ FENCE: { Type: 'Timber', 'Height (m)': null } });
    expect(rows.find((r) => r.name === 'K1')).toMatchObject({ code: 'KB PC', attributes: '', note: '' });
  });
});
