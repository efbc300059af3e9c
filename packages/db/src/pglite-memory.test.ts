import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db.js';
import { PGLITE_SETTINGS } from './pglite-memory.js';

const folders: string[] = [];
function newFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'smi-db-'));
  folders.push(dir);
  return join(dir, 'db');
}
afterAll(() => folders.forEach((d) => rmSync(d, { recursive: true, force: true })));

// a PGlite start is a few seconds on a busy 2-core machine, and the second test opens three
const SLOW = 60_000;

async function settingsOf(db: Awaited<ReturnType<typeof openDb>>) {
  const rows = await db.query<{ name: string; setting: string; unit: string | null }>('SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)', [
    Object.keys(PGLITE_SETTINGS),
  ]);
  const shown = (r: { setting: string; unit: string | null }) => (r.unit ? `${(Number(r.setting) * (r.unit === '8kB' ? 8 : 1)) / 1024}MB` : r.setting);
  return Object.fromEntries(rows.map((r) => [r.name, shown(r)]));
}

describe('the embedded database (PGlite)', () => {
  it('runs with the small buffer pool and maintenance memory of decision 005, and new WAL files not zero-filled', async () => {
    const db = await openDb();
    try {
      expect(await settingsOf(db)).toEqual(PGLITE_SETTINGS);
    } finally {
      await db.close();
    }
  }, SLOW);

  it('creates a new data folder (in a process of its own) and finds its rows and settings when reopened', async () => {
    const dataDir = newFolder();
    const first = await openDb({ dataDir });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.query('CREATE TABLE kept (id int PRIMARY KEY, note text)');
    await first.query("INSERT INTO kept VALUES (1, 'still here')");
    await first.close();

    const again = await openDb({ dataDir });
    try {
      expect(await again.query('SELECT id, note FROM kept')).toEqual([{ id: 1, note: 'still here' }]);
      expect(await settingsOf(again)).toEqual(PGLITE_SETTINGS);
    } finally {
      await again.close();
    }
  }, SLOW);
});
