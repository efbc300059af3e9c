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

  it('twenty rovers at 10 Hz: one INSERT of raw epochs per slot of the tick (4 slots) for all of them, not one per occupation or per epoch', async () => {
    const statements: string[] = [];
    // the real database, every statement the engine sends counted on the way
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (key === 'query') return (sql: string, params?: unknown[]) => (statements.push(sql), target.query(sql, params));
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const reports: OccupationReport[] = [];
    const engine = occupationEngine({ db: counting, log: silentLog, gatewayId: 'gw-batch', report: (r) => reports.push(r), flushEveryMs: 200 });
    for (const id of ids) await engine.command({ id, action: 'start' });
    const t0 = Date.now() - 60_000;
    const epoch = (k: number) => ({ latitude: -45.8775672, longitude: 170.5001117, altitude: 14.2, geoidSeparation: 1.8, fixType: 'rtk-fixed' as const, satellites: 12, hdop: 0.6, timestamp: new Date(t0 + k * 100).toISOString() });
    // the first epoch of each claims its occupation; then a second of epochs arrives between two ticks
    for (let i = 0; i < ROVERS; i++) engine.reading(`B-${i}`, epoch(0), Date.now());
    await expect.poll(async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM occupations WHERE gateway_id = 'gw-batch'`))[0]!.n).toBe(ROVERS);
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs'))[0]!.n).toBe(ROVERS);
    statements.length = 0;
    for (let k = 1; k < EPOCHS; k++) for (let i = 0; i < ROVERS; i++) engine.reading(`B-${i}`, epoch(k), Date.now());
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs'))[0]!.n).toBe(ROVERS * EPOCHS);
    const inserts = statements.filter((s) => /INSERT INTO point_epochs/.test(s));
    const progress = statements.filter((s) => /UPDATE occupations/.test(s));
    // a second of epochs of twenty rovers, written in the four slots of a tick (five occupations each)
    expect(inserts).toHaveLength(4);
    // progress and heartbeats: the batched UPDATE only (one a slot), never one per occupation
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.every((sql) => /FROM unnest/.test(sql))).toBe(true);
    // every epoch in its row, numbered per occupation
    const seqs = await db.query<{ occupation_id: string; n: number; max: number }>('SELECT occupation_id, count(*)::int AS n, max(seq) AS max FROM point_epochs GROUP BY occupation_id');
    expect(seqs.every((r) => r.n === EPOCHS && r.max === EPOCHS - 1)).toBe(true);
    // and the owners heard the progress
    const last = new Map(reports.map((r) => [r.occupation._id, r.occupation.Progress.epochsUsed]));
    expect([...last.values()]).toEqual(Array(ROVERS).fill(EPOCHS));
    await engine.close();
  });
});
