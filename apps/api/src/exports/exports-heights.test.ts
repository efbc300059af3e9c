import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { readPdf } from './test-pdf-text.js';
import { egm96Heights } from './test-proj.js';
import { seedPoints, seedProject, type SeedPoint } from './test-seed.js';

const run = promisify(execFile);

/**
 * Every deliverable carries the point's height (decision 017). The heights are gpsd's decoding of a u-blox ZED-F9P
 * (its NMEA log in apps/gateway/test/fixtures/nmea: altMSL 14.2, geoidSep 1.8, altHAE 16.0) and of its RTK log (altMSL 826.56,
 * geoidSep 44.866); the files are read back by GDAL (ogrinfo) and poppler (pdftotext), not by this code.
 */
const POINTS: SeedPoint[] = [
  { name: 'BM-1', latitude: -45.877567167, longitude: 170.500111333, altitude: 14.2, geoidSeparation: 1.8, fixType: 'single', horizontalAccuracy: 4.2, accuracy: 'High' },
  { name: 'BM-2', latitude: -45.8776, longitude: 170.5002, ellipsoidalHeight: 16, geoidSeparation: 1.8, fixType: 'rtk-fixed', horizontalAccuracy: 0.009 },
  { name: 'Kerb', latitude: -45.8777, longitude: 170.5003, altitude: 826.56, geoidSeparation: 44.866, fixType: 'rtk-float', horizontalAccuracy: 0.38, accuracy: 'High' },
  { name: 'No height', latitude: -45.8778, longitude: 170.5004 },
];
// h of each point (h = H + N from the receiver's figures); a point without one is drawn at 0
const H: Record<string, number | null> = { 'BM-1': 16, 'BM-2': 16, Kerb: 871.426, 'No height': null };
// the elevation each point is drawn at: a project without a CRS has heights above EGM96 (PROJ's vgridshift)
const ELEVATION: Record<string, number> = Object.fromEntries(
  POINTS.map((p) => [p.name, H[p.name] === null ? 0 : egm96Heights([{ ...p, h: H[p.name]! }])[0]!]),
);
const utm59s = proj4('WGS84', '+proj=utm +zone=59 +south +datum=WGS84 +units=m +no_defs');

interface OgrFeature {
  subClasses: string;
  text: string | null;
  wkt: string;
}

