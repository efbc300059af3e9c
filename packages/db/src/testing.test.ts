import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { loadMigrations } from './migrate.js';
import { openTestDb, pruneTemplates } from './testing.js';

// every test file gets a database of its own; on PGlite each is a copy of one migrated template
describe('openTestDb', () => {
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDb(), openTestDb()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('opens a database with every migration applied', async () => {
    const versions = (await a.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
    expect(versions).toEqual(loadMigrations().map((m) => m.version));
  });

  it('gives two databases that do not see each other', async () => {
    await a.query('CREATE TABLE only_in_a (n int)');
    await a.query('INSERT INTO only_in_a VALUES (1)');
    expect(await a.query('SELECT n FROM only_in_a')).toEqual([{ n: 1 }]);
    const inB = await b.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'only_in_a'`);
    expect(inB).toEqual([{ n: 0 }]);
    // and a third, opened after the write, starts from the template, not from a
    const c = await openTestDb();
    try {
      expect(await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'only_in_a'`)).toEqual([{ n: 0 }]);
    } finally {
      await c.close();
    }
  });
});

// templates made for migrations since changed do not pile up in the temporary folder
describe('pruneTemplates', () => {
  it('removes only other templates no run has used for a day', () => {
    const dir = mkdtempSync(join(tmpdir(), 'smi-prune-'));
    try {
      const file = (name: string, daysAgo: number) => {
        const path = join(dir, name);
        writeFileSync(path, 'x');
        const then = new Date(Date.now() - daysAgo * 24 * 3600_000);
        utimesSync(path, then, then);
        return path;
      };
      const keep = file('smi-test-db-00000000000000aa.tar', 3);
      const stale = file('smi-test-db-00000000000000bb.tar', 2);
      const recent = file('smi-test-db-00000000000000cc.tar', 0.5);
      const other = file('smi-test-db-notes.tar', 5);
      pruneTemplates(keep);
      expect([keep, stale, recent, other].map((p) => existsSync(p))).toEqual([true, false, true, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
