import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);

/**
 * PostgreSQL settings for the embedded database, chosen for the server's memory (decision 005). PGlite runs
 * PostgreSQL single-user inside WebAssembly: "shared" memory is taken from the WebAssembly heap, which only ever
 * grows. The default 128 MB buffer pool was 122 MB of the server's resident memory from the first query on; the
 * data files sit on the host file system, so a block that leaves a smaller pool is read back from the OS page cache
 * (not counted in the process). maintenance_work_mem bounds what an index build in a migration adds for good.
 * wal_init_zero off: a new 16 MB WAL file is not first written full of zeros. That write ran inside the commit that
 * needed the file (about every 10,000 recorded points) and held the database thread ~30 ms, a visible stall in the
 * record-point latency; PGlite runs with fsync off (-F), so the zero-fill bought nothing here.
 */
export const PGLITE_SETTINGS = { shared_buffers: '16MB', maintenance_work_mem: '16MB', wal_init_zero: 'off' } as const;

export function pgliteOptions(): PGliteOptions {
  const params = Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  return { startParams: [...PGlite.defaultStartParams, ...params] };
}

// runs in a child node process: CommonJS entry of the same PGlite package, options as JSON on the command line
const CREATE_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], JSON.parse(process.argv[3])).then((db) => db.close()).then(
  () => process.exit(0),
  (err) => { console.error(err && err.stack || String(err)); process.exit(1); },
);`;

/**
 * Creates a new PGlite data folder in a child process. PGlite's initdb runs a second WebAssembly PostgreSQL plus
 * the initdb program; done in the server's own process they left ~500 MB in its RSS until V8 happened to collect
 * them (and a worker thread still left ~120 MB of its freed native memory). A process of its own gives it all back.
 */
export async function createDataDirApart(dataDir: string, options: PGliteOptions): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const entry = require.resolve('@electric-sql/pglite');
  await new Promise<void>((ok, fail) => {
    execFile(process.execPath, ['-e', CREATE_SCRIPT, entry, dataDir, JSON.stringify(options)], { maxBuffer: 1 << 20 }, (err, _out, stderr) =>
      err ? fail(new Error(`Could not create the database in ${dataDir}: ${stderr.trim() || err.message}`)) : ok(),
    );
  });
}
