import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from './survey-fixtures.js';

describe("a project's status, sections and base position", () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann');
  });
  beforeEach(async () => {
    project = await createProject(a.agent, await registerDevice(a.agent, 'base'), [await registerDevice(a.agent, 'rover')]);
  });
  afterAll(() => h.close());

  const fetch = async () => (await a.agent.get(`/api/projects/${project._id}`).expect(200)).body.project as ProjectView;

  it('reads the status case-insensitively, answers one spelling, and stamps Last_Modified', async () => {
    for (const [sent, stored] of [['paused', 'Paused'], ['ACTIVE', 'Active'], [' Completed ', 'Completed']] as const) {
      const before = await fetch();
      const res = await a.agent.put(`/api/projects/status/${project._id}`).send({ Status: sent }).expect(200);
      expect(res.body).toMatchObject({ success: true, project: { Status: stored } });
      const after = await fetch();
      expect(after.Status).toBe(stored);
      expect(after.Last_Modified > before.Last_Modified).toBe(true);
    }
    const bad = await a.agent.put(`/api/projects/status/${project._id}`).send({ Status: 'Done' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: 'Status: Status must be Active, Paused or Completed' });
    expect((await fetch()).Status).toBe('Completed');
  });

  it("adds trimmed sections once, refuses duplicates, and never removes 'default'", async () => {
    const add = (sectionName: unknown) => a.agent.put(`/api/projects/sections/${project._id}`).send({ sectionName });
    const remove = (sectionName: unknown) => a.agent.delete(`/api/projects/sections/${project._id}`).send({ sectionName });
    expect((await add('  North wall ')).body).toEqual({ success: true, message: 'Project sections updated successfully', Sections: ['default', 'North wall'] });
    const dup = await add('North wall');
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ success: false, message: 'Section already exists' });
    expect((await add('default')).body.message).toBe('Section already exists');
    expect((await add('   ')).status).toBe(400);
    // two adds of a new name at the same moment keep it once
    await Promise.all([add('Kerb'), add('Kerb')]);
    expect((await fetch()).Sections).toEqual(['default', 'North wall', 'Kerb']);

    const removed = await remove(' North wall ').expect(200);
    expect(removed.body).toEqual({ success: true, message: 'Section removed successfully', Sections: ['default', 'Kerb'] });
    expect((await remove('North wall')).status).toBe(404);
    const keep = await remove('default');
    expect(keep.status).toBe(400);
    expect(keep.body).toEqual({ success: false, message: "The 'default' section cannot be removed" });
    expect((await fetch()).Sections).toEqual(['default', 'Kerb']);
  });

  it('keeps a known base position, and Auto Fix clears it and refuses a new one', async () => {
    const location = (body: object) => a.agent.put(`/api/projects/baselocation/${project._id}`).send(body);
    const mode = (baseMode: string) => a.agent.put(`/api/projects/basemode/${project._id}`).send({ baseMode });

    // a new project is in Auto Fix: coordinates alone are refused with their message
    expect((await location({ baseLatitude: 6.9, baseLongitude: 79.8 })).body).toEqual({
      success: false,
      message: 'Base location cannot be updated in Auto Fix mode.',
    });
    expect((await mode('Known').expect(200)).body).toMatchObject({ success: true, message: 'Project base mode updated successfully', project: { baseMode: 'known' } });
    const set = await location({ baseLatitude: '6.901234', baseLongitude: 79.85 }).expect(200);
    expect(set.body).toMatchObject({
      success: true,
      message: 'Project base locations updated successfully',
      project: { BaseMode: 'known', BaseLatitude: 6.901234, baseLatitude: 6.901234, BaseLongitude: 79.85, baseLongitude: 79.85 },
    });
    expect((await location({ baseLatitude: 91, baseLongitude: 0 })).body).toEqual({ success: false, message: 'baseLatitude: must be between -90 and 90' });
    expect((await location({ baseLatitude: 1, baseLongitude: 'east' })).body.message).toBe('baseLongitude: must be a number');
    expect((await location({ baseLatitude: 1 })).body.message).toBe('baseLongitude: must be a number');
    expect((await fetch()).baseLatitude).toBe(6.901234);

    await mode('auto').expect(200);
    expect(await fetch()).toMatchObject({ baseMode: 'auto', BaseLatitude: null, BaseLongitude: null });
    expect((await location({ baseLatitude: 6.9, baseLongitude: 79.8 })).status).toBe(400);
    expect((await location({ baseLatitude: 6.9, baseLongitude: 79.8, baseMode: 'auto' })).body.message).toBe(
      'Base location cannot be updated in Auto Fix mode.',
    );
    // the Known choice and its coordinates can also be saved in one call
    await location({ baseLatitude: -33.5, baseLongitude: 151.25, baseMode: 'known' }).expect(200);
    expect(await fetch()).toMatchObject({ baseMode: 'known', baseLatitude: -33.5, baseLongitude: 151.25 });
    expect((await mode('manual').expect(400)).body.message).toBe('baseMode: baseMode must be known or auto');
  });
});
