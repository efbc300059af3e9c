import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedPoints, seedProject } from '../exports/test-seed.js';

/**
 * The corrections datum is declared per base setup (decision 024): a point measured from a base in ITRF2014 is shifted to
 * ETRS89 at its epoch before it is projected, one from a base in ETRS89 is not shifted at all. Checked with PROJ.
 */
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const P = { latitude: 48.137, longitude: 11.575, h: 565.2 };
const AT = '2026-03-15T12:00:00.000Z';
const EPOCH = 2026 + (Date.parse(AT) - Date.UTC(2026, 0, 1)) / (Date.UTC(2027, 0, 1) - Date.UTC(2026, 0, 1));

describe('each point is transformed from the frame of its base setup', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Frames', sections: ['default'] });
    await surveyor.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 25832, correctionsDatum: 'ETRS89' }).expect(200);
    await seedPoints(h.db, projectId, [
      { name: 'from ETRS89 base', ...P, ellipsoidalHeight: P.h, recordedAt: AT },
      { name: 'from ITRF2014 base', ...P, ellipsoidalHeight: P.h, recordedAt: '2026-03-15T12:00:01.000Z' },
      { name: 'no base setup', ...P, ellipsoidalHeight: P.h, recordedAt: '2026-03-15T12:00:02.000Z' },
      { name: 'MSL and N only', ...P, altitude: 517.7, geoidSeparation: 47.5, recordedAt: '2026-03-15T12:00:03.000Z' },
      { name: 'ITRF-A', latitude: 48.14, longitude: 11.57, ellipsoidalHeight: 560, recordedAt: '2026-03-15T12:00:04.000Z' },
      { name: 'ITRF-B', latitude: 48.15, longitude: 11.59, ellipsoidalHeight: 561, recordedAt: '2026-03-15T12:00:05.000Z' },
    ]);
    for (const [name, datum] of [['from ETRS89 base', 'ETRS89'], ['from ITRF2014 base', 'ITRF2014']]) {
      const [s] = await h.db.query<{ id: string }>(
        `INSERT INTO base_setups (project_id, series_id, version, source, x, y, z, latitude, longitude, height, datum)
         VALUES ($1, gen_random_uuid(), 1, 'known', 0, 0, 0, 48.1, 11.5, 500, $2) RETURNING id`,
        [projectId, datum],
      );
      await h.db.query('UPDATE points SET base_setup_id = $2 WHERE project_id = $1 AND (name = $3 OR ($4 AND name LIKE \'ITRF-%\'))', [projectId, s!.id, name, datum === 'ITRF2014']);
    }
  }, 120_000);
  afterAll(() => h.close());

  it('csv: ETRS89 and the project\'s datum equal cs2cs EPSG:4258 -> 25832; ITRF2014 equals PROJ\'s Helmert at the epoch, then cs2cs', async () => {
    const res = await surveyor.agent.get(`/api/export/csv/${projectId}`).buffer(true).expect(200);
    const rows = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    const plain = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4258', 'EPSG:25832'], { input: `${P.latitude} ${P.longitude}\n`, env }).toString().trim().split(/\s+/).map(Number);
    const shifted = execFileSync(
      'cct',
      ['-d', '12', ...'+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=cart +ellps=GRS80 +step +proj=helmert +x=0 +y=0 +z=0 +rx=0 +ry=0 +rz=0 +s=0 +dx=0 +dy=0 +dz=0 +drx=8.5e-05 +dry=0.000531 +drz=-0.00077 +ds=0 +t_epoch=1989 +convention=position_vector +step +inv +proj=cart +ellps=GRS80 +step +proj=unitconvert +xy_in=rad +xy_out=deg'.split(' ')],
      { input: `${P.longitude} ${P.latitude} ${P.h} ${EPOCH}\n`, env },
    ).toString().trim().split(/\s+/).map(Number);
    const itrf = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4258', 'EPSG:25832'], { input: `${shifted[1]} ${shifted[0]}\n`, env }).toString().trim().split(/\s+/).map(Number);
    const byName = (n: string) => rows.find((r) => r.name === n)!;
    for (const n of ['from ETRS89 base', 'no base setup']) {
      expect(Math.abs(Number(byName(n).easting_epsg25832_m) - plain[0]!)).toBeLessThan(0.001);
      expect(Math.abs(Number(byName(n).northing_epsg25832_m) - plain[1]!)).toBeLessThan(0.001);
    }
    const r = byName('from ITRF2014 base');
    expect(Math.abs(Number(r.easting_epsg25832_m) - itrf[0]!)).toBeLessThan(0.001);
    expect(Math.abs(Number(r.northing_epsg25832_m) - itrf[1]!)).toBeLessThan(0.001);
    expect(Math.abs(Number(r.height_ellipsoidal_m) - shifted[2]!)).toBeLessThan(0.001);
    // h from MSL + the receiver's N when the point has no stored h (decision 017)
    expect(Number(byName('MSL and N only').height_ellipsoidal_m)).toBeCloseTo(565.2, 4);
    // ITRF2014 at 2026 is about 0.8 m from ETRS89 in Munich: treating it as WGS 84 would be this far off
    expect(Math.hypot(itrf[0]! - plain[0]!, itrf[1]! - plain[1]!)).toBeGreaterThan(0.5);
  });

  it('a base setup\'s datum must be one the product can transform (400 naming the choices)', async () => {
    const [s] = await h.db.query<{ id: string }>('SELECT id FROM base_setups WHERE project_id = $1 LIMIT 1', [projectId]);
    const res = await surveyor.agent.put(`/api/base-setups/${s!.id}`).send({ Latitude: 48.1, Longitude: 11.5, Datum: 'OSGB36' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(/Datum.*ITRF2020/);
  });

  it('a calibration pair picked from a point is measured in that point\'s frame: after it, the point exports at its known grid', async () => {
    const csvOf = async () => parse((await surveyor.agent.get(`/api/export/csv/${projectId}`).buffer(true).expect(200)).text, { bom: true, columns: true }) as Record<string, string>[];
    const before = await csvOf();
    const points = await h.db.query<{ id: string; name: string; latitude: number; longitude: number; ellipsoidal_height: number }>(
      "SELECT id, name, latitude, longitude, ellipsoidal_height FROM points WHERE project_id = $1 AND name LIKE 'ITRF-%' ORDER BY name",
      [projectId],
    );
    const known = points.map((p) => {
      const r = before.find((x) => x.name === p.name)!;
      return { name: p.name, pointId: p.id, latitude: p.latitude, longitude: p.longitude, ellipsoidalHeight: p.ellipsoidal_height, easting: Number(r.easting_epsg25832_m) + 10, northing: Number(r.northing_epsg25832_m) - 5 };
    });
    await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs: known, fixScale: true }).expect(200);
    const after = await csvOf();
    for (const k of known) {
      const r = after.find((x) => x.name === k.name)!;
      expect(Math.abs(Number(r.easting_epsg25832_m) - k.easting)).toBeLessThan(0.001);
      expect(Math.abs(Number(r.northing_epsg25832_m) - k.northing)).toBeLessThan(0.001);
    }
    await surveyor.agent.delete(`/api/projects/calibration/${projectId}`).expect(200);
  });
});
