import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedProject } from '../exports/test-seed.js';

/** PROJ's answer for WGS 84 lat/lon -> EPSG:2154 (Lambert-93), the reference the calibration pairs are made from. */
function lambert93(points: [number, number][]): [number, number][] {
  const out = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4326', 'EPSG:2154'], { input: points.map(([la, lo]) => `${la} ${lo}\n`).join('') }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 2).map(Number) as [number, number]);
}

describe('coordinate systems: search, project settings, site calibration', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let other: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    other = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, { name: 'Paris site' });
  }, 180_000);
  afterAll(() => h.close());

  it('GET /api/crs finds by code and by name, with area of use and unit', async () => {
    const byCode = await surveyor.agent.get('/api/crs').query({ query: 'EPSG:2236' }).expect(200);
    expect(byCode.body.crs[0]).toMatchObject({ code: 2236, name: 'NAD83 / Florida East (ftUS)', unit: 'US survey foot', kind: 'projected' });
    expect(byCode.body.crs[0].area).toMatch(/Florida/);
    const byName = await surveyor.agent.get('/api/crs').query({ query: 'lambert-93' }).expect(200);
    expect(byName.body.crs.map((c: { code: number }) => c.code)).toContain(2154);
    await surveyor.agent.get('/api/crs').expect(400);
    await surveyor.agent.get('/api/crs').query({ query: 'x'.repeat(101) }).expect(400);
  });

  it('sets a CRS and a geoid; refuses an unknown code, a missing grid (naming it) and another account\'s project', async () => {
    const put = (body: object, agent = surveyor.agent, id = projectId) => agent.put(`/api/projects/crs/${id}`).send(body);
    expect((await put({ crsCode: 9999 })).status).toBe(400);
    expect((await put({ crsCode: 'abc' })).status).toBe(400);
    const missing = await put({ crsCode: 2154, vertical: 'geoid', geoidModel: 'us_noaa_g2018u0.gtx' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/us_noaa_g2018u0\.gtx/);
    // the reply says what is missing, never where the server keeps its files (the harness's grids folder)
    expect(missing.body.message).toMatch(/server's grids folder/);
    expect(missing.body.message).not.toContain('/usr/share/proj');
    // OSGB 36 needs OSTN15, which Debian's proj-data does not ship: named, not silently replaced by a Helmert
    const osgb = await put({ crsCode: 27700 });
    expect(osgb.status).toBe(400);
    expect(osgb.body.message).toMatch(/OSTN15_NTv2_OSGBtoETRS\.gsb/);
    expect(osgb.body.message).not.toContain('/usr/share/proj');
    // and PROJ's catalogue gives no single 7-parameter set for it either: no fallback to offer
    expect((await put({ crsCode: 27700, helmertFallback: true })).body.message).toMatch(/no known datum shift/);
    // DHDN has one: used only when asked for
    expect((await put({ crsCode: 31467, helmertFallback: true })).status).toBe(200);
    expect((await put({ crsCode: 2154 }, other.agent)).status).toBe(404);
    const ok = await put({ crsCode: 2154, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'ETRS89' }).expect(200);
    expect(ok.body.settings).toMatchObject({ crs: { code: 2154 }, unitLabel: 'metre', vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'ETRS89' });
    expect(ok.body.settings.geoidModels).toContain('egm96_15.gtx');
    const viaVertical = await put({ crsCode: 2154, verticalCrsCode: 5773 }).expect(200);
    expect(viaVertical.body.settings).toMatchObject({ vertical: 'geoid', geoidModel: 'EGM96', verticalCrsCode: 5773 });
    await surveyor.agent.get(`/api/projects/crs/${projectId}`).expect(200);
    await other.agent.get(`/api/projects/crs/${projectId}`).expect(404);
  });

  it('calibrates on four control points, versioned and removable; residuals over tolerance are flagged', async () => {
    const positions: [number, number][] = [[48.8566, 2.3522], [48.8641, 2.3716], [48.841, 2.3462], [48.8432, 2.3786]];
    const grid = lambert93(positions);
    // the site grid: Lambert-93 shifted 100.5 m east, 20.25 m south; one control 1 cm off
    const pairs = positions.map(([lat, lon], i) => ({
      name: `CP${i + 1}`, latitude: lat, longitude: lon, ellipsoidalHeight: 100 + i,
      easting: grid[i]![0] + 100.5 + (i === 0 ? 0.01 : 0), northing: grid[i]![1] - 20.25, height: 55 + i,
    }));
    const res = await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs }).expect(200);
    const cal = res.body.calibration;
    expect(cal.version).toBe(1);
    expect(cal.horizontal.tE).toBeDefined();
    expect(cal.horizontal.scale).toBeCloseTo(1, 4);
    expect(cal.vertical.kind).toBe('plane');
    expect(cal.rmsH).toBeGreaterThan(0.001);
    expect(cal.rmsH).toBeLessThan(0.01);
    expect(cal.warnings).not.toContain('residual-over-tolerance:CP1');

    pairs[1]!.easting += 0.5;
    const bad = await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs }).expect(200);
    expect(bad.body.calibration.version).toBe(2);
    expect(bad.body.calibration.warnings.some((w: string) => w.startsWith('residual-over-tolerance'))).toBe(true);

    await other.agent.get(`/api/projects/calibration/${projectId}`).expect(404);
    expect((await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs: pairs.slice(0, 1) })).status).toBe(400);
    expect((await surveyor.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs: 'x' })).status).toBe(400);
    await surveyor.agent.delete(`/api/projects/calibration/${projectId}`).expect(200);
    expect((await surveyor.agent.get(`/api/projects/calibration/${projectId}`).expect(200)).body.calibration).toBeNull();
    await surveyor.agent.delete(`/api/projects/calibration/${projectId}`).expect(404);
  });

  it('refuses pairs outside the CRS\'s area of use and an absurd scale or rotation with 400, storing nothing', async () => {
    const paris = await seedProject(h.db, surveyor.userId, { name: 'Paris control' });
    await surveyor.agent.put(`/api/projects/crs/${paris}`).send({ crsCode: 2154, correctionsDatum: 'ETRS89' }).expect(200);
    const put = (pairs: object[]) => surveyor.agent.put(`/api/projects/calibration/${paris}`).send({ pairs });
    const positions: [number, number][] = [[48.8566, 2.3522], [48.8641, 2.3716], [48.841, 2.3462]];
    const grid = lambert93(positions);
    const pair = (i: number, e: number, n: number, at = positions[i]!) => ({ name: `CP${i + 1}`, latitude: at[0], longitude: at[1], ellipsoidalHeight: 100, easting: e, northing: n, height: null });

    // Sydney control measured on a Lambert-93 project: 17,000 km from France
    const sydney: [number, number][] = [[-33.8568, 151.2153], [-33.87, 151.21]];
    const far = await put([pair(0, 652_000, 6_862_000, sydney[0]), pair(1, 652_500, 6_862_300, sydney[1])]);
    expect(far.status).toBe(400);
    expect(far.body).toEqual({ success: false, message: expect.stringMatching(/^pairs: CP1 \(-33\.8568, 151\.2153\) is outside the area of use of EPSG:2154 RGF93 v1 \/ Lambert-93 \(France/) });
    // measured in Paris, its known coordinates in another system (Paris in UTM 31N): 1,200 km south on Lambert-93
    const foreign = await put([pair(0, 452_000, 5_411_000), pair(1, 452_500, 5_411_300)]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^pairs: the known coordinates of CP1 \(452000, 5411000\) are outside the area of use of EPSG:2154.*: they must be in EPSG:2154 RGF93 v1 \/ Lambert-93, metre$/);
    // known coordinates in feet, or scaled by 1 %: the fit's scale gives it away
    const scaled = await put(positions.map((_, i) => pair(i, 700_000 + (grid[i]![0] - 700_000) * 1.01, 6_600_000 + (grid[i]![1] - 6_600_000) * 1.01)));
    expect(scaled.status).toBe(400);
    expect(scaled.body.message).toMatch(/^The calibration is refused: its scale 1\.0100000 \(10000 ppm\) is beyond 1 ± 0\.002\. Check that the known coordinates are in EPSG:2154/);
    // a local grid turned by 10 degrees about the first point
    const t = (10 * Math.PI) / 180;
    const [e0, n0] = grid[0]!;
    const turned = await put(grid.map(([e, n], i) => pair(i, e0 + (e - e0) * Math.cos(t) - (n - n0) * Math.sin(t), n0 + (e - e0) * Math.sin(t) + (n - n0) * Math.cos(t))));
    expect(turned.status).toBe(400);
    expect(turned.body.message).toMatch(/its rotation 10\.000° is beyond ±0\.5°/);
    expect((await surveyor.agent.get(`/api/projects/calibration/${paris}`).expect(200)).body.calibration).toBeNull();
    // the same site within a few cm: accepted
    await put(grid.map(([e, n], i) => pair(i, e + 0.01 * i, n - 0.02))).expect(200);
  });
});
