import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import { endpointDocs, type EndpointName } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { cs2csEpsg } from '../exports/test-proj.js';

const fixture = (name: string) => readFileSync(new URL(`../../../../packages/design/test/fixtures/${name}`, import.meta.url), 'utf8');
/** Civil 3D's PNEZD export: no header, an empty elevation, a quoted description with a comma. */
const PNEZD = fixture('civil3d-pnezd.csv');
/** Line 3's northing is not a number, line 5 repeats line 1's name: both named, nothing imported. */
const BROKEN = ['A1,5000,1000,100,CP', 'A2,5010,1010,100.5,EP', 'A3,50x0,1020,101,EP', 'A4,5030,1030,101.5,EP', 'A1,5040,1040,102,EP'].join('\r\n');

/** A DXF as a CAD tool writes it (R12 ASCII, metres): a POINT named by a TEXT beside it, and a 3D LINE. */
const DXF = [
  '0', 'SECTION', '2', 'HEADER', '9', '$INSUNITS', '70', '6', '0', 'ENDSEC',
  '0', 'SECTION', '2', 'ENTITIES',
  '0', 'POINT', '8', 'STAKE', '10', '452100.0', '20', '5411200.0', '30', '37.25',
  '0', 'TEXT', '8', 'NAMES', '10', '452100.4', '20', '5411200.3', '30', '0', '40', '0.5', '1', 'MH7',
  '0', 'LINE', '8', 'KERB', '10', '452000.0', '20', '5411000.0', '30', '35.0', '11', '452030.0', '21', '5411040.0', '31', '36.0',
  '0', 'ENDSEC', '0', 'EOF', '',
].join('\n');

/** Two Paris-area points (UTM 31N) in WGS 84, as a web map writes GeoJSON. */
const GEO = [
  { name: 'G1', latitude: 48.8566, longitude: 2.3522, h: 80 },
  { name: 'G2', latitude: 48.8641, longitude: 2.3716, h: 81.5 },
];
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: GEO.map((p) => ({ type: 'Feature', properties: { name: p.name }, geometry: { type: 'Point', coordinates: [p.longitude, p.latitude, p.h] } })),
});

/** A reply matches the schema the OpenAPI document describes it with. */
const fits = (name: EndpointName, body: unknown) => expect(endpointDocs[name].json!.safeParse(body).error?.issues ?? [], name).toEqual([]);

interface PointView {
  id: string;
  name: string;
  easting: number;
  northing: number;
  elevation: number | null;
  code: string;
  layer: string;
  source: string;
}

