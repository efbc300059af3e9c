import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedPoints, seedProject, type SeedPoint } from './test-seed.js';

/**
 * A calibrated project's deliverables (decision 024): csv, dxf, shp, landxml and the web's grid coordinates carry the
 * calibrated grid, checked against PROJ: cs2cs for the CRS, cct vgridshift for EGM96, cct helmert and vertoffset with
 * the fitted parameters for the calibration. Munich, ETRS89 / UTM 32N (EPSG:25832).
 */
const PTS: (SeedPoint & { h: number })[] = [
  { name: 'CP1', latitude: 48.137, longitude: 11.575, h: 565.2, section: 'Control', fixType: 'rtk-fixed' },
  { name: 'CP2', latitude: 48.1412, longitude: 11.5831, h: 571.8, fixType: 'rtk-fixed' },
  { name: 'CP3', latitude: 48.1335, longitude: 11.5862, h: 560.05 },
  { name: 'Kerb ✓', latitude: 48.1381, longitude: 11.5795, h: 566.4, section: 'Control' },
];
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const rows = (out: string) => out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
const cs2cs = (from: string, to: string, input: string) => rows(execFileSync('cs2cs', ['-f', '%.6f', from, to], { input, env }).toString());
const cct = (args: string[], input: string) => rows(execFileSync('cct', ['-d', '6', ...args], { input, env }).toString());
const deg = ['+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad'];
const undeg = ['+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'];

