import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { openPgliteThread } from './pglite-thread.js';

describe('PGlite on its own thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPgliteThread({});
    await db.query('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, tags text[], raw bytea, big bigint)');
  });
  afterAll(() => db.close());

  it('answers rows with their types intact across the thread', async () => {
    const at = new Date('2026-03-01T08:00:00.123Z');
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [1, at, ['a', 'b'], new Uint8Array([0, 255]), '9007199254740993']);
    const [row] = await db.query<{ id: number; at: Date; tags: string[]; raw: Uint8Array; big: bigint }>('SELECT * FROM t WHERE id = 1');
    expect(row!.id).toBe(1);
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.at.toISOString()).toBe(at.toISOString());
    expect(row!.tags).toEqual(['a', 'b']);
    expect([...row!.raw]).toEqual([0, 255]);
    expect(String(row!.big)).toBe('9007199254740993');
  });

  it('passes PostgreSQL errors back with their code, and keeps working after one', async () => {
    await db.query('INSERT INTO t (id) VALUES (2)');
    const err = await db.query('INSERT INTO t (id) VALUES (2)').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    expect(await db.query('SELECT count(*)::int AS n FROM t WHERE id = 2')).toEqual([{ n: 1 }]);
  });

  it('commits only when the transaction resolves, and a statement sent meanwhile waits for the commit', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const tx = db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (10)');
      await hold;
      await q.query('INSERT INTO t (id) VALUES (11)');
      return 'done';
    });
    await new Promise((r) => setTimeout(r, 20));
    // issued while the transaction is open: it runs after the commit and sees both rows
    const seen = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id IN (10, 11)');
    release();
    expect(await tx).toBe('done');
    expect(await seen).toEqual([{ n: 2 }]);
  });

  it('rolls back everything a transaction did when it throws, including after a failed statement', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (20)');
        await q.query('INSERT INTO t (id) VALUES (20)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (21)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT id FROM t WHERE id IN (20, 21)')).toEqual([]);
  });

  it('hands a NOTIFY to the listener before the reply of the statement or transaction whose commit sent it', async () => {
    const heard: string[] = [];
    await db.listen!('t_changes', (payload) => heard.push(payload));
    await db.query(`CREATE FUNCTION t_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('t_changes', NEW.id::text); RETURN NULL; END $$`);
    await db.query('CREATE TRIGGER t_changed AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION t_changed()');
    await db.query('INSERT INTO t (id) VALUES (30)');
    expect(heard).toEqual(['30']);
    await db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (31)');
      // not before the commit
      expect(heard).toEqual(['30']);
    });
    expect(heard).toEqual(['30', '31']);
    // a rolled back write announces nothing
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (32)');
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await db.query('SELECT 1');
    expect(heard).toEqual(['30', '31']);
  });

  it('refuses statements once closed, instead of hanging', async () => {
    const other = await openPgliteThread({});
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});
