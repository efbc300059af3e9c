import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';
import { createProject, recordPoint } from '../projects/survey-fixtures.js';

// an independent geodetic <-> ECEF conversion (PROJ's, through proj4js), not the product's @smi/geodesy
const toEcef = (lat: number, lon: number, h: number) => proj4('EPSG:4326', '+proj=geocent +datum=WGS84 +units=m', [lon, lat, h]) as number[];
const diff = (a: number[], b: number[]) => a.map((v, k) => v - b[k]!);

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 120_000);
afterAll(() => h?.close(), 60_000);

// (0.00001 degree of longitude is 1.105 m east here, 0.00002 of latitude 2.21 m north)
// a base on a mark near Colombo; its broadcast ARP is what rover positions are relative to
const BASE = { lat: 6.9271, lon: 79.8612, h: 12.345 };
const ROVERS = [
  { lat: 6.92731, lon: 79.86135, h: 11.2 },
  { lat: 6.92695, lon: 79.86102, h: 13.9 },
  { lat: 6.92752, lon: 79.86161, h: 12.05 },
];

async function surveyWithBroadcastingBase({ inTeam = false } = {}) {
  const owner = await h.owner();
  let workspace = owner.userId;
  if (inTeam) {
    // a team workspace: the owning workspace's id is no user's id
    workspace = (await owner.agent.post('/api/workspaces').send({ name: 'Survey crew' }).expect(201)).body.workspace.id;
    await owner.agent.put('/api/workspaces/current').send({ workspaceId: workspace }).expect(200);
  }
  const base = await h.device({ userId: workspace, agent: owner.agent }, 'base', 'Base');
  const rover = await h.device({ userId: workspace, agent: owner.agent }, 'rover', 'Rover');
  const project = await createProject(owner.agent, { _id: base.id } as DeviceView, [{ _id: rover.id } as DeviceView]);
  const [x, y, z] = toEcef(BASE.lat, BASE.lon, BASE.h);
  await publish(h.mqttUrl, base, 'rtcm', f.station1005or1006({ stationId: 42, x: x!, y: y!, z: z! }));
  const broadcast = await eventually(async () => {
    const r = await h.db.query<{ arp_x: number; arp_y: number; arp_z: number }>('SELECT arp_x, arp_y, arp_z FROM base_rtcm_state WHERE device_id = $1', [base.id]);
    return r[0];
  }, 100);
  const points = [];
  for (const r of ROVERS) points.push(await recordPoint(owner.agent, project._id, { Latitude: r.lat, Longitude: r.lon, EllipsoidalHeight: r.h, Altitude: r.h + 95 }));
  return { owner, base, project, points, broadcast: [broadcast.arp_x, broadcast.arp_y, broadcast.arp_z] };
}

