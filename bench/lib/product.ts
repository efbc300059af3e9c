import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type SpawnedServer } from '../../apps/api/src/testing/spawn-server.js';

export { pointBody, recordPoints, seedSurveyor } from '../../apps/api/src/testing/product-client.js';

/** The product as `npm start` runs it, in a child process on free ports with a temporary data folder. */
export async function startProduct(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-bench-'));
  const server: SpawnedServer = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
  return {
    server,
    url: server.url,
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
