import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import { endpointDocs, type CogoInverseReply, type EndpointName } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';
import { cs2csEpsg } from '../exports/test-proj.js';

/**
 * COGO over the api, against references computed here: grid coordinates of a measured point by PROJ's cs2cs, plane
 * geometry by hand for distances, bearings, areas and points set out, and the ground distance from PROJ's own scale
 * factor (`proj -V`) with the Gaussian radius worked in the test.
 */
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const fits = (name: EndpointName, body: unknown) => expect(endpointDocs[name].json!.safeParse(body).error?.issues ?? [], name).toEqual([]);

/** PROJ's parallel scale factor k of EPSG:code at a WGS 84 longitude, latitude. */
function projScale(code: number, lon: number, lat: number): number {
  const def = execFileSync('projinfo', ['-o', 'PROJ', '-q', `EPSG:${code}`], { env }).toString().trim().split('\n').pop()!.replace(/\+type=crs/, '');
  const out = execFileSync('proj', ['-V', ...def.split(/\s+/).filter(Boolean)], { input: `${lon} ${lat}\n`, env }).toString();
  return Number(/Parallel scale \(k\) : ([\d.]+)/.exec(out)![1]);
}
/** cs2cs: grid easting, northing -> WGS 84 longitude, latitude. */
function geographic(code: number, e: number, n: number): [number, number] {
  const [lat, lon] = execFileSync('cs2cs', ['-f', '%.10f', `EPSG:${code}`, 'EPSG:4326'], { input: `${e} ${n}\n`, env }).toString().trim().split(/\s+/).map(Number) as [number, number];
  return [lon, lat];
}
/** sqrt(M N) on WGS 84 at a latitude. */
function gaussianRadius(latDeg: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const s2 = Math.sin((latDeg * Math.PI) / 180) ** 2;
  return Math.sqrt(((a * (1 - e2)) / (1 - e2 * s2) ** 1.5) * (a / Math.sqrt(1 - e2 * s2)));
}

const M1 = { latitude: 48.2082, longitude: 16.3738, h: 220 };

