import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NA, isFixFresh, type LiveReading } from '@smi/contracts';
import { testReading } from '@smi/contracts/testing';
import { openTestDb, type Db } from '@smi/db';
import { latestReadings } from './latest-readings.js';

const reading = (deviceCode: string, latitude: number): LiveReading => testReading(deviceCode, { latitude, longitude: 79.9 });

describe('the latest reading of each device, for a new subscriber', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    const [user] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('S', 'latest@example.com', 'x') RETURNING id");
    await db.query(
      `INSERT INTO devices (code, name, type, owner_id, online, last_update, last_latitude, last_longitude, battery)
       VALUES ('STORED', 'Stored rover', 'rover', $1, true, now(), 6.5, 79.5, 60), ('NEVER', 'Never seen', 'rover', $1, false, NULL, NULL, NULL, NULL)`,
      [user!.id],
    );
  });
  afterAll(() => db.close());

  it('asks the embedded gateway for its own devices, keeps other gateways\' readings, else reads the stored state', async () => {
    const gatewayState = new Map([['LOCAL', reading('LOCAL', 6.1)]]);
    const latest = latestReadings(db, (code) => gatewayState.get(code));
    latest.rememberLocal('LOCAL');
    latest.remember(reading('REMOTE', 6.2));
    // the gateway's state moves on after the reading went out: a new subscriber gets it as it is now
    gatewayState.set('LOCAL', reading('LOCAL', 6.3));
    const got = await latest.of(['LOCAL', 'REMOTE', 'STORED', 'NEVER', 'UNKNOWN']);
    expect(got.map((r) => [r.deviceCode, r.latitude])).toEqual([
      ['LOCAL', 6.3],
      ['REMOTE', 6.2],
      ['STORED', 6.5],
    ]);
    expect(got[2]).toMatchObject({ deviceName: 'Stored rover', battery: 60, status: 'online', fixType: NA });
  });

  it('follows the device to whichever gateway it sent its last reading through', async () => {
    const latest = latestReadings(db, () => reading('MOVER', 1));
    latest.rememberLocal('MOVER');
    latest.remember(reading('MOVER', 2));
    expect((await latest.of(['MOVER']))[0]!.latitude).toBe(2);
    latest.rememberLocal('MOVER');
    expect((await latest.of(['MOVER']))[0]!.latitude).toBe(1);
  });

  it('gives a stored position as no new fix: a status reading with the time it was fixed', async () => {
    const [owner] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('S', 'stale@example.com', 'x') RETURNING id");
    await db.query(
      `INSERT INTO devices (code, name, type, owner_id, online, last_update, last_fix_at, last_latitude, last_longitude, last_fix)
       VALUES ('SILENT', 'Silent rover', 'rover', $1, true, now(), now() - interval '40 seconds', 6.5, 79.5, 'rtk-fixed'),
              ('NOFIX', 'No fix', 'rover', $1, true, now(), NULL, 6.5, 79.5, NULL)`,
      [owner!.id],
    );
    const [silent, noFix] = await latestReadings(db).of(['SILENT', 'NOFIX']);
    expect(silent).toMatchObject({ action: 'status', status: 'online', latitude: 6.5, fixType: 'rtk-fixed' });
    expect(Date.now() - Date.parse(silent!.fixTime as string)).toBeGreaterThanOrEqual(40_000);
    expect(isFixFresh(silent!, Date.now(), 1)).toBe(false);
    expect(noFix).toMatchObject({ fixTime: NA });
    expect(isFixFresh(noFix!, Date.now(), 1)).toBe(false);
  });

  it('falls back to the stored state when the gateway no longer has the device', async () => {
    const latest = latestReadings(db, () => undefined);
    latest.rememberLocal('STORED');
    expect((await latest.of(['STORED']))[0]).toMatchObject({ deviceCode: 'STORED', latitude: 6.5 });
  });
});
