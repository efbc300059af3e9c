import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db.js';
import { loadMigrations, migrate } from './migrate.js';

const BEFORE = '085_point_names_and_numbers';

/** Old data meets the rule that names are unique per project and numbers fixed: duplicates renamed, numbers in time order. */
describe('unique point names and fixed point numbers, over data recorded before', () => {
  let db: Db;
  let project: string;
  let other: string;
  beforeAll(async () => {
    db = await openDb();
    const all = loadMigrations();
    await migrate(db, all.filter((m) => m.version < BEFORE));
    const [user] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('a', 'n@example.com', 'x') RETURNING id");
    const made = async (name: string) =>
      (await db.query<{ id: string }>('INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id', [user!.id, name]))[0]!.id;
    project = await made('Old');
    other = await made('Other');
    // recorded out of time order on purpose: numbers and "who keeps the name" follow the time, not the insertion
    const rows: [string, string, string][] = [
      [project, 'CP-1', '2026-03-01T08:02:00Z'],
      [project, 'CP-1', '2026-03-01T08:00:00Z'],
      [project, 'CP-1 (2)', '2026-03-01T08:01:00Z'],
      [project, 'CP-1', '2026-03-01T08:03:00Z'],
      [project, '', '2026-03-01T08:04:00Z'],
      [project, '', '2026-03-01T08:05:00Z'],
      [other, 'CP-1', '2026-03-01T07:00:00Z'],
    ];
    for (const [p, name, at] of rows) {
      await db.query('INSERT INTO points (project_id, name, latitude, longitude, recorded_at) VALUES ($1, $2, 0, 0, $3)', [p, name, at]);
    }
    await migrate(db, all);
  }, 120_000);
  afterAll(() => db.close());

  const names = async (p: string) =>
    db.query<{ name: string; number: number; recorded_at: Date }>('SELECT name, number FROM points WHERE project_id = $1 ORDER BY recorded_at', [p]);

  it('keeps the first point of a name and gives each later one the first free "name (k)"; empty names stay empty', async () => {
    expect((await names(project)).map((r) => r.name)).toEqual(['CP-1', 'CP-1 (2)', 'CP-1 (3)', 'CP-1 (4)', '', '']);
    expect((await names(other)).map((r) => r.name)).toEqual(['CP-1']);
  });

  it('numbers the points 1..n in time order per project, as the PNEZD export numbered them', async () => {
    expect((await names(project)).map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await names(other)).map((r) => r.number)).toEqual([1]);
  });

  it('refuses a second point of a name in the same project at the database, and allows it in another', async () => {
    const insert = (p: string, name: string) =>
      db.query("INSERT INTO points (project_id, name, latitude, longitude, recorded_at) VALUES ($1, $2, 0, 0, now()) RETURNING number", [p, name]);
    await expect(insert(project, 'CP-1')).rejects.toMatchObject({ code: '23505', constraint: 'points_project_name_key' });
    await expect(insert(other, 'CP-1 (2)')).resolves.toEqual([{ number: 2 }]);
  });

  it('gives the next number to a new point and never gives a deleted point number again', async () => {
    const insert = async (name: string) =>
      (await db.query<{ number: number }>('INSERT INTO points (project_id, name, latitude, longitude, recorded_at) VALUES ($1, $2, 0, 0, now()) RETURNING number', [project, name]))[0]!.number;
    expect(await insert('A')).toBe(7);
    await db.query("DELETE FROM points WHERE project_id = $1 AND name = 'A'", [project]);
    expect(await insert('B')).toBe(8);
    // a failed insert (a taken name) rolls its number back with it
    await expect(insert('B')).rejects.toMatchObject({ code: '23505' });
    expect(await insert('C')).toBe(9);
  });

  it('numbers the first point of a new project 1', async () => {
    const [fresh] = await db.query<{ id: string }>("INSERT INTO projects (owner_id, name) SELECT owner_id, 'New' FROM projects WHERE id = $1 RETURNING id", [project]);
    const [row] = await db.query<{ number: number }>("INSERT INTO points (project_id, name, latitude, longitude, recorded_at) VALUES ($1, 'P1', 0, 0, now()) RETURNING number", [fresh!.id]);
    expect(row!.number).toBe(1);
  });
});
