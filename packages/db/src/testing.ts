import { randomBytes } from 'node:crypto';
import { openDb, type Db } from './db.js';
import { migrate } from './migrate.js';

/**
 * A migrated database for one test file: in-memory PGlite by default, or a fresh schema on the PostgreSQL server
 * named by DATABASE_URL (dropped on close), so the same tests run on both.
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb();
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
