import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';

describe('points: record, list, rename, delete, with the project kept exact', () => {
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

  const fetchProject = async () => (await a.agent.get(`/api/projects/${project._id}`).expect(200)).body.project as ProjectView;
  const point = (extra: Record<string, unknown> = {}) => ({
    ProjectId: project._id,
    Name: 'P1',
    Type: 'recorded',
    Latitude: 6.927079,
    Longitude: 79.861244,
    Accuracy: 'High',
    Timestamp: '2026-03-01T08:00:00.000Z',
    Device: 'Rover A',
    Section: 'default',
    ...extra,
  });
  const record = (body: object) => a.agent.post('/api/points/').send(body);
  const pointRows = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM points WHERE project_id = $1', [project._id]))[0]!.n;

  it('records a point with its quality fields, answers its _id, and counts it on the project', async () => {
    const before = await fetchProject();
    const res = await record(
      point({
        Section: ' Kerb line ',
        FixType: 'rtk-fixed',
        Satellites: 21,
        Hdop: 0.7,
        HorizontalAccuracy: 0.012,
        VerticalAccuracy: 0.02,
        Altitude: 12.5,
        EllipsoidalHeight: 18.7,
        GeoidSeparation: 6.2,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Point recorded successfully.',
      data: {
        _id: expect.any(String),
        ProjectId: project._id,
        Number: 1,
        Name: 'P1',
        Type: 'recorded',
        Latitude: 6.927079,
        Longitude: 79.861244,
        Accuracy: 'High',
        Timestamp: '2026-03-01T08:00:00.000Z',
        Device: 'Rover A',
        Section: 'Kerb line',
        FixType: 'rtk-fixed',
        Satellites: 21,
        Hdop: 0.7,
        HorizontalAccuracy: 0.012,
        VerticalAccuracy: 0.02,
        Altitude: 12.5,
        ClientId: null,
        Created_On: expect.any(String),
        // decision 016: a point the browser sent is 'client'; what the server did not measure is null
        Method: 'client',
        EllipsoidalHeight: 18.7,
        GeoidSeparation: 6.2,
        ...Object.fromEntries(
          ['AntennaHeight', 'AntennaHeightType', 'AntennaReference', 'AntennaModel', 'AntennaOffset', 'SigmaE', 'SigmaN', 'SigmaU',
            'ReceiverSigmaE', 'ReceiverSigmaN', 'ReceiverSigmaU', 'Pdop', 'Vdop', 'SatellitesMin', 'SatellitesMax', 'Epochs',
            'EpochsRejected', 'RejectedReasons', 'FixPercent', 'CorrectionAge', 'StartedAt', 'EndedAt', 'OccupationId', 'BaseSetupId',
            'VectorDx', 'VectorDy', 'VectorDz'].map((k) => [k, null]),
        ),
        // the browser's point says the server did not measure it
        Warnings: ['not-measured-by-server'],
        // no feature code, attributes or note given
        Code: '',
        Attributes: {},
        Note: '',
        // the member who recorded it, by the name they had then
        RecordedBy: { Id: a.userId, Name: 'Ann' },
      },
    });
    const after = await fetchProject();
    expect(after.Total_Points).toBe(1);
    // a section the project did not have is added, never refused
    expect(after.Sections).toEqual(['default', 'Kerb line']);
    expect(after.Last_Modified > before.Last_Modified).toBe(true);
  });

  it('takes accuracy in any case or null, a blank section as default, and a missing time as now', async () => {
    const medium = await record(point({ Accuracy: 'medium', Section: '  ' })).expect(201);
    expect(medium.body.data).toMatchObject({ Accuracy: 'Medium', Section: 'default' });
    const none = await record(point({ Accuracy: null, Timestamp: undefined, Name: '' })).expect(201);
    expect(none.body.data).toMatchObject({ Accuracy: null, Name: '' });
    expect(Number.isNaN(Date.parse(none.body.data.Timestamp))).toBe(false);
  });

  it('lists points by time taken, and by recording order when two share a time', async () => {
    await record(point({ Name: 'late', Timestamp: '2026-03-01T10:00:00Z' })).expect(201);
    await record(point({ Name: 'tie-1', Timestamp: '2026-03-01T09:00:00Z' })).expect(201);
    await record(point({ Name: 'early', Timestamp: '2026-03-01T08:00:00Z' })).expect(201);
    await record(point({ Name: 'tie-2', Timestamp: '2026-03-01T09:00:00Z' })).expect(201);
    const res = await a.agent.get(`/api/points/${project._id}`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.points.map((p: { Name: string }) => p.Name)).toEqual(['early', 'tie-1', 'tie-2', 'late']);
  });

  it('answers a repeated ClientId with the first point, even for concurrent retries, and counts it once', async () => {
    const ClientId = randomUUID();
    const first = await record(point({ ClientId, Name: 'first' })).expect(201);
    const retry = await record(point({ ClientId, Name: 'retry with other text' })).expect(200);
    expect(retry.body.data).toEqual(first.body.data);

    const burstId = randomUUID();
    const burst = await Promise.all(Array.from({ length: 6 }, () => record(point({ ClientId: burstId }))));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.body.data._id)).size).toBe(1);
    expect(await pointRows()).toBe(2);
    expect((await fetchProject()).Total_Points).toBe(2);
  });

  it('refuses out-of-range or malformed readings with 400 naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Latitude: 90.0001 }, 'Latitude: must be between -90 and 90'],
      [{ Longitude: -181 }, 'Longitude: must be between -180 and 180'],
      [{ Latitude: 'north' }, 'Latitude: must be a number'],
      [{ Accuracy: 'Great' }, 'Accuracy: must be Low, Medium, High or null'],
      [{ FixType: 'rtk' }, 'FixType: must be one of rtk-fixed, rtk-float, dgps, single'],
      // a live reading's non-survey fix types (decision 017) are never a point's
      [{ FixType: 'dead-reckoning' }, 'FixType: must be one of rtk-fixed, rtk-float, dgps, single'],
      [{ FixType: 'simulation' }, 'FixType: must be one of rtk-fixed, rtk-float, dgps, single'],
      [{ Satellites: 7.5 }, 'Satellites: must be a whole number'],
      [{ Timestamp: 'yesterday' }, 'Timestamp: must be an ISO date-time between 1970 and 2100'],
      [{ ClientId: 'abc' }, 'ClientId: must be a UUID'],
      [{ ProjectId: 'abc' }, 'ProjectId: must be a valid id'],
      [{ Colour: 'red' }, 'Unknown field: Colour'],
    ];
    for (const [change, message] of cases) {
      const res = await record(point(change));
      expect(res.status, message).toBe(400);
      expect(res.body, message).toEqual({ success: false, message });
    }
    expect(await pointRows()).toBe(0);
    expect((await fetchProject()).Total_Points).toBe(0);
  });

  it('renames a point trimmed, refuses an empty name, and deletes a point uncounting it', async () => {
    const p = (await record(point({ Name: 'P1' })).expect(201)).body.data;
    const before = await fetchProject();
    const renamed = await a.agent.put(`/api/points/${project._id}/${p._id}/rename`).send({ Name: '  Corner post  ' }).expect(200);
    expect(renamed.body).toMatchObject({ success: true, message: 'Point renamed successfully', data: { _id: p._id, Name: 'Corner post' } });
    const mid = await fetchProject();
    expect(mid.Last_Modified > before.Last_Modified).toBe(true);
    expect((await a.agent.put(`/api/points/${project._id}/${p._id}/rename`).send({ Name: '   ' }).expect(400)).body).toEqual({
      success: false,
      message: 'Name: Name cannot be empty',
    });
    expect((await a.agent.get(`/api/points/${project._id}`)).body.points[0].Name).toBe('Corner post');

    const deleted = await a.agent.delete(`/api/points/${project._id}/${p._id}`).expect(200);
    expect(deleted.body).toEqual({ success: true, message: 'Point deleted successfully' });
    const after = await fetchProject();
    expect(after.Total_Points).toBe(0);
    expect(after.Last_Modified > mid.Last_Modified).toBe(true);
    expect((await a.agent.delete(`/api/points/${project._id}/${p._id}`).expect(404)).body.message).toBe('Point not found');
  });

  it('refuses a name another point of the project has with 409 on record and rename, and changes nothing', async () => {
    const p1 = (await record(point({ Name: 'CP-1' })).expect(201)).body.data;
    const p2 = (await record(point({ Name: 'CP-2' })).expect(201)).body.data;
    const taken = { success: false, message: 'A point named “CP-1” already exists in this project. Choose another name.' };
    expect((await record(point({ Name: ' CP-1 ' })).expect(409)).body).toEqual(taken);
    expect((await a.agent.put(`/api/points/${project._id}/${p2._id}/rename`).send({ Name: 'CP-1' }).expect(409)).body).toEqual(taken);
    // renaming a point to its own name is no clash; names differ by case are two names; empty names may repeat
    await a.agent.put(`/api/points/${project._id}/${p1._id}/rename`).send({ Name: 'CP-1' }).expect(200);
    await record(point({ Name: 'cp-1' })).expect(201);
    await record(point({ Name: '' })).expect(201);
    await record(point({ Name: '' })).expect(201);
    const names = (await a.agent.get(`/api/points/${project._id}`)).body.points.map((p: { Name: string }) => p.Name);
    expect(names.sort()).toEqual(['', '', 'CP-1', 'CP-2', 'cp-1']);
    expect((await fetchProject()).Total_Points).toBe(5);
    // the same name in another project is that project's business
    const other = await createProject(a.agent, await registerDevice(a.agent, 'base'), []);
    await record(point({ ProjectId: other._id, Name: 'CP-1' })).expect(201);
  });

  it("numbers points from the project's sequence, and never gives a deleted point's number again", async () => {
    const numbers = async (...names: string[]) => {
      const out: number[] = [];
      for (const Name of names) out.push((await record(point({ Name })).expect(201)).body.data.Number);
      return out;
    };
    expect(await numbers('A', 'B', 'C')).toEqual([1, 2, 3]);
    const list = (await a.agent.get(`/api/points/${project._id}`)).body.points as { _id: string; Name: string; Number: number }[];
    const c = list.find((p) => p.Name === 'C')!;
    await a.agent.delete(`/api/points/${project._id}/${c._id}`).expect(200);
    // a refused name takes no number either
    await record(point({ Name: 'A' })).expect(409);
    expect(await numbers('D')).toEqual([4]);
    // a rename keeps the number
    const b = list.find((p) => p.Name === 'B')!;
    expect((await a.agent.put(`/api/points/${project._id}/${b._id}/rename`).send({ Name: 'B2' }).expect(200)).body.data.Number).toBe(2);
  });

  it('reaches a point only through its own project', async () => {
    const other = await createProject(a.agent, await registerDevice(a.agent, 'base'), []);
    const p = (await record(point()).expect(201)).body.data;
    await a.agent.delete(`/api/points/${other._id}/${p._id}`).expect(404);
    await a.agent.put(`/api/points/${other._id}/${p._id}/rename`).send({ Name: 'x' }).expect(404);
    expect((await fetchProject()).Total_Points).toBe(1);
    expect((await a.agent.get(`/api/projects/${other._id}`)).body.project.Total_Points).toBe(0);
  });
});
