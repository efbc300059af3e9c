import mqtt from 'mqtt';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseSetupView, EpochView, OccupationView, PointView } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { ggaOf, replay } from '@smi/gateway/testing/nmea-replay';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

// an independent geodetic <-> ECEF conversion (PROJ's, through proj4js), not the product's @smi/geodesy
const GEOCENT = '+proj=geocent +datum=WGS84 +units=m';
const toEcef = (lat: number, lon: number, h: number) => proj4('EPSG:4326', GEOCENT, [lon, lat, h]) as number[];
const toGeo = (x: number[]) => {
  const [lon, lat, h] = proj4(GEOCENT, 'EPSG:4326', x) as number[];
  return { lat: lat!, lon: lon!, h: h! };
};
const add = (a: number[], b: number[]) => a.map((v, k) => v + b[k]!);
const sub = (a: number[], b: number[]) => a.map((v, k) => v - b[k]!);
const within = (a: number[], b: number[], tol: number) => sub(a, b).forEach((d) => expect(Math.abs(d)).toBeLessThan(tol));

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(() => h?.close(), 60_000);

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;
type Device = Awaited<ReturnType<LiveHarness['device']>>;

// the replayed rover log, RTK fixed at 1 Hz with RTK-sized noise; the antenna: 1.8 m + the RS2's 0.134 m
const ANTENNA = { Height: 1.8, Model: 'EMLID REACH RS2' };
const TO_APC = 1.934;
const epochs = (count: number, edit?: Parameters<typeof replay>[0]['edit']) =>
  replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count, startMs: Math.floor(Date.now() / 1000) * 1000 - 60_000, gstScale: 1 / 250, spreadScale: 1 / 20, edit });
const first = ggaOf(epochs(1)[0]!.text);
// the base ~80 m from the rover; what it broadcasts (1005) is rounded to RTCM's 0.1 mm
const BASE = toEcef(first.latitude + 0.0005, first.longitude - 0.0004, first.height - 3.2).map((v) => Math.round(v * 10_000) / 10_000);

