import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as f from '@smi/rtcm/testing';
import { ecefToGeodetic } from '@smi/geodesy';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 120_000);
afterAll(() => h?.close(), 60_000);

describe('GET /api/devices/{id} of a base sending RTCM', () => {
  it('carries the broadcast position, antenna, receiver, message types and the age of corrections; another account gets 404', async () => {
    const owner = await h.owner();
    const base = await h.device(owner, 'base', 'Base');
    const pos = { stationId: 23, x: 4581694.6288, y: 556114.3725, z: 4389358.4678, antennaHeight: 0.0349 };
    const msm = f.msmHeader(1077, 23, 1000, [1, 2, 3]);
    await publish(
      h.mqttUrl,
      base,
      'rtcm',
      Buffer.concat([
        f.station1005or1006(pos),
        f.descriptors1033(23, { antenna: 'ASH701945E_M    NONE', setupId: 0, antennaSerial: '24222', receiver: 'TRIMBLE NETR5', firmware: '4.17', receiverSerial: '' }),
        msm,
        msm,
      ]),
    );
    const body = await eventually(async () => {
      const res = await owner.agent.get(`/api/devices/${base.id}`).expect(200);
      return res.body.Rtcm?.LastCorrectionAt ? res.body : null;
    }, 100);
    const geo = ecefToGeodetic(pos.x, pos.y, pos.z);
    expect(body.device.Rtcm).toEqual(body.Rtcm);
    expect(body.Rtcm).toMatchObject({
      StationId: 23,
      Position: { X: pos.x, Y: pos.y, Z: pos.z, AntennaHeight: 0.0349, MessageType: 1006, Latitude: geo.latitude, Longitude: geo.longitude },
      Antenna: 'ASH701945E_M    NONE',
      AntennaSerial: '24222',
      Receiver: 'TRIMBLE NETR5',
      Firmware: '4.17',
      CrcFailures: 0,
    });
    expect(body.Rtcm.Position.Latitude).toBeCloseTo(43.7, 0);
    expect(body.Rtcm.MessageTypes.map((m: { Type: number; Count: number }) => [m.Type, m.Count])).toEqual([
      [1006, 1],
      [1033, 1],
      [1077, 2],
    ]);
    expect(body.Rtcm.CorrectionAgeS).toBeGreaterThanOrEqual(0);

    const stranger = await h.owner();
    expect((await stranger.agent.get(`/api/devices/${base.id}`).expect(404)).body).toEqual({ success: false, message: 'Device not found' });
  });
});
