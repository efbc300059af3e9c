import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db, type Queryable } from '@smi/db';
import { createDevice, createUser, eventually } from '../testing/fixtures.js';
import { deviceDirectory } from './directory.js';

describe('the device directory', () => {
  let db: Db;
  let owner: string;
  let queries = 0;
  // the directory's view of the database, counting what it asks
  const counted: Queryable = { query: (sql, params) => (queries++, db.query(sql, params)) } as Queryable;
  beforeAll(async () => {
    db = await openTestDb();
    owner = await createUser(db);
  });
  afterAll(() => db.close());

  it('answers a known device from memory, shows a rename and a removal after the TTL', async () => {
    const rover = await createDevice(db, owner, 'rover', 'Old name');
    const dir = deviceDirectory(counted, 50);
    expect(await dir.get(rover.code)).toMatchObject({ code: rover.code, name: 'Old name', ownerId: owner });
    await db.query("UPDATE devices SET name = 'New name' WHERE code = $1", [rover.code]);
    expect((await dir.get(rover.code))?.name).toBe('Old name');
    await eventually(async () => (await dir.get(rover.code))?.name === 'New name');
    await db.query('DELETE FROM devices WHERE code = $1', [rover.code]);
    await eventually(async () => (await dir.get(rover.code)) === null);
  });

  it('re-reads the stale entries of a whole fleet together, not one query per device', async () => {
    const fleet = await Promise.all(Array.from({ length: 40 }, (_, i) => createDevice(db, owner, 'rover', `Rover ${i}`)));
    const dir = deviceDirectory(counted, 50);
    for (const d of fleet) await dir.get(d.code);
    await db.query("UPDATE devices SET name = name || ' (renamed)' WHERE owner_id = $1", [owner]);
    await new Promise((r) => setTimeout(r, 60)); // every entry is past its TTL
    queries = 0;
    for (const d of fleet) expect((await dir.get(d.code))?.code).toBe(d.code);
    await eventually(async () => (await Promise.all(fleet.map((d) => dir.get(d.code)))).every((d) => d?.name.endsWith('(renamed)')));
    expect(queries).toBeLessThanOrEqual(3);
  });

  it('answers `known` without waiting once an entry is read, and keeps it fresh in the background like `get`', async () => {
    const rover = await createDevice(db, owner, 'rover', 'Before');
    const dir = deviceDirectory(counted, 50);
    expect(dir.known(rover.code)).toBeUndefined(); // never asked: not known yet
    expect(dir.known('NO-SUCH-DEVICE')).toBeUndefined();
    const first = dir.get(rover.code);
    expect(dir.known(rover.code)).toBeUndefined(); // being read
    await first;
    expect(dir.known(rover.code)).toMatchObject({ code: rover.code, name: 'Before' });
    await dir.get('NO-SUCH-DEVICE');
    expect(dir.known('NO-SUCH-DEVICE')).toBeNull(); // known not to exist
    await db.query("UPDATE devices SET name = 'After' WHERE code = $1", [rover.code]);
    await eventually(() => dir.known(rover.code)?.name === 'After');
  });

  it('reads a login fresh: a secret changed a moment ago is seen at once', async () => {
    const rover = await createDevice(db, owner);
    const dir = deviceDirectory(counted, 60_000);
    const before = (await dir.get(rover.code))!.secretHash;
    await db.query("UPDATE devices SET secret_hash = 'changed' WHERE code = $1", [rover.code]);
    expect((await dir.get(rover.code))!.secretHash).toBe(before);
    expect((await dir.fresh(rover.code))!.secretHash).toBe('changed');
  });
});
