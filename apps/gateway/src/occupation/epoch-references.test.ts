import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCES } from '@smi/contracts';
import { openTestDb, type Db } from '@smi/db';
import { occupationsRepository as repo, type EpochRow } from '@smi/occupations';

// Migration 062 / decision 031: point_epochs' references are kept by the writer (one lock per occupation and setup a
// statement) and by delete triggers, not by per-row foreign keys. What the foreign keys did must still hold.
describe('raw epochs keep their references without per-row foreign keys', () => {
  let db: Db;
  let owner: string;
  let project: string;
  beforeAll(async () => {
    db = await openTestDb();
    [{ id: owner }] = (await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash) VALUES ('S', 'refs@example.com', 'x') RETURNING id`)) as [{ id: string }];
    [{ id: project }] = (await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name) VALUES ($1, 'Refs') RETURNING id`, [owner])) as [{ id: string }];
  });
  afterAll(() => db?.close());

  let n = 0;
  async function occupation(projectId = project): Promise<{ id: string; device: string }> {
    const code = `REF-${n++}`;
    const [device] = await db.query<{ id: string }>(`INSERT INTO devices (code, name, type, owner_id) VALUES ($1, 'R', 'rover', $2) RETURNING id`, [code, owner]);
    const [occ] = await db.query<{ id: string }>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'topo', $5, $6) RETURNING id`,
      [projectId, owner, device!.id, code, JSON.stringify({ Height: 1.8, HeightType: 'vertical', Reference: 'ARP', Model: '', Offset: 0 }), JSON.stringify(DEFAULT_TOLERANCES.topo)],
    );
    return { id: occ!.id, device: device!.id };
  }
  const row = (seq: number): EpochRow => ({
    seq,
    epoch: { time: Date.UTC(2026, 10, 24, 12, 0, seq), latitude: -45.87, longitude: 170.5, altitude: 14.2, geoidSeparation: 1.8, fix: 'rtk-fixed', satellites: 12, hdop: 0.6, pdop: 1.1, vdop: null, sigmaN: null, sigmaE: null, sigmaV: null, correctionAge: 1 },
    reason: null,
  });
  const count = async (occupationId: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs WHERE occupation_id = $1', [occupationId]))[0]!.n;

  it('an occupation deleted with its device takes its epochs; the others keep theirs', async () => {
    const a = await occupation();
    const b = await occupation();
    await repo.writeEpochBatch(db, [0, 1, 2].flatMap((k) => [{ occupationId: a.id, row: row(k) }, { occupationId: b.id, row: row(k) }]));
    expect([await count(a.id), await count(b.id)]).toEqual([3, 3]);
    await db.query('DELETE FROM devices WHERE id = $1', [a.device]);
    expect([await count(a.id), await count(b.id)]).toEqual([0, 3]);
  });

  it('a project deleted takes its occupations and their epochs', async () => {
    const [{ id: other }] = (await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name) VALUES ($1, 'Gone') RETURNING id`, [owner])) as [{ id: string }];
    const a = await occupation(other);
    await repo.writeEpochBatch(db, [{ occupationId: a.id, row: row(0) }]);
    expect(await count(a.id)).toBe(1);
    await db.query('DELETE FROM projects WHERE id = $1', [other]);
    expect(await count(a.id)).toBe(0);
  });

  it("epochs of an occupation that is gone are left out, without failing the other occupations' rows of the batch", async () => {
    const a = await occupation();
    const b = await occupation();
    await db.query('DELETE FROM occupations WHERE id = $1', [a.id]);
    await repo.writeEpochBatch(db, [{ occupationId: a.id, row: row(0) }, { occupationId: b.id, row: row(0) }]);
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);
  });

  it("a base setup deleted leaves its epochs' setup null", async () => {
    const a = await occupation();
    const [setup] = await db.query<{ id: string }>(
      `INSERT INTO base_setups (project_id, series_id, version, source, x, y, z, latitude, longitude, height) VALUES ($1, gen_random_uuid(), 1, 'known', 1, 2, 3, -45.8, 170.5, 10) RETURNING id`,
      [project],
    );
    await db.query(`INSERT INTO point_epochs (occupation_id, seq, at, accepted, base_setup_id) VALUES ($1, 0, now(), true, $2), ($1, 1, now(), true, $2)`, [a.id, setup!.id]);
    await db.query('DELETE FROM base_setups WHERE id = $1', [setup!.id]);
    expect(await db.query('SELECT seq, base_setup_id FROM point_epochs WHERE occupation_id = $1 ORDER BY seq', [a.id])).toEqual([
      { seq: 0, base_setup_id: null },
      { seq: 1, base_setup_id: null },
    ]);
  });

  it('writes each epoch as it was: the GNSS time to the millisecond, numbers exact, absent values null', async () => {
    const a = await occupation();
    const time = Date.UTC(2026, 10, 24, 23, 59, 59, 987);
    const epoch = { ...row(0).epoch, time, latitude: -45.8775672123457, longitude: 170.500111798765, altitude: null, pdop: null, satellites: 17, sigmaN: 0.012, sigmaE: 0.009, sigmaV: 0.021 };
    await repo.writeEpochBatch(db, [{ occupationId: a.id, row: { seq: 0, epoch, reason: 'not-fixed' } }]);
    const [r] = await db.query<Record<string, unknown>>(
      'SELECT at, latitude, longitude, altitude, ellipsoidal_height, pdop, satellites, sigma_h, sigma_v, accepted, reason FROM point_epochs WHERE occupation_id = $1',
      [a.id],
    );
    expect(r).toEqual({
      at: new Date(time),
      latitude: -45.8775672123457,
      longitude: 170.500111798765,
      altitude: null,
      ellipsoidal_height: null,
      pdop: null,
      satellites: 17,
      sigma_h: Math.hypot(0.012, 0.009),
      sigma_v: 0.021,
      accepted: false,
      reason: 'not-fixed',
    });
  });

  it('a batch of many occupations, fix types and reasons, nulls among them: each row gets its own', async () => {
    const occupations = [await occupation(), await occupation(), await occupation()];
    const fixes = ['rtk-fixed', 'rtk-float', null, 'dgps'] as const;
    const reasons = [null, 'not-fixed', null, 'pdop', 'correction-age'] as const;
    // 60 rows interleaved across the three occupations, so no value sits in one run of rows
    const rows = Array.from({ length: 60 }, (_, i) => ({
      occupationId: occupations[i % 3]!.id,
      row: { seq: Math.floor(i / 3), epoch: { ...row(0).epoch, fix: fixes[i % 4]!, satellites: i % 7 === 0 ? null : 5 + (i % 20) }, reason: reasons[i % 5]! } as EpochRow,
    }));
    await repo.writeEpochBatch(db, rows);
    const stored = await db.query<{ occupation_id: string; seq: number; fix_type: string | null; satellites: number | null; accepted: boolean; reason: string | null }>(
      `SELECT occupation_id, seq, fix_type, satellites, accepted, reason FROM point_epochs WHERE occupation_id = ANY($1::uuid[])`,
      [occupations.map((o) => o.id)],
    );
    const key = (x: { occupation_id: string; seq: number }) => `${x.occupation_id}/${x.seq}`;
    const expected = rows.map((r) => ({
      occupation_id: r.occupationId,
      seq: r.row.seq,
      fix_type: r.row.epoch.fix,
      satellites: r.row.epoch.satellites,
      accepted: r.row.reason === null,
      reason: r.row.reason,
    }));
    expect(stored.sort((x, y) => key(x).localeCompare(key(y)))).toEqual(expected.sort((x, y) => key(x).localeCompare(key(y))));
  });
});
