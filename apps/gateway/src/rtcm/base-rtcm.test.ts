import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';
import { BaseRtcmState, epochLatencyMs, GPS_LEAP_SECONDS } from './base-state.js';
import { antenna1008, descriptors1033, msmHeader, rtcmFixture, station1005or1006 } from '@smi/rtcm/testing';

const POS = { stationId: 700, x: 1112189.9, y: -4842955.0001, z: 3985352.2, antennaHeight: 0.0349 };

describe('a base\'s RTCM state', () => {
  it('keeps message types, the broadcast position, antenna and receiver names, and relays the payload itself when it is whole good frames', () => {
    const s = new BaseRtcmState();
    const payload = Buffer.concat([
      station1005or1006(POS),
      antenna1008(700, 'AOAD/M_T', 1, '309'),
      descriptors1033(700, { antenna: 'AOAD/M_T', setupId: 1, antennaSerial: '309', receiver: 'TRIMBLE NETR5', firmware: '4.03', receiverSerial: '' }),
    ]);
    expect(s.take(payload, 1_000)).toBe(payload);
    expect(s.snapshot).toMatchObject({
      stationId: 700,
      position: { messageType: 1006, x: POS.x, y: POS.y, z: POS.z, antennaHeight: 0.0349, at: 1_000 },
      antenna: 'AOAD/M_T',
      antennaSerial: '309',
      receiver: 'TRIMBLE NETR5',
      firmware: '4.03',
      frames: 3,
      crcFailures: 0,
    });
    expect(Object.keys(s.snapshot.types)).toEqual(['1006', '1008', '1033']);
  });

  it('relays only the good frames of a payload with junk and a corrupted frame, and counts the CRC failure', () => {
    const s = new BaseRtcmState();
    const good = station1005or1006(POS);
    const bad = Buffer.from(good);
    bad[12]! ^= 0x40;
    const out = s.take(Buffer.concat([Buffer.from('$GPTXT,hello*00\r\n'), bad, good]), 0);
    expect(out).toEqual(good);
    expect(s.snapshot.crcFailures).toBe(1);
  });

  it('counts each type with its first and last arrival (its rate) and the latency of the latest observation epoch', () => {
    const s = new BaseRtcmState();
    const obs = rtcmFixture('rtklib-1004-1077.rtcm3');
    s.take(obs.subarray(0, 500), 10_000);
    s.take(obs.subarray(500), 14_000);
    expect(s.snapshot.types['1004']).toEqual({ count: 5, firstAt: 10_000, lastAt: 14_000 });
    expect(s.snapshot.lastObservationAt).toBe(14_000);
    expect(s.snapshot.latencyMs).not.toBeNull();
  });
});

describe('epoch latency', () => {
  // 2026-11-23T12:00:00Z is a Monday; GPS week time = 1 day + 12 h + 18 s
  const at = Date.UTC(2026, 10, 23, 12, 0, 0);
  const gpsTow = (86_400 + 12 * 3600 + GPS_LEAP_SECONDS) * 1000;

  it('is the arrival time minus the epoch, in GPS, BeiDou (GPS - 14 s) and GLONASS (Moscow day) time', () => {
    expect(epochLatencyMs({ system: 'GPS', epochMs: gpsTow - 1200 }, at)).toBe(1200);
    expect(epochLatencyMs({ system: 'BeiDou', epochMs: gpsTow - 14_000 - 300 }, at)).toBe(300);
    expect(epochLatencyMs({ system: 'GLONASS', epochMs: 15 * 3600 * 1000 - 800 }, at)).toBe(800);
  });

  it('takes the nearest week across a week rollover', () => {
    const sunday = Date.UTC(2026, 10, 22, 0, 0, 0) - GPS_LEAP_SECONDS * 1000 + 500; // 0.5 s into a GPS week
    expect(epochLatencyMs({ system: 'GPS', epochMs: 7 * 86_400_000 - 1500 }, sunday)).toBe(2000);
  });
});

describe('the gateway with a base publishing RTCM', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  }, 120_000);
  afterAll(async () => t?.close(), 60_000);

  it('relays only frames that pass their CRC, byte for byte, even cut across messages, and stores the base\'s state', async () => {
    const owner = await createUser(t.db);
    const base = await createDevice(t.db, owner, 'base');
    const rover = await createDevice(t.db, owner, 'rover');
    const [p] = await t.db.query<{ id: string }>(
      `INSERT INTO projects (owner_id, name, base_station_id, status) VALUES ($1, 'P', $2, 'Active') RETURNING id`,
      [owner, base.id],
    );
    await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    const roverClient = await connect(t.url, { username: rover.code, password: rover.secret });
    const received: Buffer[] = [];
    roverClient.on('message', (_t, m) => received.push(m));
    await roverClient.subscribeAsync(`devices/${rover.code}/corrections`);
    const baseClient = await connect(t.url, { username: base.code, password: base.secret });

    const pos = station1005or1006(POS);
    const ant = antenna1008(700, 'AOAD/M_T', 1, '309');
    const msm = msmHeader(1077, 700, 100_000, [3, 5, 9]);
    const bad = Buffer.from(msm);
    bad[8]! ^= 1;
    const stream = Buffer.concat([Buffer.from('# a comment\n'), pos, bad, ant, msm]);
    const topic = `devices/${base.code}/rtcm`;
    await baseClient.publishAsync(topic, stream.subarray(0, 20));
    await baseClient.publishAsync(topic, stream.subarray(20), { qos: 1 });
    await eventually(() => Buffer.concat(received).length >= pos.length + ant.length + msm.length);
    expect(Buffer.concat(received)).toEqual(Buffer.concat([pos, ant, msm]));

    const rows = await eventually(async () => {
      const r = await t.db.query<Record<string, unknown>>('SELECT * FROM base_rtcm_state WHERE device_id = $1', [base.id]);
      return r.length && r[0]!.last_observation_at ? r : undefined;
    }, 100);
    expect(rows[0]).toMatchObject({ station_id: 700, arp_x: POS.x, arp_y: POS.y, arp_z: POS.z, arp_antenna_height: 0.0349, antenna: 'AOAD/M_T', arp_message_type: 1006 });
    expect(Number(rows[0]!.crc_failures)).toBe(1);
    expect(Object.keys(rows[0]!.message_types as object).sort()).toEqual(['1006', '1008', '1077']);
    await Promise.all([roverClient.endAsync(), baseClient.endAsync()]);
  });

  it('stores the state of a base whose 1033 holds NUL and other control bytes, without them', async () => {
    const owner = await createUser(t.db);
    const base = await createDevice(t.db, owner, 'base');
    const baseClient = await connect(t.url, { username: base.code, password: base.secret });
    const padded = descriptors1033(700, { antenna: 'AOAD/M_T\0\0', setupId: 1, antennaSerial: '\x00309', receiver: 'TRIMBLE\tNETR9\0', firmware: '5.45\x7f', receiverSerial: '\0\0\0\0' });
    await baseClient.publishAsync(`devices/${base.code}/rtcm`, Buffer.concat([padded, station1005or1006(POS)]), { qos: 1 });
    const [row] = await eventually(async () => {
      const r = await t.db.query<Record<string, unknown>>('SELECT * FROM base_rtcm_state WHERE device_id = $1', [base.id]);
      return r.length ? r : undefined;
    }, 100);
    expect(row).toMatchObject({ station_id: 700, arp_x: POS.x, antenna: 'AOAD/M_T', antenna_serial: '309', receiver: 'TRIMBLENETR9', firmware: '5.45', receiver_serial: null });
    await baseClient.endAsync();
  });
});
