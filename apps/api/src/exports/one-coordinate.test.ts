import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';
import { cs2csEpsg, cct, egm96Heights } from './test-proj.js';
import { fromDxf, fromGeoJson, fromKml, fromLandXml, fromPdfTable, fromPnezd, fromShp, fromTable, type ByName, type Read } from './test-readers.js';

/**
 * One coordinate everywhere: points recorded through the API in three projects (no CRS: the default UTM zone with
 * EGM96 heights; NAD83 / Florida East in US survey feet with EGM96; a calibrated ETRS89 / UTM 32N site) are read back
 * from every export and view by the tool a surveyor would use, and each gives the same grid easting, northing and
 * height as PROJ (cs2cs, cct) to 1 mm.
 */
const US_FT = 1200 / 3937;
interface Recorded {
  name: string;
  latitude: number;
  longitude: number;
  /** what the receiver sent: MSL height and geoid separation, or h alone */
  altitude?: number;
  geoidSeparation?: number;
  ellipsoidalHeight?: number;
}
const hOf = (p: Recorded) => p.ellipsoidalHeight ?? p.altitude! + p.geoidSeparation!;

interface Case {
  title: string;
  crs: number;
  metresPerUnit: number;
  points: Recorded[];
  setUp?: (agent: Agent, id: string) => Promise<void>;
  /** the calibrated grid from PROJ's plain one (cct helmert, vertoffset), set once the calibration is solved */
  calibrate?: (agent: Agent, id: string, plain: Read[]) => Promise<Read[]>;
}

