import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db.js';
import { loadMigrations, migrate } from './migrate.js';

const WORKSPACES = '140_workspaces';
/** Every table that holds an account's work before workspaces, read whole in a stable order. */
const TABLES = ['users', 'devices', 'projects', 'project_devices', 'points', 'occupations', 'code_lists'];

/** A database at the schema before workspaces: in-memory PGlite, or a fresh schema on DATABASE_URL's server. */
async function openBare(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({ databaseUrl: url, schema, maxConnections: 3 });
  const close = async () => {
    // a schema left behind goes with the test database
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await db.close();
  };
  return { ...db, kind: db.kind, query: db.query.bind(db), tx: db.tx.bind(db), close };
}

/** Accounts with projects, devices, points and an occupation, made before workspaces, migrated: nothing is lost. */
describe('personal workspaces over data made before them', () => {
  let db: Db;
  const before = new Map<string, unknown[]>();
  let alice: string;
  let bob: string;
  let aliceProject: string;
  beforeAll(async () => {
    db = await openBare();
    const all = loadMigrations();
    await migrate(db, all.filter((m) => m.version < WORKSPACES));
    const user = async (name: string, email: string) =>
      (await db.query<{ id: string }>('INSERT INTO users (name, email, password_hash, is_verified) VALUES ($1, $2, $3, true) RETURNING id', [name, email, 'h']))[0]!.id;
    alice = await user('Alice', 'alice@example.com');
    bob = await user('Bob', 'bob@example.com');
    const device = async (owner: string, code: string, type: string) =>
      (await db.query<{ id: string }>('INSERT INTO devices (code, name, type, owner_id, connected) VALUES ($1, $1, $2, $3, true) RETURNING id', [code, type, owner]))[0]!.id;
    const rover = await device(alice, 'ROVER-A1', 'rover');
    const base = await device(alice, 'BASE-A1', 'base');
    await device(bob, 'ROVER-B1', 'rover');
    const project = async (owner: string, name: string, baseId: string | null) =>
      (await db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner, name, baseId]))[0]!.id;
    aliceProject = await project(alice, 'Bridge', base);
    const bobProject = await project(bob, 'Road', null);
    await db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [aliceProject, rover]);
    // coordinates that a float round trip through text would change in their last digit
    const coords: [string, string, number, number, number][] = [
      [aliceProject, 'CP-1', 51.5 + Math.PI / 1e5, -0.1246254 / 3, 12.345678901234],
      [aliceProject, 'CP-2', -33.8567844 - Math.E / 1e9, 151.2152967 + 1 / 3e7, -0.000123456789],
      [bobProject, 'R-1', 0.1 + 0.2, -180 + 1 / 7e13, 8848.86],
    ];
    for (const [p, name, lat, lon, alt] of coords) {
      await db.query('INSERT INTO points (project_id, name, latitude, longitude, altitude, recorded_at) VALUES ($1, $2, $3, $4, $5, now())', [p, name, lat, lon, alt]);
    }
    await db.query(
      `INSERT INTO occupations (project_id, owner_id, device_id, device_code, method, antenna, tolerances)
       VALUES ($1, $2, $3, 'ROVER-A1', 'topo', '{}', '{}')`,
      [aliceProject, alice, rover],
    );
    await db.query(`INSERT INTO code_lists (owner_id, name, control_codes, codes) VALUES ($1, 'Roads', '[]', '[]')`, [bob]);
    for (const t of TABLES) before.set(t, await db.query(`SELECT * FROM ${t} ORDER BY ${t}::text`));
    await migrate(db, all);
  }, 120_000);
  afterAll(() => db?.close());

  it('keeps every row of every table, every column it had, identical (point coordinates to the last bit)', async () => {
    for (const t of TABLES) {
      const after = await db.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY ${t}::text`);
      const was = before.get(t) as Record<string, unknown>[];
      expect(after.length, t).toBe(was.length);
      expect(after.map((row, i) => Object.fromEntries(Object.keys(was[i]!).map((k) => [k, row[k]]))), t).toEqual(was);
    }
    const points = before.get('points') as { latitude: number; longitude: number; altitude: number }[];
    const now = await db.query<{ latitude: number; longitude: number; altitude: number }>('SELECT latitude, longitude, altitude FROM points ORDER BY id');
    for (let i = 0; i < points.length; i++) {
      expect(Object.is(now[i]!.latitude, points[i]!.latitude) && Object.is(now[i]!.longitude, points[i]!.longitude) && Object.is(now[i]!.altitude, points[i]!.altitude)).toBe(true);
    }
  });

  it("gives every account a personal workspace with the account's id, the account its owner", async () => {
    const ws = await db.query<{ id: string; name: string; personal_of: string }>('SELECT id, name, personal_of FROM workspaces ORDER BY name');
    expect(ws).toEqual([
      { id: alice, name: 'Alice', personal_of: alice },
      { id: bob, name: 'Bob', personal_of: bob },
    ]);
    const members = await db.query('SELECT workspace_id, user_id, role FROM workspace_members ORDER BY role, user_id');
    expect(members).toEqual(expect.arrayContaining([{ workspace_id: alice, user_id: alice, role: 'owner' }, { workspace_id: bob, user_id: bob, role: 'owner' }]));
    expect(members).toHaveLength(2);
  });

  it("attributes the points and occupations made before to the project's owner, by name", async () => {
    const rows = await db.query<{ name: string; recorded_by: string; recorded_by_name: string }>('SELECT name, recorded_by, recorded_by_name FROM points ORDER BY name');
    expect(rows).toEqual([
      { name: 'CP-1', recorded_by: alice, recorded_by_name: 'Alice' },
      { name: 'CP-2', recorded_by: alice, recorded_by_name: 'Alice' },
      { name: 'R-1', recorded_by: bob, recorded_by_name: 'Bob' },
    ]);
    expect(await db.query('SELECT started_by, started_by_name FROM occupations')).toEqual([{ started_by: alice, started_by_name: 'Alice' }]);
  });

  it('makes the personal workspace of an account made later, and owner_id now names a workspace', async () => {
    const [carol] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('Carol', 'carol@example.com', 'h') RETURNING id");
    expect(await db.query('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $1', [carol!.id])).toEqual([{ role: 'owner' }]);
    const [team] = await db.query<{ id: string }>("INSERT INTO workspaces (name) VALUES ('Crew') RETURNING id");
    await db.query("INSERT INTO projects (owner_id, name) VALUES ($1, 'Crew job')", [team!.id]);
    await expect(db.query("INSERT INTO projects (owner_id, name) VALUES (gen_random_uuid(), 'Nobody')")).rejects.toMatchObject({ code: '23503' });
    // one owner per workspace
    await db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')", [team!.id, alice]);
    await expect(db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')", [team!.id, bob])).rejects.toMatchObject({ code: '23505' });
  });

  it('deleting an account takes its personal workspace and its work with it, as before', async () => {
    await db.query('DELETE FROM users WHERE id = $1', [bob]);
    expect(await db.query('SELECT 1 FROM workspaces WHERE id = $1', [bob])).toEqual([]);
    expect(await db.query('SELECT 1 FROM projects WHERE owner_id = $1', [bob])).toEqual([]);
    expect(await db.query('SELECT 1 FROM devices WHERE owner_id = $1', [bob])).toEqual([]);
    expect(await db.query('SELECT count(*)::int AS n FROM projects WHERE id = $1', [aliceProject])).toEqual([{ n: 1 }]);
  });
});
