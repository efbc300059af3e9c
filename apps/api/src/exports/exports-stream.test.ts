import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { PAGE_SIZE } from './repository.js';
import { startHarness, type Harness } from '../testing/harness.js';
import { seedManyPoints, seedProject } from './test-seed.js';

const POINTS = PAGE_SIZE * 15;

describe('a large export is written as it is read', () => {
  let h: Harness;
  let cookie: string;
  let projectId: string;
  let pageReads = 0;
  beforeAll(async () => {
    h = await startHarness();
    const user = await h.verifiedUser();
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    projectId = await seedProject(h.db, user.userId, { name: 'Stream', sections: ['A', 'B'] });
    await seedManyPoints(h.db, projectId, POINTS, ['A', 'B']);
    // count the reads of the database: each page of points is one statement with its planner settings
    const queryWith = h.db.queryWith.bind(h.db);
    h.db.queryWith = (settings, sql, params) => {
      pageReads += 1;
      return queryWith(settings, sql, params);
    };
  });
  afterAll(() => h.close());

  it('starts the download before the last point is read, and stops reading when the client goes away', async () => {
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${h.url}/api/export/csv/${projectId}`, { headers: { cookie } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          // the first bytes arrived before the export had read every page
          resolve(pageReads);
          req.destroy();
        });
      });
      req.on('error', () => {});
      req.on('close', () => resolve(pageReads));
      req.on('timeout', reject);
      req.end();
    });
    const pages = POINTS / PAGE_SIZE + 1; // the last read finds nothing more
    expect(firstBytes).toBeLessThan(pages);
    // the abandoned export stops short of the end (it would read every page if it ignored the hang-up)
    const abandonedReads = await settled(() => pageReads);
    expect(abandonedReads).toBeLessThan(pages);
    // and the server is fine: the next export is complete
    const res = await fetch(`${h.url}/api/export/csv/${projectId}`, { headers: { cookie } });
    const rows = parse(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }) as unknown[];
    expect(rows).toHaveLength(POINTS);
    expect(pageReads - abandonedReads).toBe(pages);
  });
});

/** The value once it has stopped changing for a second (polled; at most 20 s). */
async function settled(read: () => number): Promise<number> {
  let last = read();
  for (let stableFor = 0, waited = 0; stableFor < 1000 && waited < 20_000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    const now = read();
    stableFor = now === last ? stableFor + 100 : 0;
    last = now;
  }
  return last;
}
