import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withChecksum } from '@smi/rtcm';
import { connect, createDevice, createUser, eventually, readingsListener } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';

const GGA_FLOAT = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';
const GST = '$GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031*6A';

let t: TestGateway;
let listener: Awaited<ReturnType<typeof readingsListener>>;
let owner: string;

beforeAll(async () => {
  t = await startTestGateway();
  owner = await createUser(t.db);
  listener = await readingsListener(t.url, t.service);
});
afterAll(async () => {
  await listener.close();
  await t.close();
});

describe('a device message becomes a LiveReading on the internal topic', () => {
  it('from NMEA: position, RTK fix type, satellites, HDOP, altitude and the GST accuracy', async () => {
    const rover = await createDevice(t.db, owner, 'rover', 'North rover');
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/nmea`, `${GGA_FLOAT}\r\n${GST}\r\n`);
    const reading = await listener.next((r) => r.deviceCode === rover.code);
    expect(reading).toMatchObject({
      deviceCode: rover.code,
      deviceName: 'North rover',
      Name: 'North rover',
      deviceType: 'rover',
      action: 'position',
      status: 'online',
      latitude: expect.closeTo(51.150437, 5),
      longitude: expect.closeTo(-114.030678, 5),
      altitude: 1097.36,
      fixType: 'rtk-float',
      satellites: 40,
      hdop: 0.5,
      accuracy: expect.closeTo(0.0305, 3),
      verticalAccuracy: 0.031,
      battery: 'N/A',
    });
    await client.endAsync();
  });

  it('from JSON readings and status, with warning status at a battery of 25 or below', async () => {
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/reading`, JSON.stringify({ latitude: 6.6151, longitude: 79.9681, fixType: 'rtk-fixed', deviceCode: 'SPOOFED' }));
    expect(await listener.next((r) => r.deviceCode === rover.code)).toMatchObject({ latitude: 6.6151, fixType: 'rtk-fixed', status: 'online' });
    await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 20, signal: 80 }));
    expect(await listener.next((r) => r.deviceCode === rover.code && r.battery === 20)).toMatchObject({ action: 'status', status: 'warning', signal: 80, latitude: 6.6151 });
    expect(listener.readings.some((r) => r.deviceCode === 'SPOOFED')).toBe(false);
    await client.endAsync();
  });

  it('drops and counts garbage, bad checksums and oversized payloads, and the connection carries on', async () => {
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const before = { ...t.gateway.counters };
    await client.publishAsync(`devices/${rover.code}/nmea`, Buffer.from([0, 255, 13, 10, 36, 42]), { qos: 1 });
    await client.publishAsync(`devices/${rover.code}/nmea`, GGA_FLOAT.replace('*61', '*60'), { qos: 1 });
    await client.publishAsync(`devices/${rover.code}/reading`, '{"latitude": 95}', { qos: 1 });
    await client.publishAsync(`devices/${rover.code}/status`, 'battery=50', { qos: 1 });
    await client.publishAsync(`devices/${rover.code}/reading`, Buffer.alloc(16 * 1024 + 1, 32), { qos: 1 });
    client.publish(`devices/${rover.code}/reading`, Buffer.alloc(64 * 1024, 32)); // never reaches aedes
    await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 77 }), { qos: 1 });
    expect(await listener.next((r) => r.deviceCode === rover.code)).toMatchObject({ battery: 77 });
    expect(t.gateway.counters.malformed - before.malformed).toBe(4);
    expect(t.gateway.counters.oversized - before.oversized).toBe(2);
    expect(listener.readings.filter((r) => r.deviceCode === rover.code)).toHaveLength(1);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('survives a burst of 10,000 messages: the last reading goes out, others are coalesced, state ends right', async () => {
    const rover = await createDevice(t.db, owner);
    const bystander = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const before = t.gateway.counters.coalesced;
    for (let i = 1; i <= 10_000; i++) {
      const lat = (i / 10_000).toFixed(4);
      client.publish(`devices/${rover.code}/reading`, i % 100 === 0 ? 'garbage' : JSON.stringify({ latitude: Number(lat), longitude: 10, battery: i % 100 }));
    }
    await client.publishAsync(`devices/${rover.code}/reading`, JSON.stringify({ latitude: 45.5, longitude: 10, battery: 64 }), { qos: 1 });
    const last = await listener.next((r) => r.deviceCode === rover.code && r.latitude === 45.5);
    expect(last).toMatchObject({ battery: 64, longitude: 10 });
    expect(t.gateway.counters.coalesced - before).toBeGreaterThan(0);
    const row = await eventually(async () => {
      const [d] = await t.db.query<{ last_latitude: number; battery: number; online: boolean }>(
        'SELECT last_latitude, battery, online FROM devices WHERE code = $1',
        [rover.code],
      );
      return d?.last_latitude === 45.5 ? d : null;
    });
    expect(row).toMatchObject({ battery: 64, online: true });
    expect(listener.readings.some((r) => r.deviceCode === bystander.code)).toBe(false);
    // and the broker still takes new logins
    const fresh = await connect(t.url, { username: bystander.code, password: bystander.secret });
    await fresh.endAsync();
    await client.endAsync();
  });
});

describe('RTCM corrections', () => {
  async function project(status: 'Active' | 'Paused', base: string, rovers: string[]) {
    const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id, status) VALUES ($1, $2, $3, $4) RETURNING id', [owner, 'P', base, status]);
    for (const r of rovers) await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, r]);
  }

  it('relays a base\'s RTCM to the rovers of its active projects, not to others', async () => {
    const base = await createDevice(t.db, owner, 'base');
    const rover = await createDevice(t.db, owner, 'rover');
    const pausedRover = await createDevice(t.db, owner, 'rover');
    await project('Active', base.id, [rover.id]);
    await project('Paused', base.id, [pausedRover.id]);
    const roverClient = await connect(t.url, { username: rover.code, password: rover.secret });
    const pausedClient = await connect(t.url, { username: pausedRover.code, password: pausedRover.secret });
    const received: Buffer[] = [];
    const pausedReceived: Buffer[] = [];
    roverClient.on('message', (_t, p) => received.push(p));
    pausedClient.on('message', (_t, p) => pausedReceived.push(p));
    await roverClient.subscribeAsync(`devices/${rover.code}/corrections`);
    await pausedClient.subscribeAsync(`devices/${pausedRover.code}/corrections`);
    const baseClient = await connect(t.url, { username: base.code, password: base.secret });
    const rtcm = Buffer.from('d300133ed7d30202980edeef34b4bd62ac0941986f33360b98', 'hex');
    await baseClient.publishAsync(`devices/${base.code}/rtcm`, rtcm);
    await eventually(() => received.length > 0);
    expect(received[0]!.equals(rtcm)).toBe(true);
    // the paused rover's subscription was made before the relay; a relay to it would have arrived with the other
    await pausedClient.publishAsync(`devices/${pausedRover.code}/status`, JSON.stringify({ battery: 50 }), { qos: 1 });
    expect(pausedReceived).toHaveLength(0);
    await Promise.all([roverClient.endAsync(), pausedClient.endAsync(), baseClient.endAsync()]);
  });
});

describe('NMEA with a fix quality of 4', () => {
  it('is an RTK fixed reading', async () => {
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/nmea`, withChecksum('GNGGA,120000.00,0636.9000,N,07958.0844,E,4,24,0.7,12.0,M,-95.0,M,1.0,0000'));
    expect(await listener.next((r) => r.deviceCode === rover.code)).toMatchObject({ fixType: 'rtk-fixed', satellites: 24 });
    await client.endAsync();
  });
});
