import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db } from '@smi/db';
import { DeviceLive } from '../device-link/device-live.js';
import { silentLog } from '../log.js';
import { createUser } from '../testing/fixtures.js';
import { deviceStateWriter } from './state-writer.js';

const FLEET = 600; // more than one statement's worth (250)

describe('device state of a large fleet', () => {
  let db: Db;
  let owner: string;
  beforeAll(async () => {
    db = await openTestDb();
    owner = await createUser(db);
    // every tenth device was seen before and is offline now; device 0 had a full battery
    await db.query(
      `INSERT INTO devices (code, name, type, owner_id, online, last_update, battery)
       SELECT 'FLEET-' || i, 'Rover ' || i, 'rover', $1, false, CASE WHEN i % 10 = 0 THEN now() - interval '1 hour' END, CASE WHEN i = 0 THEN 90 END
       FROM generate_series(0, $2 - 1) AS i`,
      [owner, FLEET],
    );
  });
  afterAll(() => db.close());

  it('writes every device\'s latest state, with each transition notified once', async () => {
    const writer = deviceStateWriter({ db, log: silentLog, offlineAfterS: 3600, onError: () => expect.fail('state write failed'), onOffline: () => {} });
    const fleet = Array.from({ length: FLEET }, (_, i) => new DeviceLive({ code: `FLEET-${i}`, name: `Rover ${i}`, type: 'rover' }, Date.now()));
    const report = (s: DeviceLive, i: number, latitude: number) => {
      s.applyStatus({ battery: i === 0 ? 20 : 80, signal: 70 }, Date.now());
      s.applyFix({ position: { latitude, longitude: 79.9 }, fixType: 'rtk-fixed', satellites: 20 }, Date.now());
      writer.update(s);
    };
    // two readings per device, the second one newer: only it may be stored
    fleet.forEach((s, i) => report(s, i, 6.1));
    fleet.forEach((s, i) => report(s, i, 6.2 + i * 1e-6));
    await writer.close();

    const rows = await db.query<{ code: string; online: boolean; last_latitude: number; battery: number; last_fix: string }>(
      `SELECT code, online, last_latitude, battery, last_fix FROM devices WHERE owner_id = $1 ORDER BY substr(code, 7)::int`,
      [owner],
    );
    expect(rows).toHaveLength(FLEET);
    rows.forEach((r, i) => expect(r).toMatchObject({ online: true, last_fix: 'rtk-fixed', battery: i === 0 ? 20 : 80, last_latitude: expect.closeTo(6.2 + i * 1e-6, 9) }));

    const notes = await db.query<{ type: string; text: string }>('SELECT type, text FROM notifications WHERE user_id = $1 ORDER BY type, text', [owner]);
    expect(notes.filter((n) => n.type === 'device-online')).toHaveLength(FLEET / 10);
    expect(notes.filter((n) => n.type === 'battery-low')).toEqual([{ type: 'battery-low', text: 'Rover 0 (FLEET-0) battery is low (20%)' }]);
    expect(notes).toHaveLength(FLEET / 10 + 1);
  });
});