const CASES: Case[] = [
  {
    title: 'no coordinate system: WGS 84 / UTM 44N, EGM96 heights',
    crs: 32644,
    metresPerUnit: 1,
    points: [
      { name: 'CP-1', latitude: 6.927151, longitude: 79.861243, altitude: 12.341, geoidSeparation: -96.012 },
      { name: 'CP-2', latitude: 6.927432, longitude: 79.861601, ellipsoidalHeight: -83.205 },
    ],
  },
  {
    title: 'NAD83 / Florida East, US survey feet, EGM96 heights',
    crs: 2236,
    metresPerUnit: US_FT,
    points: [
      { name: 'MIA-1', latitude: 25.774012, longitude: -80.193711, altitude: 2.104, geoidSeparation: -25.573 },
      { name: 'MIA-2', latitude: 25.775102, longitude: -80.192545, ellipsoidalHeight: -22.95 },
    ],
    setUp: async (agent, id) => void (await agent.put(`/api/projects/crs/${id}`).send({ crsCode: 2236, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'NAD83(2011)' }).expect(200)),
  },
  {
    title: 'ETRS89 / UTM 32N with a site calibration',
    crs: 25832,
    metresPerUnit: 1,
    points: [
      { name: 'MUC-1', latitude: 48.137, longitude: 11.575, ellipsoidalHeight: 565.2 },
      { name: 'MUC-2', latitude: 48.1412, longitude: 11.5831, altitude: 524.11, geoidSeparation: 47.69 },
      { name: 'MUC-3', latitude: 48.1335, longitude: 11.5862, ellipsoidalHeight: 560.05 },
    ],
    setUp: async (agent, id) => void (await agent.put(`/api/projects/crs/${id}`).send({ crsCode: 25832, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'ETRS89' }).expect(200)),
    calibrate: async (agent, id, plain) => {
      const pts = CASES[2]!.points;
      const pairs = pts.map((p, i) => ({
        name: p.name,
        latitude: p.latitude,
        longitude: p.longitude,
        ellipsoidalHeight: hOf(p),
        easting: plain[i]!.e + 120.25 + [0.004, -0.006, 0.002][i]!,
        northing: plain[i]!.n - 48.5 + [-0.003, 0.005, -0.002][i]!,
        height: plain[i]!.h! + 0.35 + [0.01, -0.012, 0.002][i]!,
      }));
      const { calibration: c } = (await agent.put(`/api/projects/calibration/${id}`).send({ pairs }).expect(200)).body;
      const hz = c.horizontal;
      const en = cct(['+proj=helmert', `+x=${hz.tE}`, `+y=${hz.tN}`, `+s=${hz.scale}`, `+theta=${-hz.rotationArcsec}`], plain.map((g) => `${g.e} ${g.n} 0`));
      const v = c.vertical;
      const z = cct(
        ['+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vertoffset', `+lat_0=${v.lat0}`, `+lon_0=${v.lon0}`, `+dh=${v.dh}`, `+slope_lat=${v.slopeLat}`, `+slope_lon=${v.slopeLon}`, '+ellps=GRS80', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'],
        pts.map((p, i) => `${p.longitude} ${p.latitude} ${plain[i]!.h}`),
      );
      return plain.map((_, i) => ({ e: en[i]![0]!, n: en[i]![1]!, h: z[i]![2]! }));
    },
  },
];

describe('one coordinate everywhere: every export and view gives PROJ\'s grid coordinate of the same point to 1 mm', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'smi-one-coordinate-'));
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h?.close();
  });

  for (const c of CASES) {
    it(c.title, async () => {
      const owner = await h.verifiedUser();
      const project = await createProject(owner.agent, await registerDevice(owner.agent, 'base'), [await registerDevice(owner.agent, 'rover')]);
      const id = project._id;
      for (const p of c.points) {
        await recordPoint(owner.agent, id, { Name: p.name, Latitude: p.latitude, Longitude: p.longitude, Altitude: p.altitude, GeoidSeparation: p.geoidSeparation, EllipsoidalHeight: p.ellipsoidalHeight, FixType: 'rtk-fixed' });
      }
      await c.setUp?.(owner.agent, id);
      // PROJ's answer: the grid by cs2cs, the height above EGM96 by cct vgridshift, in the CRS unit
      const grid = cs2csEpsg(c.crs, c.points);
      const ortho = egm96Heights(c.points.map((p) => ({ ...p, h: hOf(p) })));
      let expected: Read[] = c.points.map((_, i) => ({ e: grid[i]![0]!, n: grid[i]![1]!, h: ortho[i]! / c.metresPerUnit }));
      if (c.calibrate) expected = await c.calibrate(owner.agent, id, expected);

      const save = async (format: string, file: string, query = '') => {
        const res = await owner.agent.get(`/api/export/${format}/${id}${query}`).buffer(true).parse((s, done) => {
          const chunks: Buffer[] = [];
          s.on('data', (b: Buffer) => chunks.push(b));
          s.on('end', () => done(null, Buffer.concat(chunks)));
        });
        expect(res.status, format).toBe(200);
        const path = join(dir, `${id}-${file}`);
        writeFileSync(path, res.body as Buffer);
        return { path, body: res.body as Buffer, disposition: String(res.headers['content-disposition']) };
      };
      const check = (what: string, got: ByName) =>
        c.points.forEach((p, i) => {
          const g = got.get(p.name);
          expect(g, `${what}: ${p.name} missing`).toBeDefined();
          const want = expected[i]!;
          expect(Math.abs(g!.e - want.e) * c.metresPerUnit, `${what} ${p.name} easting ${g!.e} vs ${want.e}`).toBeLessThan(0.001);
          expect(Math.abs(g!.n - want.n) * c.metresPerUnit, `${what} ${p.name} northing ${g!.n} vs ${want.n}`).toBeLessThan(0.001);
          expect(Math.abs(g!.h! - want.h!) * c.metresPerUnit, `${what} ${p.name} height ${g!.h} vs ${want.h}`).toBeLessThan(0.001);
        });
      const epsg = `EPSG:${c.crs}`;

      const csv = fromTable((await save('csv', 'points.csv')).body, ',');
      check('csv', csv.rows);
      expect(csv.headers.slice(1, 4).every((k) => k.includes(`epsg${c.crs}`) || k.startsWith('height_egm96'))).toBe(true);
      check('txt', fromTable((await save('txt', 'points.txt')).body, '\t').rows);
      const pnezd = await save('csv', 'pnezd.csv', '?preset=pnezd');
      check('pnezd', fromPnezd(pnezd.body));
      // no header line: the file name says the CRS, unit and height
      const unitWord = c.metresPerUnit === 1 ? 'm' : 'ftus';
      expect(pnezd.disposition).toContain(`-points-pnezd-epsg${c.crs}-${unitWord}-egm96-${unitWord}.csv`);

      const dxf = await save('dxf', 'points.dxf');
      check('dxf (ogrinfo)', fromDxf(dxf.path));
      expect(dxf.body.toString('utf8')).toMatch(new RegExp(`^999\\nCoordinates: ${epsg} .*; Z: height orthometric \\(EGM96\\)`));

      const shp = await save('shp', 'points.zip');
      check('shp (ogrinfo)', fromShp(shp.path));
      expect(execFileSync('gdalsrsinfo', ['-e', `/vsizip/${shp.path}/points.prj`]).toString()).toContain(epsg);
      const refs = [...execFileSync('ogrinfo', ['-ro', '-al', '-q', `/vsizip/${shp.path}`]).toString().matchAll(/height_ref \(String\) = (.*)/g)].map((m) => m[1]!.trim());
      expect(refs).toEqual(c.points.map(() => `orthometric (EGM96), ${c.metresPerUnit === 1 ? 'm' : 'ftUS'}`));

      const geojson = await save('geojson', 'points.geojson');
      const gj = fromGeoJson(geojson.path);
      check('geojson properties (ogrinfo)', gj.rows);
      c.points.forEach((p) => {
        const w = gj.geometry.get(p.name)!;
        expect(Math.abs(w.lon - p.longitude)).toBeLessThan(1e-8);
        expect(Math.abs(w.h! - hOf(p))).toBeLessThan(0.001);
      });
      expect(JSON.parse(geojson.body.toString('utf8')).projectCoordinates).toMatchObject({ crs: epsg, height: 'orthometric (EGM96)' });

      const kml = await save('kml', 'points.kml');
      const kmlRead = fromKml(kml.path, ['default']);
      check('kml ExtendedData (ogrinfo)', kmlRead.rows);
      // KML's own coordinates: WGS 84 longitude, latitude and the altitude above sea level as Google Earth takes it
      c.points.forEach((p, i) => {
        const w = kmlRead.geometry.get(p.name)!;
        expect(Math.abs(w.lon - p.longitude)).toBeLessThan(1e-8);
        expect(Math.abs(w.lat - p.latitude)).toBeLessThan(1e-8);
        expect(Math.abs(w.h! - ortho[i]!)).toBeLessThan(0.001);
      });
      expect(kml.body.toString('utf8')).toContain(`Data easting/northing: ${epsg}`);

      const landxml = await save('landxml', 'points.xml');
      check('landxml (xmllint)', fromLandXml(landxml.path));
      expect(landxml.body.toString('utf8')).toMatch(new RegExp(`epsgCode="${c.crs}" [^>]*verticalDatum="EGM96"`));

      const names = c.points.map((p) => p.name);
      const pdf = await fromPdfTable((await save('pdf', 'points.pdf')).body, names);
      check('pdf table (pdftotext)', pdf.rows);
      expect(pdf.text).toContain(epsg);
      expect(pdf.text).toContain('orthometric (EGM96)');
      // the plan page names the grid it is drawn in, and its scale bar is in the grid's unit
      if (c.metresPerUnit !== 1) expect(pdf.text).toMatch(/^0\s+\d+ ftUS\s*$/m);
      expect(pdf.text).toMatch(new RegExp(`${epsg} [^\\n]*, ${c.metresPerUnit === 1 ? 'metre' : 'US survey foot'}[^\\n]*; heights orthometric \\(EGM96\\)[^\\n]*Grid north up`));


      // the survey report's coordinates table, by pdftotext, and the coordinate system on its cover
      const report = await fromPdfTable((await save('report', 'report.pdf')).body, names);
      check('survey report (pdftotext)', report.rows);
      expect(report.text).toContain(epsg);
      expect(report.text).toContain('orthometric (EGM96)');

      const points = (await owner.agent.get(`/api/points/${id}`).expect(200)).body.points as { _id: string; Name: string }[];
      const view = (await owner.agent.get(`/api/projects/grid-points/${id}`).expect(200)).body;
      check('taken points (api)', new Map(points.map((p) => [p.Name, { e: view.points[p._id].easting, n: view.points[p._id].northing, h: view.points[p._id].height }])));
      expect(view.frame).toMatchObject({ crsCode: c.crs, heightName: 'orthometric (EGM96)', isDefault: c.crs === 32644 });

      // the Record dialog: the server's preview of the same reading (no antenna, no base) gives the same coordinate
      const previews: ByName = new Map();
      for (const p of c.points) {
        const Reading = { Latitude: p.latitude, Longitude: p.longitude, Altitude: p.altitude ?? p.ellipsoidalHeight!, GeoidSeparation: p.geoidSeparation ?? 0 };
        const preview = (await owner.agent.post(`/api/projects/${id}/record-preview`).send({ Reading, Antenna: { Height: 0 } }).expect(200)).body;
        expect(preview.frame).toMatchObject({ crsCode: c.crs, heightName: 'orthometric (EGM96)' });
        previews.set(p.name, { e: preview.coordinate.easting, n: preview.coordinate.northing, h: preview.coordinate.height });
      }
      check('record preview (api)', previews);
    }, 180_000);
  }
});
