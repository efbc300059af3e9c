import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@smi/db';
import { connect, createDevice, createUser, eventually, readingsListener } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';

async function notifications(q: Queryable, deviceId: string) {
  return q.query<{ type: string; text: string; user_id: string }>('SELECT type, text, user_id FROM notifications WHERE device_id = $1 ORDER BY created_at', [deviceId]);
}
async function deviceRow(q: Queryable, code: string) {
  const [row] = await q.query<Record<string, unknown>>('SELECT * FROM devices WHERE code = $1', [code]);
  return row!;
}

describe('device state and notifications', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('writes status, battery, signal, position and fix of the latest reading', async () => {
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 88, signal: 70 }));
    await client.publishAsync(`devices/${rover.code}/nmea`, '$GPGGA,134658.00,5106.9792,N,11402.3003,W,2,09,1.0,1048.47,M,-16.27,M,08,AAAA*60');
    const row = await eventually(async () => {
      const r = await deviceRow(t.db, rover.code);
      return r.last_fix === 'dgps' ? r : null;
    });
    expect(row).toMatchObject({ online: true, battery: 88, signal: 70, last_satellites: 9, last_hdop: 1, last_altitude: 1048.47 });
    expect(row.last_latitude).toBeCloseTo(51.11632, 5);
    expect(row.last_update).toBeTruthy();
    // a first reading is not a "back online"
    expect(await notifications(t.db, rover.id)).toEqual([]);
    await client.endAsync();
  });

  it('keeps the time of the last fix apart from the last message: a battery report is no fix', async () => {
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/reading`, JSON.stringify({ latitude: 6.9, longitude: 79.8, fixType: 'rtk-fixed', timestamp: new Date().toISOString() }));
    const first = await eventually(async () => {
      const r = await deviceRow(t.db, rover.code);
      return r.last_fix_at ? r : null;
    });
    const firstFix = (first.last_fix_at as Date).getTime();
    expect(Math.abs(firstFix - Date.now())).toBeLessThan(60_000);
    await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 77 }));
    const after = await eventually(async () => {
      const r = await deviceRow(t.db, rover.code);
      return r.battery === 77 ? r : null;
    });
    expect((after.last_fix_at as Date).getTime()).toBe(firstFix);
    expect((after.last_update as Date).getTime()).toBeGreaterThanOrEqual((first.last_update as Date).getTime());
    // a receiver saying "no fix": no position time any more
    await client.publishAsync(`devices/${rover.code}/nmea`, '$GPGGA,,,,,,0,00,99.99,,,,,,*48');
    await eventually(async () => ((await deviceRow(t.db, rover.code)).last_fix === null ? true : null));
    expect((await deviceRow(t.db, rover.code)).last_fix_at).toBeNull();
    await client.endAsync();
  });

  it('notifies the owner once when the battery falls to 25 or below, and again only after it recovered', async () => {
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner, 'rover', 'Field rover');
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    const report = async (battery: number, signal: number) => {
      await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery, signal }));
      await eventually(async () => (await deviceRow(t.db, rover.code)).battery === battery);
    };
    await report(60, 90);
    await report(25, 90);
    await report(18, 20);
    await report(12, 15);
    await report(80, 90);
    await report(10, 90);
    const list = await notifications(t.db, rover.id);
    expect(list.map((n) => n.type)).toEqual(['battery-low', 'signal-low', 'battery-low']);
    expect(list[0]).toMatchObject({ user_id: owner, text: `Field rover (${rover.code}) battery is low (25%)` });
    await client.endAsync();
  });

  it('raises none when the owner turned notifications off', async () => {
    const owner = await createUser(t.db);
    await t.db.query(`UPDATE users SET settings = '{"account":{"notifications":"OFF"}}' WHERE id = $1`, [owner]);
    const rover = await createDevice(t.db, owner);
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/status`, JSON.stringify({ battery: 5 }));
    await eventually(async () => (await deviceRow(t.db, rover.code)).battery === 5);
    expect(await notifications(t.db, rover.id)).toEqual([]);
    await client.endAsync();
  });
});

describe('a device that goes silent', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ offlineAfterS: 1 });
  });
  afterAll(() => t.close());

  it('is shown offline after DEVICE_OFFLINE_AFTER_S, once, and back online with its next reading', async () => {
    const listener = await readingsListener(t.url, t.service);
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner, 'rover', 'Quiet rover');
    const client = await connect(t.url, { username: rover.code, password: rover.secret });
    await client.publishAsync(`devices/${rover.code}/reading`, JSON.stringify({ latitude: 6.6, longitude: 79.9 }));
    const fix = await listener.next((r) => r.deviceCode === rover.code && r.action === 'position');
    const offline = await listener.next((r) => r.deviceCode === rover.code && r.status === 'offline');
    expect(offline).toMatchObject({ action: 'offline', latitude: 6.6 });
    // the offline reading repeats the last position with a new timestamp, and says how old its fix is
    expect(fix.fixTime).toBe(fix.timestamp);
    expect(offline.fixTime).toBe(fix.fixTime);
    expect(Date.parse(offline.timestamp)).toBeGreaterThan(Date.parse(fix.timestamp));
    expect((await deviceRow(t.db, rover.code)).online).toBe(false);
    await client.publishAsync(`devices/${rover.code}/reading`, JSON.stringify({ latitude: 6.7, longitude: 79.9 }));
    const list = await eventually(async () => {
      const rows = await notifications(t.db, rover.id);
      return rows.length >= 2 ? rows : null;
    });
    expect(list.slice(0, 2).map((n) => n.type)).toEqual(['device-offline', 'device-online']);
    expect(list[0]!.text).toBe(`Quiet rover (${rover.code}) is offline: no data for 1 s`);
    expect(list[1]!.text).toBe(`Quiet rover (${rover.code}) is back online`);
    await client.endAsync();
    await listener.close();
  });
});
