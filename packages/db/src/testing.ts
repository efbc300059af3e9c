import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDb, type Db } from './db.js';
import { loadMigrations, migrate } from './migrate.js';
import { openPgliteThread } from './pglite-thread.js';
import { pgliteOptions } from './pglite-memory.js';

/**
 * A migrated database for one test file: in-memory PGlite by default, or a fresh schema on the PostgreSQL server
 * named by DATABASE_URL (dropped on close), so the same tests run on both.
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // a copy of one migrated database (initdb in WebAssembly took ~5 s of CPU per test file; unpacking takes ~0.3 s);
    // migrate() runs again and finds everything applied
    const db = await openDb({ template: await migratedTemplate() });
    await migrate(db);
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({ databaseUrl: url, schema, maxConnections: 5 });
  await migrate(db);
  return {
    ...db,
    kind: db.kind,
    query: db.query.bind(db),
    tx: db.tx.bind(db),
    async close() {
      // a test's schema left behind goes with the test database
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await db.close();
    },
  };
}

let template: Promise<string> | undefined;

/**
 * The data folder of a new, migrated in-memory PGlite as a tar in the temporary folder, named by a hash of what makes
 * it (PGlite's version, its settings, every migration's text): made once, by the first test file that needs it, and
 * then shared by every test file of every package until a migration changes. Written under a name of its own and
 * renamed into place, so a reader never sees half of one. Each use marks the file used; a template no run has used for
 * a day (made for migrations since changed) is removed.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const migrations = loadMigrations();
    const options = pgliteOptions();
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const pgliteVersion = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(JSON.stringify([pgliteVersion, options, migrations])).digest('hex').slice(0, 16);
    const file = join(tmpdir(), `smi-test-db-${hash}.tar`);
    pruneTemplates(file);
    try {
      const now = new Date();
      utimesSync(file, now, now);
      return file;
    } catch {
      // not made yet (or removed a moment ago): made below
    }
    const db = await openPgliteThread({ options });
    try {
      await migrate(db, migrations);
      const tar = await db.dumpDataDir();
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, tar);
      renameSync(partial, file);
    } finally {
      await db.close();
    }
    return file;
  })());
}

const TEMPLATE_UNUSED_MS = 24 * 3600_000;

/** Removes the templates other than `keep` that no run has used for a day; one another run removes first is skipped. */
export function pruneTemplates(keep: string) {
  const dir = dirname(keep);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!/^smi-test-db-[0-9a-f]{16}\.tar$/.test(name) || path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > TEMPLATE_UNUSED_MS) rmSync(path, { force: true });
    } catch {
      // removed meanwhile by another test run's pruning
    }
  }
}
