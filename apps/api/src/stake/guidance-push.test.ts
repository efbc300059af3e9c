import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAKE_SOCKET_EVENTS, stakePushedGuidance, type RecordPreviewReply, type StakePushedGuidance, type StakeWatchAck } from '@smi/contracts';
import { connected, eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

/**
 * Stake-out guidance pushed over the socket: each reading of the watched rover arrives as guidance, equal to what the
 * guidance route answers for the same reading; another workspace's project, rover or point is refused like a
 * missing one, and a closed or replaced watch sends nothing more.
 */
let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const READING = { latitude: 48.2082, longitude: 16.3738, altitude: 171.4, geoidSeparation: 45.2, fixType: 'rtk-fixed', satellites: 19, correctionAge: 1.2 };

const watch = (socket: Socket, request: unknown) => new Promise<StakeWatchAck>((ok) => socket.emit(STAKE_SOCKET_EVENTS.watch, request, ok));

describe('stake-out guidance pushed over the socket', () => {
  it('pushes the guidance of every reading of the watched rover, as the route computes it', async () => {
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const other = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Stake push', BaseStation: base.id, ClientDevices: [rover.id, other.id] }).expect(201)).body._id as string;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 32633 }).expect(200);
    const preview = (await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: { Latitude: READING.latitude, Longitude: READING.longitude, Altitude: READING.altitude, GeoidSeparation: READING.geoidSeparation }, Antenna: { Height: 1.8 } }).expect(200)).body as RecordPreviewReply;
    const c = preview.coordinate!;
    // 3 m north and 4 m east of the pole tip: 5 m away at a grid bearing of atan2(4, 3)
    const point = (await a.agent.post(`/api/projects/${projectId}/design/points`).send({ name: 'P3', easting: c.easting + 4, northing: c.northing + 3, elevation: c.height! - 0.25 }).expect(201)).body.point as { id: string };

    const socket = h.socket(a.cookie);
    await connected(socket);
    const pushed: (StakePushedGuidance | null)[] = [];
    socket.on(STAKE_SOCKET_EVENTS.guidance, (g: StakePushedGuidance | null) => pushed.push(g));

    // refused like a missing object, or as a bad request; nothing is pushed for them
    expect(await watch(socket, { projectId, deviceId: rover.id })).toMatchObject({ success: false });
    expect(await watch(socket, { projectId, deviceId: rover.id, pointId: point.id, orientation: 'compass' })).toEqual({ success: false, message: 'heading: the compass orientation needs the heading' });
    expect(await watch(socket, { projectId, deviceId: rover.id, pointId: rover.id })).toEqual({ success: false, message: 'Design point not found' });
    const theirs = await h.device(b);
    expect(await watch(socket, { projectId, deviceId: theirs.id, pointId: point.id })).toEqual({ success: false, message: 'Device not found' });
    const stranger = h.socket(b.cookie);
    await connected(stranger);
    const strangerGot: unknown[] = [];
    stranger.on(STAKE_SOCKET_EVENTS.guidance, (g: unknown) => strangerGot.push(g));
    expect(await watch(stranger, { projectId, deviceId: rover.id, pointId: point.id })).toEqual({ success: false, message: 'Project not found' });

    expect(await watch(socket, { projectId, deviceId: rover.id, pointId: point.id })).toEqual({ success: true });
    await publish(h.mqttUrl, rover, 'reading', JSON.stringify(READING));
    const first = await eventually(() => pushed.find((g) => g?.fix.type === 'rtk-fixed'));
    expect(stakePushedGuidance.safeParse(first).error?.issues ?? []).toEqual([]);
    expect(first).toMatchObject({ projectId, deviceId: rover.id, pointId: point.id, live: true, blocked: null, target: { name: 'P3' } });
    // plane geometry of the offsets above, to 1 mm (the preview's coordinate is rounded to 0.1 mm)
    expect(Math.abs(first!.guidance!.goNorth - 3)).toBeLessThan(0.001);
    expect(Math.abs(first!.guidance!.goEast - 4)).toBeLessThan(0.001);
    expect(Math.abs(first!.guidance!.distance - 5)).toBeLessThan(0.001);
    expect(first!.guidance!.cutFill).toEqual({ kind: 'cut', amount: expect.closeTo(0.25, 3) });
    // the route answers the same for the same latest reading
    const route = (await a.agent.get(`/api/projects/${projectId}/stake/guidance?${new URLSearchParams({ deviceId: rover.id, pointId: point.id })}`).expect(200)).body;
    expect(route.guidance.distance).toBeCloseTo(first!.guidance!.distance, 9);
    expect(route.rover).toEqual(first!.rover);

    // each reading is pushed: a float fix arrives greyed
    await publish(h.mqttUrl, rover, 'reading', JSON.stringify({ ...READING, fixType: 'rtk-float' }));
    const float = await eventually(() => pushed.find((g) => g?.fix.type === 'rtk-float'));
    expect(float).toMatchObject({ live: false, blocked: 'not-fixed' });

    // another rover's readings are not this watch's
    const before = pushed.length;
    await publish(h.mqttUrl, other, 'reading', JSON.stringify(READING));
    // null stops the watch: the next reading of the rover is not pushed
    expect(await watch(socket, null)).toEqual({ success: true });
    await publish(h.mqttUrl, rover, 'reading', JSON.stringify({ ...READING, satellites: 7 }));
    // a second socket watching the same rover sees that reading, so it did arrive
    const witness = h.socket(a.cookie);
    await connected(witness);
    const seen: StakePushedGuidance[] = [];
    witness.on(STAKE_SOCKET_EVENTS.guidance, (g: StakePushedGuidance) => seen.push(g));
    expect(await watch(witness, { projectId, deviceId: rover.id, pointId: point.id })).toEqual({ success: true });
    await eventually(() => seen.find((g) => g.fix.satellites === 7));
    expect(pushed.length).toBe(before);
    expect(strangerGot).toEqual([]);
  }, 240_000);
});