describe('a calibrated project: every deliverable carries the calibrated coordinates (PROJ checks)', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  let dir: string;
  let expected: { e: number; n: number; z: number }[];
  let pointIds: string[];
  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'smi-calibrated-'));
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Munich calibrated', sections: ['default', 'Control'] });
    await seedPoints(h.db, projectId, PTS.map((p) => ({ ...p, ellipsoidalHeight: p.h })));
    pointIds = (await h.db.query<{ id: string }>('SELECT id FROM points WHERE project_id = $1 ORDER BY recorded_at', [projectId])).map((r) => r.id);
    await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'ETRS89' }).expect(200);

    const grid = cs2cs('EPSG:4258', 'EPSG:25832', PTS.map((p) => `${p.latitude} ${p.longitude}\n`).join(''));
    const ortho = cct(['+proj=pipeline', ...deg, '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', ...undeg], PTS.map((p) => `${p.longitude} ${p.latitude} ${p.h}\n`).join(''));
    // the site's control: the first three points' grid moved by a known similarity, heights by 0.35 m, plus cm noise
    const known = [0, 1, 2].map((i) => ({
      name: PTS[i]!.name,
      latitude: PTS[i]!.latitude,
      longitude: PTS[i]!.longitude,
      ellipsoidalHeight: PTS[i]!.h,
      easting: grid[i]![0]! + 120.25 + [0.004, -0.006, 0.002][i]!,
      northing: grid[i]![1]! - 48.5 + [-0.003, 0.005, -0.002][i]!,
      height: ortho[i]![2]! + 0.35 + [0.01, -0.012, 0.002][i]!,
    }));
    const res = await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs: known }).expect(200);
    const cal = res.body.calibration;
    expect(cal.residuals).toHaveLength(3);
    expect(cal.rmsH).toBeGreaterThan(0);
    // PROJ applies the fitted parameters: helmert on the grid, vertoffset on the orthometric heights
    const hz = cal.horizontal;
    const en = cct(['+proj=helmert', `+x=${hz.tE}`, `+y=${hz.tN}`, `+s=${hz.scale}`, `+theta=${-hz.rotationArcsec}`], grid.map((g) => `${g[0]} ${g[1]} 0\n`).join(''));
    const v = cal.vertical;
    const z = cct(
      ['+proj=pipeline', ...deg, '+step', '+proj=vertoffset', `+lat_0=${v.lat0}`, `+lon_0=${v.lon0}`, `+dh=${v.dh}`, `+slope_lat=${v.slopeLat}`, `+slope_lon=${v.slopeLon}`, '+ellps=GRS80', ...undeg],
      PTS.map((p, i) => `${p.longitude} ${p.latitude} ${ortho[i]![2]}\n`).join(''),
    );
    expected = PTS.map((_, i) => ({ e: en[i]![0]!, n: en[i]![1]!, z: z[i]![2]! }));
    // the calibration moved the points by about the similarity: a test that forgot to apply it would fail by metres
    expect(Math.abs(expected[3]!.e - grid[3]![0]! - 120.25)).toBeLessThan(0.05);
  }, 180_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const save = async (format: string, name: string) => {
    const res = await surveyor.agent.get(`/api/export/${format}/${projectId}`).buffer(true).parse((s, done) => {
      const c: Buffer[] = [];
      s.on('data', (b: Buffer) => c.push(b));
      s.on('end', () => done(null, Buffer.concat(c)));
    });
    expect(res.status).toBe(200);
    const path = join(dir, name);
    writeFileSync(path, res.body as Buffer);
    return { path, body: res.body as Buffer };
  };
  const near = (got: { e: number; n: number; z: number }[]) =>
    got.forEach((g, i) => {
      expect(Math.abs(g.e - expected[i]!.e)).toBeLessThan(0.001);
      expect(Math.abs(g.n - expected[i]!.n)).toBeLessThan(0.001);
      expect(Math.abs(g.z - expected[i]!.z)).toBeLessThan(0.001);
    });
  const ogrCsv = (src: string, ...args: string[]) =>
    parse(execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', src, '-lco', 'GEOMETRY=AS_XYZ', ...args]).toString(), { columns: true }) as Record<string, string>[];

  it('csv: the grid columns are the calibrated ones, calibration v1', async () => {
    const { body } = await save('csv', 'points.csv');
    const r = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    near(r.map((x) => ({ e: Number(x.easting_epsg25832_m), n: Number(x.northing_epsg25832_m), z: Number(x.height_egm96_m) })));
    expect(r.map((x) => x.calibration)).toEqual(['v1', 'v1', 'v1', 'v1']);
  });

  it('dxf: POINTs in calibrated grid metres with Z the calibrated EGM96 height, read by GDAL; $INSUNITS metres', async () => {
    const { path, body } = await save('dxf', 'points.dxf');
    expect(body.toString()).toMatch(/\$INSUNITS\n70\n6\n/);
    const points = ogrCsv(path).filter((r) => r.SubClasses?.includes('AcDbPoint'));
    expect(points).toHaveLength(4);
    near(points.map((r) => ({ e: Number(r.X), n: Number(r.Y), z: Number(r.Z) })));
    // the labels are there too, beside their points
    const texts = ogrCsv(path).filter((r) => r.Text);
    expect(texts.map((t) => t.Text)).toEqual(expect.arrayContaining(['CP1', 'CP2', 'CP3']));
  });

  it('shp: the 3D points are the calibrated grid and heights, in EPSG:25832', async () => {
    const { path } = await save('shp', 'points.zip');
    expect(execFileSync('gdalsrsinfo', ['-e', `/vsizip/${path}/points.prj`]).toString()).toMatch(/^EPSG:25832$/m);
    const r = ogrCsv(`/vsizip/${path}`);
    expect(r.map((x) => x.name)).toEqual(PTS.map((p) => p.name));
    near(r.map((x) => ({ e: Number(x.X), n: Number(x.Y), z: Number(x.Z) })));
  });

  it('landxml: CgPoints northing first hold the calibrated values, with code and desc both filled', async () => {
    const { path, body } = await save('landxml', 'points.xml');
    execFileSync('xmllint', ['--noout', path]);
    const xml = body.toString('utf8');
    const cg = [...xml.matchAll(/<CgPoint name="([^"]*)" code="([^"]*)" desc="([^"]*)"[^>]*>([^<]*)(?:<Feature name="collection">.*?<\/Feature>)?<\/CgPoint>/g)];
    expect(cg).toHaveLength(4);
    // code: the point's type (what a CAD point-code library keys on); desc: its name, in full even when name is made unique
    expect(cg.map((m) => m[2])).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
    expect(cg.map((m) => m[3])).toEqual(PTS.map((p) => p.name));
    near(cg.map((m) => {
      const [n, e, z] = m[4]!.split(' ').map(Number);
      return { e: e!, n: n!, z: z! };
    }));
  });

  it('kml: GDAL reads every placemark, in its section\'s folder, at its WGS 84 position', async () => {
    const { path } = await save('kml', 'points.kml');
    const r = [...ogrCsv(path, 'default'), ...ogrCsv(path, 'Control')];
    expect(r).toHaveLength(4);
    for (const p of PTS) {
      const x = r.find((f) => f.Name === p.name)!;
      expect(Math.abs(Number(x.X) - p.longitude)).toBeLessThan(1e-8);
      expect(Math.abs(Number(x.Y) - p.latitude)).toBeLessThan(1e-8);
    }
  });

  it('the web\'s grid coordinates (GET grid-points) equal the csv\'s, calibration named', async () => {
    const res = await surveyor.agent.get(`/api/projects/grid-points/${projectId}`).expect(200);
    expect(res.body.frame).toMatchObject({ crsCode: 25832, unitLabel: 'metre', unitSymbol: 'm', heightLabel: 'EGM96', orthometric: true, calibrationVersion: 1 });
    const { body } = await save('csv', 'again.csv');
    const csv = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    pointIds.forEach((id, i) => {
      const g = res.body.points[id];
      expect(g.easting).toBe(Number(csv[i]!.easting_epsg25832_m));
      expect(g.northing).toBe(Number(csv[i]!.northing_epsg25832_m));
      expect(g.height).toBe(Number(csv[i]!.height_egm96_m));
    });
    near(pointIds.map((id) => ({ e: res.body.points[id].easting, n: res.body.points[id].northing, z: res.body.points[id].height })));
  });

  it('the Record dialog\'s preview of a reading gives the calibrated coordinate the point would be stored at; another account\'s project is a 404', async () => {
    // no base on this project, a 0 m antenna: the mark is the reading itself (h = altitude + N with N 0)
    const preview = async (p: (typeof PTS)[number]) =>
      (await surveyor.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: { Latitude: p.latitude, Longitude: p.longitude, Altitude: p.h, GeoidSeparation: 0 }, Antenna: { Height: 0, Offset: 0 } }).expect(200)).body;
    const got = [];
    for (const p of PTS) got.push((await preview(p)).coordinate);
    near(got.map((c: { easting: number; northing: number; height: number }) => ({ e: c.easting, n: c.northing, z: c.height })));
    const other = await h.verifiedUser();
    const denied = await other.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: { Latitude: 48, Longitude: 11 }, Antenna: { Height: 0 } });
    expect(denied.status).toBe(404);
    expect(denied.body).toMatchObject({ success: false });
    expect((await other.agent.get(`/api/projects/grid-points/${projectId}`)).status).toBe(404);
  });
});
