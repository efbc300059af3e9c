import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { Router, type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ntripEndpoints, ntripUserEndpoints, type Endpoint } from '@smi/contracts';
import { openTestDb, type Db } from '@smi/db';
import { createApp } from './app.js';
import { composeDeps } from './compose.js';
import { silentLogger } from './logger.js';
import { mountedRoutes } from './testing/mounted-routes.js';

/** The one route that is not an endpoint: the web app's pages (index.html for any other GET). */
const WEB_APP_PAGES = 'GET /{*splat}';
const table = (Object.values(endpoints) as Endpoint[]).map((e) => `${e.method} ${e.path}`);

/** What the endpoint table lacks and what it names that the app does not answer. */
function compare(app: Express, tableKeys: string[]) {
  const { routes, unreadable } = mountedRoutes(app);
  const mounted = routes.filter((r) => r !== WEB_APP_PAGES);
  return {
    missingFromTable: mounted.filter((r) => !tableKeys.includes(r)),
    notMounted: tableKeys.filter((k) => !mounted.includes(k)),
    unreadable,
    mounted,
  };
}

describe('the endpoint table', () => {
  let db: Db;
  let dataDir: string;
  let app: Express;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'smi-endpoints-'));
    db = await openTestDb();
    app = createApp(
      composeDeps({
        db,
        log: silentLogger,
        jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789',
        dataDir,
        mailFrom: 'Site Measurement IoT <test@localhost>',
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
    );
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names every route the app mounts, NTRIP ones included, and the app mounts every endpoint it names', () => {
    const found = compare(app, table);
    // a route outside the table has no schema, no access rule, no OpenAPI entry and no web client: add it to the
    // table (packages/contracts) and mount it with mount()
    expect(found.missingFromTable, 'mounted but not in the endpoint table').toEqual([]);
    expect(found.notMounted, 'in the table but not mounted').toEqual([]);
    expect(found.unreadable, 'routes whose path is not a string').toEqual([]);
    // the NTRIP endpoints (sources, sourcetables, caster logins, corrections clients) were once mounted outside it
    const ntrip = (Object.values({ ...ntripEndpoints, ...ntripUserEndpoints }) as Endpoint[]).map((e) => `${e.method} ${e.path}`);
    expect(ntrip.length).toBeGreaterThanOrEqual(11);
    expect(ntrip.filter((k) => !found.mounted.includes(k))).toEqual([]);
    expect(found.mounted.length).toBeGreaterThanOrEqual(80);
  });

  it('the check fails on a route outside the table, wherever and however it is mounted', () => {
    const probe = express();
    const direct = Router();
    direct.get('/api/projects/:id', (_req, res) => res.end());
    direct.delete('/api/projects/:id/everything', (_req, res) => res.end());
    probe.use(direct);
    const prefixed = Router();
    prefixed.post('/mountpoints/:name/kick', (_req, res) => res.end());
    probe.use('/api/ntrip', prefixed);
    probe.put('/metrics', (_req, res) => res.end());
    probe.get(/^\/api\/legacy/, (_req, res) => res.end());
    probe.get('/{*splat}', (_req, res) => res.end());
    const found = compare(probe, ['GET /api/projects/:id', 'GET /api/projects']);
    expect(found.missingFromTable).toEqual(['DELETE /api/projects/:id/everything', 'POST /api/ntrip/mountpoints/:name/kick', 'PUT /metrics']);
    expect(found.notMounted).toEqual(['GET /api/projects']);
    expect(found.unreadable).toEqual(['GET /^\\/api\\/legacy/']);
  });
});
