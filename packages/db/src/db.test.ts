import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from './testing.js';
import { migrate } from './migrate.js';
import { openDb, openShared, type Db } from './db.js';

describe('the database layer', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('applies every migration once, and a second run applies nothing', async () => {
    const again = await migrate(db);
    expect(again).toEqual([]);
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toContain('001_init');
  });

  it('rolls a transaction back when it throws, leaving nothing half-written', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO users (name, email, password_hash) VALUES ('a', 'tx@example.com', 'x')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query("SELECT 1 FROM users WHERE email = 'tx@example.com'");
    expect(rows).toHaveLength(0);
  });

  it('takes a Float64Array as a float8[] with NaN as NULL (binary, every bit kept), in and out of a transaction', async () => {
    // values whose shortest decimal form is 17 digits, the extremes, a negative zero, an infinity
    const values = new Float64Array([1.5, NaN, -2.25, 1e-9, 0, 0.1 + 0.2, -33.86514385678901, Number.MAX_VALUE, Number.MIN_VALUE, -0, Infinity]);
    const expected = Array.from(values, (v) => (Number.isNaN(v) ? null : v));
    const [r] = await db.query<{ a: (number | null)[]; i: (number | null)[]; t: string }>(
      'SELECT $1::float8[] AS a, $2::float8[]::int[] AS i, $1::float8[]::text AS t',
      [values, new Float64Array([7, NaN, 12])],
    );
    expect(r!.a).toEqual(expected);
    expect(Object.is(r!.a[9], -0)).toBe(true);
    expect(r!.i).toEqual([7, null, 12]);
    // PostgreSQL's own text of the array it received: the same numbers, shortest round-trip form
    expect(r!.t).toBe('{1.5,NULL,-2.25,1e-09,0,0.30000000000000004,-33.86514385678901,1.7976931348623157e+308,5e-324,-0,Infinity}');
    const rows = await db.tx((q) => q.query<{ v: number | null }>('SELECT v FROM unnest($1::float8[]) AS v', [values]));
    expect(rows.map((x) => x.v)).toEqual(expected);
    const [empty] = await db.query<{ n: number | null; a: number[] }>('SELECT cardinality($1::float8[]) AS n, $1::float8[] AS a', [new Float64Array(0)]);
    expect(empty).toEqual({ n: 0, a: [] });
    // a JavaScript array is still a float8[] in the text form
    const [plain] = await db.query<{ a: (number | null)[] }>('SELECT $1::float8[] AS a', [[2.5, null]]);
    expect(plain!.a).toEqual([2.5, null]);
    // other parameters as they were: bytes stay bytes
    const [b] = await db.query<{ n: number }>('SELECT length($1::bytea) AS n', [new Uint8Array([1, 2, 3])]);
    expect(b!.n).toBe(3);
  });

  it('shares the database with another thread: its statements, transactions, errors and float8[] on a connection of its own, closed without closing the database', async () => {
    const share = await db.share();
    expect(share.kind).toBe(db.kind);
    const other = await openShared(share);
    try {
      const [u] = await other.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('s', 'shared@example.com', 'x') RETURNING id");
      // seen at once by the sharing side: the same database
      expect(await db.query('SELECT email FROM users WHERE id = $1', [u!.id])).toEqual([{ email: 'shared@example.com' }]);
      await expect(
        other.tx(async (q) => {
          await q.query("UPDATE users SET name = 'changed' WHERE id = $1", [u!.id]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await db.query('SELECT name FROM users WHERE id = $1', [u!.id])).toEqual([{ name: 's' }]);
      // PostgreSQL's fields come through (a unique violation)
      await expect(other.query("INSERT INTO users (name, email, password_hash) VALUES ('s', 'shared@example.com', 'x')")).rejects.toMatchObject({ code: '23505' });
      const [f] = await other.query<{ a: (number | null)[] }>('SELECT $1::float8[] AS a', [new Float64Array([0.1 + 0.2, NaN])]);
      expect(f!.a).toEqual([0.30000000000000004, null]);
    } finally {
      await other.close();
    }
    await expect(other.query('SELECT 1')).rejects.toThrow();
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('rolls back what a thread that ends left open on the shared database, which goes on answering', async () => {
    const share = await db.share();
    // another thread opens a transaction on the shared database, writes in it, and is stopped there
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       (async () => {
         (await import(workerData.tsx)).register();
         const { openShared } = await import(workerData.db);
         const other = await openShared(workerData.share);
         await other.tx(async (q) => {
           await q.query("INSERT INTO users (name, email, password_hash) VALUES ('t', 'left-open@example.com', 'x')");
           parentPort.postMessage('in a transaction');
           await new Promise(() => {});
         });
       })();`,
      {
        eval: true,
        workerData: { share, tsx: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href, db: new URL('./db.ts', import.meta.url).href },
        transferList: share.kind === 'pglite' ? [share.port] : [],
      },
    );
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // the database answers, and the write of the transaction left open is not there
    await expect.poll(async () => db.query("SELECT 1 FROM users WHERE email = 'left-open@example.com'"), { timeout: 4000 }).toEqual([]);
    await db.query("INSERT INTO users (name, email, password_hash) VALUES ('t', 'left-open@example.com', 'x')");
    expect(await db.query("SELECT name FROM users WHERE email = 'left-open@example.com'")).toEqual([{ name: 't' }]);
  });

  it('commits a transaction that resolves', async () => {
    const id = await db.tx(async (q) => {
      const [row] = await q.query<{ id: string }>(
        "INSERT INTO users (name, email, password_hash) VALUES ('b', 'ok@example.com', 'x') RETURNING id",
      );
      return row!.id;
    });
    const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [id]);
    expect(rows).toEqual([{ id }]);
  });

  it('refuses a point outside the valid latitude range at the database too', async () => {
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO users (name, email, password_hash) VALUES ('c', 'pt@example.com', 'x') RETURNING id",
    );
    const [project] = await db.query<{ id: string }>('INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id', [
      user!.id,
      'P',
    ]);
    await expect(
      db.query("INSERT INTO points (project_id, name, latitude, longitude, recorded_at) VALUES ($1, 'x', 91, 0, now())", [
        project!.id,
      ]),
    ).rejects.toThrow();
  });

  it('runs a statement with settings local to it: in force for that statement, gone after it', async () => {
    const [inside] = await db.queryWith<{ sort: string; bitmap: string }>(
      { enable_sort: 'off', enable_bitmapscan: 'off' },
      "SELECT current_setting('enable_sort') AS sort, current_setting('enable_bitmapscan') AS bitmap",
    );
    expect(inside).toEqual({ sort: 'off', bitmap: 'off' });
    const [after] = await db.query<{ sort: string }>("SELECT current_setting('enable_sort') AS sort");
    expect(after).toEqual({ sort: 'on' });
    const rows = await db.queryWith<{ n: number }>({ enable_sort: 'off' }, 'SELECT $1::int + 1 AS n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('refuses a setting that is not a plain name and value (SET takes no parameters), and a failed statement leaves the settings off', async () => {
    await expect(db.queryWith({ "enable_sort = off; DROP TABLE users; --": 'on' }, 'SELECT 1')).rejects.toThrow('not a setting');
    await expect(db.queryWith({ enable_sort: "off'; DROP TABLE users; --" }, 'SELECT 1')).rejects.toThrow('not a setting');
    await expect(db.queryWith({ enable_sort: 'off' }, 'SELECT 1 / 0')).rejects.toThrow();
    const [after] = await db.query<{ sort: string; users: number }>("SELECT current_setting('enable_sort') AS sort, count(*)::int AS users FROM users");
    expect(after!.sort).toBe('on');
    expect(typeof after!.users).toBe('number');
  });
});

// An upgrade starts every api process and gateway of a deployment with the new image at once: the first takes the
// advisory lock and applies the new migrations, the others wait for it and then find nothing left to do.
describe.runIf(process.env.DATABASE_URL)('migrations from several processes at once (PostgreSQL)', () => {
  it('are applied once, by whichever process took the lock first, while the others wait', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = await openDb({ databaseUrl: url, maxConnections: 1 });
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const processes = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: url, schema, maxConnections: 1 })));
    try {
      // the first migration holds its transaction a while, so the others arrive while it runs
      const upgrade = [
        { version: '900_probe', sql: 'CREATE TABLE probe (n int);\nSELECT pg_sleep(0.3);' },
        { version: '901_probe_row', sql: 'INSERT INTO probe VALUES (1);' },
      ];
      const applied = await Promise.all(processes.map((db) => migrate(db, upgrade)));
      expect(applied.filter((a) => a.length > 0)).toEqual([['900_probe', '901_probe_row']]);
      expect(applied.filter((a) => a.length === 0)).toHaveLength(2);
      expect(await processes[0]!.query('SELECT n FROM probe')).toEqual([{ n: 1 }]);
      const versions = await processes[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((v) => v.version)).toEqual(['900_probe', '901_probe_row']);
    } finally {
      await Promise.all(processes.map((db) => db.close()));
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.close();
    }
  });
});