async function survey(o: { broadcast: boolean; baseNmea?: string; known?: { lat: number; lon: number } }) {
  const owner = await h.owner();
  const base = await h.device(owner, 'base', 'Base');
  const rover = await h.device(owner, 'rover', 'Rover');
  const projectId = (await owner.agent.post('/api/projects').send({ Name: 'Vectors', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
  if (o.broadcast) {
    await publish(h.mqttUrl, base, 'rtcm', f.station1005or1006({ stationId: 7, x: BASE[0]!, y: BASE[1]!, z: BASE[2]! }));
    await eventually(() => h.gateway.baseRtcm(base.code)?.position);
  }
  if (o.baseNmea) {
    await publish(h.mqttUrl, base, 'nmea', o.baseNmea);
    await eventually(() => h.gateway.latestReading(base.code)?.latitude);
  }
  if (o.known) {
    await owner.agent.put(`/api/projects/basemode/${projectId}`).send({ baseMode: 'known' }).expect(200);
    await owner.agent.put(`/api/projects/baselocation/${projectId}`).send({ baseLatitude: o.known.lat, baseLongitude: o.known.lon }).expect(200);
  }
  return { owner, base, rover, projectId };
}

async function occupy(owner: Owner, rover: Device, projectId: string, name: string) {
  const occ = (await owner.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'topo', Name: name, Antenna: ANTENNA }).expect(201))
    .body.occupation as OccupationView;
  const payloads = epochs(12);
  const client = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
  for (const p of payloads) await client.publishAsync(`devices/${rover.code}/nmea`, p.text, { qos: 1 });
  await client.endAsync();
  const done = await eventually(async () => {
    const v = (await owner.agent.get(`/api/occupations/${occ._id}`).expect(200)).body.occupation as OccupationView;
    return v.Status === 'done' ? v : undefined;
  });
  const point = ((await owner.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[]).find((p) => p._id === done.PointId)!;
  const raw = (await owner.agent.get(`/api/points/${projectId}/${point._id}/epochs`).expect(200)).body.epochs as EpochView[];
  // the rover antenna of every epoch and of the point (the mean of the used ones), from the sentences sent
  const antennaOf = (seq: number) => {
    const g = ggaOf(payloads[seq]!.text);
    return toEcef(g.latitude, g.longitude, g.height);
  };
  const used = raw.filter((e) => e.Accepted).map((e) => ggaOf(payloads[e.Seq]!.text));
  const mean = (k: 'latitude' | 'longitude' | 'height') => used.reduce((s, g) => s + g[k], 0) / used.length;
  return { point, raw, antennaOf, roverAntenna: toEcef(mean('latitude'), mean('longitude'), mean('height')) };
}

const markAntenna = (p: PointView) => toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight! + TO_APC);
const setupsOf = async (owner: Owner, projectId: string) => (await owner.agent.get(`/api/projects/${projectId}/base-setups`).expect(200)).body.setups as BaseSetupView[];

describe('points measured by the server are vectors from the base (decision 023)', () => {
  it('with a base broadcasting 1005: every epoch and the point store vector = antenna - broadcast ARP to 0.1 mm; correcting the base moves the point by exactly the shift, undo restores it', async () => {
    const s = await survey({ broadcast: true });
    const m = await occupy(s.owner, s.rover, s.projectId, 'V1');
    const [setup] = await setupsOf(s.owner, s.projectId);
    expect(setup).toMatchObject({ Source: 'rtcm', X: BASE[0], Y: BASE[1], Z: BASE[2], Points: 1 });
    expect(m.point.BaseSetupId).toBe(setup!._id);
    expect(m.point.Warnings).not.toContain('base-from-nmea');
    // each epoch: vector + broadcast = its antenna
    expect(m.raw.length).toBeGreaterThanOrEqual(5);
    for (const e of m.raw) {
      expect(e).toMatchObject({ VectorOrigin: 'broadcast', BaseSetupId: setup!._id });
      within(add([e.VectorDx!, e.VectorDy!, e.VectorDz!], BASE), m.antennaOf(e.Seq), 0.0001);
    }
    // the point: vector + broadcast = the mean antenna; under a setup at the broadcast position it stays there
    within(add([m.point.VectorDx!, m.point.VectorDy!, m.point.VectorDz!], BASE), m.roverAntenna, 0.0001);
    within(markAntenna(m.point), m.roverAntenna, 0.0001);

    // the base's true coordinates learnt later
    const known = { Latitude: first.latitude + 0.00051, Longitude: first.longitude - 0.00041, Height: first.height - 2.9 };
    const res = await s.owner.agent.put(`/api/base-setups/${setup!._id}`).send(known).expect(200);
    expect(res.body.message).toMatch(/^1 point re-computed, shift dE /);
    const shift = sub(toEcef(known.Latitude, known.Longitude, known.Height), BASE);
    const moved = ((await s.owner.agent.get(`/api/points/${s.projectId}`).expect(200)).body.points as PointView[])[0]!;
    within(sub(markAntenna(moved), markAntenna(m.point)), shift, 0.0001);
    expect(moved.BaseSetupId).toBe(res.body.setup._id);
    // the raw epochs keep what was measured and follow their point to the new version
    const after = (await s.owner.agent.get(`/api/points/${s.projectId}/${moved._id}/epochs`).expect(200)).body.epochs as EpochView[];
    expect(after.map((e) => [e.Latitude, e.VectorDx])).toEqual(m.raw.map((e) => [e.Latitude, e.VectorDx]));
    expect(after.every((e) => e.BaseSetupId === res.body.setup._id)).toBe(true);
    const history = await h.db.query<{ reason: string }>('SELECT reason FROM point_history WHERE point_id = $1', [moved._id]);
    expect(history.map((r) => r.reason)).toEqual(['base corrected']);

    await s.owner.agent.post(`/api/base-setups/${res.body.setup._id}/undo`).expect(200);
    const back = ((await s.owner.agent.get(`/api/points/${s.projectId}`).expect(200)).body.points as PointView[])[0]!;
    within(markAntenna(back), m.roverAntenna, 0.0001);

    // the next occupation is measured under the version in force
    const next = await occupy(s.owner, s.rover, s.projectId, 'V2');
    expect(next.point.BaseSetupId).toBe((await setupsOf(s.owner, s.projectId)).find((x) => x.Current)!._id);
  }, 90_000);

  it('Known Position: the point is known base + vector from the broadcast ARP (then the antenna reduction), checked in ECEF', async () => {
    const K = { lat: first.latitude + 0.00052, lon: first.longitude - 0.00039 };
    const s = await survey({ broadcast: true, known: K });
    const m = await occupy(s.owner, s.rover, s.projectId, 'K1');
    const setups = await setupsOf(s.owner, s.projectId);
    expect(setups).toHaveLength(1);
    const setup = setups[0]!;
    // the panel has no height: the setup keeps the broadcast position's
    expect(setup).toMatchObject({ Source: 'known', Latitude: K.lat, Longitude: K.lon });
    expect(setup.Height).toBeCloseTo(toGeo(BASE).h, 6);
    const S = toEcef(K.lat, K.lon, setup.Height);
    within(markAntenna(m.point), add(S, sub(m.roverAntenna, BASE)), 0.0001);
    within([m.point.VectorDx!, m.point.VectorDy!, m.point.VectorDz!], sub(m.roverAntenna, BASE), 0.0001);
    expect(m.point.Warnings).not.toContain('base-from-nmea');
    // the mark is the antenna lowered by 1.934 m along the normal: same latitude/longitude
    const apc = toGeo(add(S, sub(m.roverAntenna, BASE)));
    expect(Math.abs(m.point.Latitude - apc.lat)).toBeLessThan(1e-9);
    expect(Math.abs(m.point.EllipsoidalHeight! - (apc.h - TO_APC))).toBeLessThan(0.0001);
  }, 60_000);

  it('Known Position with no 1005/1006 ever received: the base-NMEA rule (known - live base NMEA), horizontal, and the point is flagged', async () => {
    // the base reports itself ~55 m north of the rover's first fix
    const baseNmea = epochs(1, () => ({ northShift: 55 }))[0]!.text;
    const L = ggaOf(baseNmea);
    const K = { lat: L.latitude + 0.00003, lon: L.longitude - 0.00002 };
    const s = await survey({ broadcast: false, baseNmea, known: K });
    const m = await occupy(s.owner, s.rover, s.projectId, 'N1');
    expect(m.point.Warnings).toContain('base-from-nmea');
    expect(m.raw.every((e) => e.VectorOrigin === 'base-nmea')).toBe(true);
    const setup = (await setupsOf(s.owner, s.projectId))[0]!;
    expect(setup).toMatchObject({ Source: 'known', Latitude: K.lat, Longitude: K.lon });
    // the shift known - live base, both at the setup's height (the base-NMEA rule moves latitude/longitude only)
    const shift = sub(toEcef(K.lat, K.lon, setup.Height), toEcef(L.latitude, L.longitude, setup.Height));
    within(markAntenna(m.point), add(m.roverAntenna, shift), 0.0001);
    const mean = toGeo(m.roverAntenna);
    // ... which is the base-NMEA rule's degrees arithmetic to well under a millimetre over these ~5 m
    expect(Math.abs(m.point.Latitude - (mean.lat + K.lat - L.latitude)) * 111_000).toBeLessThan(0.001);
    expect(Math.abs(m.point.Longitude - (mean.lon + K.lon - L.longitude)) * 111_000).toBeLessThan(0.001);
    expect(Math.abs(m.point.EllipsoidalHeight! + TO_APC - mean.h)).toBeLessThan(0.001);
  }, 60_000);
});

describe("the browser's points (POST /api/points) under the setup in force", () => {
  it('Auto Fix: the raw rover point is a vector from the broadcast ARP, placed under a corrected setup; Known: kept as the browser placed it, flagged when by the NMEA rule; a correction moves them all', async () => {
    const s = await survey({ broadcast: true });
    await eventually(async () => (await h.db.query('SELECT 1 FROM base_rtcm_state WHERE device_id = $1 AND arp_x IS NOT NULL', [s.base.id]))[0]);
    const post = async (lat: number, lon: number, hgt: number, extra: Record<string, unknown> = {}) =>
      (await s.owner.agent.post('/api/points').send({ ProjectId: s.projectId, Latitude: lat, Longitude: lon, EllipsoidalHeight: hgt, ...extra }).expect(201)).body.data as PointView;
    const at = (p: PointView) => toEcef(p.Latitude, p.Longitude, p.EllipsoidalHeight!);
    const R1 = { lat: first.latitude, lon: first.longitude, h: first.height };
    const p1 = await post(R1.lat, R1.lon, R1.h);
    within(at(p1), toEcef(R1.lat, R1.lon, R1.h), 0.0001);
    within([p1.VectorDx!, p1.VectorDy!, p1.VectorDz!], sub(toEcef(R1.lat, R1.lon, R1.h), BASE), 0.0001);

    // the base corrected; Auto Fix still: the next raw rover point is placed at the corrected setup + its vector
    const setupId = p1.BaseSetupId!;
    const known = { Latitude: first.latitude + 0.0005003, Longitude: first.longitude - 0.0003996, Height: first.height - 3.1 };
    await s.owner.agent.put(`/api/base-setups/${setupId}`).send(known).expect(200);
    const shift = sub(toEcef(known.Latitude, known.Longitude, known.Height), BASE);
    const R2 = { lat: first.latitude + 0.00001, lon: first.longitude + 0.00002, h: first.height + 0.4 };
    const p2 = await post(R2.lat, R2.lon, R2.h);
    within(at(p2), add(toEcef(R2.lat, R2.lon, R2.h), shift), 0.0001);
    within([p2.VectorDx!, p2.VectorDy!, p2.VectorDz!], sub(toEcef(R2.lat, R2.lon, R2.h), BASE), 0.0001);
    expect(p2.Warnings).not.toContain('base-from-nmea');

    // Known Position typed: the browser places points against it itself
    await s.owner.agent.put(`/api/projects/basemode/${s.projectId}`).send({ baseMode: 'known' }).expect(200);
    await s.owner.agent.put(`/api/projects/baselocation/${s.projectId}`).send({ baseLatitude: known.Latitude + 0.00001, baseLongitude: known.Longitude }).expect(200);
    const setup = (await setupsOf(s.owner, s.projectId)).find((x) => x.Current)!;
    const p3 = await post(R2.lat + 0.00002, R2.lon, R2.h, { BaseCorrection: 'broadcast' });
    const p4 = await post(R2.lat + 0.00003, R2.lon, R2.h);
    for (const p of [p3, p4]) {
      expect(p.BaseSetupId).toBe(setup._id);
      expect(p.Latitude).toBe(p === p3 ? R2.lat + 0.00002 : R2.lat + 0.00003);
      within([p.VectorDx!, p.VectorDy!, p.VectorDz!], sub(at(p), [setup.X, setup.Y, setup.Z]), 0.0001);
    }
    expect(p3.Warnings).not.toContain('base-from-nmea');
    expect(p4.Warnings).toContain('base-from-nmea');
    await s.owner.agent.post('/api/points').send({ ProjectId: s.projectId, Latitude: 1, Longitude: 2, BaseCorrection: 'guess' }).expect(400);

    // a correction of the known base moves every point of the setup in force by its shift
    const before = ((await s.owner.agent.get(`/api/points/${s.projectId}`).expect(200)).body.points as PointView[]).filter((p) => p.BaseSetupId === setup._id);
    expect(before.map((p) => p._id).sort()).toEqual([p1._id, p2._id, p3._id, p4._id].sort());
    const again = { Latitude: known.Latitude + 0.00002, Longitude: known.Longitude - 0.00001, Height: setup.Height + 0.25 };
    await s.owner.agent.put(`/api/base-setups/${setup._id}`).send(again).expect(200);
    const shift2 = sub(toEcef(again.Latitude, again.Longitude, again.Height), [setup.X, setup.Y, setup.Z]);
    const after = (await s.owner.agent.get(`/api/points/${s.projectId}`).expect(200)).body.points as PointView[];
    for (const p of before) within(sub(at(after.find((a) => a._id === p._id)!), at(p)), shift2, 0.0001);
  }, 60_000);
});
