import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINEWORK_EVENT, OCCUPATION_EVENT, occupationTopics, type LineworkNotice, type OccupationView, type PointView } from '@smi/contracts';
import { ggaOf, replay } from '@smi/gateway/testing/nmea-replay';
import { connected, eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;
type Rover = Awaited<ReturnType<LiveHarness['device']>>;

async function projectOf(owner: Owner, rovers: Rover[]): Promise<string> {
  const base = await h.device(owner, 'base', 'Base');
  const res = await owner.agent.post('/api/projects').send({ Name: 'Kerb survey', BaseStation: base.id, ClientDevices: rovers.map((r) => r.id) }).expect(201);
  return res.body._id as string;
}

/** The rover's MQTT bridge sending a real log, one epoch a message, as fast as it can (GGA times say when). */
async function send(rover: Rover, payloads: { text: string }[]) {
  const client = await mqtt.connectAsync(h.mqttUrl, { username: rover.code, password: rover.secret, reconnectPeriod: 0 });
  for (const p of payloads) await client.publishAsync(`devices/${rover.code}/nmea`, p.text, { qos: 1 });
  await client.endAsync();
}

const now = () => Math.floor(Date.now() / 1000) * 1000 - 60_000;
const rtk = (count: number, rate = 1, edit?: Parameters<typeof replay>[0]['edit']) =>
  replay({ log: 'ublox-zed-f9p-nmea', rate, count, startMs: now(), gstScale: 1 / 250, spreadScale: 1 / 20, edit });

async function occupation(owner: Owner, id: string): Promise<OccupationView> {
  return (await owner.agent.get(`/api/occupations/${id}`).expect(200)).body.occupation;
}
async function finished(owner: Owner, id: string): Promise<OccupationView> {
  return eventually(async () => {
    const o = await occupation(owner, id);
    return o.Status !== 'running' && o.Status !== 'paused' ? o : undefined;
  });
}

describe('survey occupations through the api, measured on the gateway', () => {
  it('a coded occupation stores its code, attribute values and note on its point; a code the list cannot read is refused', async () => {
    const a = await h.owner();
    const rover = await h.device(a);
    const projectId = await projectOf(a, [rover]);
    const socket = h.socket(a.cookie);
    await connected(socket);
    const notices: LineworkNotice[] = [];
    socket.on(LINEWORK_EVENT, (n: LineworkNotice) => notices.push(n));
    const refused = await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'topo', Code: 'XYZ' }).expect(400);
    expect(refused.body.message).toMatch(/^Code: .*XYZ/);
    const body = { DeviceId: rover.id, Method: 'topo', Name: 'T1', Code: 'TREE', Attributes: { tree: { Species: 'Oak', 'Height (m)': '12.5' } }, Note: 'By the gate' };
    const started = await a.agent.post(`/api/projects/${projectId}/occupations`).send(body).expect(201);
    await eventually(() => h.gateway.counters.readings >= 0);
    await send(rover, rtk(12));
    const done = await finished(a, started.body.occupation._id);
    expect(done.Status).toBe('done');
    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      _id: done.PointId,
      Code: 'TREE',
      Attributes: { TREE: { Species: 'Oak', 'Trunk diameter (m)': null, 'Height (m)': 12.5, Protected: false } },
      Note: 'By the gate',
    });
    // the finished occupation announced the project's linework to the owner's sockets, as a point recorded here does
    await eventually(() => notices.some((n) => n.ProjectId === projectId) || undefined);
    const before = notices.length;
    await a.agent.put(`/api/points/${projectId}/${done.PointId}/code`).send({ Code: 'FE ST' }).expect(200);
    await eventually(() => notices.length > before || undefined);
    expect(notices.at(-1)).toEqual({ ProjectId: projectId });
    socket.close();
  });

  it('a topo occupation of a real log becomes a point with its precision, antenna, heights and raw epochs; the owner sees progress', async () => {
    const a = await h.owner();
    const rover = await h.device(a);
    const projectId = await projectOf(a, [rover]);
    const socket = h.socket(a.cookie);
    await connected(socket);
    const events: OccupationView[] = [];
    socket.on(OCCUPATION_EVENT, (o: OccupationView) => events.push(o));

    const clientId = randomUUID();
    const body = { DeviceId: rover.id, Method: 'topo', Name: 'MK1', Section: 'Kerb', Antenna: { Height: 1.8, Model: 'EMLID REACH RS2' }, ClientId: clientId };
    const started = await a.agent.post(`/api/projects/${projectId}/occupations`).send(body).expect(201);
    const occ = started.body.occupation as OccupationView;
    expect(occ).toMatchObject({ Method: 'topo', Status: 'running', Name: 'MK1', DeviceCode: rover.code, Tolerances: { minEpochs: 5, sigmaH: 0.02 } });
    // the same ClientId again (a retry, a second tab) is the same occupation
    const again = await a.agent.post(`/api/projects/${projectId}/occupations`).send(body).expect(200);
    expect(again.body.occupation._id).toBe(occ._id);

    // a float spell mid-occupation: paused, then resumed
    const payloads = rtk(29, 1, (k) => (k >= 2 && k <= 4 ? { quality: 5 } : undefined));
    await eventually(() => h.gateway.counters.readings >= 0);
    await send(rover, payloads);
    const done = await finished(a, occ._id);
    expect(done.Status).toBe('done');
    expect(done.Progress).toMatchObject({ epochsUsed: 7, epochsRejected: 3, rejectedReasons: { 'not-fixed': 3 }, occupiedS: 5 });
    expect(done.PointId).toEqual(expect.any(String));

    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    expect(points).toHaveLength(1);
    const p = points[0]!;
    expect(p).toMatchObject({ _id: done.PointId, Name: 'MK1', Section: 'Kerb', Method: 'topo', OccupationId: occ._id, AntennaHeight: 1.8, AntennaOffset: 0.134, AntennaModel: 'EMLID REACH RS2', AntennaHeightType: 'vertical', FixType: 'rtk-fixed', Accuracy: 'High', CorrectionAge: 1 });
    expect(p.SigmaE).toBeGreaterThan(0);
    expect(p.Pdop).toBeGreaterThan(0);
    expect(p.FixPercent).toBeCloseTo(70, 9);
    expect(p.RejectedReasons).toMatchObject({ 'not-fixed': 3 });

    // the raw epochs, and the point is the mean of the accepted ones (computed here from the sentences sent)
    const epochs = (await a.agent.get(`/api/points/${projectId}/${p._id}/epochs`).expect(200)).body.epochs as { Accepted: boolean; Reason: string | null; Seq: number }[];
    expect(epochs).toHaveLength(10);
    expect(epochs.filter((e) => e.Reason === 'not-fixed').map((e) => e.Seq)).toEqual([2, 3, 4]);
    const used = epochs.filter((e) => e.Accepted).map((e) => ggaOf(payloads[e.Seq]!.text));
    expect(used).toHaveLength(p.Epochs!);
    const mean = (f: (g: (typeof used)[number]) => number) => used.reduce((s, g) => s + f(g), 0) / used.length;
    expect(Math.abs(p.Latitude - mean((g) => g.latitude))).toBeLessThan(1e-9);
    expect(Math.abs(p.Longitude - mean((g) => g.longitude))).toBeLessThan(1e-9);
    expect(Math.abs(p.EllipsoidalHeight! - (mean((g) => g.height) - 1.934))).toBeLessThan(1e-4);

    const csv = await a.agent.get(`/api/points/${projectId}/${p._id}/epochs?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^seq,time,latitude,longitude,ellipsoidal_height_m,/);
    expect(lines).toHaveLength(11);
    expect(lines[3]).toMatch(/,false,not-fixed$/);
    await a.agent.get(`/api/points/${projectId}/${p._id}/epochs?format=xml`).expect(400);

    // the csv export shows the point's precision
    const exported = (await a.agent.get(`/api/export/csv/${projectId}`).buffer(true).expect(200)).text.replace(/^\uFEFF/, '').trim().split('\r\n');
    const header = exported[0]!.split(',');
    const row = Object.fromEntries(exported[1]!.split(',').map((v, i) => [header[i], v]));
    expect(row).toMatchObject({ name: 'MK1', method: 'topo', epochs: String(p.Epochs), epochs_rejected: String(p.EpochsRejected), antenna_height_m: '1.800' });
    expect(Math.abs(Number(row.sigma_e_m) - p.SigmaE!)).toBeLessThan(0.0001);
    expect(Math.abs(Number(row.sigma_u_m) - p.SigmaU!)).toBeLessThan(0.0001);

    // the antenna height corrected later: the phase centre stays, the mark's heights move by the difference
    const pc = p.EllipsoidalHeight! + 1.934;
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 2.0, Model: 'EMLID REACH RS2' }).expect(200);
    let moved = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    expect(Math.abs(moved.EllipsoidalHeight! - (pc - 2.134))).toBeLessThan(1e-4);
    expect(Math.abs(moved.Altitude! - (p.Altitude! - 0.2))).toBeLessThan(1e-4);
    expect(moved).toMatchObject({ AntennaHeight: 2, AntennaHeightType: 'vertical', AntennaOffset: 0.134 });
    // slant 2.000 m, ProFlex-style radius 0.0953 and SHMP 0.0483: vertical sqrt(3.99091791) - 0.0483 = 1.9977282 - 0.0483 = 1.9494282
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 2.0, HeightType: 'slant', Radius: 0.0953, ShmpOffset: 0.0483, Offset: 0.134 }).expect(200);
    moved = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    expect(Math.abs(moved.EllipsoidalHeight! - (pc - 1.9494282 - 0.134))).toBeLessThan(1e-4);
    // then a vertical 1.500 m to the notch of a Spectra ASH111661 (SHMP 0.0483 m above the ARP), L1 offset typed 0.0900:
    // 1.5 - 0.0483 + 0.09 = 1.5417; the slant set-up it replaces (radius and all) is the one taken off
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5, Model: 'ASH111661', Reference: 'notch', Offset: 0.09 }).expect(200);
    moved = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    expect(Math.abs(moved.EllipsoidalHeight! - (pc - 1.5417))).toBeLessThan(1e-4);
    expect(moved).toMatchObject({ AntennaReference: 'notch', AntennaModel: 'ASH111661', AntennaOffset: 0.09 });
    // the same height to the ARP instead: the phase centre 0.0483 m further above the mark
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5, Model: 'ASH111661', Reference: 'ARP', Offset: 0.09 }).expect(200);
    moved = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    expect(Math.abs(moved.EllipsoidalHeight! - (pc - 1.59))).toBeLessThan(1e-4);
    // a table antenna without a published L1 offset needs it typed; a reference the table does not know needs its offset
    const noOffset = await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5, Model: 'ASH111661' }).expect(400);
    expect(noOffset.body).toMatchObject({ success: false, message: expect.stringContaining('Antenna.Offset') });
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5, Model: 'HXCGPS1000', Reference: 'notch' }).expect(400);
    await a.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5, Model: 'HXCGPS1000', Reference: 'top of quick release', ReferenceOffset: -0.05 }).expect(200);
    moved = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    // the quick release's top is 0.05 m below the ARP: ARP at 1.55 m, L1 0.05944 above it
    expect(Math.abs(moved.EllipsoidalHeight! - (pc - 1.60944))).toBeLessThan(1e-4);
    const other = await h.owner();
    await other.agent.put(`/api/points/${projectId}/${p._id}/antenna`).send({ Height: 1.5 }).expect(404);
    // another account asking for this real point's raw epochs: answered as a missing point
    const hidden = await other.agent.get(`/api/points/${projectId}/${p._id}/epochs`).expect(404);
    expect(hidden.body).toEqual({ success: false, message: 'Point not found' });
    await other.agent.get(`/api/points/${projectId}/${p._id}/epochs?format=csv`).expect(404);

    // progress reached the owner's socket: paused by the float spell, then done
    await eventually(() => events.some((e) => e.Status === 'done'));
    expect(events.some((e) => e.Status === 'paused' || e.Progress.pausedBy === 'not-fixed' || e.Progress.epochsRejected > 0)).toBe(true);
  }, 60_000);

  it('another account cannot start, read, accept, cancel or read the epochs of an occupation (404)', async () => {
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const bRover = await h.device(b);
    const projectId = await projectOf(a, [rover]);
    const occ = (await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id }).expect(201)).body.occupation as OccupationView;
    expect(occ.Method).toBe('topo');
    await b.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: bRover.id }).expect(404);
    await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: bRover.id }).expect(404);
    await b.agent.get(`/api/occupations/${occ._id}`).expect(404);
    await b.agent.post(`/api/occupations/${occ._id}/accept`).expect(404);
    await b.agent.post(`/api/occupations/${occ._id}/cancel`).expect(404);
    await b.agent.get(`/api/points/${projectId}/${randomUUID()}/epochs`).expect(404);
    // a second occupation of the same rover while one runs
    await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id }).expect(409);
    // bad bodies
    const bad = await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'static' }).expect(400);
    expect(bad.body).toMatchObject({ success: false, message: expect.stringContaining('Method') });
    await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Antenna: { Height: 1.5, HeightType: 'slant' } }).expect(400);
    await a.agent.get('/api/occupations/not-an-id').expect(400);
    // cancel: ends it, no point
    const cancelled = await a.agent.post(`/api/occupations/${occ._id}/cancel`).expect(200);
    expect(cancelled.body.occupation).toMatchObject({ Status: 'cancelled', PointId: null });
  }, 60_000);

  it('two rovers occupy at once; accept stops one early and stores it flagged', async () => {
    const a = await h.owner();
    const r1 = await h.device(a, 'rover', 'R1');
    const r2 = await h.device(a, 'rover', 'R2');
    const projectId = await projectOf(a, [r1, r2]);
    const o1 = (await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: r1.id, Method: 'topo', Name: 'A' }).expect(201)).body.occupation;
    const o2 = (await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: r2.id, Method: 'control', Name: 'B', Tolerances: { sigmaH: 0.03 } }).expect(201)).body.occupation;
    // 10 Hz both, at the same time
    await Promise.all([send(r1, rtk(100, 10)), send(r2, rtk(30, 10))]);
    const d1 = await finished(a, o1._id);
    expect(d1.Status).toBe('done');
    expect(d1.Progress.epochsUsed).toBe(51);
    await eventually(async () => (await occupation(a, o2._id)).Progress.epochsUsed === 30);
    // the per-occupation tolerance replaced the project's (the scaled GST says 1.7 cm, over control's 1.5 cm)
    expect((await occupation(a, o2._id)).Tolerances).toMatchObject({ sigmaH: 0.03, sigmaV: 0.025, minEpochs: 180 });
    const accepted = await a.agent.post(`/api/occupations/${o2._id}/accept`).expect(200);
    expect(accepted.body.occupation.Status).toBe('done');
    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    const b = points.find((p) => p.Name === 'B')!;
    expect(b).toMatchObject({ Method: 'control', Epochs: expect.any(Number), Warnings: expect.arrayContaining(['stopped-early']) });
    expect(points.find((p) => p.Name === 'A')!.Warnings).not.toContain('stopped-early');
  }, 60_000);

  it('refuses to start under a name a point has or another rover is measuring under (409); a point whose name was taken meanwhile is kept as "name (2)"', async () => {
    const a = await h.owner();
    const r1 = await h.device(a, 'rover', 'R1');
    const r2 = await h.device(a, 'rover', 'R2');
    const projectId = await projectOf(a, [r1, r2]);
    const start = (rover: Rover, Name: string) => a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'topo', Name });
    await a.agent.post('/api/points').send({ ProjectId: projectId, Name: 'CP-1', Latitude: 47.1, Longitude: 8.5 }).expect(201);
    expect((await start(r1, 'CP-1').expect(409)).body).toEqual({ success: false, message: 'A point named “CP-1” already exists in this project. Choose another name.' });
    const o1 = (await start(r1, 'CP-2').expect(201)).body.occupation as OccupationView;
    expect((await start(r2, 'CP-2').expect(409)).body.message).toBe('A point named “CP-2” already exists in this project. Choose another name.');
    // another tab records CP-2 by POST /api/points while the rover is still measuring it
    await a.agent.post('/api/points').send({ ProjectId: projectId, Name: 'CP-2', Latitude: 47.1, Longitude: 8.5 }).expect(201);
    await send(r1, rtk(100, 10));
    const done = await finished(a, o1._id);
    expect([done.Status, done.Reason]).toEqual(['done', null]);
    const points = (await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[];
    expect(points.find((p) => p._id === done.PointId)).toMatchObject({ Name: 'CP-2 (2)', Number: 3, Method: 'topo' });
    expect(points.map((p) => p.Name).sort()).toEqual(['CP-1', 'CP-2', 'CP-2 (2)']);
  }, 60_000);

  it('20 Hz through the broker and ingest: every epoch is counted, though the live feed coalesces them', async () => {
    const a = await h.owner();
    const rover = await h.device(a);
    const projectId = await projectOf(a, [rover]);
    // measured vertically to the notch of a Spectra ASH111661 (SHMP 0.0483 m above the ARP), L1 offset typed
    const antenna = { Height: 1.8, Model: 'ASH111661', Reference: 'notch', Offset: 0.09 };
    const occ = (await a.agent.post(`/api/projects/${projectId}/occupations`).send({ DeviceId: rover.id, Method: 'topo', Name: 'HZ20', Antenna: antenna }).expect(201)).body.occupation;
    const coalescedBefore = h.gateway.counters.coalesced;
    // 6 s of a 20 Hz receiver, published as fast as the connection goes (faster than the live feed's cap)
    await send(rover, rtk(120, 20));
    const done = await finished(a, occ._id);
    expect(done.Status).toBe('done');
    // 5 s and 5 epochs at 20 Hz: 101 epochs, all of them
    expect(done.Progress).toMatchObject({ epochsUsed: 101, epochsRejected: 0, occupiedS: 5 });
    const epochs = (await a.agent.get(`/api/points/${projectId}/${done.PointId}/epochs`).expect(200)).body.epochs as { Seq: number; Time: string; Accepted: boolean; EllipsoidalHeight: number }[];
    expect(epochs.map((e) => e.Seq)).toEqual(Array.from({ length: 101 }, (_, k) => k));
    // the mark: the accepted epochs' mean phase centre less 1.800 - 0.0483 + 0.0900 = 1.8417 m
    const used = epochs.filter((e) => e.Accepted);
    const point = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[])[0]!;
    expect(Math.abs(point.EllipsoidalHeight! - (used.reduce((t, e) => t + e.EllipsoidalHeight, 0) / used.length - 1.8417))).toBeLessThan(1e-4);
    // 50 ms apart by their GGA times
    expect(Date.parse(epochs[100]!.Time) - Date.parse(epochs[0]!.Time)).toBe(5000);
    expect(h.gateway.counters.coalesced).toBeGreaterThan(coalescedBefore);
  }, 60_000);

  it('continuous by distance: a point every N metres while walking, each with the epochs of its own time', async () => {
    const a = await h.owner();
    const rover = await h.device(a);
    const projectId = await projectOf(a, [rover]);
    const body = { DeviceId: rover.id, Method: 'continuous', Name: 'W', Tolerances: { intervalS: null, intervalM: 1 } };
    const occ = (await a.agent.post(`/api/projects/${projectId}/occupations`).send(body).expect(201)).body.occupation;
    // walking north 0.4 m an epoch: 0, 1.2, 2.4 and 3.6 m make points
    await send(rover, rtk(12, 1, (k) => ({ northShift: 0.4 * k })));
    // epochs used counts every epoch of the walk, not only those since the last point
    await eventually(async () => (await occupation(a, occ._id)).Progress.epochsUsed === 12);
    const accepted = await a.agent.post(`/api/occupations/${occ._id}/accept`).expect(200);
    expect(accepted.body.occupation).toMatchObject({ Status: 'done', Progress: { points: 4 } });
    const points = ((await a.agent.get(`/api/points/${projectId}`).expect(200)).body.points as PointView[]).sort((x, y) => x.Name.localeCompare(y.Name));
    expect(points.map((p) => p.Name)).toEqual(['W-1', 'W-2', 'W-3', 'W-4']);
    const north = (p: PointView) => (p.Latitude - points[0]!.Latitude) * 111_134;
    points.forEach((p, i) => expect(Math.abs(north(p) - 1.2 * i)).toBeLessThan(0.05));
    for (const p of points) {
      const epochs = (await a.agent.get(`/api/points/${projectId}/${p._id}/epochs`).expect(200)).body.epochs as { Latitude: number }[];
      expect(epochs).toHaveLength(1);
      expect(Math.abs(epochs[0]!.Latitude - p.Latitude)).toBeLessThan(1e-9);
    }
  }, 60_000);

  it("the browser's POST /api/points still records a browser's point, flagged as not measured by the server", async () => {
    const a = await h.owner();
    const projectId = await projectOf(a, []);
    const res = await a.agent.post('/api/points').send({ ProjectId: projectId, Name: 'P1', Latitude: -45.87, Longitude: 170.5 }).expect(201);
    expect(res.body.data).toMatchObject({ Method: 'client', Warnings: ['not-measured-by-server'] });
    const epochs = await a.agent.get(`/api/points/${projectId}/${res.body.data._id}/epochs`).expect(200);
    expect(epochs.body.epochs).toEqual([]);
    // no antenna to correct on a browser's point
    await a.agent.put(`/api/points/${projectId}/${res.body.data._id}/antenna`).send({ Height: 1.5 }).expect(409);
    // the project's measurement settings: defaults, then stored
    const defaults = await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200);
    expect(defaults.body.settings).toMatchObject({ DefaultMethod: 'topo', MaxPauseS: 60, SplitGapS: 10, Antenna: { Height: 1.8, HeightType: 'vertical' } });
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ DefaultMethod: 'rapid', Tolerances: { rapid: { maxPdop: 5 } } }).expect(200);
    const stored = await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200);
    expect(stored.body.settings).toMatchObject({ DefaultMethod: 'rapid', Tolerances: { rapid: { maxPdop: 5 } } });
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ DefaultMethod: 'static' }).expect(400);
    // an antenna set-up the gateway could not reduce is refused with the settings, not at the next occupation
    const unknownReference = await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ Antenna: { Height: 1.8, Reference: 'pole tip' } }).expect(400);
    expect(unknownReference.body).toMatchObject({ success: false, message: expect.stringContaining('ReferenceOffset') });
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ Antenna: { Height: 1.8, Reference: 'pole tip', ReferenceOffset: 0 } }).expect(200);
    // the survey map's loss-of-fix alert: sound and vibration on until the project turns one off
    expect(defaults.body.settings.Alerts).toEqual({ Sound: true, Vibration: true });
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ Alerts: { Sound: false, Vibration: true } }).expect(200);
    const quiet = await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200);
    expect(quiet.body.settings.Alerts).toEqual({ Sound: false, Vibration: true });
    const bad = await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ Alerts: { Sound: 'loud' } }).expect(400);
    expect(bad.body).toMatchObject({ success: false });
  }, 60_000);
});

/**
 * The embedded gateway hands its own occupation reports to the api in-process; another gateway's (a second process
 * on Redis) reach it through the broker, on that gateway's progress topic, and are validated there.
 */
describe("occupation reports from another gateway, beside the embedded gateway's own", () => {
  it("reach the owner's sockets validated; garbage, other owners' and a report on the embedded gateway's own topic do not", async () => {
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const project = await a.agent.post('/api/projects').send({ Name: 'Reports', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201);
    const started = await a.agent
      .post(`/api/projects/${project.body._id as string}/occupations`)
      .send({ DeviceId: rover.id, Method: 'topo', Name: 'R1' })
      .expect(201);
    const view = started.body.occupation as OccupationView;
    const socket = h.socket(a.cookie);
    await connected(socket);
    const events: OccupationView[] = [];
    socket.on(OCCUPATION_EVENT, (o: OccupationView) => events.push(o));

    const gateway = await mqtt.connectAsync(h.mqttUrl, { username: h.service.username, password: h.service.password, reconnectPeriod: 0 });
    const progress = { ...view.Progress, epochsUsed: 7, elapsedS: 6 };
    // on the embedded gateway's own topic: its own reports come in-process, so one from outside is not taken
    await gateway.publishAsync(occupationTopics.progress(h.gateway.id), JSON.stringify([{ ownerId: a.userId, occupation: { ...view, Name: 'spoofed' } }]));
    await gateway.publishAsync(occupationTopics.progress('gw-elsewhere'), 'not json {');
    await gateway.publishAsync(
      occupationTopics.progress('gw-elsewhere'),
      JSON.stringify([
        { ownerId: a.userId, occupation: { ...view, Status: 'bogus' } },
        { ownerId: b.userId, occupation: { ...view, Name: 'not yours' } },
        { ownerId: a.userId, occupation: { ...view, Status: 'paused', Progress: progress } },
      ]),
    );
    await eventually(() => events.length > 0);
    // the last message's valid report for a, and nothing else (a report waits for the ones before it on the broker)
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([{ ...view, Status: 'paused', Progress: progress }]);
    await gateway.endAsync();
  });
});
