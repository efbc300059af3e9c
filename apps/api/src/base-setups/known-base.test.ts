import { execFileSync } from 'node:child_process';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView, KnownBaseReply, PointView } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';
import { createProject, recordPoint } from '../projects/survey-fixtures.js';
import { rounded } from '../crs/grid-frame.js';
import { gridStore, loadProjectFrame, pointCoordinates } from '../crs/project-geodesy.js';

/**
 * The base set over a known mark (decision 042): a preview that changes nothing, then the same move for real,
 * undone; the mark typed in the project grid (checked against PROJ's cs2cs and vgridshift), or a control point, with
 * the base's antenna set-up.
 */
const toEcef = (lat: number, lon: number, h: number) => proj4('EPSG:4326', '+proj=geocent +datum=WGS84 +units=m', [lon, lat, h]) as number[];
const env = { ...process.env, PROJ_DATA: '/usr/share/proj', PROJ_NETWORK: 'OFF' };
const BASE = { lat: 6.9271, lon: 79.8612, h: 12.345 };
const ROVERS = [
  { lat: 6.92731, lon: 79.86135, h: 11.2 },
  { lat: 6.92695, lon: 79.86102, h: 13.9 },
];

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 120_000);
afterAll(() => h?.close(), 60_000);

async function survey() {
  const owner = await h.owner();
  const base = await h.device(owner, 'base', 'Base');
  const rover = await h.device(owner, 'rover', 'Rover');
  const project = await createProject(owner.agent, { _id: base.id } as DeviceView, [{ _id: rover.id } as DeviceView]);
  const [x, y, z] = toEcef(BASE.lat, BASE.lon, BASE.h);
  await publish(h.mqttUrl, base, 'rtcm', f.station1005or1006({ stationId: 42, x: x!, y: y!, z: z! }));
  await eventually(async () => (await h.db.query('SELECT 1 FROM base_rtcm_state WHERE device_id = $1', [base.id]))[0], 100);
  const points: PointView[] = [];
  for (const r of ROVERS) points.push(await recordPoint(owner.agent, project._id, { Latitude: r.lat, Longitude: r.lon, EllipsoidalHeight: r.h }));
  return { owner, project, points };
}

const snapshot = async (projectId: string) => ({
  points: await h.db.query('SELECT id, latitude, longitude, ellipsoidal_height, base_setup_id FROM points WHERE project_id = $1 ORDER BY id', [projectId]),
  setups: await h.db.query('SELECT id, current FROM base_setups WHERE project_id = $1 ORDER BY id', [projectId]),
  project: await h.db.query('SELECT base_mode, base_latitude, base_longitude FROM projects WHERE id = $1', [projectId]),
  history: await h.db.query('SELECT count(*)::int AS n FROM point_history h JOIN points p ON p.id = h.point_id WHERE p.project_id = $1', [projectId]),
});