describe('COGO routes', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let b: { agent: Agent; userId: string };
  let projectId: string;
  let otherProjectId: string;
  let bareProjectId: string;
  let feetProjectId: string;
  let m1: { id: string; e: number; n: number };
  const ids: Record<string, string> = {};
  const post = (path: string, body: object, id = projectId, agent = a.agent) => agent.post(`/api/projects/${id}/cogo/${path}`).send(body);
  const design = (name: string) => ({ kind: 'design', id: ids[name]! });
  const measured = () => ({ kind: 'measured', id: m1.id });

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Owner');
    b = await h.verifiedUser('Other');
    const base = await registerDevice(a.agent, 'base');
    projectId = (await createProject(a.agent, base, []))._id;
    otherProjectId = (await createProject(a.agent, base, []))._id;
    bareProjectId = (await createProject(a.agent, base, []))._id;
    feetProjectId = (await createProject(a.agent, base, []))._id;
    for (const id of [projectId, otherProjectId]) await a.agent.put(`/api/projects/crs/${id}`).send({ crsCode: 32633 }).expect(200);
    await a.agent.put(`/api/projects/crs/${feetProjectId}`).send({ crsCode: 2236 }).expect(200);
    const p = await recordPoint(a.agent, projectId, { Name: 'M1', Latitude: M1.latitude, Longitude: M1.longitude, EllipsoidalHeight: M1.h, FixType: 'rtk-fixed' });
    const [[e, n]] = cs2csEpsg(32633, [M1]) as [[number, number]];
    m1 = { id: p._id, e: e!, n: n! };
    // D1 30 m east, 40 m north of M1 and 5 m above it; D2 without an elevation; D3 30 m east of M1
    const typed = async (name: string, de: number, dn: number, elevation: number | null, id = projectId) =>
      (ids[name] = (await a.agent.post(`/api/projects/${id}/design/points`).send({ name, easting: m1.e + de, northing: m1.n + dn, elevation }).expect(201)).body.point.id);
    await typed('D1', 30, 40, M1.h + 5);
    await typed('D2', -12, 5, null);
    await typed('D3', 30, 0, M1.h);
    await typed('D4', 0, 40, M1.h);
    await typed('D5', 60, 0, M1.h);
    await typed('D6', 90, 0, M1.h);
    await typed('X1', 1, 1, 0, otherProjectId);
  });
  afterAll(() => h.close());

  it('inverse from a measured to a design point: grid and ground distance, azimuth, height difference, slope', async () => {
    const res = await post('inverse', { from: measured(), to: design('D1') }).expect(200);
    fits('cogoInverse', res.body);
    const r = res.body as CogoInverseReply;
    expect(r).toMatchObject({ unit: 'metre', crs: expect.stringContaining('EPSG:32633'), from: { kind: 'measured', name: 'M1' }, to: { kind: 'design', name: 'D1' } });
    // M1 where cs2cs puts it, to the millimetre
    expect(Math.abs(r.from.easting - m1.e)).toBeLessThan(0.001);
    expect(Math.abs(r.from.northing - m1.n)).toBeLessThan(0.001);
    // 3-4-5 by hand
    expect(Math.abs(r.gridDistance - 50)).toBeLessThan(0.001);
    expect(Math.abs(r.dE - 30)).toBeLessThan(0.001);
    expect(Math.abs(r.dN - 40)).toBeLessThan(0.001);
    expect(Math.abs(r.dH! - 5)).toBeLessThan(0.001);
    expect(Math.abs(r.azimuth - (Math.atan2(30, 40) * 180) / Math.PI)).toBeLessThan(0.001 / 50 * (180 / Math.PI));
    expect(r.azimuthDms).toMatch(/^36°52'1[12]\.\d"$/);
    // ground = grid / (k R / (R + h)): k by Simpson from PROJ's factors at the ends and the middle
    const ends = [[m1.e, m1.n], [m1.e + 15, m1.n + 20], [m1.e + 30, m1.n + 40]].map(([e, n]) => geographic(32633, e!, n!));
    const [k1, km, k2] = ends.map(([lon, lat]) => projScale(32633, lon, lat)) as [number, number, number];
    const k = (k1 + 4 * km + k2) / 6;
    const R = gaussianRadius(ends[1]![1]);
    const ground = 50 / (k * (R / (R + (M1.h + M1.h + 5) / 2)));
    expect(Math.abs(r.groundDistance! - ground)).toBeLessThan(0.001);
    expect(r.factors!.scale).toBeCloseTo(k, 7);
    expect(r.groundNote).toBeNull();
    expect(Math.abs(r.slopeDistance! - Math.hypot(ground, 5))).toBeLessThan(0.001);
    expect(r.slopePercent!).toBeCloseTo((5 / ground) * 100, 3);
  });

  it('inverse to a point without an elevation: grid only, and says why', async () => {
    const r = (await post('inverse', { from: design('D1'), to: design('D2') }).expect(200)).body as CogoInverseReply;
    expect(r.gridDistance).toBeCloseTo(Math.hypot(42, 35), 6);
    expect(r.azimuth).toBeCloseTo(180 + (Math.atan2(42, 35) * 180) / Math.PI, 6);
    expect([r.dH, r.groundDistance, r.factors, r.slopeDistance, r.slopePercent]).toEqual([null, null, null, null, null]);
    expect(r.groundNote).toBe('No ground distance: D2 has no height to reduce it with.');
  });

  it('area and perimeter of a chosen ring, either way round, measured points included', async () => {
    const rect = await post('area', { points: [measured(), design('D3'), design('D1'), design('D4')] }).expect(200);
    fits('cogoArea', rect.body);
    expect(Math.abs(rect.body.area - 1200)).toBeLessThan(0.001);
    expect(Math.abs(rect.body.squareMetres - 1200)).toBeLessThan(0.001);
    expect(rect.body.hectares).toBeCloseTo(0.12, 6);
    expect(Math.abs(rect.body.perimeter - 140)).toBeLessThan(0.001);
    expect(rect.body).toMatchObject({ clockwise: false, selfIntersecting: false });
    const back = (await post('area', { points: [design('D4'), design('D1'), design('D3'), measured()] }).expect(200)).body;
    expect(back.clockwise).toBe(true);
    // triangle M1, D3, D1: half of 30 x 40
    expect(Math.abs((await post('area', { points: [measured(), design('D3'), design('D1')] }).expect(200)).body.area - 600)).toBeLessThan(0.001);
    expect((await post('area', { points: [measured(), design('D3'), design('D4'), design('D1')] }).expect(200)).body.selfIntersecting).toBe(true);
    const line = await post('area', { points: [design('D3'), design('D5'), design('D6')] }).expect(400);
    expect(line.body).toEqual({ success: false, message: 'points: the ring encloses no area (its points are in a line)' });
    expect((await post('area', { points: [design('D3'), design('D1'), design('D3')] }).expect(400)).body.message).toBe('points: an area needs 3 points or more');
    expect((await post('area', { points: [design('D3'), design('D1')] })).status).toBe(400);
  });

  it('a point by bearing and distance, grid or ground, returned or stored as a design point', async () => {
    const az = (Math.atan2(30, 40) * 180) / Math.PI;
    const grid = (await post('point', { from: measured(), azimuth: az, distance: 50, dH: 5 }).expect(200)).body;
    fits('cogoTraverse', grid);
    expect(Math.abs(grid.point.easting - (m1.e + 30))).toBeLessThan(0.001);
    expect(Math.abs(grid.point.northing - (m1.n + 40))).toBeLessThan(0.001);
    expect(Math.abs(grid.point.elevation - (M1.h + 5))).toBeLessThan(0.001);
    expect(grid.factors).toBeNull();
    // the ground distance the inverse gave lands on D1 again
    const inv = (await post('inverse', { from: measured(), to: design('D1') }).expect(200)).body as CogoInverseReply;
    const ground = (await post('point', { from: measured(), azimuth: inv.azimuth, distance: inv.groundDistance, distanceKind: 'ground', dH: 5 }).expect(200)).body;
    expect(Math.abs(ground.point.easting - (m1.e + 30))).toBeLessThan(0.001);
    expect(Math.abs(ground.point.northing - (m1.n + 40))).toBeLessThan(0.001);
    expect(Math.abs(ground.gridDistance - 50)).toBeLessThan(0.001);
    // no height: no ground reduction
    const noHeight = await post('point', { from: design('D2'), azimuth: 90, distance: 10, distanceKind: 'ground' }).expect(409);
    expect(noHeight.body.message).toMatch(/^D2 has no height/);

    const stored = await post('design-points', { from: design('D3'), azimuth: 270, distance: 30, name: 'C1', code: 'PEG' }).expect(201);
    fits('cogoStorePoint', stored.body);
    expect(stored.body.stored).toMatchObject({ name: 'C1', code: 'PEG', source: 'cogo', elevation: null });
    expect(Math.abs(stored.body.stored.easting - m1.e)).toBeLessThan(0.001);
    expect(Math.abs(stored.body.stored.northing - m1.n)).toBeLessThan(0.001);
    const list = (await a.agent.get(`/api/projects/${projectId}/design`).expect(200)).body.points as { name: string }[];
    expect(list.map((p) => p.name)).toContain('C1');
    const again = await post('design-points', { from: design('D3'), azimuth: 270, distance: 30, name: 'C1' }).expect(409);
    expect(again.body).toEqual({ success: false, message: 'The project already has a design point named “C1”.' });
  });

  it('works in the project unit: US survey feet', async () => {
    const p = async (name: string, easting: number, northing: number) =>
      (await a.agent.post(`/api/projects/${feetProjectId}/design/points`).send({ name, easting, northing, elevation: 30 }).expect(201)).body.point.id as string;
    const f1 = await p('F1', 700000, 800000);
    const f2 = await p('F2', 700300, 800400);
    const r = (await post('inverse', { from: { kind: 'design', id: f1 }, to: { kind: 'design', id: f2 } }, feetProjectId).expect(200)).body as CogoInverseReply;
    expect(r.unit).toBe('US survey foot');
    expect(r.gridDistance).toBeCloseTo(500, 6);
    expect(r.groundDistance!).toBeGreaterThan(499.5);
    expect(r.groundDistance!).toBeLessThan(500.5);
  });

  it('refuses what is not the project\'s like a missing one, bad input with 400, a project without a grid with 409', async () => {
    expect((await post('inverse', { from: measured(), to: design('D1') }, projectId, b.agent)).body).toEqual({ success: false, message: 'Project not found' });
    expect((await post('inverse', { from: measured(), to: design('X1') })).body).toEqual({ success: false, message: 'Design point not found' });
    expect((await post('inverse', { from: { kind: 'measured', id: ids.D1 }, to: design('D1') })).body).toEqual({ success: false, message: 'Point not found' });
    expect((await post('inverse', { from: measured(), to: design('D1') }, otherProjectId)).status).toBe(404);
    expect((await post('inverse', { from: measured() })).status).toBe(400);
    expect((await post('inverse', { from: { kind: 'staked', id: m1.id }, to: design('D1') })).status).toBe(400);
    expect((await post('point', { from: measured(), azimuth: 360, distance: 5 })).status).toBe(400);
    expect((await post('point', { from: measured(), azimuth: 10, distance: -5 })).status).toBe(400);
    expect((await post('design-points', { from: measured(), azimuth: 10, distance: 5 })).status).toBe(400);
    const bare = await post('inverse', { from: measured(), to: design('D1') }, bareProjectId);
    expect([bare.status, bare.body.success]).toEqual([409, false]);
  });
});