describe('base setups', () => {
  it('stores each point as an ECEF vector from the broadcast position: vector + broadcast = the rover antenna to 0.1 mm', async () => {
    const s = await surveyWithBroadcastingBase();
    // the broadcast position went through RTCM's 0.1 mm resolution
    expect(Math.max(...diff(s.broadcast, toEcef(BASE.lat, BASE.lon, BASE.h)).map(Math.abs))).toBeLessThanOrEqual(0.00005);
    for (const [i, p] of s.points.entries()) {
      expect(p.BaseSetupId).toEqual(expect.any(String));
      const antenna = toEcef(ROVERS[i]!.lat, ROVERS[i]!.lon, ROVERS[i]!.h);
      const fromVector = [p.VectorDx!, p.VectorDy!, p.VectorDz!].map((v, k) => v + s.broadcast[k]!);
      for (const d of diff(fromVector, antenna)) expect(Math.abs(d)).toBeLessThan(0.0001);
    }
    const { body } = await s.owner.agent.get(`/api/projects/${s.project._id}/base-setups`).expect(200);
    expect(body.setups).toHaveLength(1);
    expect(body.setups[0]).toMatchObject({ Source: 'rtcm', Version: 1, Current: true, Points: 3, X: s.broadcast[0], Y: s.broadcast[1], Z: s.broadcast[2] });
  });

  it('in a team workspace, the setup the first point makes is in the name of the member who recorded it', async () => {
    const s = await surveyWithBroadcastingBase({ inTeam: true });
    for (const p of s.points) expect(p.BaseSetupId).toEqual(expect.any(String));
    const setups = await h.db.query<{ created_by: string | null }>('SELECT created_by FROM base_setups WHERE project_id = $1', [s.project._id]);
    expect(setups).toEqual([{ created_by: s.owner.userId }]);
  });

  it('correcting the base moves every point by exactly the base shift in ECEF, keeps the history, and undo restores them', async () => {
    const s = await surveyWithBroadcastingBase();
    const setupId = s.points[0]!.BaseSetupId!;
    const known = { Latitude: 6.927123, Longitude: 79.861187, Height: 13.1 };
    // the moved points move the project's linework: announced to the owner's maps on the correction and the undo
    const announced: string[] = [];
    const onLinework = (owner: string, project: string) => owner === s.owner.userId && announced.push(project);
    h.deps.events.on('lineworkChanged', onLinework);
    const res = await s.owner.agent.put(`/api/base-setups/${setupId}`).send(known).expect(200);
    expect(announced).toEqual([s.project._id]);
    expect(res.body.message).toMatch(/^3 points re-computed, shift dE [+-]\d+\.\d{3} m dN [+-]\d+\.\d{3} m dU [+-]\d+\.\d{3} m$/);
    expect(res.body.setup).toMatchObject({ Version: 2, PreviousId: setupId, Current: true, Source: 'known', Points: 0 });
    const shift = diff(toEcef(known.Latitude, known.Longitude, known.Height), s.broadcast);
    // dE/dN/dU of the message: the shift seen at the base
    expect(Math.hypot(res.body.recomputed.ShiftE, res.body.recomputed.ShiftN, res.body.recomputed.ShiftU)).toBeCloseTo(Math.hypot(...shift), 6);

    const after = (await s.owner.agent.get(`/api/points/${s.project._id}`).expect(200)).body.points as { _id: string; Latitude: number; Longitude: number; EllipsoidalHeight: number; Altitude: number; BaseSetupId: string }[];
    for (const [i, r] of ROVERS.entries()) {
      const p = after.find((a) => a._id === s.points[i]!._id)!;
      expect(p.BaseSetupId).toBe(res.body.setup._id);
      const moved = diff(toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight), toEcef(r.lat, r.lon, r.h));
      for (const [k, d] of moved.entries()) expect(Math.abs(d - shift[k]!)).toBeLessThan(0.0001);
      expect(p.Altitude - p.EllipsoidalHeight).toBeCloseTo(95, 9);
    }
    const history = await h.db.query<{ old_latitude: number; new_latitude: number; changed_by: string }>(
      'SELECT old_latitude, new_latitude, changed_by FROM point_history WHERE point_id = ANY($1::uuid[])',
      [s.points.map((p) => p._id)],
    );
    expect(history).toHaveLength(3);
    expect(history.map((r) => r.old_latitude).sort()).toEqual(ROVERS.map((r) => r.lat).sort());
    expect(history.every((r) => r.changed_by === s.owner.userId)).toBe(true);

    // the old version cannot be corrected any more; undo goes back to its coordinates as version 3
    await s.owner.agent.put(`/api/base-setups/${setupId}`).send(known).expect(409);
    const undone = await s.owner.agent.post(`/api/base-setups/${res.body.setup._id}/undo`).expect(200);
    expect(undone.body.setup).toMatchObject({ Version: 3, Source: 'rtcm', X: s.broadcast[0], Y: s.broadcast[1], Z: s.broadcast[2] });
    expect(undone.body.message).toMatch(/^3 points re-computed/);
    expect(announced).toEqual([s.project._id, s.project._id]);
    // both are in the audit trail with the coordinates before and after, and the points they moved (decision 071)
    const audited = await h.db.query<{ action: string; user_id: string; before: { Version: number }; after: { Version: number; Points: number } }>(
      `SELECT action, user_id, before, after FROM audit_log WHERE project_id = $1 AND object_kind = 'base-setup' ORDER BY seq`,
      [s.project._id],
    );
    expect(audited.map((a) => [a.action, a.user_id, a.before.Version, a.after.Version, a.after.Points])).toEqual([
      ['base-setup.recomputed', s.owner.userId, 1, 2, 3],
      ['base-setup.undone', s.owner.userId, 2, 3, 3],
    ]);
    h.deps.events.off('lineworkChanged', onLinework);
    const back = (await s.owner.agent.get(`/api/points/${s.project._id}`).expect(200)).body.points as { _id: string; Latitude: number; Longitude: number; EllipsoidalHeight: number }[];
    for (const [i, r] of ROVERS.entries()) {
      const p = back.find((a) => a._id === s.points[i]!._id)!;
      for (const d of diff(toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight), toEcef(r.lat, r.lon, r.h))) expect(Math.abs(d)).toBeLessThan(0.0001);
    }
  });

  it('typing a Known Position re-computes the points of the setup in force and says so; the original reply is kept', async () => {
    const s = await surveyWithBroadcastingBase();
    await s.owner.agent.put(`/api/projects/basemode/${s.project._id}`).send({ baseMode: 'known' }).expect(200);
    const res = await s.owner.agent.put(`/api/projects/baselocation/${s.project._id}`).send({ baseLatitude: 6.92712, baseLongitude: 79.86121 }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Project base locations updated successfully', project: { BaseLatitude: 6.92712 } });
    expect(res.body.recomputed.Points).toBe(3);
    expect(res.body.recomputed.Message).toMatch(/^3 points re-computed, shift dE \+1\.10\d m dN \+2\.21\d m dU [+-]0\.000 m$/);
  });

  it('another account cannot read, correct or undo a setup: 404 like a missing one; bad input is 400', async () => {
    const s = await surveyWithBroadcastingBase();
    const stranger = await h.owner();
    const setupId = s.points[0]!.BaseSetupId!;
    expect((await stranger.agent.get(`/api/projects/${s.project._id}/base-setups`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    expect((await stranger.agent.put(`/api/base-setups/${setupId}`).send({ Latitude: 1, Longitude: 2 }).expect(404)).body).toEqual({ success: false, message: 'Base setup not found' });
    expect((await stranger.agent.post(`/api/base-setups/${setupId}/undo`).expect(404)).body).toEqual({ success: false, message: 'Base setup not found' });
    expect((await s.owner.agent.put(`/api/base-setups/${crypto.randomUUID()}`).send({ Latitude: 1, Longitude: 2 }).expect(404)).body.success).toBe(false);
    expect((await s.owner.agent.put(`/api/base-setups/${setupId}`).send({ Latitude: 'north', Longitude: 2 }).expect(400)).body.success).toBe(false);
    expect((await s.owner.agent.put(`/api/base-setups/not-an-id`).send({ Latitude: 1, Longitude: 2 }).expect(400)).body.success).toBe(false);
    expect((await s.owner.agent.post(`/api/base-setups/${setupId}/undo`).expect(400)).body).toEqual({ success: false, message: 'This base setup has no previous version' });
    // nothing moved
    const [row] = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM base_setups WHERE project_id = $1', [s.project._id]);
    expect(Number(row!.n)).toBe(1);
  });
});
