import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import { codeList, type CodeList } from '@smi/contracts';
import { DEFAULT_CODE_LIST } from '@smi/feature-codes';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';

/** A crew's Carlson field-to-finish list: no header, Y/N flags, a blank layer, an unquoted comma in a description. */
const CREW_CSV = ['EP,Y,Y,EP,EDGE OF PAVEMENT', 'FN,Y,N,FENCE,FENCE', 'BLDG,Y,N,BLDG,BUILDING', 'TR,N,N,TREE,TREE', 'MH,N,Y,,MANHOLE, SANITARY'].join('\r\n');
/** Line 2's Polyline flag is not Y/N, line 4 repeats line 1's code: both named, nothing imported. */
const BROKEN_CSV = ['EP,Y,Y,EP,EDGE OF PAVEMENT', 'FN,maybe,N,FENCE,FENCE', 'TR,N,N,TREE,TREE', 'ep,Y,Y,EP2,AGAIN'].join('\n');

const small: CodeList = codeList.parse({
  name: 'Roads',
  codes: [
    { code: 'EP', description: 'Edge of pavement', kind: 'line', layer: 'ROAD-EP', colour: '#808080' },
    { code: 'MH', kind: 'point', layer: 'UTIL', colour: '#0000ff', attributes: [{ name: 'Diameter', type: 'number', required: true }] },
  ],
});

