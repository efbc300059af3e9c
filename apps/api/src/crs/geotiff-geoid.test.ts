import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedPoints, seedProject } from '../exports/test-seed.js';

/**
 * A GeoTIFF geoid dropped into GRIDS_DIR (the form PROJ-data ships GEOID18 and OSGM15 in) is offered, chosen and used
 * by the exports, equal to PROJ's vgridshift on the same file; a horizontal shift GeoTIFF is refused by name.
 */
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const P = { latitude: 48.137, longitude: 11.575, h: 565.2 };

describe('GeoTIFF geoids from the grids folder', () => {
  let h: Harness;
  let dir: string;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'smi-grids-'));
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-mo', 'AREA_OR_POINT=Point', '-co', 'COMPRESS=DEFLATE', '-projwin', '-10', '60', '30', '35', '/usr/share/proj/egm96_15.gtx', join(dir, 'eu_test_geoid.tif')]);
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '/usr/share/proj/ntf_r93.gsb', join(dir, 'fr_shift.tif')]);
    // stands in for PROJ-data's OSGM15 (not shipped by Debian): the name is what matters to the lookup
    copyFileSync(join(dir, 'eu_test_geoid.tif'), join(dir, 'uk_os_OSGM15_GB.tif'));
    h = await startHarness({ gridsDir: dir });
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'GeoTIFF geoid' });
    await seedPoints(h.db, projectId, [{ name: 'M1', latitude: P.latitude, longitude: P.longitude, ellipsoidalHeight: P.h }]);
  }, 120_000);
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is offered, chosen, and the csv height equals cct vgridshift on the same file to 1 mm', async () => {
    const set = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, vertical: 'geoid', geoidModel: 'eu_test_geoid.tif' }).expect(200);
    expect(set.body.settings.geoidModels).toEqual(['EGM96', 'eu_test_geoid.tif', 'fr_shift.tif', 'uk_os_OSGM15_GB.tif']);
    const res = await surveyor.agent.get(`/api/export/csv/${projectId}`).buffer(true).expect(200);
    const [row] = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    const out = execFileSync('cct', ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', `+grids=${join(dir, 'eu_test_geoid.tif')}`, '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
      input: `${P.longitude} ${P.latitude} ${P.h}\n`,
      env,
    }).toString();
    const expected = Number(out.trim().split(/\s+/)[2]);
    expect(Math.abs(Number(row!.height_eu_test_geoid_m) - expected)).toBeLessThan(0.001);
  });

  it('a horizontal shift GeoTIFF is refused with its name: 400, never a 500', async () => {
    const res = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, vertical: 'geoid', geoidModel: 'fr_shift.tif' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(/fr_shift\.tif is not a geoid grid/);
  });

  it('offers the EPSG vertical CRSs whose grid is in the folder, under PROJ-data\'s current file name (ODN height: OSGM15)', async () => {
    const view = await surveyor.agent.get(`/api/projects/crs/${projectId}`).expect(200);
    expect(view.body.settings.verticalCrsOptions).toEqual(
      expect.arrayContaining([
        { code: 5773, name: 'EGM96 height', model: 'EGM96' },
        { code: 5701, name: 'ODN height', model: 'uk_os_OSGM15_GB.tif' },
      ]),
    );
    // NAVD88 height needs g2012bu0.gtx, which is not here: not offered
    expect(view.body.settings.verticalCrsOptions.map((v: { code: number }) => v.code)).not.toContain(5703);
    const set = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, verticalCrsCode: 5701 }).expect(200);
    expect(set.body.settings).toMatchObject({ vertical: 'geoid', geoidModel: 'uk_os_OSGM15_GB.tif', verticalCrsCode: 5701 });
    const missing = await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, verticalCrsCode: 5703 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/g2012bu0\.gtx/);
  });
});
