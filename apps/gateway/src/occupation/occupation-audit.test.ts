import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCES } from '@smi/contracts';
import { openTestDb, type Db } from '@smi/db';
import { silentLog } from '../log.js';
import { occupationEngine } from './engine.js';

interface Entry {
  workspace_id: string;
  project_id: string;
  user_id: string | null;
  user_name: string;
  action: string;
  object_kind: string;
  object_id: string;
  before: unknown;
  after: Record<string, unknown>;
}

/**
 * A point the gateway stores from an occupation is in the audit trail like a point recorded in the browser: written
 * in the point's transaction by the one writer (@smi/db), by the member who started the occupation, in the trail of
 * the workspace that owns the project.
 */
describe('occupation points in the audit trail', () => {
  let db: Db;
  let workspace: string;
  let starter: string;
  let project: string;
  let device: string;
  const ANTENNA = JSON.stringify({ Height: 1.8, HeightType: 'vertical', Reference: 'ARP', Model: '', Offset: 0 });
  // one fixed epoch makes a rapid point; no PDOP or corrections age in these epochs, so those checks are off
  const TOLERANCES = JSON.stringify({ ...DEFAULT_TOLERANCES.rapid, maxPdop: null, maxCorrectionAge: null });

  beforeAll(async () => {
    db = await openTestDb();
    const [owner] = await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash) VALUES ('Olga', 'olga.occ@example.com', 'x') RETURNING id`);
    const [sam] = await db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash) VALUES ('Sam Surveyor', 'sam.occ@example.com', 'x') RETURNING id`);
    starter = sam!.id;
    const [w] = await db.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Crew') RETURNING id`);
    workspace = w!.id;
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'surveyor')`, [workspace, owner!.id, starter]);
    const [p] = await db.query<{ id: string }>(`INSERT INTO projects (owner_id, name) VALUES ($1, 'Audited') RETURNING id`, [workspace]);
    project = p!.id;
    const [d] = await db.query<{ id: string }>(`INSERT INTO devices (code, name, type, owner_id) VALUES ('AUD-1', 'Rover', 'rover', $1) RETURNING id`, [workspace]);
    device = d!.id;
  });
  afterAll(() => db?.close());

  const occupation = async (name: string) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, name, antenna, tolerances, started_by, started_by_name)
         VALUES ($1, $2, $3, 'AUD-1', 'rapid', $4, $5, $6, $7, 'Sam Surveyor') RETURNING id`,
        [project, workspace, device, name, ANTENNA, TOLERANCES, starter],
      )
    )[0]!.id;
  const epoch = (k: number) => ({ latitude: -45.8775672, longitude: 170.5001117, altitude: 14.2, geoidSeparation: 1.8, fixType: 'rtk-fixed' as const, satellites: 12, hdop: 0.6, timestamp: new Date(Date.now() - 10_000 + k * 100).toISOString() });

  it('writes point.recorded with the point as stored, by the occupation starter, in the project workspace trail', async () => {
    const id = await occupation('OCC-1');
    const engine = occupationEngine({ db, log: silentLog, gatewayId: 'gw-audit', report: () => {}, flushEveryMs: 50, saveEveryMs: 60_000 });
    await engine.command({ id, action: 'start' });
    for (let k = 0; k < 3; k++) engine.reading('AUD-1', epoch(k), Date.now());
    await expect.poll(async () => (await db.query<{ point_id: string | null }>('SELECT point_id FROM occupations WHERE id = $1', [id]))[0]!.point_id, { timeout: 20_000 }).not.toBeNull();
    await engine.close();

    const [point] = await db.query<{ id: string; name: string; number: number; latitude: number; recorded_by: string }>('SELECT id, name, number, latitude, recorded_by FROM points WHERE occupation_id = $1', [id]);
    const entries = await db.query<Entry>('SELECT workspace_id, project_id, user_id, user_name, action, object_kind, object_id, before, after FROM audit_log WHERE object_id = $1', [point!.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      workspace_id: workspace,
      project_id: project,
      user_id: starter,
      user_name: 'Sam Surveyor',
      action: 'point.recorded',
      object_kind: 'point',
      before: null,
      after: { Name: 'OCC-1', Number: point!.number, Latitude: point!.latitude, RecordedBy: { Id: starter, Name: 'Sam Surveyor' }, Occupation: id, Method: 'rapid' },
    });
    expect(point!.recorded_by).toBe(starter);
  });
});
