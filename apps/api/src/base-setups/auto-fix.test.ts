import mqtt from 'mqtt';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoFixView, PointView } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { ggaOf, replay } from '@smi/gateway/testing/nmea-replay';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

// independent of @smi/geodesy: PROJ's conversions through proj4js
const GEOCENT = '+proj=geocent +datum=WGS84 +units=m';
const toEcef = (lat: number, lon: number, h: number) => proj4('EPSG:4326', GEOCENT, [lon, lat, h]) as number[];

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(() => h?.close(), 60_000);

// the base's own autonomous fixes: a real ZED-F9P log (decimetre scatter), 1 Hz of GNSS time sent as fast as the
// broker takes them: a 30 s Auto Fix takes well under a second of the test's clock
const baseLog = (count: number) =>
  replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count, startMs: Math.floor(Date.now() / 1000) * 1000 - 120_000, edit: () => ({ quality: 1, age: '' }) });

async function setUp() {
  const owner = await h.owner();
  const base = await h.device(owner, 'base', 'Base');
  const projectId = (await owner.agent.post('/api/projects').send({ Name: 'Auto Fix', BaseStation: base.id, ClientDevices: [] }).expect(201)).body._id as string;
  return { owner, base, projectId };
}
const latest = async (agent: Awaited<ReturnType<LiveHarness['owner']>>['agent'], projectId: string) =>
  (await agent.get(`/api/projects/${projectId}/base-setups/auto-fix`).expect(200)).body.autoFix as AutoFixView | null;

