import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from './survey-fixtures.js';

describe('projects: create, read, list, delete', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann');
  });
  afterAll(() => h.close());

  const countProjects = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects'))[0]!.n;

  it('creates a project and answers it with its devices expanded and the server-kept fields', async () => {
    const base = await registerDevice(a.agent, 'base');
    const r1 = await registerDevice(a.agent, 'rover');
    const r2 = await registerDevice(a.agent, 'rover');
    const res = await a.agent
      .post('/api/projects')
      .send({ Name: ' Harbour wall ', Description: 'East side', BaseStation: base._id, ClientDevices: [r2._id, r1._id, r2._id], UserId: a.userId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, _id: res.body.project._id });
    const got = await a.agent.get(`/api/projects/${res.body._id}`).expect(200);
    expect(got.body.success).toBe(true);
    const p = got.body.project;
    expect(p).toMatchObject({
      _id: res.body._id,
      Name: 'Harbour wall',
      Description: 'East side',
      UserId: a.userId,
      BaseStation: base._id,
      BaseStationDevice: { _id: base._id, DeviceCode: base.DeviceCode, Type: 'base' },
      Status: 'Active',
      Sections: ['default'],
      BaseMode: 'auto',
      baseMode: 'auto',
      BaseLatitude: null,
      baseLongitude: null,
      Total_Points: 0,
    });
    // in the order chosen, each once, each a device object carrying its code
    expect(p.ClientDevices.map((d: { DeviceCode: string }) => d.DeviceCode)).toEqual([r2.DeviceCode, r1.DeviceCode]);
    expect(p.ClientDevices[0]).toMatchObject({ _id: r2._id, Name: r2.Name, Type: 'rover' });
    expect(p.Created_On).toBe(p.Last_Modified);
    expect(got.body.project).toEqual(res.body.project);
  });

  it('refuses a base station that is a rover and a client that is a base, naming the device, and writes nothing', async () => {
    const base = await registerDevice(a.agent, 'base');
    const rover = await registerDevice(a.agent, 'rover');
    const before = await countProjects();
    const wrongBase = await a.agent.post('/api/projects').send({ Name: 'x', BaseStation: rover._id, ClientDevices: [] });
    expect(wrongBase.status).toBe(400);
    expect(wrongBase.body).toEqual({ success: false, message: `BaseStation: "${rover.Name} - ${rover.DeviceCode}" is not a base station` });
    const wrongClient = await a.agent.post('/api/projects').send({ Name: 'x', BaseStation: base._id, ClientDevices: [rover._id, base._id] });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.body.message).toBe(`ClientDevices: "${base.Name} - ${base.DeviceCode}" is not a rover`);
    const missing = '0d9a3c44-1b2e-4f6a-9c8d-7e6f5a4b3c2d';
    const unknown = await a.agent.post('/api/projects').send({ Name: 'x', BaseStation: base._id, ClientDevices: [rover._id, missing] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`Client device not found: ${missing}`);
    expect((await a.agent.post('/api/projects').send({ Name: 'x', ClientDevices: [] }).expect(400)).body.message).toBe('BaseStation: Select a base station');
    expect((await a.agent.post('/api/projects').send({ Name: '  ', BaseStation: base._id }).expect(400)).body.message).toBe('Name: Name is required');
    expect(await countProjects()).toBe(before);
  });

  it('lists the 5 most recently modified projects as recent, and all of them as the full list', async () => {
    const c = await h.verifiedUser('Cy');
    const base = await registerDevice(c.agent, 'base');
    const rover = await registerDevice(c.agent, 'rover');
    const made = [];
    for (let i = 1; i <= 7; i++) made.push(await createProject(c.agent, base, [rover], `Site ${i}`));
    // a change to the oldest project makes it the most recent
    await c.agent.put(`/api/projects/status/${made[0]!._id}`).send({ Status: 'paused' }).expect(200);
    const recent = await c.agent.get(`/api/projects/recentprojects/${c.userId}`).expect(200);
    expect(recent.body.success).toBe(true);
    expect(recent.body.projects.map((p: { Name: string }) => p.Name)).toEqual(['Site 1', 'Site 7', 'Site 6', 'Site 5', 'Site 4']);
    expect(recent.body.projects[0].ClientDevices[0].DeviceCode).toBe(rover.DeviceCode);
    const all = await c.agent.get(`/api/projects/user/${c.userId}`).expect(200);
    expect(all.body.projects).toHaveLength(7);
    expect(all.body.projects.map((p: { Name: string }) => p.Name)).toEqual(['Site 1', 'Site 7', 'Site 6', 'Site 5', 'Site 4', 'Site 3', 'Site 2']);
  });

  it('deletes a project together with its points and device links', async () => {
    const base = await registerDevice(a.agent, 'base');
    const rover = await registerDevice(a.agent, 'rover');
    const project = await createProject(a.agent, base, [rover]);
    await recordPoint(a.agent, project._id);
    await recordPoint(a.agent, project._id);
    const del = await a.agent.delete(`/api/projects/${project._id}`).expect(200);
    expect(del.body).toEqual({ success: true, message: 'Project deleted successfully' });
    await a.agent.get(`/api/projects/${project._id}`).expect(404);
    await a.agent.get(`/api/points/${project._id}`).expect(404);
    const left = await h.db.query('SELECT 1 FROM points WHERE project_id = $1 UNION ALL SELECT 1 FROM project_devices WHERE project_id = $1', [project._id]);
    expect(left).toHaveLength(0);
    // the devices stay registered
    await a.agent.get(`/api/devices/${rover._id}`).expect(200);
    await a.agent.delete(`/api/projects/${project._id}`).expect(404);
  });
});