describe('code lists', () => {
  let h: Harness;
  let a: { agent: Agent; userId: string };
  let b: { agent: Agent; userId: string };
  const count = async () => Number((await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM code_lists'))[0]!.n);

  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Owner');
    b = await h.verifiedUser('Other');
  });
  afterAll(() => h.close());

  it('the shipped default list is what a project without a list reads its codes with', async () => {
    const res = await a.agent.get('/api/code-lists/default').expect(200);
    expect(res.body.codeList).toMatchObject({ id: null, name: DEFAULT_CODE_LIST.name, controlCodes: { start: 'ST', end: 'END', close: 'CLO', arcStart: 'PC', arcEnd: 'PT', join: 'JPN' } });
    expect(res.body.codeList.codes.map((c: { code: string }) => c.code)).toEqual(DEFAULT_CODE_LIST.codes.map((c) => c.code));
    const base = await registerDevice(a.agent, 'base');
    const project = await createProject(a.agent, base, []);
    const own = await a.agent.get(`/api/projects/${project._id}/code-list`).expect(200);
    expect(own.body.codeList).toEqual(res.body.codeList);
  });

  it('creates, lists, reads, replaces and deletes a list; colours are stored as #RRGGBB', async () => {
    const created = await a.agent.post('/api/code-lists').send(small).expect(201);
    const id = created.body.codeList.id as string;
    expect(created.body.codeList.codes[1]).toMatchObject({ code: 'MH', colour: '#0000FF', attributes: [{ name: 'Diameter', type: 'number', required: true, default: null, choices: [] }] });
    const listed = await a.agent.get('/api/code-lists').expect(200);
    expect(listed.body.codeLists).toContainEqual(expect.objectContaining({ id, name: 'Roads', codes: 2, projects: 0 }));
    expect((await b.agent.get('/api/code-lists').expect(200)).body.codeLists).toEqual([]);

    const renamed = { ...small, name: 'Roads 2', codes: [...small.codes, { code: 'FN', kind: 'line', layer: 'FENCE', colour: '#00ff00', threeD: false }] };
    const put = await a.agent.put(`/api/code-lists/${id}`).send(renamed).expect(200);
    expect(put.body.codeList.name).toBe('Roads 2');
    expect((await a.agent.get(`/api/code-lists/${id}`).expect(200)).body.codeList.codes.map((c: { code: string }) => c.code)).toEqual(['EP', 'MH', 'FN']);

    await a.agent.delete(`/api/code-lists/${id}`).expect(200);
    await a.agent.get(`/api/code-lists/${id}`).expect(404);
  });

  it('refuses a list that breaks its rules with 400 naming the code, and stores nothing', async () => {
    const before = await count();
    const bad = { ...small, codes: [...small.codes, { code: 'EP1', kind: 'line', layer: 'X', colour: '#000000' }] };
    const res = await a.agent.post('/api/code-lists').send(bad).expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'codes.2.code: EP1 would read as EP string 1: rename one of them' });
    await a.agent.post('/api/code-lists').send({ ...small, codes: [{ code: 'A B', kind: 'point', layer: 'L', colour: '#000' }] }).expect(400);
    expect(await count()).toBe(before);
  });

  it("imports a crew's Carlson CSV and exports it back in Carlson's columns and as JSON", async () => {
    const res = await a.agent.post('/api/code-lists/import').send({ format: 'csv', name: 'Crew', content: CREW_CSV }).expect(201);
    expect(res.body.message).toBe('Imported 5 codes');
    const list = res.body.codeList;
    expect(list.codes.map((c: CodeList['codes'][number]) => [c.code, c.kind, c.threeD, c.layer, c.description])).toEqual([
      ['EP', 'line', true, 'EP', 'EDGE OF PAVEMENT'],
      ['FN', 'line', false, 'FENCE', 'FENCE'],
      ['BLDG', 'line', false, 'BLDG', 'BUILDING'],
      ['TR', 'point', false, 'TREE', 'TREE'],
      ['MH', 'point', true, 'MH', 'MANHOLE, SANITARY'],
    ]);
    const carlson = await a.agent.get(`/api/code-lists/${list.id}/export/carlson-csv`).expect(200);
    expect(carlson.headers['content-disposition']).toBe('attachment; filename="Crew-codes-carlson.csv"');
    expect(carlson.text).toBe(['EP,Y,Y,EP,EDGE OF PAVEMENT', 'FN,Y,N,FENCE,FENCE', 'BLDG,Y,N,BLDG,BUILDING', 'TR,N,N,TREE,TREE', 'MH,N,Y,MH,"MANHOLE, SANITARY"', ''].join('\r\n'));
    const extended = await a.agent.get(`/api/code-lists/${list.id}/export/CSV`).expect(200);
    expect(extended.text.split('\r\n')[0]).toBe('Code,Polyline,3D,Layer,Description,Kind,Colour');

    // the JSON export is the list itself: importing it gives the same list again
    const json = await a.agent.get(`/api/code-lists/${list.id}/export/json`).buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => done(null, text));
    }).expect(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await a.agent.post('/api/code-lists/import').send({ format: 'json', content: json.body }).expect(201);
    const strip = ({ id: _i, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    expect(strip(again.body.codeList)).toEqual(strip(list));
  });

  it('a broken CSV names its bad lines and imports nothing', async () => {
    const before = await count();
    const res = await a.agent.post('/api/code-lists/import').send({ format: 'csv', name: 'Broken', content: BROKEN_CSV }).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual([
      { line: 2, message: 'Polyline: must be Y or N' },
      { line: 4, message: 'Code: EP is listed twice (see line 1)' },
    ]);
    expect(res.body.message).toBe('Nothing was imported: 2 problems, first line 2: Polyline: must be Y or N');
    expect(await count()).toBe(before);
  });

  it('a JSON list with a bad value names the line of that value; a file that is not JSON is refused', async () => {
    const before = await count();
    const text = JSON.stringify({ name: 'J', codes: [{ code: 'EP', kind: 'line', layer: 'EP', colour: '#000000' }, { code: 'TR', kind: 'tree', layer: 'T', colour: '#00ff00' }] }, null, 2);
    const res = await a.agent.post('/api/code-lists/import').send({ format: 'json', content: text }).expect(400);
    const kindLine = text.split('\n').findIndex((l) => l.includes('"tree"')) + 1;
    expect(res.body.errors).toEqual([{ line: kindLine, message: 'TR: kind: must be point, line or polygon' }]);
    const notJson = await a.agent.post('/api/code-lists/import').send({ format: 'json', content: 'EP,Y,Y,EP,EDGE' }).expect(400);
    expect(notJson.body.errors[0].message).toMatch(/^The file is not valid JSON/);
    await a.agent.post('/api/code-lists/import').send({ format: 'xls', content: 'x' }).expect(400);
    expect(await count()).toBe(before);
  });

  it('a project reads its codes with the list assigned to it; a list in use is not deleted', async () => {
    const base = await registerDevice(a.agent, 'base');
    const project = await createProject(a.agent, base, [], 'Main Street');
    const id = (await a.agent.post('/api/code-lists').send(small).expect(201)).body.codeList.id as string;
    const assigned = await a.agent.put(`/api/projects/${project._id}/code-list`).send({ codeListId: id }).expect(200);
    expect(assigned.body.codeList.id).toBe(id);
    expect((await a.agent.get(`/api/projects/${project._id}/code-list`).expect(200)).body.codeList).toMatchObject({ id, name: 'Roads' });
    const refused = await a.agent.delete(`/api/code-lists/${id}`).expect(409);
    expect(refused.body.message).toBe('The code list is used by the project “Main Street”: give it another list first.');
    await a.agent.put(`/api/projects/${project._id}/code-list`).send({ codeListId: null }).expect(200);
    expect((await a.agent.get(`/api/projects/${project._id}/code-list`).expect(200)).body.codeList.id).toBeNull();
    await a.agent.delete(`/api/code-lists/${id}`).expect(200);
  });

  it("another account's list and project answer exactly like missing ones", async () => {
    const id = (await a.agent.post('/api/code-lists').send(small).expect(201)).body.codeList.id as string;
    const base = await registerDevice(a.agent, 'base');
    const project = await createProject(a.agent, base, []);
    const otherBase = await registerDevice(b.agent, 'base');
    const otherProject = await createProject(b.agent, otherBase, []);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const listId of [id, missing]) {
      const got = await b.agent.get(`/api/code-lists/${listId}`).expect(404);
      expect(got.body).toEqual({ success: false, message: 'Code list not found' });
      await b.agent.put(`/api/code-lists/${listId}`).send(small).expect(404);
      await b.agent.delete(`/api/code-lists/${listId}`).expect(404);
      await b.agent.get(`/api/code-lists/${listId}/export/json`).expect(404);
      const assign = await b.agent.put(`/api/projects/${otherProject._id}/code-list`).send({ codeListId: listId }).expect(404);
      expect(assign.body.message).toBe('Code list not found');
    }
    for (const projectId of [project._id, missing]) {
      expect((await b.agent.get(`/api/projects/${projectId}/code-list`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
      await b.agent.put(`/api/projects/${projectId}/code-list`).send({ codeListId: null }).expect(404);
    }
    await b.agent.get('/api/code-lists/not-an-id').expect(400);
    await b.agent.get(`/api/code-lists/${id}/export/dwg`).expect(400);
    expect((await a.agent.get(`/api/code-lists/${id}`).expect(200)).body.codeList.name).toBe('Roads');
  });
});
