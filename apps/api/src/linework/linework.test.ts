import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import type { LineworkReply, PointView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { download } from '../exports/test-download.js';

/** Metres to degrees near Colombo (6.9 N): good enough to lay shots out a few metres apart. */
const LAT0 = 6.9271;
const LON0 = 79.8612;
const at = (east: number, north: number) => ({ Latitude: LAT0 + north / 110_574, Longitude: LON0 + east / (111_320 * Math.cos((LAT0 * Math.PI) / 180)) });

describe('linework built on the server from coded points', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let projectId: string;
  let minute = 0;
  const notices: string[] = [];

  const shoot = async (Name: string, Code: string, east: number, north: number) => {
    const res = await a.agent
      .post('/api/points')
      .send({ ProjectId: projectId, Name, Code, ...at(east, north), EllipsoidalHeight: 10 + east / 10, Timestamp: new Date(Date.UTC(2026, 2, 1, 8, minute++)).toISOString() })
      .expect(201);
    return res.body.data as PointView;
  };
  const linework = async () => (await a.agent.get(`/api/projects/${projectId}/linework`).expect(200)).body as LineworkReply;
  const names = (l: LineworkReply['lines'][number], points: Map<string, string>) => l.vertices.map((v) => points.get(v.pointId));

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Topo');
    const base = await registerDevice(a.agent, 'base');
    projectId = (await createProject(a.agent, base, [], 'Topo of the yard'))._id;
    h.deps.events.on('lineworkChanged', (owner, project) => owner === a.userId && notices.push(project));
  });
  afterAll(() => h.close());

  it('joins a fence, closes a building, makes an arc and a join, in the grid every export uses', async () => {
    const ids = new Map<string, string>();
    const fence = [0, 5, 10, 15, 20];
    for (const [i, e] of fence.entries()) ids.set((await shoot(`F${i + 1}`, 'FENCE', e, 0))._id, `F${i + 1}`);
    ids.set((await shoot('CP7', 'CP', 30, 30))._id, 'CP7');
    // a building: four corners, closed by its code's kind when the string ends
    for (const [i, [e, n]] of [[0, 10], [8, 10], [8, 16], [0, 16]].entries()) ids.set((await shoot(`B${i + 1}`, i === 3 ? 'BLD CLO' : 'BLD', e!, n!))._id, `B${i + 1}`);
    // a kerb that curves through three points on a circle of radius 10 centred at (40, 0)
    ids.set((await shoot('K1', 'KB1 PC', 30, 0))._id, 'K1');
    ids.set((await shoot('K2', 'KB1', 40, 10))._id, 'K2');
    ids.set((await shoot('K3', 'KB1 PT', 50, 0))._id, 'K3');
    ids.set((await shoot('F6', 'FENCE JPN CP7', 25, 0))._id, 'F6');

    const lw = await linework();
    expect(lw.problems).toEqual([]);
    expect(lw.frame).toMatchObject({ crsCode: 32644 });
    const byCode = (code: string, join = false) => lw.lines.filter((l) => l.code === code && l.join === join);
    const [fenceLine] = byCode('FENCE');
    expect(names(fenceLine!, ids)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(fenceLine).toMatchObject({ kind: 'line', layer: 'FENCE', colour: '#B22222', threeD: false, closed: false });
    const [building] = byCode('BLD');
    expect(names(building!, ids)).toEqual(['B1', 'B2', 'B3', 'B4']);
    expect(building).toMatchObject({ kind: 'polygon', layer: 'BUILDING', closed: true });
    const [join] = byCode('FENCE', true);
    expect(names(join!, ids)).toEqual(['F6', 'CP7']);

    // a half circle clockwise (west to east over the top): each segment a quarter circle, bulge -tan(90°/4)
    const [kerb] = byCode('KB');
    expect(kerb!.string).toBe('1');
    expect(kerb!.vertices.map((v) => v.bulge)).toEqual([expect.closeTo(-Math.tan(Math.PI / 8), 3), expect.closeTo(-Math.tan(Math.PI / 8), 3), 0]);

    // the vertices are the points' grid coordinates as the taken points and the exports give them
    const grid = (await a.agent.get(`/api/projects/grid-points/${projectId}`).expect(200)).body.points as Record<string, { easting: number; northing: number; height: number }>;
    for (const l of lw.lines) {
      for (const v of l.vertices) {
        expect(v.e).toBeCloseTo(grid[v.pointId]!.easting, 3);
        expect(v.n).toBeCloseTo(grid[v.pointId]!.northing, 3);
        expect(v.h).toBeCloseTo(grid[v.pointId]!.height, 3);
      }
    }
    // 5 m apart on the ground: 5 m apart in the grid (UTM scale near 0.9997 there)
    const [v1, v2] = fenceLine!.vertices;
    expect(Math.hypot(v2!.e - v1!.e, v2!.n - v1!.n)).toBeCloseTo(5, 1);
    expect(notices.filter((p) => p === projectId).length).toBe(ids.size);
  });

  it('a recode, a rename and a delete rebuild the lines', async () => {
    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    const id = (name: string) => points.find((p) => p.Name === name)!._id;
    const fenceNames = async () => {
      const lw = await linework();
      const all = new Map(points.map((p) => [p._id, p.Name]));
      return lw.lines.filter((l) => l.code === 'FENCE' && !l.join).map((l) => names(l, all));
    };
    const before = notices.length;
    // F3 recoded to end the fence there: F4.. start a new one
    await a.agent.put(`/api/points/${projectId}/${id('F3')}/code`).send({ Code: 'FENCE END' }).expect(200);
    expect(await fenceNames()).toEqual([['F1', 'F2', 'F3'], ['F4', 'F5', 'F6']]);
    await a.agent.delete(`/api/points/${projectId}/${id('F5')}`).expect(200);
    expect(await fenceNames()).toEqual([['F1', 'F2', 'F3'], ['F4', 'F6']]);
    // the join names CP7: renamed, the join has nothing to join and says so
    await a.agent.put(`/api/points/${projectId}/${id('CP7')}/rename`).send({ Name: 'CP8' }).expect(200);
    const lw = await linework();
    expect(lw.lines.some((l) => l.join)).toBe(false);
    expect(lw.problems).toEqual([{ pointId: id('F6'), pointName: 'F6', message: 'FENCE: no point named "CP7" to join' }]);
    expect(notices.length - before).toBe(3);
  });

  it('a line is edited at its points without measuring again: continue, remove, close; bad edits change nothing', async () => {
    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    const id = (name: string) => points.find((p) => p.Name === name)!._id;
    const all = new Map(points.map((p) => [p._id, p.Name]));
    const fences = async () => (await linework()).lines.filter((l) => l.code === 'FENCE' && !l.join);
    const edit = (name: string, Line: string, Edit: string) => a.agent.put(`/api/points/${projectId}/${id(name)}/line`).send({ Line, Edit });
    const before = notices.length;
    // F3 ended the fence: let it run through again
    expect((await edit('F3', 'fence', 'continue').expect(200)).body).toMatchObject({ message: 'Line changed', data: { Code: 'FENCE' } });
    expect((await fences()).map((l) => names(l, all))).toEqual([['F1', 'F2', 'F3', 'F4', 'F6']]);
    // F2 taken out of the fence: an uncoded point now
    expect((await edit('F2', 'FENCE', 'remove').expect(200)).body.data.Code).toBe('');
    expect((await fences()).map((l) => names(l, all))).toEqual([['F1', 'F3', 'F4', 'F6']]);
    // closed at F6: its join stays
    expect((await edit('F6', 'FENCE', 'close').expect(200)).body.data.Code).toBe('FENCE CLO JPN CP7');
    const [closed] = await fences();
    expect(closed).toMatchObject({ closed: true });
    expect(names(closed!, all)).toEqual(['F1', 'F3', 'F4', 'F6']);
    expect(notices.length - before).toBe(3);

    const refused = async (res: Promise<{ status: number; body: unknown }>, status: number, message: string) => {
      const r = await res;
      expect([r.status, r.body]).toEqual([status, { success: false, message }]);
    };
    await refused(edit('F1', 'EP', 'break'), 400, 'Line: The point is not on EP');
    await refused(edit('F1', 'FENCE', 'twist'), 400, 'Edit: must be one of start, break, close, continue, remove, earlier, later');
    await refused(edit('F2', 'FENCE', 'break'), 400, 'Line: The point is not on FENCE');
    await refused(a.agent.put(`/api/points/${projectId}/00000000-0000-4000-8000-000000000000/line`).send({ Line: 'FENCE', Edit: 'break' }), 404, 'Point not found');
    const b = await h.verifiedUser('Meddler');
    await refused(b.agent.put(`/api/points/${projectId}/${id('F1')}/line`).send({ Line: 'FENCE', Edit: 'break' }), 404, 'Project not found');
    expect((await fences()).map((l) => names(l, all))).toEqual([['F1', 'F3', 'F4', 'F6']]);
    expect(notices.length - before).toBe(3);
    // as it was for the tests after this one
    await edit('F6', 'FENCE', 'continue').expect(200);
  });

  it('a point moved earlier or later along its line redraws it in that order, kept through new shots, recodes and deletes', async () => {
    const list = () => a.agent.get(`/api/points/${projectId}`).expect(200).then((r) => r.body.points as PointView[]);
    let points = await list();
    const id = (name: string) => points.find((p) => p.Name === name)!._id;
    const grid = async () => (await a.agent.get(`/api/projects/grid-points/${projectId}`).expect(200)).body.points as Record<string, { easting: number; northing: number }>;
    const fence = async () => {
      const lines = (await linework()).lines.filter((l) => l.code === 'FENCE' && !l.join);
      expect(lines).toHaveLength(1);
      const all = new Map(points.map((p) => [p._id, p.Name]));
      return { names: names(lines[0]!, all), vertices: lines[0]!.vertices };
    };
    const move = (name: string, Edit: string, Line = 'FENCE') => a.agent.put(`/api/points/${projectId}/${id(name)}/line`).send({ Line, Edit });
    const before = notices.length;
    expect((await fence()).names).toEqual(['F1', 'F3', 'F4', 'F6']);

    // F4 (15 m east) moved before F3 (10 m east): the fence goes 0, 15, 10, 25 m east, each vertex at its point
    expect((await move('F4', 'earlier').expect(200)).body).toMatchObject({ message: 'Line changed', data: { Name: 'F4', Code: 'FENCE' } });
    const moved = await fence();
    expect(moved.names).toEqual(['F1', 'F4', 'F3', 'F6']);
    const g = await grid();
    expect(moved.vertices.map((v) => [v.e, v.n])).toEqual(['F1', 'F4', 'F3', 'F6'].map((n) => [expect.closeTo(g[id(n)]!.easting, 3), expect.closeTo(g[id(n)]!.northing, 3)]));
    expect(moved.vertices[1]!.e - moved.vertices[0]!.e).toBeCloseTo(15, 1);
    expect(moved.vertices[2]!.e - moved.vertices[1]!.e).toBeCloseTo(-5, 1);
    // the same order in the files: the GeoJSON line runs F1, F4, F3, F6
    const geojson = JSON.parse((await download(a.agent, 'geojson', projectId)).body.toString('utf8')) as {
      features: { geometry: { type: string; coordinates: number[][] }; properties: Record<string, unknown> }[];
    };
    const fenceFeature = geojson.features.find((f) => f.geometry.type === 'LineString' && f.properties.code === 'FENCE' && !f.properties.join)!;
    const lon = (n: string) => points.find((p) => p.Name === n)!.Longitude;
    expect(fenceFeature.geometry.coordinates.map((c) => c[0])).toEqual(['F1', 'F4', 'F3', 'F6'].map((n) => expect.closeTo(lon(n), 9)));

    // later undoes it; the ends cannot move past the ends
    await move('F4', 'later').expect(200);
    expect((await fence()).names).toEqual(['F1', 'F3', 'F4', 'F6']);
    await move('F6', 'earlier').expect(200);
    expect((await fence()).names).toEqual(['F1', 'F3', 'F6', 'F4']);
    const refused = async (res: Promise<{ status: number; body: unknown }>, status: number, message: string) => {
      const r = await res;
      expect([r.status, r.body]).toEqual([status, { success: false, message }]);
    };
    const notified = notices.length;
    await refused(move('F1', 'earlier'), 400, 'Line: F1 is already the first point of FENCE');
    await refused(move('F4', 'later'), 400, 'Line: F4 is already the last point of FENCE');
    await refused(move('CP8', 'later', 'CP'), 400, 'Line: "CP" is not a line or polygon code of the list');
    await refused(move('CP8', 'later'), 400, 'Line: The point is not on FENCE');
    const b = await h.verifiedUser('Mover');
    await refused(b.agent.put(`/api/points/${projectId}/${id('F1')}/line`).send({ Line: 'FENCE', Edit: 'later' }), 404, 'Project not found');
    expect(notices.length).toBe(notified);

    // a new shot of the fence joins its end; a point recoded off it or deleted leaves it, the order of the rest stays
    await shoot('F7', 'FENCE', 35, 0);
    points = await list();
    expect((await fence()).names).toEqual(['F1', 'F3', 'F6', 'F4', 'F7']);
    await a.agent.put(`/api/points/${projectId}/${id('F3')}/code`).send({ Code: '' }).expect(200);
    expect((await fence()).names).toEqual(['F1', 'F6', 'F4', 'F7']);
    await a.agent.delete(`/api/points/${projectId}/${id('F4')}`).expect(200);
    points = await list();
    expect((await fence()).names).toEqual(['F1', 'F6', 'F7']);
    // three moves, a shot, a recode and a delete
    expect(notices.length - before).toBe(6);
  });

  it('reads the codes with the list the project is given', async () => {
    const list = await a.agent
      .post('/api/code-lists')
      .send({ name: 'Yard', codes: [{ code: 'FENCE', kind: 'line', layer: 'BOUNDARY', colour: '#00ff00' }] })
      .expect(201);
    const before = notices.length;
    await a.agent.put(`/api/projects/${projectId}/code-list`).send({ codeListId: list.body.codeList.id }).expect(200);
    expect(notices.length - before).toBe(1);
    const lw = await linework();
    expect(lw.lines.filter((l) => l.code === 'FENCE').every((l) => l.layer === 'BOUNDARY' && l.colour === '#00FF00')).toBe(true);
    // BLD, KB and CP are not in this list: their shots are named, not drawn
    expect(lw.lines.map((l) => l.code)).not.toContain('BLD');
    expect(lw.problems.length).toBeGreaterThanOrEqual(8);
    await a.agent.put(`/api/projects/${projectId}/code-list`).send({ codeListId: null }).expect(200);
  });

  it("another account's project answers like a missing one", async () => {
    const b = await h.verifiedUser('Stranger');
    for (const id of [projectId, '00000000-0000-4000-8000-000000000000']) {
      expect((await b.agent.get(`/api/projects/${id}/linework`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    }
    await b.agent.get('/api/projects/nope/linework').expect(400);
  });
});
