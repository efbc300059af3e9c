import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCES, type OccupationReport } from '@smi/contracts';
import { openTestDb, type Db } from '@smi/db';
import { silentLog } from '../log.js';
import { occupationEngine } from './engine.js';

const ROVERS = 20;
const EPOCHS = 10;

describe('the occupation engine writes raw epochs in batches', () => {
  let db: Db;
  const ids: string[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    const [user] = await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash) VALUES ('S', 'batch@example.com', 'x') RETURNING id`);
    const [project] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name) VALUES ($1, 'Batch') RETURNING id`, [user!.id]);
    for (let i = 0; i < ROVERS; i++) {
      const [device] = await db.query<{ id: string }>(`INSERT INTO devices (code, name, type, owner_id) VALUES ($1, 'R', 'rover', $2) RETURNING id`, [`B-${i}`, user!.id]);
      const [occ] = await db.query<{ id: string }>(
        `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'control', $5, $6) RETURNING id`,
        [project!.id, user!.id, device!.id, `B-${i}`, JSON.stringify({ Height: 1.8, HeightType: 'vertical', Reference: 'ARP', Model: '', Offset: 0 }), JSON.stringify(DEFAULT_TOLERANCES.control)],
      );
      ids.push(occ!.id);
    }
  });
  afterAll(() => db?.close());

  it('twenty rovers at 10 Hz: one INSERT of raw epochs per slot of the tick (4 slots) for all of them, not one per occupation or per epoch; progress reported every tick, written when due or when the status changes', async () => {
    const statements: { sql: string; params?: unknown[] }[] = [];
    // the real database, every statement the engine sends counted on the way
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (key === 'query') return (sql: string, params?: unknown[]) => (statements.push({ sql, params }), target.query(sql, params));
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const reports: OccupationReport[] = [];
    // progress written once when the status changes and otherwise not in this test's time (a minute apart)
    const engine = occupationEngine({ db: counting, log: silentLog, gatewayId: 'gw-batch', report: (r) => reports.push(r), flushEveryMs: 200, saveEveryMs: 60_000 });
    for (const id of ids) await engine.command({ id, action: 'start' });
    const t0 = Date.now() - 60_000;
    const epoch = (k: number, fixType: 'rtk-fixed' | 'rtk-float' = 'rtk-fixed') => ({ latitude: -45.8775672, longitude: 170.5001117, altitude: 14.2, geoidSeparation: 1.8, fixType, satellites: 12, hdop: 0.6, timestamp: new Date(t0 + k * 100).toISOString() });
    const saved = async () => db.query<{ id: string; status: string; used: number }>(`SELECT id, status, (progress->>'epochsUsed')::int AS used FROM occupations WHERE gateway_id = 'gw-batch'`);
    // the first epoch of each claims its occupation; then a second of epochs arrives between two ticks
    for (let i = 0; i < ROVERS; i++) engine.reading(`B-${i}`, epoch(0), Date.now());
    await expect.poll(async () => (await saved()).filter((r) => r.used === 1).length).toBe(ROVERS);
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs'))[0]!.n).toBe(ROVERS);
    statements.length = 0;
    for (let k = 1; k < EPOCHS; k++) for (let i = 0; i < ROVERS; i++) engine.reading(`B-${i}`, epoch(k), Date.now());
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs'))[0]!.n).toBe(ROVERS * EPOCHS);
    const inserts = statements.filter((s) => /INSERT INTO point_epochs/.test(s.sql));
    // a second of epochs of twenty rovers, written in the four slots of a tick (five occupations each)
    expect(inserts).toHaveLength(4);
    // every epoch in its row, numbered per occupation
    const seqs = await db.query<{ occupation_id: string; n: number; max: number }>('SELECT occupation_id, count(*)::int AS n, max(seq) AS max FROM point_epochs GROUP BY occupation_id');
    expect(seqs.every((r) => r.n === EPOCHS && r.max === EPOCHS - 1)).toBe(true);
    // the owners heard the progress at the ticks
    await expect.poll(() => new Set(reports.filter((r) => r.occupation.Progress.epochsUsed === EPOCHS).map((r) => r.occupation._id)).size).toBe(ROVERS);
    // and the database was not written for it: same status, progress not due
    expect(statements.filter((s) => /UPDATE occupations/.test(s.sql))).toEqual([]);
    expect((await saved()).every((r) => r.used === 1 && r.status === 'running')).toBe(true);

    // one rover loses fixed: paused, written at its slot's next turn (a status change), in the batched UPDATE
    engine.reading('B-3', epoch(EPOCHS, 'rtk-float'), Date.now());
    await expect.poll(async () => (await saved()).find((r) => r.id === ids[3])?.status).toBe('paused');
    const updates = statements.filter((s) => /UPDATE occupations/.test(s.sql));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.sql).toMatch(/FROM unnest/);
    // that occupation only: the others had news but no status change
    expect(updates[0]!.params![1]).toEqual([ids[3]]);
    expect((await saved()).find((r) => r.id === ids[3])?.used).toBe(EPOCHS);
    await engine.close();
  });

  it('progress and heartbeat are written every saveEveryMs while the status stays the same, and at close', async () => {
    await db.query(`UPDATE occupations SET status = 'running', gateway_id = NULL, progress = '{}' WHERE id = ANY($1)`, [ids]);
    await db.query('DELETE FROM point_epochs');
    const engine = occupationEngine({ db, log: silentLog, gatewayId: 'gw-due', report: () => {}, flushEveryMs: 100, saveEveryMs: 400 });
    await engine.command({ id: ids[0]!, action: 'start' });
    const t0 = Date.now() - 60_000;
    const epoch = (k: number) => ({ latitude: -45.8775672, longitude: 170.5001117, altitude: 14.2, geoidSeparation: 1.8, fixType: 'rtk-fixed' as const, satellites: 12, hdop: 0.6, timestamp: new Date(t0 + k * 100).toISOString() });
    engine.reading('B-0', epoch(0), Date.now());
    const row = async () => (await db.query<{ used: number; beat: Date }>(`SELECT (progress->>'epochsUsed')::int AS used, heartbeat_at AS beat FROM occupations WHERE id = $1`, [ids[0]]))[0]!;
    await expect.poll(async () => (await row()).used).toBe(1);
    for (let k = 1; k < 5; k++) engine.reading('B-0', epoch(k), Date.now());
    // the same status: written when due
    await expect.poll(async () => (await row()).used, { timeout: 3000 }).toBe(5);
    // a silent rover's heartbeat goes on
    const beat = (await row()).beat.getTime();
    await expect.poll(async () => (await row()).beat.getTime(), { timeout: 3000 }).toBeGreaterThan(beat);
    // what the owner last heard is what a closing gateway leaves in the row
    engine.reading('B-0', epoch(5), Date.now());
    engine.reading('B-0', epoch(6), Date.now());
    await engine.close();
    expect((await row()).used).toBe(7);
  });
});