describe('Auto Fix: the base averaged for a set time, offered as its coordinates', () => {
  it('averages 30 s of the base positions on the gateway, reports progress and the mean with its sigma; accepted, it becomes an auto-fix setup and moves the points', async () => {
    const s = await setUp();
    // a broadcast position and a point measured against it before the base's coordinates are known
    const broadcast = toEcef(-45.8, 170.5, 30).map((v) => Math.round(v * 10_000) / 10_000);
    await publish(h.mqttUrl, s.base, 'rtcm', f.station1005or1006({ stationId: 3, x: broadcast[0]!, y: broadcast[1]!, z: broadcast[2]! }));
    await eventually(async () => (await h.db.query('SELECT 1 FROM base_rtcm_state WHERE device_id = $1 AND arp_x IS NOT NULL', [s.base.id]))[0]);
    const point = (await s.owner.agent.post('/api/points').send({ ProjectId: s.projectId, Latitude: -45.7999, Longitude: 170.5002, EllipsoidalHeight: 31 }).expect(201)).body
      .data as PointView;
    expect(point.BaseSetupId).toEqual(expect.any(String));

    expect(await latest(s.owner.agent, s.projectId)).toBeNull();
    const started = (await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({ DurationS: 30 }).expect(201)).body.autoFix as AutoFixView;
    expect(started).toMatchObject({ Status: 'running', DurationS: 30, Epochs: 0, Latitude: null });
    await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({}).expect(409);

    const sent = baseLog(40);
    const client = await mqtt.connectAsync(h.mqttUrl, { username: s.base.code, password: s.base.secret, reconnectPeriod: 0 });
    for (const p of sent.slice(0, 10)) await client.publishAsync(`devices/${s.base.code}/nmea`, p.text, { qos: 1 });
    // progress: a running mean while it averages
    const running = await eventually(async () => {
      const a = await latest(s.owner.agent, s.projectId);
      return a && a.Epochs > 0 ? a : undefined;
    });
    expect(running.Status).toBe('running');
    expect(running.Latitude).toEqual(expect.any(Number));
    for (const p of sent.slice(10)) await client.publishAsync(`devices/${s.base.code}/nmea`, p.text, { qos: 1 });
    await client.endAsync();
    const done = await eventually(async () => {
      const a = await latest(s.owner.agent, s.projectId);
      return a?.Status === 'done' ? a : undefined;
    });
    // 31 fixes span 30 s; the mean and scatter computed here from the sentences (metres from degrees by PROJ's ECEF)
    expect(done.Epochs + done.Outliers).toBe(31);
    expect(done.ElapsedS).toBe(30);
    const fixes = sent.slice(0, 31).map((p) => ggaOf(p.text));
    expect(done.Outliers).toBe(0);
    const mean = (k: 'latitude' | 'longitude' | 'height') => fixes.reduce((t, g) => t + g[k], 0) / fixes.length;
    expect(Math.abs(done.Latitude! - mean('latitude'))).toBeLessThan(1e-9);
    expect(Math.abs(done.Longitude! - mean('longitude'))).toBeLessThan(1e-9);
    expect(Math.abs(done.Height! - mean('height'))).toBeLessThan(0.0001);
    const centre = toEcef(mean('latitude'), mean('longitude'), mean('height'));
    const up = centre.map((v) => v / Math.hypot(...centre));
    const d = fixes.map((g) => toEcef(g.latitude, g.longitude, g.height).map((v, k) => v - centre[k]!));
    const vertical = d.map((x) => x[0]! * up[0]! + x[1]! * up[1]! + x[2]! * up[2]!);
    const horizontal2 = d.map((x, i) => x[0]! ** 2 + x[1]! ** 2 + x[2]! ** 2 - vertical[i]! ** 2);
    const n = fixes.length;
    // (geocentric "up" differs from the normal by ~0.2 degree here: a 0.1 % effect at most on these sigmas)
    expect(done.SigmaH!).toBeCloseTo(Math.sqrt(horizontal2.reduce((t, v) => t + v, 0) / (n - 1)), 2);
    expect(done.SigmaV!).toBeCloseTo(Math.sqrt(vertical.reduce((t, v) => t + v * v, 0) / (n - 1)), 2);
    expect(done.SigmaH!).toBeGreaterThan(0.01);

    const accepted = await s.owner.agent.post(`/api/base-setups/auto-fix/${done._id}/accept`).expect(200);
    expect(accepted.body.message).toMatch(/^1 point re-computed, shift dE /);
    expect(accepted.body.setup).toMatchObject({ Source: 'auto-fix', Version: 2, Latitude: done.Latitude, Longitude: done.Longitude, Height: done.Height, SigmaH: done.SigmaH, SigmaV: done.SigmaV });
    expect(accepted.body.autoFix).toMatchObject({ Status: 'accepted', SetupId: accepted.body.setup._id });
    const shift = toEcef(done.Latitude!, done.Longitude!, done.Height!).map((v, k) => v - broadcast[k]!);
    const moved = ((await s.owner.agent.get(`/api/points/${s.projectId}`).expect(200)).body.points as PointView[])[0]!;
    const delta = toEcef(moved.Latitude, moved.Longitude, moved.EllipsoidalHeight!).map((v, k) => v - toEcef(point.Latitude, point.Longitude, point.EllipsoidalHeight!)[k]!);
    delta.forEach((v, k) => expect(Math.abs(v - shift[k]!)).toBeLessThan(0.0001));
    await s.owner.agent.post(`/api/base-setups/auto-fix/${done._id}/accept`).expect(409);
  }, 60_000);

  it("takes the project's setting (default 5 minutes), can be cancelled, is another account's 404, and refuses bad input", async () => {
    const s = await setUp();
    const started = (await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({}).expect(201)).body.autoFix as AutoFixView;
    expect(started.DurationS).toBe(300);
    const other = await h.owner();
    await other.agent.get(`/api/projects/${s.projectId}/base-setups/auto-fix`).expect(404);
    await other.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({}).expect(404);
    expect((await other.agent.post(`/api/base-setups/auto-fix/${started._id}/cancel`).expect(404)).body).toEqual({ success: false, message: 'Auto Fix not found' });
    await other.agent.post(`/api/base-setups/auto-fix/${started._id}/accept`).expect(404);
    await s.owner.agent.post(`/api/base-setups/auto-fix/${started._id}/accept`).expect(409);
    const cancelled = (await s.owner.agent.post(`/api/base-setups/auto-fix/${started._id}/cancel`).expect(200)).body.autoFix as AutoFixView;
    expect(cancelled.Status).toBe('cancelled');

    await s.owner.agent.put(`/api/projects/${s.projectId}/measurement-settings`).send({ AutoFixS: 120 }).expect(200);
    const again = (await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({}).expect(201)).body.autoFix as AutoFixView;
    expect(again.DurationS).toBe(120);
    // its base never sent a position: failed once it has been silent for a minute
    await h.db.query("UPDATE base_auto_fixes SET heartbeat_at = now() - interval '61 seconds' WHERE id = $1", [again._id]);
    expect(await latest(s.owner.agent, s.projectId)).toMatchObject({ Status: 'failed', Reason: 'no positions from the base for 60 s' });
    for (const bad of [{ DurationS: 5 }, { DurationS: 'long' }, { DurationS: 1.5 }, { Duration: 30 }]) {
      expect((await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send(bad).expect(400)).body.success).toBe(false);
    }
    await s.owner.agent.post('/api/base-setups/auto-fix/not-an-id/cancel').expect(400);
    // a project whose base device was deleted has nothing to average
    await h.db.query('UPDATE projects SET base_station_id = NULL WHERE id = $1', [s.projectId]);
    expect((await s.owner.agent.post(`/api/projects/${s.projectId}/base-setups/auto-fix`).send({}).expect(400)).body).toEqual({ success: false, message: 'This project has no base station' });
  }, 60_000);
});
