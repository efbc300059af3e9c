import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import type { PointView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';

/** A list whose manhole must be given its cover material: required attributes are enforced. */
const UTILITIES = {
  name: 'Utilities',
  codes: [
    { code: 'KB', kind: 'line', layer: 'KERB', colour: '#aaaaaa' },
    {
      code: 'MH',
      kind: 'point',
      layer: 'MANHOLE',
      colour: '#0000ff',
      attributes: [
        { name: 'Material', type: 'choice', required: true, choices: ['Concrete', 'Brick'] },
        { name: 'Depth', type: 'number' },
        { name: 'Sealed', type: 'yes-no', default: false },
      ],
    },
  ],
};

describe('points carry a feature code, attributes and a note', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let projectId: string;
  const pointCount = async () => Number((await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM points WHERE project_id = $1', [projectId]))[0]!.n);

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Coder');
    const base = await registerDevice(a.agent, 'base');
    projectId = (await createProject(a.agent, base, []))._id;
    const list = await a.agent.post('/api/code-lists').send(UTILITIES).expect(201);
    await a.agent.put(`/api/projects/${projectId}/code-list`).send({ codeListId: list.body.codeList.id }).expect(200);
  });
  afterAll(() => h.close());

  it('records a coded shot with its attributes (read by type, defaults filled) and a note', async () => {
    const p = await recordPoint(a.agent, projectId, { Name: 'MH1', Code: 'mh', Attributes: { Mh: { material: 'brick', Depth: '1.25' } }, Note: 'Cover cracked' });
    expect(p).toMatchObject({ Code: 'mh', Attributes: { MH: { Material: 'Brick', Depth: 1.25, Sealed: false } }, Note: 'Cover cracked' });
    const listed = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    expect(listed.find((x) => x._id === p._id)).toMatchObject({ Code: 'mh', Note: 'Cover cracked', Attributes: { MH: { Material: 'Brick' } } });
    const plain = await recordPoint(a.agent, projectId, { Name: 'P-plain' });
    expect(plain).toMatchObject({ Code: '', Attributes: {}, Note: '' });
  });

  it('refuses a code the list cannot read, a missing required attribute and a value of the wrong type, storing nothing', async () => {
    const before = await pointCount();
    const send = (extra: Record<string, unknown>) => a.agent.post('/api/points').send({ ProjectId: projectId, Name: `X${Math.random()}`, Latitude: 6.9, Longitude: 79.8, ...extra });
    expect((await send({ Code: 'TREE' }).expect(400)).body.message).toMatch(/^Code: .*TREE/);
    expect((await send({ Code: 'MH' }).expect(400)).body.message).toBe('Attributes: MH: Material is required');
    expect((await send({ Code: 'MH', Attributes: { MH: { Material: 'Concrete', Depth: 'deep' } } }).expect(400)).body.message).toBe('Attributes: MH: Depth must be a number');
    expect((await send({ Code: 'KB', Attributes: { MH: { Material: 'Concrete' } } }).expect(400)).body.message).toBe('Attributes: "MH" is not a code of this shot');
    expect((await send({ Attributes: { MH: {} } }).expect(400)).body.message).toBe('Attributes: a shot without a code has no attributes');
    expect((await send({ Note: 'x'.repeat(2001) }).expect(400)).body.message).toMatch(/^Note: /);
    expect(await pointCount()).toBe(before);
  });

  it('recodes a point (keeping the values of the codes it keeps) and edits its note; the list cache sees both', async () => {
    const p = await recordPoint(a.agent, projectId, { Name: 'MH2', Code: 'MH', Attributes: { MH: { Material: 'Concrete', Depth: 2 } } });
    const recoded = await a.agent.put(`/api/points/${projectId}/${p._id}/code`).send({ Code: 'MH  KB ST' }).expect(200);
    expect(recoded.body.data).toMatchObject({ Code: 'MH KB ST', Attributes: { MH: { Material: 'Concrete', Depth: 2, Sealed: false }, KB: {} } });
    const refused = await a.agent.put(`/api/points/${projectId}/${p._id}/code`).send({ Code: 'MH', Attributes: { MH: { Material: 'Steel' } } }).expect(400);
    expect(refused.body.message).toBe('Attributes: MH: Material must be one of: Concrete, Brick');
    const noted = await a.agent.put(`/api/points/${projectId}/${p._id}/note`).send({ Note: 'Lid replaced' }).expect(200);
    expect(noted.body.data.Note).toBe('Lid replaced');
    const listed = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    expect(listed.find((x) => x._id === p._id)).toMatchObject({ Code: 'MH KB ST', Note: 'Lid replaced' });
    await a.agent.put(`/api/points/${projectId}/${p._id}/code`).send({ Code: '' }).expect(200);
    expect((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points.find((x: PointView) => x._id === p._id)).toMatchObject({ Code: '', Attributes: {} });
  });

  it('reads each new shot with the list as it is at that moment: edited, another assigned, none, the project gone', async () => {
    const base = await registerDevice(a.agent, 'base');
    const project = (await createProject(a.agent, base, []))._id;
    const id = (await a.agent.post('/api/code-lists').send(UTILITIES).expect(201)).body.codeList.id as string;
    await a.agent.put(`/api/projects/${project}/code-list`).send({ codeListId: id }).expect(200);
    const shot = (Code: string) => a.agent.post('/api/points').send({ ProjectId: project, Name: `L${Math.random()}`, Latitude: 6.9, Longitude: 79.8, Code });
    await shot('KB').expect(201);
    await shot('KB').expect(201);
    // the list edited: KB is gone, MH no longer needs its material
    const edited = { name: 'Utilities', codes: [{ code: 'MH', kind: 'point', layer: 'MANHOLE', colour: '#0000ff', attributes: [{ name: 'Material', type: 'text' }] }] };
    await a.agent.put(`/api/code-lists/${id}`).send(edited).expect(200);
    expect((await shot('KB').expect(400)).body.message).toMatch(/^Code: .*KB/);
    await shot('MH').expect(201);
    // another list assigned
    const trees = (await a.agent.post('/api/code-lists').send({ name: 'Trees', codes: [{ code: 'TR', kind: 'point', layer: 'TREE', colour: '#00ff00' }] }).expect(201)).body.codeList.id as string;
    await a.agent.put(`/api/projects/${project}/code-list`).send({ codeListId: trees }).expect(200);
    expect((await shot('MH').expect(400)).body.message).toMatch(/^Code: .*MH/);
    await shot('TR').expect(201);
    // none: the shipped default, which has KB and no TR
    await a.agent.put(`/api/projects/${project}/code-list`).send({ codeListId: null }).expect(200);
    expect((await shot('TR').expect(400)).body.message).toMatch(/^Code: .*TR/);
    await shot('KB').expect(201);
    // the project gone: not found, as any project that is not there
    await a.agent.delete(`/api/projects/${project}`).expect(200);
    expect((await shot('KB').expect(404)).body).toEqual({ success: false, message: 'Project not found' });
  });

  it("another account's point answers like a missing one", async () => {
    const p = await recordPoint(a.agent, projectId, { Name: 'Mine' });
    const b = await h.verifiedUser('Stranger');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [project, point] of [[projectId, p._id], [projectId, missing], [missing, missing]] as const) {
      expect((await b.agent.put(`/api/points/${project}/${point}/code`).send({ Code: 'KB' }).expect(404)).body.message).toBe('Project not found');
      expect((await b.agent.put(`/api/points/${project}/${point}/note`).send({ Note: 'x' }).expect(404)).body.message).toBe('Project not found');
    }
    expect((await a.agent.put(`/api/points/${projectId}/${missing}/note`).send({ Note: 'x' }).expect(404)).body.message).toBe('Point not found');
    expect((await a.agent.put(`/api/points/${projectId}/${missing}/code`).send({ Code: 'KB' }).expect(404)).body.message).toBe('Point not found');
    expect((await b.agent.post('/api/points').send({ ProjectId: projectId, Latitude: 1, Longitude: 1, Code: 'KB' }).expect(404)).body.message).toBe('Project not found');
  });
});
