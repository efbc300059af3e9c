import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db } from '@smi/db';
import { geodeticToEcef } from '@smi/geodesy';
import { createDevice, createUser } from '../testing/fixtures.js';
import type { Epoch } from './epoch.js';
import { occupationsRepository } from '@smi/occupations';

/**
 * The vectors of an occupation's epochs when the base's RTCM reaches another gateway: this one has no state of it in
 * memory, so the broadcast position comes from base_rtcm_state (what that gateway wrote); one it has wins.
 */
describe('occupation epochs against a base ingested elsewhere', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  const epoch = (k: number): Epoch => ({
    time: Date.UTC(2026, 10, 24, 6, 0, k),
    latitude: -45.87 + k * 1e-7,
    longitude: 170.5 - k * 2e-7,
    altitude: 12.3 + k * 0.001,
    geoidSeparation: 7.1,
    fix: 'rtk-fixed',
    satellites: 20,
    hdop: 0.6,
    pdop: 1.1,
    vdop: 0.9,
    sigmaN: 0.01,
    sigmaE: 0.01,
    sigmaV: 0.02,
    correctionAge: 1,
  });

  it('takes the broadcast ARP from the database, opens the rtcm setup, and prefers the state an epoch carried', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base');
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name, base_station_id, status) VALUES ($1, 'P', $2, 'Active') RETURNING id`, [owner, base.id]);
    const arp = geodeticToEcef(-45.8705, 170.5004, 18.2).map((v) => Math.round(v * 10_000) / 10_000) as [number, number, number];
    await db.query('INSERT INTO base_rtcm_state (device_id, arp_x, arp_y, arp_z, arp_message_type) VALUES ($1, $2, $3, $4, 1005)', [base.id, ...arp]);
    const [o] = await db.query<{ id: string }>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'topo', '{}', '{}') RETURNING id`,
      [p!.id, owner, rover.id, rover.code],
    );
    const elsewhere: [number, number, number] = [arp[0] + 1.5, arp[1] - 2, arp[2] + 0.25];
    await occupationsRepository.writeEpochs(db, o!.id, [
      { seq: 0, epoch: epoch(0), reason: null },
      { seq: 1, epoch: epoch(1), reason: null },
      { seq: 2, epoch: epoch(2), reason: null, base: { broadcast: elsewhere, live: null } },
      { seq: 3, epoch: { ...epoch(3), latitude: null, longitude: null }, reason: 'no-position' },
    ]);
    const rows = await db.query<{ seq: number; vector_dx: number | null; vector_dy: number | null; vector_dz: number | null; vector_origin: string | null; base_setup_id: string | null }>(
      'SELECT seq, vector_dx, vector_dy, vector_dz, vector_origin, base_setup_id FROM point_epochs WHERE occupation_id = $1 ORDER BY seq',
      [o!.id],
    );
    const [setup] = await db.query<{ id: string; source: string; x: number; y: number; z: number }>('SELECT id, source, x, y, z FROM base_setups WHERE project_id = $1', [p!.id]);
    expect(setup).toMatchObject({ source: 'rtcm', x: arp[0], y: arp[1], z: arp[2] });
    for (const r of rows.slice(0, 3)) {
      const e = epoch(r.seq);
      const antenna = geodeticToEcef(e.latitude!, e.longitude!, e.altitude! + e.geoidSeparation!);
      const origin = r.seq === 2 ? elsewhere : arp;
      expect(r).toMatchObject({ vector_origin: 'broadcast', base_setup_id: setup!.id });
      [r.vector_dx!, r.vector_dy!, r.vector_dz!].forEach((v, k) => expect(v).toBeCloseTo(antenna[k]! - origin[k]!, 9));
    }
    expect(rows[3]).toMatchObject({ vector_dx: null, vector_origin: null, base_setup_id: setup!.id });
  });

  it('leaves epochs of a project without a base as they were, with no vector', async () => {
    const owner = await createUser(db);
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name, status) VALUES ($1, 'P', 'Active') RETURNING id`, [owner]);
    const [o] = await db.query<{ id: string }>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'topo', '{}', '{}') RETURNING id`,
      [p!.id, owner, rover.id, rover.code],
    );
    await occupationsRepository.writeEpochs(db, o!.id, [{ seq: 0, epoch: epoch(0), reason: null }]);
    const [r] = await db.query('SELECT latitude, vector_dx, base_setup_id FROM point_epochs WHERE occupation_id = $1', [o!.id]);
    expect(r).toEqual({ latitude: -45.87, vector_dx: null, base_setup_id: null });
  });

  it('a base that has not reported yet: epochs are written with no vector and no setup, and no transaction locks the project', async () => {
    const owner = await createUser(db);
    const base = await createDevice(db, owner, 'base');
    const rover = await createDevice(db, owner, 'rover');
    const [p] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name, base_station_id, status) VALUES ($1, 'P', $2, 'Active') RETURNING id`, [owner, base.id]);
    const [o] = await db.query<{ id: string }>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'topo', '{}', '{}') RETURNING id`,
      [p!.id, owner, rover.id, rover.code],
    );
    let transactions = 0;
    let statements = 0;
    const counting = {
      ...db,
      query: (sql: string, params?: unknown[]) => (statements++, db.query(sql, params)),
      tx: <T>(fn: Parameters<Db['tx']>[0]) => (transactions++, db.tx(fn) as Promise<T>),
    } as Db;
    await occupationsRepository.writeEpochs(counting, o!.id, [{ seq: 0, epoch: epoch(0), reason: null }]);
    expect(transactions).toBe(0);
    const [r] = await db.query('SELECT vector_dx, vector_origin, base_setup_id FROM point_epochs WHERE occupation_id = $1', [o!.id]);
    expect(r).toEqual({ vector_dx: null, vector_origin: null, base_setup_id: null });
    // once it has broadcast its position, the next batch opens the setup (in a transaction holding the project)
    const arp = geodeticToEcef(-45.8705, 170.5004, 18.2);
    await db.query('INSERT INTO base_rtcm_state (device_id, arp_x, arp_y, arp_z, arp_message_type) VALUES ($1, $2, $3, $4, 1005)', [base.id, ...arp]);
    await occupationsRepository.writeEpochs(counting, o!.id, [{ seq: 1, epoch: epoch(1), reason: null }]);
    expect(transactions).toBe(1);
    const [r1] = await db.query<{ vector_origin: string; base_setup_id: string | null }>('SELECT vector_origin, base_setup_id FROM point_epochs WHERE occupation_id = $1 AND seq = 1', [o!.id]);
    expect(r1!.vector_origin).toBe('broadcast');
    expect(r1!.base_setup_id).not.toBeNull();
    // the setup open, a batch is two statements: the project, its base and its setup in one read, and the INSERT
    statements = 0;
    await occupationsRepository.writeEpochs(counting, o!.id, [{ seq: 2, epoch: epoch(2), reason: null }]);
    expect({ statements, transactions }).toEqual({ statements: 2, transactions: 1 });
    const [r2] = await db.query<{ vector_dx: number; base_setup_id: string }>('SELECT vector_dx, base_setup_id FROM point_epochs WHERE occupation_id = $1 AND seq = 2', [o!.id]);
    const e2 = epoch(2);
    expect(r2!.base_setup_id).toBe(r1!.base_setup_id);
    expect(r2!.vector_dx).toBeCloseTo(geodeticToEcef(e2.latitude!, e2.longitude!, e2.altitude! + e2.geoidSeparation!)[0] - arp[0], 9);
  });
});
