import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type SpawnedServer } from '../../apps/api/src/testing/spawn-server.js';

const here = dirname(fileURLToPath(import.meta.url));

export { pointBody, recordPoints, seedSurveyor } from '../../apps/api/src/testing/product-client.js';

/** The product as `npm start` runs it, in a child process on free ports with a temporary data folder. */
export async function startProduct(env: Record<string, string> = {}, o: { restarted?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-bench-'));
  // restarted: as a deployment runs after its first start. The first start creates the database (PGlite's initdb,
  // a WebAssembly instance of its own whose ~430 MB stay in the RSS until V8 happens to collect them).
  if (o.restarted) await (await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env })).stop();
  // BENCH_PROFILE_DIR=/some/dir: the product writes a V8 CPU profile there when it stops (lib/cpu-profile-preload.mjs)
  const dir = process.env.BENCH_PROFILE_DIR;
  const profile: Record<string, string> = dir ? { NODE_OPTIONS: `--import tsx --import ${join(here, 'cpu-profile-preload.mjs')}`, BENCH_PROFILE_DIR: dir } : {};
  const server: SpawnedServer = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...profile, ...env });
  return {
    server,
    url: server.url,
    output: server.output,
    /** The product's log when it ended on its own (a crash under load), else undefined. */
    crashed: () => (server.child.exitCode !== null || server.child.signalCode !== null ? server.output().slice(-4000) : undefined),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
