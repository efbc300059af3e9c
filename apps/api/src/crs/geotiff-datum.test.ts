import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedPoints, seedProject } from '../exports/test-seed.js';

/**
 * A datum-shift grid in PROJ-data's GeoTIFF form (what cdn.proj.org ships: de_adv_BETA2007.tif, no BETA2007.gsb)
 * dropped into GRIDS_DIR is used for DHDN, equal to cs2cs with the same file; a .tif under a grid's name that is not a
 * horizontal offset grid, and a grid in neither form, are 400s naming the files. The .tif is made from Debian's
 * BETA2007.gsb as PROJ's GeoTIFF grid specification has it (TYPE=HORIZONTAL_OFFSET, latitude_offset/longitude_offset in arc-seconds,
 * longitude positive east, PixelIsPoint); packages/geodesy's datum-tiff-cs2cs.test.ts covers the variants.
 */
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const GSB = '/usr/share/proj/BETA2007.gsb';
const POINTS = [
  { name: 'B1', latitude: 50.1109, longitude: 8.6821, ellipsoidalHeight: 150 },
  { name: 'B2', latitude: 52.52, longitude: 13.405, ellipsoidalHeight: 80 },
  { name: 'B3', latitude: 48.137, longitude: 11.575, ellipsoidalHeight: 565 },
];

function betaTiff(path: string): void {
  const band = (n: number, what: string, ratio: number) =>
    `<VRTRasterBand dataType="Float32" band="${n}"><Description>${what}</Description><UnitType>arc-second</UnitType>
      <ComplexSource><SourceFilename relativeToVRT="0">${GSB}</SourceFilename><SourceBand>${n}</SourceBand><ScaleRatio>${ratio}</ScaleRatio></ComplexSource></VRTRasterBand>`;
  // GDAL's NTv2 reading: 62 x 84 cells of 10' x 6' from 5.41667 E, 55.35 N (PixelIsArea corner), longitudes positive west
  const vrt = `<VRTDataset rasterXSize="62" rasterYSize="84"><SRS>EPSG:4314</SRS><GeoTransform>5.416666666666667, 0.166666666666667, 0, 55.35, 0, -0.1</GeoTransform>
    <Metadata><MDI key="TYPE">HORIZONTAL_OFFSET</MDI><MDI key="AREA_OR_POINT">Point</MDI></Metadata>
    ${band(1, 'latitude_offset', 1)}${band(2, 'longitude_offset', -1)}</VRTDataset>`;
  writeFileSync(`${path}.vrt`, vrt);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=3', `${path}.vrt`, path]);
  rmSync(`${path}.vrt`);
}

describe('GeoTIFF datum-shift grids from the grids folder', () => {
  let h: Harness;
  let dir: string;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'smi-datum-grids-'));
    betaTiff(join(dir, 'de_adv_BETA2007.tif'));
    // GDAL's plain copy of an NTv2 grid: no TYPE, no band descriptions PROJ knows (not a PROJ horizontal offset grid)
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '/usr/share/proj/ntf_r93.gsb', join(dir, 'fr_ign_ntf_r93.tif')]);
    h = await startHarness({ gridsDir: dir });
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'DHDN from a GeoTIFF grid' });
    await seedPoints(h.db, projectId, POINTS);
  }, 120_000);
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('DHDN / Gauss-Kruger zone 3 with only de_adv_BETA2007.tif: the csv grid columns equal cs2cs on the same file to 1 mm', async () => {
    const set = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 31467 }).expect(200);
    expect(set.body.settings).toMatchObject({ crs: { code: 31467 } });
    const res = await surveyor.agent.get(`/api/export/csv/${projectId}`).buffer(true).expect(200);
    const rows = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    const e = Object.keys(rows[0]!).find((k) => k.startsWith('easting_epsg31467'))!;
    const n = Object.keys(rows[0]!).find((k) => k.startsWith('northing_epsg31467'))!;
    expect(e && n).toBeTruthy();
    const def = '+proj=tmerc +lat_0=0 +lon_0=9 +k=1 +x_0=3500000 +y_0=0 +ellps=bessel +units=m +no_defs'.split(' ');
    const out = execFileSync('cs2cs', ['-f', '%.6f', '+proj=longlat', '+datum=WGS84', '+to', ...def, `+nadgrids=${join(dir, 'de_adv_BETA2007.tif')}`], {
      input: POINTS.map((p) => `${p.longitude} ${p.latitude}\n`).join(''),
      env,
    }).toString();
    const ref = out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
    for (const [i, p] of POINTS.entries()) {
      const row = rows.find((r) => r.name === p.name)!;
      expect(Math.abs(Number(row[e]) - ref[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(Number(row[n]) - ref[i]![1]!)).toBeLessThan(0.001);
    }
  });

  it('a .tif under the grid name that is not a horizontal offset grid: 400 naming it, never a 500', async () => {
    const res = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 27572 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(/fr_ign_ntf_r93\.tif is not a PROJ horizontal offset \(datum shift\) grid/);
  });

  it('a grid in neither form: 400 naming the NTv2 and the GeoTIFF file', async () => {
    const res = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 21781 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/CHENyx06_ETRS\.gsb is required.*ch_swisstopo_CHENyx06_ETRS\.tif \(GeoTIFF\): either file is read/);
  });
});
