import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPrivatePostgres } from '../testing/private-postgres.js';
import { call, pointBody, seedSurveyor } from '../testing/product-client.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

// npm test: the embedded PGlite store. The PostgreSQL pass (DATABASE_URL set): a PostgreSQL cluster of its own.
const onPostgres = !!process.env.DATABASE_URL && !!postgresBin();

describe(`kill -9 of the server during a burst of 500 point recordings (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-kill-'));
  let pg: Awaited<ReturnType<typeof startPrivatePostgres>> | undefined;
  let env: Record<string, string>;
  let server: SpawnedServer;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, EMBEDDED_GATEWAY: 'off', JWT_SECRET: 'kill-test-secret-0123456789-0123456789-xx' };
    if (onPostgres) {
      pg = await startPrivatePostgres();
      env.DATABASE_URL = pg.url;
    }
    server = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every point whose POST was answered with an id, duplicates none, and counts them right', async () => {
    const s = await seedSurveyor(server, 'kill');
    const clientIds = Array.from({ length: 500 }, () => randomUUID());
    const answered = new Map<string, string>(); // ClientId -> _id
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < clientIds.length && !killed) {
        const i = next++;
        try {
          const reply = await call(server.url, 'POST', '/api/points', s.cookie, pointBody(s.projectId, i, { ClientId: clientIds[i] }));
          const id = (reply.data as { _id?: string } | undefined)?._id;
          if (id) answered.set(clientIds[i]!, id);
          if (answered.size === 150 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        } catch {
          // the connection died with the server: this point's fate is unknown to the client, like in the field
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(killed).toBe(true);
    await server.stop('SIGKILL');

    server = await spawnServer(env);
    const after = await call(server.url, 'GET', `/api/points/${s.projectId}`, s.cookie);
    const points = after.points as Array<{ _id: string; ClientId: string | null }>;
    const ids = new Set(points.map((p) => p._id));
    for (const [, id] of answered) expect(ids.has(id)).toBe(true);
    const byClient = points.map((p) => p.ClientId);
    expect(new Set(byClient).size).toBe(byClient.length);
    const project = (await call(server.url, 'GET', `/api/projects/${s.projectId}`, s.cookie)).project as { Total_Points: number };
    expect(project.Total_Points).toBe(points.length);

    // the field app retries everything it did not get an answer for (and some it did): still no duplicate
    for (let i = 0; i < clientIds.length; i += 25) {
      await Promise.all(
        clientIds.slice(i, i + 25).map((cid, k) => call(server.url, 'POST', '/api/points', s.cookie, pointBody(s.projectId, i + k, { ClientId: cid }))),
      );
    }
    const final = (await call(server.url, 'GET', `/api/points/${s.projectId}`, s.cookie)).points as Array<{ _id: string; ClientId: string }>;
    expect(final).toHaveLength(500);
    expect(new Set(final.map((p) => p.ClientId))).toEqual(new Set(clientIds));
    for (const [cid, id] of answered) expect(final.find((p) => p.ClientId === cid)?._id).toBe(id);
    const total = ((await call(server.url, 'GET', `/api/projects/${s.projectId}`, s.cookie)).project as { Total_Points: number }).Total_Points;
    expect(total).toBe(500);
  }, 180_000);
});