describe('Known Position: preview, move, undo', () => {
  it('a dry run says how many points move and by how much, and changes nothing; the same call for real moves them by that', async () => {
    const s = await survey();
    const url = `/api/projects/${s.project._id}/base-setups/known`;
    const mark = { Latitude: 6.92712, Longitude: 79.86121, Height: 10.5, Antenna: { Height: 1.5, Model: 'EMLID REACH RS2' } };
    const before = await snapshot(s.project._id);
    const preview = (await s.owner.agent.put(url).send({ ...mark, DryRun: true }).expect(200)).body as KnownBaseReply;
    expect(await snapshot(s.project._id)).toEqual(before);
    expect(preview).toMatchObject({ DryRun: true, setup: null, recomputed: { Points: 2 }, Mark: { Height: 10.5 }, Base: { Height: 12 } });
    // the shift: from the broadcast ARP to the mark + 1.5 m (the ARP; the phase centre offset is the rovers' business)
    const shift = toEcef(6.92712, 79.86121, 12).map((v, k) => v - toEcef(BASE.lat, BASE.lon, BASE.h)[k]!);
    expect(Math.hypot(preview.recomputed!.ShiftE, preview.recomputed!.ShiftN, preview.recomputed!.ShiftU)).toBeCloseTo(Math.hypot(...shift), 4);
    expect(preview.recomputed!.ShiftU).toBeCloseTo(12 - BASE.h, 3);

    const done = (await s.owner.agent.put(url).send(mark).expect(200)).body as KnownBaseReply;
    expect(done.recomputed).toEqual(preview.recomputed);
    expect(done.setup).toMatchObject({ Source: 'known', Version: 2, Current: true, Height: 12, AntennaHeight: 1.5, Latitude: 6.92712 });
    expect(done.project).toMatchObject({ BaseMode: 'known', BaseLatitude: 6.92712, BaseLongitude: 79.86121 });
    const moved = (await s.owner.agent.get(`/api/points/${s.project._id}`).expect(200)).body.points as PointView[];
    for (const [i, r] of ROVERS.entries()) {
      const p = moved.find((q) => q._id === s.points[i]!._id)!;
      const d = toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight!).map((v, k) => v - toEcef(r.lat, r.lon, r.h)[k]! - shift[k]!);
      for (const v of d) expect(Math.abs(v)).toBeLessThan(0.0001);
    }
    // undo puts them back, and the history holds all three versions
    await s.owner.agent.post(`/api/base-setups/${done.setup!._id}/undo`).expect(200);
    const setups = (await s.owner.agent.get(`/api/projects/${s.project._id}/base-setups`).expect(200)).body.setups as { Version: number; Current: boolean }[];
    expect(setups.map((x) => [x.Version, x.Current])).toEqual([[3, true], [2, false], [1, false]]);
  });

  it('moves a deleted point with its setup but counts only the live ones; restored, it is where the new setup puts it', async () => {
    const s = await survey();
    const [kept, gone] = s.points as [PointView, PointView];
    await s.owner.agent.delete(`/api/points/${s.project._id}/${gone._id}`).expect(200);
    const url = `/api/projects/${s.project._id}/base-setups/known`;
    const done = (await s.owner.agent.put(url).send({ Latitude: 6.92712, Longitude: 79.86121, Height: 12 }).expect(200)).body as KnownBaseReply;
    expect(done.recomputed!.Points).toBe(1);
    const setups = (await s.owner.agent.get(`/api/projects/${s.project._id}/base-setups`).expect(200)).body.setups as { Current: boolean; Points: number }[];
    expect(setups.find((x) => x.Current)!.Points).toBe(1);
    const { body } = await s.owner.agent.get(`/api/audit?projectId=${s.project._id}&action=base-setup.recomputed`).expect(200);
    expect(body.entries[0].After.Points).toBe(1);

    await s.owner.agent.post(`/api/projects/${s.project._id}/deleted-points/${gone._id}/restore`).expect(200);
    const shift = toEcef(6.92712, 79.86121, 12).map((v, k) => v - toEcef(BASE.lat, BASE.lon, BASE.h)[k]!);
    const now = (await s.owner.agent.get(`/api/points/${s.project._id}`).expect(200)).body.points as PointView[];
    for (const [i, r] of ROVERS.entries()) {
      const p = now.find((q) => q._id === [kept, gone][i]!._id)!;
      expect(p.BaseSetupId).toBe(done.setup!._id);
      const d = toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight!).map((v, k) => v - toEcef(r.lat, r.lon, r.h)[k]! - shift[k]!);
      for (const v of d) expect(Math.abs(v)).toBeLessThan(0.0001);
    }
  });

  it('a mark typed in the project grid (UTM 44N, EGM96 heights) is where cs2cs and vgridshift put it, to 1 mm', async () => {
    const s = await survey();
    await s.owner.agent.put(`/api/projects/crs/${s.project._id}`).send({ crsCode: 32644, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'WGS84' }).expect(200);
    const typed = { Easting: 375_890.123, Northing: 765_912.456, Elevation: 110.25 };
    const res = (await s.owner.agent.put(`/api/projects/${s.project._id}/base-setups/known`).send(typed).expect(200)).body as KnownBaseReply;
    const [lat, lon] = execFileSync('cs2cs', ['-f', '%.10f', 'EPSG:32644', 'EPSG:4326'], { input: `${typed.Easting} ${typed.Northing}\n`, env }).toString().trim().split(/\s+/).map(Number) as [number, number];
    const [, , hh] = execFileSync(
      'cct',
      ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+inv', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'],
      { input: `${lon} ${lat} ${typed.Elevation}\n`, env },
    )
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number) as [number, number, number];
    expect(Math.abs(res.Mark.Latitude - lat) * 110_574).toBeLessThan(0.001);
    expect(Math.abs(res.Mark.Longitude - lon) * 110_574).toBeLessThan(0.001);
    expect(Math.abs(res.Mark.Height! - hh)).toBeLessThan(0.001);
    // no antenna set-up given: the base's ARP is taken as the mark's height plus the setup's antenna height (none: 0)
    expect(res.setup).toMatchObject({ Source: 'known', Height: expect.closeTo(hh, 3) });
    // and the mark reads back in the exports' grid as typed (the function every export and the Record preview use)
    const frame = (await loadProjectFrame(h.db, s.project._id, gridStore('')))!;
    const back = rounded(pointCoordinates(frame, { latitude: res.Mark.Latitude, longitude: res.Mark.Longitude, ellipsoidalHeight: res.Mark.Height, altitude: null, geoidSeparation: null }), frame);
    expect(back).toEqual({ easting: typed.Easting, northing: typed.Northing, height: typed.Elevation });
  });

  it('a control point of the project, with a slant antenna height: the setup is that point plus the vertical height to the ARP', async () => {
    const s = await survey();
    const control = await recordPoint(s.owner.agent, s.project._id, { Name: 'CTRL-1', Latitude: 6.92705, Longitude: 79.86125, EllipsoidalHeight: 10 });
    const antenna = { Height: 1.6, HeightType: 'slant', Radius: 0.0953, ShmpOffset: 0.0483 };
    const res = (await s.owner.agent.put(`/api/projects/${s.project._id}/base-setups/known`).send({ PointId: control._id, Antenna: antenna }).expect(200)).body as KnownBaseReply;
    const up = Math.sqrt(1.6 * 1.6 - 0.0953 * 0.0953) - 0.0483;
    expect(res.setup).toMatchObject({ Source: 'control', Latitude: 6.92705, Longitude: 79.86125, Height: expect.closeTo(10 + up, 9), AntennaHeight: expect.closeTo(up, 9) });
  });

  it('refuses bad input, another account and a missing point, changing nothing', async () => {
    const s = await survey();
    const url = `/api/projects/${s.project._id}/base-setups/known`;
    const before = await snapshot(s.project._id);
    const bad: [object, number, string][] = [
      [{}, 400, 'body: Give the mark as Latitude and Longitude, as Easting and Northing, or as PointId'],
      [{ Latitude: 6.9, Longitude: 79.8, Easting: 1, Northing: 2 }, 400, 'body: Give the mark as Latitude and Longitude, as Easting and Northing, or as PointId'],
      [{ Latitude: 6.9 }, 400, 'body: Latitude and Longitude go together'],
      [{ Latitude: 95, Longitude: 79.8 }, 400, 'Latitude: must be between -90 and 90'],
      [{ Easting: 1, Northing: 2, Height: 3 }, 400, 'body: Height goes with Latitude and Longitude'],
      [{ Latitude: 6.9, Longitude: 79.8, Antenna: { Height: 1.6, HeightType: 'slant' } }, 400, 'Antenna.Radius: a slant height needs the antenna radius'],
      [{ PointId: crypto.randomUUID() }, 404, 'Point not found'],
      [{ Easting: 1e12, Northing: 1e12 }, 400, ''],
    ];
    for (const [body, status, message] of bad) {
      const res = await s.owner.agent.put(url).send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      if (message) expect(res.body.message).toBe(message);
    }
    const stranger = await h.owner();
    expect((await stranger.agent.put(url).send({ Latitude: 6.9, Longitude: 79.8 }).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    expect(await snapshot(s.project._id)).toEqual(before);
  });
});
