import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { validateLandXml } from './test-landxml-schema.js';
import { readPdf } from './test-pdf-text.js';
import { seedPoints, seedProject, type SeedPoint } from './test-seed.js';

/**
 * Exports in the project's CRS (decision 024), read back by the references: PROJ (cs2cs, cct) for the numbers, GDAL
 * (ogrinfo, ogr2ogr) for every GIS format, xmllint for LandXML. Miami points in NAD83 / Florida East (US survey
 * foot) with EGM96 heights.
 */
const US_FT = 1200 / 3937;
const MIAMI: SeedPoint[] = [
  { name: 'CP1 Café', latitude: 25.774, longitude: -80.1937, section: 'North', fixType: 'rtk-fixed', horizontalAccuracy: 0.012, verticalAccuracy: 0.02 },
  { name: 'CP2', latitude: 25.7751, longitude: -80.1925, fixType: 'rtk-float' },
  { name: 'CP2 (2)', latitude: 25.7762, longitude: -80.1911 },
  { name: 'Ünïcode ✓ <&>', latitude: 25.7733, longitude: -80.1948, section: 'North' },
];
const H = [10.5, 11.25, 9.75, 12];

function cs2cs(from: string, to: string, input: string): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.6f', from, to], { input }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}

describe('exports in the project coordinate system, read back by PROJ, GDAL and xmllint', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  let dir: string;
  let grid: number[][];
  let heightsFt: number[];
  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'smi-crs-exports-'));
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Miami control', sections: ['default', 'North'] });
    await seedPoints(h.db, projectId, MIAMI);
    for (const [i, p] of MIAMI.entries()) await h.db.query('UPDATE points SET ellipsoidal_height = $3 WHERE project_id = $1 AND latitude = $2', [projectId, p.latitude, H[i]]);
    await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 2236, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'NAD83(2011)' }).expect(200);
    grid = cs2cs('EPSG:4326', 'EPSG:2236', MIAMI.map((p) => `${p.latitude} ${p.longitude}\n`).join(''));
    const ortho = execFileSync('cct', ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
      input: MIAMI.map((p, i) => `${p.longitude} ${p.latitude} ${H[i]}\n`).join(''),
    }).toString();
    heightsFt = ortho.trim().split('\n').map((l) => Number(l.trim().split(/\s+/)[2]) / US_FT);
  }, 180_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const save = async (format: string, name: string, query = '') => {
    const res = await surveyor.agent.get(`/api/export/${format}/${projectId}${query}`).buffer(true).parse((s, done) => {
      const c: Buffer[] = [];
      s.on('data', (b: Buffer) => c.push(b));
      s.on('end', () => done(null, Buffer.concat(c)));
    });
    expect(res.status).toBe(200);
    const path = join(dir, name);
    writeFileSync(path, res.body as Buffer);
    return { path, body: res.body as Buffer };
  };
  const ogr = (...args: string[]) => execFileSync('ogrinfo', ['-ro', ...args]).toString();

  it('csv: grid columns first, naming CRS and unit, equal to cs2cs and EGM96 (vgridshift) to 1 mm', async () => {
    const { path, body } = await save('csv', 'points.csv');
    const rows = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    const headers = Object.keys(rows[0]!);
    expect(headers.slice(0, 4)).toEqual(['name', 'northing_epsg2236_ftus', 'easting_epsg2236_ftus', 'height_egm96_ftus']);
    // then the calibration, the feature code, attribute values and note, the photos' file names and who measured it last
    expect(headers.slice(-6)).toEqual(['calibration', 'code', 'attributes', 'note', 'photos', 'collected_by']);
    rows.forEach((r, i) => {
      expect(Math.abs(Number(r.easting_epsg2236_ftus) - grid[i]![0]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r.northing_epsg2236_ftus) - grid[i]![1]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r.height_egm96_ftus) - heightsFt[i]!) * US_FT).toBeLessThan(0.001);
    });
    expect(ogr('-al', '-so', path)).toMatch(/Feature Count: 4/);
  });

  it('csv ?preset=pnezd: point, northing, easting, elevation, description; a preset on another format is a 400', async () => {
    const { body } = await save('csv', 'pnezd.csv', '?preset=pnezd');
    const rows = parse(body) as string[][];
    expect(rows).toHaveLength(4);
    rows.forEach((r, i) => {
      expect(r).toHaveLength(5);
      expect(r[0]).toBe(String(i + 1));
      expect(Math.abs(Number(r[1]) - grid[i]![1]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r[2]) - grid[i]![0]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r[3]) - heightsFt[i]!) * US_FT).toBeLessThan(0.001);
      expect(r[4]).toBe(MIAMI[i]!.name);
    });
    expect((await download(surveyor.agent, 'dxf', projectId + '?preset=pnezd')).status).toBe(400);
    expect((await surveyor.agent.get(`/api/export/csv/${projectId}?preset=xyz`)).status).toBe(400);
  });

  it('shp: a zipped 3D Point shapefile in EPSG:2236 with UTF-8 attributes, read by GDAL', async () => {
    const { path } = await save('shp', 'points.zip');
    const summary = ogr('-so', '-al', `/vsizip/${path}`);
    expect(summary).toMatch(/Geometry: 3D Point/);
    expect(summary).toMatch(/Feature Count: 4/);
    expect(summary).toContain('NAD83 / Florida East (ftUS)');
    expect(execFileSync('gdalsrsinfo', ['-e', `/vsizip/${path}/points.prj`]).toString()).toMatch(/^EPSG:2236$/m);
    const csv = execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', `/vsizip/${path}`, '-lco', 'GEOMETRY=AS_XYZ']).toString();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(MIAMI.map((p) => p.name));
    rows.forEach((r, i) => {
      expect(Math.abs(Number(r.X) - grid[i]![0]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r.Y) - grid[i]![1]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(r.Z) - heightsFt[i]!) * US_FT).toBeLessThan(0.001);
    });
    expect(rows[0]).toMatchObject({ section: 'North', fix: 'rtk-fixed', sigma_h: '0.0120' });
  });

  it('landxml: valid XML holding every point, northing first, with Units and the EPSG code', async () => {
    const { path, body } = await save('landxml', 'points.xml');
    execFileSync('xmllint', ['--noout', path]);
    validateLandXml(path);
    const xml = body.toString('utf8');
    expect(xml).toContain('<Imperial linearUnit="USSurveyFoot"');
    expect(xml).toContain('epsgCode="2236"');
    // the coordinates are the point's text, before its collection Feature (who measured it, its fix type)
    const points = [...xml.matchAll(/<CgPoint name="([^"]*)" code="[^"]*" desc="([^"]*)"[^>]*>([^<]*)(?:<Feature name="collection">.*?<\/Feature>)?<\/CgPoint>/g)];
    expect(points).toHaveLength(4);
    expect(points.map((m) => m[1])).toEqual(['CP1 Café', 'CP2', 'CP2 (2)', 'Ünïcode ✓ &lt;&amp;&gt;']);
    points.forEach((m, i) => {
      const [n, e, z] = m[3]!.split(' ').map(Number);
      expect(Math.abs(n! - grid[i]![1]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(e! - grid[i]![0]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(z! - heightsFt[i]!) * US_FT).toBeLessThan(0.001);
    });
  });

  it('pdf: the summary names the CRS, its unit, the geoid and the calibration', async () => {
    const { body } = await save('pdf', 'report.pdf');
    const { text } = await readPdf(body);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('EPSG:2236 NAD83 / Florida East (ftUS), US survey foot');
    expect(flat).toContain('orthometric (EGM96), ftUS');
    expect(flat).toMatch(/Site calibration\s+none/);
  });

  it('geojson and kml read by GDAL at the WGS 84 positions (GeoJSON RFC 7946 with h as Z)', async () => {
    const gj = await save('geojson', 'points.geojson');
    const feats = parse(execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', gj.path, '-lco', 'GEOMETRY=AS_XYZ']).toString(), { columns: true }) as Record<string, string>[];
    expect(feats).toHaveLength(4);
    feats.forEach((f, i) => {
      expect(Math.abs(Number(f.X) - MIAMI[i]!.longitude)).toBeLessThan(1e-8);
      expect(Math.abs(Number(f.Y) - MIAMI[i]!.latitude)).toBeLessThan(1e-8);
      expect(Number(f.Z)).toBeCloseTo(H[i]!, 4);
    });
    const kml = await save('kml', 'points.kml');
    const placemarks = ['default', 'North'].flatMap(
      (layer) => parse(execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', kml.path, layer, '-lco', 'GEOMETRY=AS_XYZ']).toString(), { columns: true }) as Record<string, string>[],
    );
    expect(placemarks).toHaveLength(4);
    for (const p of MIAMI) expect(placemarks.some((f) => Math.abs(Number(f.X) - p.longitude) < 1e-8 && Math.abs(Number(f.Y) - p.latitude) < 1e-8)).toBe(true);
  });

  it('dxf: POINTs in EPSG:2236 US survey feet with Z the EGM96 height in feet, equal to cs2cs and vgridshift to 1 mm (ogrinfo)', async () => {
    const dxf = await save('dxf', 'points.dxf');
    expect(dxf.body.toString()).toMatch(/\$INSUNITS\n70\n21\n/);
    const info = ogr('-al', '-geom=YES', dxf.path);
    const points = [...info.matchAll(/SubClasses \(String\) = AcDbEntity:AcDbPoint[\s\S]*?POINT Z \(([-\d.]+) ([-\d.]+) ([-\d.]+)\)/g)];
    expect(points).toHaveLength(4);
    points.forEach((m, i) => {
      expect(Math.abs(Number(m[1]) - grid[i]![0]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(m[2]) - grid[i]![1]!) * US_FT).toBeLessThan(0.001);
      expect(Math.abs(Number(m[3]) - heightsFt[i]!) * US_FT).toBeLessThan(0.001);
    });
  });
});
