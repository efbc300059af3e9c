import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { readPdf } from './test-pdf-text.js';
import { seedPoints, seedProject } from './test-seed.js';

// Every export shows how a point was measured and how well (decision 016). Each format is read back by an independent
// reader (GDAL's ogrinfo, poppler's pdftotext), not by our own code.
describe('the precision columns in every export, read back with ogrinfo and pdftotext', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  const dir = mkdtempSync(join(tmpdir(), 'smi-precision-'));

  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Precision', sections: ['default'] });
    await seedPoints(h.db, projectId, [
      { name: 'CP1', latitude: -22.951, longitude: -43.21, fixType: 'rtk-fixed', horizontalAccuracy: 0.0059, verticalAccuracy: 0.0062, altitude: 12.3, ellipsoidalHeight: 7.9, geoidSeparation: -4.4 },
      { name: 'Browser point', latitude: -22.9511, longitude: -43.2101 },
    ]);
    // CP1 as an occupation stores it (the columns storePoint writes), its means carrying binary noise
    await h.db.query(
      `UPDATE points SET method = 'topo', epochs = 101, epochs_rejected = 2, sigma_e = 0.00412, sigma_n = 0.00433, sigma_u = 0.00618, pdop = 1.0500000000000003,
         fix_percent = 98.10000000000001, correction_age = 1.2000000000000002, antenna_height = 1.8000000000000003, warnings = ARRAY['split', 'no-receiver-sigma'] WHERE project_id = $1 AND name = 'CP1'`,
      [projectId],
    );
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h?.close();
  });

  /** The export saved to a file, and ogrinfo's summary of every feature in it. */
  async function ogr(format: string, file: string) {
    const res = await download(surveyor.agent, format, projectId);
    expect(res.status).toBe(200);
    writeFileSync(join(dir, file), res.body);
    return execFileSync('ogrinfo', ['-ro', '-al', '-q', join(dir, file)]).toString();
  }
  /** The attributes of the feature whose `key` is `value` in ogrinfo's listing. */
  function featureWith(listing: string, key: string, value: string): Record<string, string> {
    const feature = listing.split(/\n\s*OGRFeature/).find((f) => new RegExp(`^\\s*${key} \\(\\w+(?:\\(\\w+\\))?\\) = ${value}$`, 'm').test(f));
    expect(feature, `${key} = ${value}`).toBeDefined();
    return Object.fromEntries([...feature!.matchAll(/^\s*(\w+) \(\w+(?:\(\w+\))?\) = (.*)$/gm)].map((m) => [m[1]!, m[2]!]));
  }

  it('GeoJSON: method, epochs, sigma E/N/U, PDOP, fix % and the rest as properties', async () => {
    const f = featureWith(await ogr('geojson', 'points.geojson'), 'name', 'CP1');
    expect(f).toMatchObject({ method: 'topo', epochs: '101', epochsRejected: '2', sigmaE: '0.0041', sigmaN: '0.0043', sigmaU: '0.0062', pdop: '1.05', fixPercent: '98.1', correctionAge: '1.2', antennaHeight: '1.8' });
    expect(f.warnings).toMatch(/split.*no-receiver-sigma/);
    // the file itself, not only GDAL's reading of it, holds the figures at their decimals
    const raw = readFileSync(join(dir, 'points.geojson'), 'utf8');
    expect(raw).toContain('"pdop":1.05,');
    expect(raw).not.toMatch(/\d\.\d*000000000\d/);
    // a browser's point says how it was recorded, with no figures it does not have
    const b = featureWith(await ogr('geojson', 'points.geojson'), 'name', 'Browser point');
    expect(b).toMatchObject({ method: 'client', epochs: '(null)', sigmaE: '(null)' });
  });

  it('KML: the same figures as ExtendedData', async () => {
    const f = featureWith(await ogr('kml', 'points.kml'), 'Name', 'CP1');
    expect(f).toMatchObject({ method: 'topo', epochs: '101', epochsRejected: '2', sigmaE: '0.0041', sigmaN: '0.0043', sigmaU: '0.0062', pdop: '1.05', fixPercent: '98.1' });
  });

  it('Shapefile: dBASE attributes for each figure (names of 10 characters at most)', async () => {
    const res = await download(surveyor.agent, 'shp', projectId);
    writeFileSync(join(dir, 'points.zip'), res.body);
    const listing = execFileSync('ogrinfo', ['-ro', '-al', '-q', `/vsizip/${join(dir, 'points.zip')}`]).toString();
    const f = featureWith(listing, 'name', 'CP1');
    expect(f).toMatchObject({ method: 'topo', epochs: '101', epochs_rej: '2', sigma_e: '0.0041', sigma_n: '0.0043', sigma_u: '0.0062', pdop: '1.05', fix_pct: '98.1', corr_age: '1.20', ant_height: '1.8000', warnings: 'split no-receiver-sigma' });
    // the receiver's own sigma H/V stay beside them
    expect(f).toMatchObject({ sigma_h: '0.0059', sigma_v: '0.0062' });
    expect(featureWith(listing, 'name', 'Browser point')).toMatchObject({ method: 'client', sigma_e: '(null)' });
  });

  it('DXF: a measured point has a third label with its method, epochs, sigmas, PDOP and fix %', async () => {
    const listing = await ogr('dxf', 'points.dxf');
    const texts = [...listing.matchAll(/^\s*Text \(String\) = (.*)$/gm)].map((m) => m[1]!);
    expect(texts).toContain('topo 101 ep (2 rej) sE/N/U 0.0041/0.0043/0.0062 m PDOP 1.05 fix 98.1%');
    // the browser's point has its name and nothing measured under it
    expect(texts.filter((t) => t.startsWith('client'))).toEqual([]);
  });

  it('PDF: the table has the precision columns, and a measured point its figures under its row', async () => {
    const pdf = await readPdf((await download(surveyor.agent, 'pdf', projectId)).body);
    const table = pdf.text.slice(pdf.text.lastIndexOf('Points — Precision'));
    expect(table).toMatch(/Method\s+Epochs\s+Rejected\s+Sigma E \(m\)\s+Sigma N \(m\)\s+Sigma U \(m\)\s+PDOP\s+Fix %\s+Age \(s\)\s+Antenna \(m\)\s+Warnings/);
    expect(table).toMatch(/CP1[^\n]*\n\s*topo\s+101\s+2\s+0\.0041\s+0\.0043\s+0\.0062\s+1\.05\s+98\.1\s+1\.2\s+1\.800\s+split no-receiver-sigma/);
    // the browser's point: one line, the next row (none) or the end follows it
    expect(table).not.toMatch(/Browser point[^\n]*\n\s*client/);
  });
});
