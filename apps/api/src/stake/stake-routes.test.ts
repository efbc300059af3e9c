import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointDocs, type RecordPreviewReply, type StakeGuidanceReply } from '@smi/contracts';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

/**
 * GET stake/guidance through the real gateway: a rover's JSON reading over MQTT, guided to a typed design point. The
 * rover's position it answers is the Record preview's for the same reading (one placement, one project coordinate).
 */
let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const READING = { latitude: 48.2082, longitude: 16.3738, altitude: 171.4, geoidSeparation: 45.2 };

describe('stake-out guidance over the api', () => {
  it('guides a rover to a design point from its latest reading, as the Record preview places it; refuses what is not the user\'s', async () => {
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Stake', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    const bare = (await a.agent.post('/api/projects').send({ Name: 'No grid', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 32633 }).expect(200);
    const preview = (await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: { Latitude: READING.latitude, Longitude: READING.longitude, Altitude: READING.altitude, GeoidSeparation: READING.geoidSeparation }, Antenna: { Height: 1.8 } }).expect(200)).body as RecordPreviewReply;
    const c = preview.coordinate!;
    // the design point 3 m north and 4 m east of where the preview puts the pole tip, 0.25 m below it
    const point = (await a.agent.post(`/api/projects/${projectId}/design/points`).send({ name: 'P3', easting: c.easting + 4, northing: c.northing + 3, elevation: c.height! - 0.25 }).expect(201)).body.point as { id: string };
    const url = (q: Record<string, string>, id = projectId) => `/api/projects/${id}/stake/guidance?${new URLSearchParams(q)}`;

    await publish(h.mqttUrl, rover, 'reading', JSON.stringify({ ...READING, fixType: 'rtk-fixed', satellites: 19, correctionAge: 1.2 }));
    const r = await eventually(async () => {
      const res = await a.agent.get(url({ deviceId: rover.id, pointId: point.id }));
      return res.status === 200 && res.body.guidance ? (res.body as StakeGuidanceReply) : undefined;
    });
    expect(endpointDocs.stakeGuidance.json!.safeParse(r).error?.issues ?? []).toEqual([]);
    expect(r).toMatchObject({ live: true, blocked: null, unit: 'metre', target: { name: 'P3' }, fix: { type: 'rtk-fixed', satellites: 19, correctionAge: 1.2 } });
    expect(Math.abs(r.rover!.easting - c.easting)).toBeLessThan(0.0005);
    expect(Math.abs(r.rover!.northing - c.northing)).toBeLessThan(0.0005);
    expect(Math.abs(r.rover!.height! - c.height!)).toBeLessThan(0.0005);
    const g = r.guidance!;
    expect(g.goNorth).toBeCloseTo(3, 2);
    expect(g.goEast).toBeCloseTo(4, 2);
    expect(g.distance).toBeCloseTo(5, 2);
    expect(g.bearing).toBeCloseTo((Math.atan2(4, 3) * 180) / Math.PI, 2);
    expect(g.cutFill).toEqual({ kind: 'cut', amount: expect.closeTo(0.25, 3) });
    expect(g.proximity).toBe('far');
    expect(r.tolerance).toEqual({ horizontal: 0.02, vertical: 0.03, radius: 3 });

    // the project's stake settings: a 6 m radius makes it near
    const settings = (await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200)).body.settings;
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ ...settings, Stake: { ...settings.Stake, Radius: 6 } }).expect(200);
    await eventually(async () => ((await a.agent.get(url({ deviceId: rover.id, pointId: point.id })).expect(200)).body.guidance.proximity === 'near' ? true : undefined), 200);

    // a float fix: greyed, and says why
    await publish(h.mqttUrl, rover, 'reading', JSON.stringify({ ...READING, fixType: 'rtk-float' }));
    const float = await eventually(async () => {
      const res = (await a.agent.get(url({ deviceId: rover.id, pointId: point.id })).expect(200)).body as StakeGuidanceReply;
      return res.fix.type === 'rtk-float' ? res : undefined;
    });
    expect(float).toMatchObject({ live: false, blocked: 'not-fixed', reason: 'The rover is not RTK fixed.' });

    // another account's project, rover or point answers like a missing one; bad queries are 400; no grid is 409
    const stranger = await b.agent.get(url({ deviceId: rover.id, pointId: point.id }));
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ success: false, message: 'Project not found' });
    const theirs = await h.device(b);
    expect((await a.agent.get(url({ deviceId: theirs.id, pointId: point.id }))).body).toEqual({ success: false, message: 'Device not found' });
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: rover.id }))).status).toBe(404);
    expect((await a.agent.get(url({ deviceId: rover.id }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id, orientation: 'compass' }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id, orientation: 'sideways' }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id, orientation: 'compass', heading: '400' }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id, orientation: 'compass', heading: '90' }))).body.guidance.headingSource).toBe('compass');
    // the point is not the bare project's: missing there
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id }, bare))).status).toBe(404);
  }, 240_000);
});
