import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import { parse } from 'csv-parse/sync';
import { parseLandXml } from '@smi/design';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { validateLandXml } from '../exports/test-landxml-schema.js';

const LANDXML = readFileSync(new URL('../../../../packages/design/test/fixtures/design-1.2.xml', import.meta.url), 'utf8');

interface OgrFeature {
  properties: { Layer: string; SubClasses: string; Text: string | null };
  geometry: { type: string; coordinates: number[] | number[][] };
}

/**
 * Design data in the exports, only when asked: read back by GDAL (ogr2ogr) for the DXF and xmllint for the LandXML,
 * and by csv-parse for the CSV. The design is the LandXML fixture (points, a kerb with a 20 m arc, an alignment with a
 * 50 m arc) in UTM 31N metres plus a point typed in.
 */
describe('design data in the exports', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let projectId: string;
  let dir: string;

  const download = async (format: string, query = '') => {
    const res = await a.agent.get(`/api/export/${format}/${projectId}${query}`).buffer(true).parse((s, done) => {
      const c: Buffer[] = [];
      s.on('data', (b: Buffer) => c.push(b));
      s.on('end', () => done(null, Buffer.concat(c)));
    });
    return { status: res.status, body: res.body as Buffer };
  };

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Setting out');
    projectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), [], 'Lilas'))._id;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 32631 }).expect(200);
    await a.agent.post(`/api/projects/${projectId}/design/import`).send({ format: 'landxml', content: LANDXML }).expect(201);
    await a.agent.post(`/api/projects/${projectId}/design/points`).send({ name: 'T9', easting: 452150.25, northing: 5411150.75, code: 'PEG, OFFSET' }).expect(201);
    dir = mkdtempSync(join(tmpdir(), 'design-exports-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  it('csv: design rows (kind design) only with ?design=1, grid values as stored', async () => {
    const plain = (await download('csv')).body.toString('utf8');
    expect(plain).not.toContain('L1');
    expect(plain.split('\r\n')[0]).not.toContain('kind');

    const res = await download('csv', '?design=1');
    expect(res.status).toBe(200);
    const rows = parse(res.body.toString('utf8'), { columns: true }) as Record<string, string>[];
    const design = rows.filter((r) => r.kind === 'design');
    expect(design.map((r) => r.name)).toEqual(['1', '2', '3', 'L1', 'L2', 'CP1-copy', 'T9']);
    expect(design[3]).toMatchObject({ name: 'L1', northing_epsg32631_m: '5411100.000', easting_epsg32631_m: '452100.000', height_ellipsoidal_m: '36.500', section: 'Lot corners', code: 'LOT', latitude: '' });
    expect(design[6]).toMatchObject({ name: 'T9', northing_epsg32631_m: '5411150.750', easting_epsg32631_m: '452150.250', height_ellipsoidal_m: '', code: 'PEG, OFFSET' });
  });

  it('dxf: design points and lines on the DESIGN layer, arcs on their circles (ogr2ogr)', async () => {
    const plain = await download('dxf');
    expect(plain.body.toString('utf8')).not.toMatch(/\nDESIGN\r?\n/);
    const res = await download('dxf', '?design=1');
    expect(res.status).toBe(200);
    // the drawing's extent holds the design: E 452010-452250, N 5411000-5411215, padded by ten label heights
    const header = (name: string) => [...new RegExp(`\\$${name}\\r?\\n\\s*10\\r?\\n([-\\d.]+)\\r?\\n\\s*20\\r?\\n([-\\d.]+)`).exec(res.body.toString('utf8'))!.slice(1)].map(Number);
    const [minE, minN] = header('EXTMIN');
    const [maxE, maxN] = header('EXTMAX');
    expect([minE! < 452000, minE! > 451980, minN! < 5411000, maxE! > 452250, maxE! < 452270, maxN! > 5411215]).toEqual([true, true, true, true, true, true]);
    const file = join(dir, 'design.dxf');
    writeFileSync(file, res.body);
    const { features } = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file], { maxBuffer: 64 << 20 }).toString()) as { features: OgrFeature[] };
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((f) => f.properties.Layer === 'DESIGN')).toBe(true);
    const points = features.filter((f) => f.geometry.type === 'Point' && !f.properties.Text);
    const at = (e: number, n: number) => points.find((f) => Math.abs((f.geometry.coordinates as number[])[0]! - e) < 1e-6 && Math.abs((f.geometry.coordinates as number[])[1]! - n) < 1e-6);
    expect(at(452100, 5411100)!.geometry.coordinates).toEqual([452100, 5411100, 36.5]);
    expect(at(452150.25, 5411150.75)).toBeDefined();
    expect(features.filter((f) => f.properties.Text).map((f) => f.properties.Text)).toEqual(expect.arrayContaining(['L1', 'T9', 'CP1-copy']));

    const lines = features.filter((f) => f.geometry.type.endsWith('LineString')).map((f) => f.geometry.coordinates as number[][]);
    expect(lines).toHaveLength(3);
    // the kerb (3D): its 20 m arc about N 5411030, E 452060 from E 452060 to N 5411030 E 452080
    const kerb = lines.find((l) => l[0]![0] === 452010 && l[0]![1] === 5411010)!;
    const kerbArc = kerb.filter(([e, n]) => e! > 452060 + 1e-6 && n! < 5411030 - 1e-6);
    expect(kerbArc.length).toBeGreaterThan(3);
    for (const [e, n] of kerbArc) expect(Math.abs(Math.hypot(e! - 452060, n! - 5411030) - 20)).toBeLessThan(0.001);
    expect(kerb.at(-1)).toEqual([452080, 5411070, 36.3]);
    // the alignment (2D, a LWPOLYLINE with a bulge): its 50 m arc about N 5411050, E 452200
    const cl = lines.find((l) => l[0]![0] === 452100 && l[0]![1] === 5411100)!;
    const clArc = cl.filter(([e]) => e! > 452200 + 1e-6);
    expect(clArc.length).toBeGreaterThan(3);
    for (const [e, n] of clArc) expect(Math.abs(Math.hypot(e! - 452200, n! - 5411050) - 50)).toBeLessThan(0.001);
    expect(cl.at(-1)!.slice(0, 2)).toEqual([452250, 5411050]);
  });

  it('landxml: a Design CgPoints and PlanFeatures, well-formed (xmllint), that read back as the design imported', async () => {
    const plain = (await download('landxml')).body.toString('utf8');
    expect(plain).not.toContain('Design');
    const res = await download('landxml', '?design=1');
    expect(res.status).toBe(200);
    const file = join(dir, 'design.xml');
    writeFileSync(file, res.body);
    execFileSync('xmllint', ['--noout', file]);
    validateLandXml(file);
    const text = res.body.toString('utf8');
    expect(text).toContain('<CgPoint name="L1" code="LOT" desc="Lot corners">5411100 452100 36.5</CgPoint>');
    expect(text).toContain('<CgPoint name="T9" code="PEG, OFFSET">5411150.75 452150.25</CgPoint>');

    const back = parseLandXml(text, { projectEpsg: 32631 });
    const original = parseLandXml(LANDXML, { projectEpsg: 32631 });
    expect(back.errors).toEqual([]);
    expect(back.lines.map((l) => l.name)).toEqual(original.lines.map((l) => l.name));
    for (const [i, l] of back.lines.entries()) {
      const o = original.lines[i]!;
      expect(l.closed).toBe(o.closed);
      expect(l.vertices).toHaveLength(o.vertices.length);
      for (const [j, v] of l.vertices.entries()) {
        const w = o.vertices[j]!;
        expect(Math.abs(v.e - w.e) + Math.abs(v.n - w.n)).toBeLessThan(0.0002);
        expect(v.h === null ? null : Math.round(v.h * 1e4)).toBe(w.h === null ? null : Math.round(w.h * 1e4));
        expect(v.bulge).toBeCloseTo(w.bulge, 6);
      }
    }
  });

  it('refuses design with a format that cannot carry it, with PNEZD, and a bad value', async () => {
    for (const q of ['/kml/?design=1', '/geojson/?design=1', '/csv/?design=1&preset=pnezd', '/csv/?design=2']) {
      const [format, query] = q.slice(1).split('/');
      const res = await a.agent.get(`/api/export/${format}/${projectId}${query}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/design/);
    }
  });
});
