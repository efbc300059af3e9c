import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointDocs, type OccupationView, type RecordPreviewReply, type StakeGuidanceReply, type StakeRecordView } from '@smi/contracts';
import { replay } from '@smi/gateway/testing/nmea-replay';
import { eventually, occupy, publish, readingOf, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

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

    // onto a design line 3 m north of the rover, running east: the rover is 3 m right of it at station 10
    const dxf = ['0', 'SECTION', '2', 'ENTITIES', '0', 'LINE', '8', 'KERB', '10', String(c.easting - 10), '20', String(c.northing + 3), '30', '0',
      '11', String(c.easting + 10), '21', String(c.northing + 3), '31', '0', '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
    await a.agent.post(`/api/projects/${projectId}/design/import`).send({ format: 'dxf', content: dxf, unit: 'metre' }).expect(201);
    const lineId = ((await a.agent.get(`/api/projects/${projectId}/design`).expect(200)).body.lines as { id: string }[])[0]!.id;
    const onto = (await a.agent.get(url({ deviceId: rover.id, lineId })).expect(200)).body as StakeGuidanceReply;
    expect(endpointDocs.stakeGuidance.json!.safeParse(onto).error?.issues ?? []).toEqual([]);
    expect(Math.abs(onto.line!.station - 10)).toBeLessThan(0.001);
    expect(Math.abs(onto.line!.offset - 3)).toBeLessThan(0.001);
    expect(Math.abs(onto.guidance!.goNorth - 3)).toBeLessThan(0.001);
    const at = (await a.agent.get(url({ deviceId: rover.id, lineId, station: '14', offset: '-1' })).expect(200)).body as StakeGuidanceReply;
    expect([Math.abs(at.line!.goAhead - 4) < 0.001, Math.abs(at.line!.goRight + 4) < 0.001]).toEqual([true, true]);
    expect(Math.abs(at.guidance!.goEast - 4)).toBeLessThan(0.001);
    expect(Math.abs(at.guidance!.goNorth - 4)).toBeLessThan(0.001);
    expect((await a.agent.get(url({ deviceId: rover.id, lineId, pointId: point.id }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, pointId: point.id, station: '3' }))).status).toBe(400);
    expect((await a.agent.get(url({ deviceId: rover.id, lineId: point.id }))).body).toEqual({ success: false, message: 'Design line not found' });

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

  it('stakes a design point: an occupation linked to it, listed with rover - design deltas and in the cut sheet', async () => {
    // a real u-blox log held at its first position (spread 0)
    const epochs = replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 6, startMs: Math.floor(Date.now() / 1000) * 1000 - 60_000, gstScale: 1 / 250, spreadScale: 0 });
    const reading = readingOf(epochs[0]!);
    const antenna = { Height: 1.8, Model: 'EMLID REACH RS2' };
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Staked', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    const zone = Math.floor((reading.Longitude + 180) / 6) + 1;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: (reading.Latitude < 0 ? 32700 : 32600) + zone }).expect(200);
    const settings = (await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200)).body.settings;
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ ...settings, Stake: { ...settings.Stake, Method: 'rapid' } }).expect(200);
    const c = ((await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: reading, Antenna: antenna }).expect(200)).body as RecordPreviewReply).coordinate!;
    // the design 10 mm east, 5 mm south of where the rover stands, 20 mm below its pole tip
    const design = (await a.agent.post(`/api/projects/${projectId}/design/points`).send({ name: 'D1', easting: c.easting + 0.01, northing: c.northing - 0.005, elevation: c.height! - 0.02 }).expect(201)).body.point as { id: string };

    expect((await b.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, PointId: design.id })).body).toEqual({ success: false, message: 'Project not found' });
    expect((await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id })).status).toBe(400);
    expect((await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, PointId: rover.id })).body).toEqual({ success: false, message: 'Design point not found' });
    const started = await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, PointId: design.id, Antenna: antenna, ClientId: randomUUID() }).expect(201);
    expect(endpointDocs.startStake.json!.safeParse(started.body).error?.issues ?? []).toEqual([]);
    expect(started.body.occupation).toMatchObject({ Name: 'ST-D1', Method: 'rapid' });
    const done = await occupy(h.mqttUrl, a.agent, rover, started.body.occupation._id, epochs);
    expect(done.Status, done.Reason ?? '').toBe('done');

    const list = (await a.agent.get(`/api/projects/${projectId}/stake/records`).expect(200)).body;
    expect(endpointDocs.listStakeRecords.json!.safeParse(list).error?.issues ?? []).toEqual([]);
    expect(list.records).toHaveLength(1);
    const r = list.records[0] as StakeRecordView;
    expect(r).toMatchObject({ PointName: 'ST-D1', PointId: done.PointId, DesignPointId: design.id, Status: 'done', cutFill: 'cut', within: { horizontal: true, vertical: true, both: true } });
    // rover - design, to the preview's millimetre rounding
    expect(Math.abs(r.dE! + 0.01)).toBeLessThan(0.0011);
    expect(Math.abs(r.dN! - 0.005)).toBeLessThan(0.0011);
    expect(Math.abs(r.dH! - 0.02)).toBeLessThan(0.0011);
    expect(Math.abs(r.distance! - Math.hypot(0.01, 0.005))).toBeLessThan(0.0011);

    const csv = await a.agent.get(`/api/projects/${projectId}/stake/report.csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = csv.text.trim().split('\r\n');
    expect(header).toBe('design_name,design_northing_m,design_easting_m,design_elevation_m,staked_name,staked_northing_m,staked_easting_m,staked_elevation_m,dn_m,de_m,dz_m,cut_fill,horizontal_distance_m,in_tolerance,status,staked_by,started_at,line,station_m,offset_m,staked_station_m,staked_offset_m');
    const f = row!.split(',');
    expect([f[0], f[4], f[11], f[13], f[14]]).toEqual(['D1', 'ST-D1', 'cut', 'yes', 'done']);
    expect(Number(f[10])).toBeCloseTo(0.02, 2);

    // a design line (a DXF LINE, metres) running east 4 mm south of the rover, rising 0.1 m over its 20 m
    const dxf = ['0', 'SECTION', '2', 'HEADER', '9', '$INSUNITS', '70', '6', '0', 'ENDSEC', '0', 'SECTION', '2', 'ENTITIES',
      '0', 'LINE', '8', 'KERB', '10', String(c.easting - 10), '20', String(c.northing - 0.004), '30', String(c.height! - 0.05),
      '11', String(c.easting + 10), '21', String(c.northing - 0.004), '31', String(c.height! + 0.05), '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
    await a.agent.post(`/api/projects/${projectId}/design/import`).send({ format: 'dxf', content: dxf }).expect(201);
    const line = ((await a.agent.get(`/api/projects/${projectId}/design`).expect(200)).body.lines as { id: string; name: string }[])[0]!;
    const stations = await a.agent.get(`/api/projects/${projectId}/stake/lines/${line.id}/stations?interval=5&offsets=-2,2`).expect(200);
    expect(endpointDocs.stakeStations.json!.safeParse(stations.body).error?.issues ?? []).toEqual([]);
    expect(stations.body.stations.map((x: { name: string }) => x.name)).toEqual(['0+000.000 L2', '0+000.000 R2', '0+005.000 L2', '0+005.000 R2', '0+010.000 L2', '0+010.000 R2', '0+015.000 L2', '0+015.000 R2', '0+020.000 L2', '0+020.000 R2']);
    // station 5, 2 m right of an eastward line: 5 m from its start, 2 m south; the elevation a quarter of the way up
    const s5 = stations.body.stations[3];
    expect(Math.abs(s5.easting - (c.easting - 5))).toBeLessThan(1e-6);
    expect(Math.abs(s5.northing - (c.northing - 2.004))).toBeLessThan(1e-6);
    expect(Math.abs(s5.elevation - (c.height! - 0.025))).toBeLessThan(1e-6);
    expect((await a.agent.get(`/api/projects/${projectId}/stake/lines/${line.id}/stations?interval=0`)).status).toBe(400);
    expect((await a.agent.get(`/api/projects/${projectId}/stake/lines/${line.id}/stations?interval=5&offsets=left`)).status).toBe(400);
    expect((await a.agent.get(`/api/projects/${projectId}/stake/lines/${design.id}/stations?interval=5`)).body).toEqual({ success: false, message: 'Design line not found' });
    expect((await b.agent.get(`/api/projects/${projectId}/stake/lines/${line.id}/stations?interval=5`)).body).toEqual({ success: false, message: 'Project not found' });

    expect((await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, LineId: line.id })).status).toBe(400);
    expect((await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, PointId: design.id, LineId: line.id, Station: 10 })).status).toBe(400);
    expect((await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, LineId: design.id, Station: 10 })).body).toEqual({ success: false, message: 'Design line not found' });
    const onLine = await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, LineId: line.id, Station: 10, Offset: 0, Antenna: antenna, ClientId: randomUUID() }).expect(201);
    expect(onLine.body.occupation.Name).toMatch(/^ST-.* 0\+010\.000$/);
    const again = replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 6, startMs: Math.floor(Date.now() / 1000) * 1000 - 30_000, gstScale: 1 / 250, spreadScale: 0 });
    const client2 = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
    for (const x of again) await client2.publishAsync(`devices/${rover.code}/nmea`, x.text, { qos: 1 });
    await client2.endAsync();
    await eventually(async () => {
      const o = (await a.agent.get(`/api/occupations/${onLine.body.occupation._id}`).expect(200)).body.occupation as OccupationView;
      return o.Status === 'done' ? o : undefined;
    });
    const lr = ((await a.agent.get(`/api/projects/${projectId}/stake/records`).expect(200)).body.records as StakeRecordView[]).find((x) => x.OccupationId === onLine.body.occupation._id)!;
    expect(lr.DesignPointId).toBeNull();
    expect(lr.Line).toMatchObject({ id: line.id, station: 10, offset: 0 });
    // the stored point: at station 10, 4 mm left of the line (north of an eastward line), on its elevation there
    expect(Math.abs(lr.Line!.stakedStation! - 10)).toBeLessThan(0.0011);
    expect(Math.abs(lr.Line!.stakedOffset! + 0.004)).toBeLessThan(0.0011);
    expect(Math.abs(lr.dN! - 0.004)).toBeLessThan(0.0011);
    expect(Math.abs(lr.dE!)).toBeLessThan(0.0011);
    expect(Math.abs(lr.dH!)).toBeLessThan(0.0011);
    const sheet = (await a.agent.get(`/api/projects/${projectId}/stake/report.csv`).expect(200)).text.trim().split('\r\n');
    const lineRow = sheet[2]!.split(',');
    expect(lineRow.slice(18, 20)).toEqual(['10.000', '0.000']);
    expect(Math.abs(Number(lineRow[21]) + 0.004)).toBeLessThan(0.0011);
    expect((await b.agent.get(`/api/projects/${projectId}/stake/records`)).status).toBe(404);
    expect((await b.agent.get(`/api/projects/${projectId}/stake/report.csv`)).body).toEqual({ success: false, message: 'Project not found' });
  }, 240_000);
});
