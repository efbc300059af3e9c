import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointView, RecordPreviewReply } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { replay } from '@smi/gateway/testing/nmea-replay';
import { geodeticToEcef } from '@smi/geodesy';
import { eventually, occupy, publish, readingOf, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

/**
 * The Record dialog's preview is what the server stores: for one reading held still, POST record-preview is compared
 * with the point a rapid occupation of the same reading stores, under the setup opened from the broadcast position,
 * after Auto Fix's mean is used as the base's coordinates, in Known Position, and after a corrected setup.
 */
let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

// a real u-blox log held at its first position (spread 0): every epoch is the same reading
const EPOCHS = replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 6, startMs: Math.floor(Date.now() / 1000) * 1000 - 60_000, gstScale: 1 / 250, spreadScale: 0 });
const READING = readingOf(EPOCHS[0]!);
const ANTENNA = { Height: 1.8, Model: 'EMLID REACH RS2' };

describe('the Record dialog\'s preview', () => {
  it('equals the point the server stores: broadcast setup, Auto Fix used as the base, Known Position, a corrected setup', async () => {
    const a = await h.owner();
    const base = await h.device(a, 'base', 'Base');
    const rover = await h.device(a);
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Preview', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    // the base broadcasts an ARP 60 m away and 17 m below where its own averaged position will put it
    const arp = { latitude: READING.Latitude - 0.0004, longitude: READING.Longitude - 0.0005, height: READING.Altitude + READING.GeoidSeparation - 3 };
    const [x, y, z] = geodeticToEcef(arp.latitude, arp.longitude, arp.height);
    await publish(h.mqttUrl, base, 'rtcm', f.station1005or1006({ stationId: 3, x, y, z }));
    await eventually(async () => (await h.db.query('SELECT 1 FROM base_rtcm_state WHERE device_id = $1 AND arp_x IS NOT NULL', [base.id]))[0], 100);

    const measure = async (name: string) => {
      const preview = (await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: READING, Antenna: ANTENNA }).expect(200)).body as RecordPreviewReply;
      const started = await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'rapid', Name: name, Antenna: ANTENNA, ClientId: randomUUID() }).expect(201);
      const done = await occupy(h.mqttUrl, a.agent, rover, started.body.occupation._id, EPOCHS);
      expect(done.Status, done.Reason ?? '').toBe('done');
      const point = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[]).find((p) => p._id === done.PointId)!;
      const grid = (await a.agent.get(`/api/projects/grid-points/${projectId}`).expect(200)).body;
      // the same mark, to well under a millimetre, and the same grid coordinate as the taken points show
      expect(Math.abs(preview.Latitude - point.Latitude) * 111_320).toBeLessThan(0.0005);
      expect(Math.abs(preview.Longitude - point.Longitude) * 111_320).toBeLessThan(0.0005);
      expect(Math.abs(preview.EllipsoidalHeight! - point.EllipsoidalHeight!)).toBeLessThan(0.0005);
      expect(Math.abs(preview.Altitude! - point.Altitude!)).toBeLessThan(0.0005);
      const stored = grid.points[point._id];
      expect(Math.abs(preview.coordinate!.easting - stored.easting)).toBeLessThanOrEqual(0.001);
      expect(Math.abs(preview.coordinate!.northing - stored.northing)).toBeLessThanOrEqual(0.001);
      expect(Math.abs(preview.coordinate!.height! - stored.height)).toBeLessThanOrEqual(0.001);
      expect(preview.frame).toMatchObject({ isDefault: true, heightName: 'orthometric (EGM96)' });
      return { preview, point };
    };
    const currentSetup = async () => (await a.agent.get(`/api/projects/${projectId}/base-setups`).expect(200)).body.setups.find((s: { Current: boolean; EndedAt: string | null }) => s.Current && !s.EndedAt);

    // no setup yet: the preview proposes the one the point will open, at the broadcast position
    const first = await measure('P1');
    expect(first.preview).toMatchObject({ Correction: 'broadcast', Setup: { Source: 'rtcm', Version: null } });

    // Auto Fix averaged the base 17 m above its broadcast ARP, and that mean is used as the base's coordinates
    const setup = await currentSetup();
    await a.agent.put(`/api/base-setups/${setup._id}`).send({ Latitude: arp.latitude, Longitude: arp.longitude, Height: arp.height + 17, Source: 'auto-fix' }).expect(200);
    const autoFix = await measure('P2');
    expect(autoFix.preview.Setup).toMatchObject({ Source: 'auto-fix' });
    expect(autoFix.point.EllipsoidalHeight! - first.point.EllipsoidalHeight!).toBeGreaterThan(16.99);

    // Known Position: the base's mark typed 2 m north of the broadcast position
    await a.agent.put(`/api/projects/baselocation/${projectId}`).send({ baseLatitude: arp.latitude + 0.000018, baseLongitude: arp.longitude, baseMode: 'known' }).expect(200);
    const known = await measure('P3');
    expect(known.preview.Setup).toMatchObject({ Source: 'known' });

    // the setup corrected again (a control point's coordinates)
    const now = await currentSetup();
    await a.agent.put(`/api/base-setups/${now._id}`).send({ Latitude: arp.latitude + 0.00001, Longitude: arp.longitude + 0.00001, Height: arp.height + 2.5, Source: 'control' }).expect(200);
    const corrected = await measure('P4');
    expect(corrected.preview.Setup).toMatchObject({ Source: 'control' });
    expect(Math.abs(corrected.point.EllipsoidalHeight! - first.point.EllipsoidalHeight! - 2.5)).toBeLessThan(0.01);
  }, 300_000);

  it('answers another account\'s project as missing and a malformed reading with 400', async () => {
    const a = await h.owner();
    const stranger = await h.owner();
    const base = await h.device(a, 'base', 'Base');
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Mine', BaseStation: base.id, ClientDevices: [] }).expect(201)).body._id as string;
    const other = await stranger.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: READING, Antenna: ANTENNA });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: 'Project not found' });
    expect((await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: { ...READING, Latitude: 91 }, Antenna: ANTENNA })).status).toBe(400);
    expect((await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: READING })).status).toBe(400);
    // no base has reported: the rover's reading, reduced by the antenna, as it would be stored
    const alone = (await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: READING, Antenna: ANTENNA }).expect(200)).body as RecordPreviewReply;
    expect(alone).toMatchObject({ Correction: 'none', Setup: null, Latitude: READING.Latitude, Longitude: READING.Longitude });
    expect(alone.Altitude).toBeCloseTo(READING.Altitude - 1.934, 6);
  });
});