/** ogrinfo's reading of a DXF: each feature's DXF subclass, its text (labels) and its geometry (WKT). */
async function ogrFeatures(dxf: Buffer): Promise<OgrFeature[]> {
  const dir = mkdtempSync(join(tmpdir(), 'smi-dxf-'));
  try {
    const file = join(dir, 'points.dxf');
    writeFileSync(file, dxf);
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-q', file], { maxBuffer: 64 << 20 });
    return stdout
      .split(/^\s*OGRFeature\(/m)
      .slice(1)
      .map((block) => ({
        subClasses: /SubClasses \(String\) = (.*)$/m.exec(block)?.[1]?.trim() ?? '',
        text: /^\s*Text \(String\) = (.*)$/m.exec(block)?.[1]?.trim() ?? null,
        wkt: /^\s*(POINT\b[^\n]*)$/m.exec(block)?.[1]?.trim() ?? '',
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('heights in the deliverables', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Dunedin heights' });
    await seedPoints(h.db, projectId, POINTS);
  });
  afterAll(() => h.close());

  it('draws every DXF point as a 3D POINT at its EGM96 height (no CRS set: the default), as GDAL reads it', async () => {
    const res = await download(surveyor.agent, 'dxf', projectId);
    expect(res.status).toBe(200);
    const features = await ogrFeatures(res.body);
    // ogrinfo lists the POINT entities and the TEXT labels (as points at the label): the POINTs are AcDbPoint
    const points = features.filter((f) => f.subClasses.includes('AcDbPoint')).map((f) => f.wkt);
    expect(points).toHaveLength(POINTS.length);
    for (const [i, p] of POINTS.entries()) {
      const m = /^POINT Z \(([-\d.e+]+) ([-\d.e+]+) ([-\d.e+]+)\)$/.exec(points[i]!);
      expect(m, points[i]).not.toBeNull();
      const [e, n] = utm59s.forward([p.longitude, p.latitude]) as [number, number];
      expect(Math.abs(Number(m![1]) - e)).toBeLessThan(0.001);
      expect(Math.abs(Number(m![2]) - n)).toBeLessThan(0.001);
      expect(Math.abs(Number(m![3]) - ELEVATION[p.name]!)).toBeLessThan(0.001);
    }
  });

  it('labels each DXF point with its fix type and ± under its name, none where the fix is not known', async () => {
    const res = await download(surveyor.agent, 'dxf', projectId);
    const texts = (await ogrFeatures(res.body)).filter((f) => f.subClasses.includes('AcDbText')).map((f) => f.text);
    expect(texts).toEqual(['BM-1', 'Single ±4.200 m', 'BM-2', 'RTK fixed ±0.009 m', 'Kerb', 'RTK float ±0.380 m', 'No height']);
  });

  it('puts every DXF label at its point\'s elevation (in a 3D view a label at 0 floated far below its point)', async () => {
    const res = await download(surveyor.agent, 'dxf', projectId);
    const features = await ogrFeatures(res.body);
    const z = (wkt: string) => Number(/^POINT Z \([-\d.e+]+ [-\d.e+]+ ([-\d.e+]+)\)$/.exec(wkt)?.[1]);
    const names = features.filter((f) => f.subClasses.includes('AcDbText') && f.text !== null && f.text in ELEVATION);
    expect(names.map((f) => f.text)).toEqual(POINTS.map((p) => p.name));
    for (const f of names) expect(Math.abs(z(f.wkt) - ELEVATION[f.text!]!), f.wkt).toBeLessThan(0.001);
    // the quality line under a name is at the same elevation
    const quality = features.find((f) => f.text === 'RTK float ±0.380 m')!;
    expect(Math.abs(z(quality.wkt) - ELEVATION.Kerb!)).toBeLessThan(0.001);
  });

  it('shp: a point without a height is a 2D Point in points_2d, not a PointZ at 0 (the format has no Z no-data)', async () => {
    const res = await download(surveyor.agent, 'shp', projectId);
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'smi-shp-'));
    try {
      const zip = join(dir, 'points.zip');
      writeFileSync(zip, res.body);
      const layer = async (name: string) => (await run('ogrinfo', ['-ro', '-q', `/vsizip/${zip}`, name])).stdout;
      const withZ = await layer('points');
      expect([...withZ.matchAll(/^\s*name \(String\) = (.*)$/gm)].map((m) => m[1]!.trim())).toEqual(['BM-1', 'BM-2', 'Kerb']);
      const zs = [...withZ.matchAll(/POINT Z \([-\d.e+]+ [-\d.e+]+ ([-\d.e+]+)\)/g)].map((m) => Number(m[1]));
      expect(zs).toHaveLength(3);
      zs.forEach((z, i) => expect(Math.abs(z - ELEVATION[POINTS[i]!.name]!)).toBeLessThan(0.001));
      const flat = await layer('points_2d');
      expect(flat).toMatch(/^\s*name \(String\) = No height$/m);
      expect(flat).toMatch(/^\s*height \(Real\) = \(null\)$/m);
      const [e, n] = utm59s.forward([POINTS[3]!.longitude, POINTS[3]!.latitude]) as [number, number];
      const m = /^\s*POINT \(([-\d.e+]+) ([-\d.e+]+)\)$/m.exec(flat);
      expect(m, flat).not.toBeNull();
      expect(Math.abs(Number(m![1]) - e)).toBeLessThan(0.001);
      expect(Math.abs(Number(m![2]) - n)).toBeLessThan(0.001);
      expect((await run('ogrinfo', ['-ro', '-so', `/vsizip/${zip}`, 'points_2d'])).stdout).toMatch(/Geometry: Point\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the elevation and the receiver\'s ± beside the grade and fix type in the PDF table', async () => {
    const res = await download(surveyor.agent, 'pdf', projectId);
    const { text } = await readPdf(res.body);
    const table = text.slice(text.lastIndexOf('Time (UTC)') - 400);
    expect(table).toMatch(/Height \(m\)\s+Latitude/);
    const el = (name: string) => ELEVATION[name]!.toFixed(3).replace('.', '\\.');
    expect(table).toMatch(new RegExp(`BM-1\\b.*\\s${el('BM-1')}\\s.*High\\s+single\\s+4\\.200\\b`));
    expect(table).toMatch(new RegExp(`BM-2\\b.*\\s${el('BM-2')}\\s.*rtk-fixed\\s+0\\.009\\b`));
    expect(table).toMatch(new RegExp(`Kerb\\b.*\\s${el('Kerb')}\\s.*High\\s+rtk-float\\s+0\\.380\\b`));
    // the summary says what the heights are and what the grade does not say
    expect(text).toContain('orthometric (EGM96), m');
    expect(text).toMatch(/Points per fix type[\s\S]*RTK fixed\s+1[\s\S]*RTK float\s+1[\s\S]*DGPS\s+0[\s\S]*Single\s+1[\s\S]*Not known\s+1/);
  });
});
