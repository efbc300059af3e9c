import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCES, type OccupationReport } from '@smi/contracts';
import { openTestDb, type Db } from '@smi/db';
import { silentLog } from '../log.js';
import { occupationEngineThread } from './engine-thread.js';

describe('the occupation engine on its own thread', () => {
  let db: Db;
  let owner: string;
  let project: string;
  const rover = async (code: string) => {
    const [device] = await db.query<{ id: string }>(`INSERT INTO devices (code, name, type, owner_id) VALUES ($1, 'R', 'rover', $2) RETURNING id`, [code, owner]);
    const [occ] = await db.query<{ id: string }>(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances) VALUES ($1, $2, $3, $4, 'control', $5, $6) RETURNING id`,
      [project, owner, device!.id, code, JSON.stringify({ Height: 1.8, HeightType: 'vertical', Reference: 'ARP', Model: '', Offset: 0 }), JSON.stringify(DEFAULT_TOLERANCES.control)],
    );
    return occ!.id;
  };
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const epoch = (k: number) => ({ latitude: -45.8775672, longitude: 170.5001117, altitude: 14.2, geoidSeparation: 1.8, fixType: 'rtk-fixed' as const, satellites: 12, hdop: 0.6, timestamp: new Date(t0 + k * 100).toISOString() });
  // GGA epochs continuing the JSON ones (same place, 10 Hz): RTK fixed, 12 satellites
  const gga = (k: number) => {
    const hhmmss = new Date(t0 + k * 100).toISOString().slice(11, 22).replace(/:/g, '').slice(0, 9);
    const body = `GPGGA,${hhmmss},4552.65403,S,17030.00670,E,4,12,0.60,14.2,M,1.8,M,1.0,0000`;
    let sum = 0;
    for (const c of body) sum ^= c.charCodeAt(0);
    return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
  };
  const epochsOf = async (id: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_epochs WHERE occupation_id = $1', [id]))[0]!.n;

  beforeAll(async () => {
    db = await openTestDb();
    const [user] = await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash) VALUES ('S', 'thread@example.com', 'x') RETURNING id`);
    owner = user!.id;
    const [p] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name) VALUES ($1, 'Thread') RETURNING id`, [owner]);
    project = p!.id;
  });
  afterAll(() => db?.close());

  it('starts with the first occupation, takes the epochs handed over (NMEA and JSON), writes them from its thread and reports; if the thread stops, what it ran fails with the reason and the next occupation starts another; ends when idle', async () => {
    const reports: OccupationReport[] = [];
    const published: string[] = [];
    const engine = await occupationEngineThread({
      db,
      log: silentLog,
      gatewayId: 'gw-thread',
      report: (r, json) => {
        reports.push(...r);
        published.push(json);
      },
      idleStopMs: 300,
    });
    try {
      // no occupation: no thread
      expect(engine.thread()).toBeUndefined();
      const first = await rover('T-1');
      expect(engine.has('T-1')).toBe(false);
      await engine.command({ id: first, action: 'start' });
      await expect.poll(() => engine.has('T-1')).toBe(true);
      expect(engine.activeCount()).toBe(1);
      for (let k = 0; k < 5; k++) engine.reading('T-1', epoch(k), Date.now());
      // an NMEA payload is decoded on the engine's thread: a GGA closes the epoch before it
      for (let k = 5; k < 8; k++) engine.nmea('T-1', gga(k), Date.now());
      // the last GGA's epoch stays open (it waits for its GSA/GST or the next GGA): 7 written
      await expect.poll(() => epochsOf(first)).toBe(7);
      await expect.poll(() => reports.some((r) => r.occupation._id === first && r.occupation.Progress.epochsUsed === 7)).toBe(true);
      // the JSON published is the same reports
      expect(JSON.parse(published.at(-1)!)).toEqual(reports.slice(-JSON.parse(published.at(-1)!).length));

      // the thread stops (a bug, out of memory): the occupation it held fails with the reason, its owner hears it
      await engine.thread()!.terminate();
      await expect.poll(async () => (await db.query<{ status: string; reason: string }>('SELECT status, reason FROM occupations WHERE id = $1', [first]))[0]).toEqual({
        status: 'failed',
        reason: 'the occupation engine stopped (thread exit 1)',
      });
      await expect.poll(() => reports.some((r) => r.occupation._id === first && r.occupation.Status === 'failed')).toBe(true);
      expect(engine.has('T-1')).toBe(false);
      // its epochs stay, as evidence; no occupation is left, so no thread is started again
      expect(await epochsOf(first)).toBe(7);
      expect(engine.thread()).toBeUndefined();

      // a new thread runs the next occupation
      const second = await rover('T-2');
      await engine.command({ id: second, action: 'start' });
      await expect.poll(() => engine.has('T-2')).toBe(true);
      for (let k = 0; k < 3; k++) engine.reading('T-2', epoch(k), Date.now());
      await expect.poll(() => epochsOf(second)).toBe(3);
      // cancelled: its epochs written, and the thread ends once idle
      const thread = engine.thread()!;
      await engine.command({ id: second, action: 'cancel' });
      await expect.poll(() => engine.thread(), { timeout: 5000 }).toBeUndefined();
      expect(thread.threadId).toBe(-1);
      expect(engine.has('T-2')).toBe(false);
    } finally {
      await engine.close();
    }
  });
});