describe('design points and lines', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let b: { agent: Agent; userId: string };
  let projectId: string;
  let feetProjectId: string;
  let bareProjectId: string;
  let filesProjectId: string;
  const count = async (table = 'design_points', id = projectId) =>
    Number((await h.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE project_id = $1`, [id]))[0]!.n);
  const list = async (id = projectId) => (await a.agent.get(`/api/projects/${id}/design`).expect(200)).body as { frame: { crs: string; unit: string } | null; points: PointView[]; lines: { id: string; name: string; layer: string; vertices: { easting: number; northing: number; elevation: number | null }[] }[] };
  const byName = async (name: string, id = projectId) => (await list(id)).points.find((p) => p.name === name);
  const imp = (body: object, id = projectId, agent = a.agent) => agent.post(`/api/projects/${id}/design/import`).send(body);

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Owner');
    b = await h.verifiedUser('Other');
    projectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), []))._id;
    feetProjectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), []))._id;
    bareProjectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), []))._id;
    filesProjectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), []))._id;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 32631 }).expect(200);
    await a.agent.put(`/api/projects/crs/${filesProjectId}`).send({ crsCode: 32631 }).expect(200);
    await a.agent.put(`/api/projects/crs/${feetProjectId}`).send({ crsCode: 2236 }).expect(200);
  });
  afterAll(() => h.close());

  it('previews the first rows of a CSV as split and as read, storing nothing', async () => {
    const res = await a.agent.post(`/api/projects/${projectId}/design/preview`).send({ format: 'csv', content: PNEZD, columns: 'PNEZD' }).expect(200);
    expect(res.body.frame).toMatchObject({ crs: expect.stringContaining('EPSG:32631'), unit: 'metre' });
    expect(res.body.csv).toMatchObject({ delimiter: ',', header: false });
    expect(res.body.csv.rows[2]).toEqual({ line: 3, fields: ['3', '5030.0000', '1040.0000', '', 'EDGE OF PAVEMENT, LEFT'] });
    expect(res.body.points[1]).toMatchObject({ name: '2', northing: 5012.3456, easting: 1023.4567, elevation: 101.234, code: 'EP', line: 2 });
    expect(res.body.points[2].elevation).toBeNull();
    expect(res.body.errors).toEqual([]);
    fits('previewDesignImport', res.body);
    expect(await count()).toBe(0);
  });

  it('imports a PNEZD file; the same file again is refused row by row, nothing imported', async () => {
    const res = await imp({ format: 'csv', content: PNEZD, columns: 'PNEZD' }).expect(201);
    expect(res.body.imported).toEqual({ points: 5, lines: 0 });
    fits('importDesign', res.body);
    const p3 = await byName('3');
    expect(p3).toMatchObject({ northing: 5030, easting: 1040, elevation: null, code: 'EDGE OF PAVEMENT, LEFT', source: 'csv' });
    expect(await byName('P5')).toMatchObject({ northing: 5050, easting: 1070, elevation: 102.9, code: '' });

    const again = await imp({ format: 'csv', content: PNEZD, columns: 'PNEZD', acceptErrors: false }).expect(400);
    expect(again.body.success).toBe(false);
    expect(again.body.errors.map((e: { line: number }) => e.line)).toEqual([1, 2, 3, 4, 5]);
    expect(again.body.errors[0].message).toMatch(/"1" is already a design point/);
    expect(again.body.points).toBe(0);
    expect(await count()).toBe(5);
  });

  it('names each bad row of a broken file and imports nothing, or only the good rows when accepted', async () => {
    const res = await imp({ format: 'csv', content: BROKEN, columns: 'PNEZD' }).expect(400);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 5]);
    expect(res.body.errors[1].message).toMatch(/"A1" is already used on line 1/);
    expect(res.body.message).toMatch(/^Nothing was imported: 2 problems, first line 3: /);
    expect(res.body.points).toBe(3);
    expect(await count()).toBe(5);

    const accepted = await imp({ format: 'csv', content: BROKEN, columns: 'PNEZD', acceptErrors: true }).expect(201);
    expect(accepted.body.imported).toEqual({ points: 3, lines: 0 });
    expect(accepted.body.errors).toHaveLength(2);
    expect(await count()).toBe(8);
    expect((await list()).points.filter((p) => p.name.startsWith('A')).map((p) => p.name).sort()).toEqual(['A1', 'A2', 'A4']);
  });

  it('refuses a file over the row or size limit with a clear message, whatever acceptErrors says', async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => `R${i},${5000 + i},1000,1`).join('\n');
    const many = await imp({ format: 'csv', content: rows, columns: 'PNEZ', acceptErrors: true }).expect(400);
    expect(many.body.message).toMatch(/more than 100,000 rows/);
    const big = await imp({ format: 'dxf', content: '0\n'.repeat(10.6 * 1024 * 1024), acceptErrors: true }).expect(400);
    expect(big.body.message).toMatch(/The file is 21\.2 MB: the limit is 20 MB/);
    expect(await count()).toBe(8);
  });

  it('imports LandXML CgPoints and CoordGeom lines', async () => {
    const res = await imp({ format: 'landxml', content: fixture('design-1.2.xml') }, filesProjectId).expect(201);
    expect(res.body.imported.points).toBe(6);
    expect(res.body.imported.lines).toBeGreaterThan(0);
    // CgPoint text is northing, easting, elevation
    expect(await byName('2', filesProjectId)).toMatchObject({ northing: 5411010.123, easting: 452010.456, elevation: 35.125, code: 'EP' });
    const l1 = await byName('L1', filesProjectId);
    expect(l1).toMatchObject({ northing: 5411100, easting: 452100, elevation: 36.5, code: 'LOT', layer: 'Lot corners', source: 'landxml' });
    fits('listDesign', await list(filesProjectId));
    const landxml = await a.agent.post(`/api/projects/${filesProjectId}/design/preview`).send({ format: 'landxml', content: fixture('design-1.2.xml') }).expect(200);
    fits('previewDesignImport', landxml.body);
    expect(landxml.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/already a design point/);
    const kerb = (await list(filesProjectId)).lines.find((l) => l.name === 'Kerb-Left')!;
    expect(kerb.vertices[0]).toEqual({ northing: 5411010, easting: 452010, elevation: 35.1, bulge: 0 });
  });

  it('imports a DXF: a point named by its text, a 3D line on its layer', async () => {
    const res = await imp({ format: 'dxf', content: DXF }, filesProjectId).expect(201);
    expect(res.body.imported).toEqual({ points: 1, lines: 1 });
    expect(await byName('MH7', filesProjectId)).toMatchObject({ easting: 452100, northing: 5411200, elevation: 37.25, layer: 'STAKE', source: 'dxf' });
    const line = (await list(filesProjectId)).lines.find((l) => l.layer === 'KERB')!;
    expect(line.vertices.map((v) => [v.easting, v.northing, v.elevation])).toEqual([
      [452000, 5411000, 35],
      [452030, 5411040, 36],
    ]);
  });

  it('imports GeoJSON in WGS 84 through the project CRS: the grid coordinates PROJ gives, to 1 mm', async () => {
    await imp({ format: 'geojson', content: GEOJSON }, filesProjectId).expect(201);
    const ref = cs2csEpsg(32631, GEO);
    for (const [i, g] of GEO.entries()) {
      const p = (await byName(g.name, filesProjectId))!;
      expect(Math.abs(p.easting - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(p.northing - ref[i]![1]!)).toBeLessThan(0.001);
      // the project keeps ellipsoidal heights
      expect(p.elevation).toBeCloseTo(g.h, 3);
    }
  });

  it('types, edits and deletes a design point; a name used twice is 409; bad input is 400 with nothing written', async () => {
    const url = `/api/projects/${projectId}/design/points`;
    const created = await a.agent.post(url).send({ name: 'T1', easting: 452200.1234, northing: 5411300.5, elevation: 40, code: 'STK' }).expect(201);
    const id = created.body.point.id as string;
    fits('createDesignPoint', created.body);
    expect(created.body.point).toMatchObject({ name: 'T1', easting: 452200.1234, northing: 5411300.5, elevation: 40, code: 'STK', layer: '', source: 'typed' });
    expect((await a.agent.post(url).send({ name: 'T1', easting: 1, northing: 2 }).expect(409)).body.message).toMatch(/already has a design point named “T1”/);
    const before = await count();
    for (const bad of [{ easting: 1, northing: 2 }, { name: 'X', easting: 'a', northing: 2 }, { name: 'X', easting: 1 }, { name: 'X', easting: 1, northing: 2, extra: 1 }, { name: '', easting: 1, northing: 2 }]) {
      const res = await a.agent.post(url).send(bad);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await count()).toBe(before);

    const edited = await a.agent.put(`${url}/${id}`).send({ elevation: null, layer: 'Setout' }).expect(200);
    fits('updateDesignPoint', edited.body);
    expect(edited.body.point).toMatchObject({ name: 'T1', easting: 452200.1234, elevation: null, layer: 'Setout' });
    expect((await a.agent.put(`${url}/${id}`).send({ name: 'P5' }).expect(409)).body.message).toMatch(/“P5”/);
    expect((await byName('T1'))!.elevation).toBeNull();
    await a.agent.put(`${url}/${id}`).send({ easting: 'x' }).expect(400);
    await a.agent.delete(`${url}/${id}`).expect(200);
    await a.agent.delete(`${url}/${id}`).expect(404);
    await a.agent.put(`${url}/${id}`).send({ name: 'T2' }).expect(404);
    expect(await byName('T1')).toBeUndefined();
  });

  it('a project in US survey feet takes and shows feet, and stores metres', async () => {
    const res = await a.agent.post(`/api/projects/${feetProjectId}/design/points`).send({ name: 'F1', easting: 1000, northing: 2000, elevation: 10 }).expect(201);
    expect(res.body.point).toMatchObject({ easting: 1000, northing: 2000, elevation: 10 });
    const [row] = await h.db.query<{ easting: number; elevation: number }>('SELECT easting, elevation FROM design_points WHERE project_id = $1', [feetProjectId]);
    expect(row!.easting).toBeCloseTo((1000 * 1200) / 3937, 9);
    expect(row!.elevation).toBeCloseTo((10 * 1200) / 3937, 9);
    const listed = await list(feetProjectId);
    expect(listed.frame).toMatchObject({ unit: 'US survey foot' });
    expect(listed.points[0]).toMatchObject({ easting: 1000, northing: 2000, elevation: 10 });
  });

  it('needs a projected coordinate system before anything is stored', async () => {
    const res = await a.agent.post(`/api/projects/${bareProjectId}/design/points`).send({ name: 'B1', easting: 1, northing: 2 }).expect(409);
    expect(res.body.message).toMatch(/coordinate system/);
    await imp({ format: 'csv', content: PNEZD, columns: 'PNEZD' }, bareProjectId).expect(409);
    expect((await list(bareProjectId)).frame).toBeNull();
    expect(await count('design_points', bareProjectId)).toBe(0);
  });

  it("another account's project, point or line answers exactly like a missing one", async () => {
    const pid = (await list()).points[0]!.id;
    const lid = (await list(filesProjectId)).lines[0]!.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const base = `/api/projects/${projectId}/design`;
    const theirs = [
      await b.agent.get(base),
      await b.agent.post(`${base}/preview`).send({ format: 'csv', content: PNEZD, columns: 'PNEZD' }),
      await imp({ format: 'csv', content: 'Z1,1,2,3', columns: 'PNEZ' }, projectId, b.agent),
      await b.agent.post(`${base}/points`).send({ name: 'Z', easting: 1, northing: 2 }),
      await b.agent.put(`${base}/points/${pid}`).send({ name: 'Z' }),
      await b.agent.delete(`${base}/points/${pid}`),
      await b.agent.delete(`/api/projects/${filesProjectId}/design/lines/${lid}`),
    ];
    for (const res of theirs) expect([res.status, res.body]).toEqual([404, { success: false, message: 'Project not found' }]);
    expect((await a.agent.get(`/api/projects/${missing}/design`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    await a.agent.delete(`${base}/points/${missing}`).expect(404);
    await a.agent.get('/api/projects/not-an-id/design').expect(400);
    expect((await list()).points.map((p) => p.id)).toContain(pid);

    // a line is reached through its own project only
    await a.agent.delete(`${base}/lines/${lid}`).expect(404);
    const files = `/api/projects/${filesProjectId}/design`;
    await a.agent.delete(`${files}/lines/${lid}`).expect(200);
    await a.agent.delete(`${files}/lines/${lid}`).expect(404);
    expect((await list(filesProjectId)).lines.map((l) => l.id)).not.toContain(lid);
  });

  it('refuses a CSV without columns, an unknown layout and an unknown format with 400', async () => {
    expect((await imp({ format: 'csv', content: PNEZD }).expect(400)).body.message).toMatch(/columns/);
    expect((await imp({ format: 'csv', content: PNEZD, columns: 'XYZ' }).expect(400)).body.message).toMatch(/unknown column layout "XYZ"/);
    await imp({ format: 'shp', content: PNEZD }).expect(400);
    await imp({ format: 'csv', content: PNEZD, columns: 'PNEZD', delimiter: '|' }).expect(400);
  });
});
