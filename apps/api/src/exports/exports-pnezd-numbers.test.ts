import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { download } from './test-download.js';

/**
 * A CAD drawing imported from a PNEZD export is matched to later exports by point number: the number a point was
 * given when it was made, kept through deletes, renames and later points (it was the place in the list, which
 * shifted after any delete).
 */
describe('PNEZD point numbers', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Pat');
    projectId = (await createProject(a.agent, await registerDevice(a.agent, 'base'), []))._id;
    dir = mkdtempSync(join(tmpdir(), 'smi-pnezd-'));
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const record = async (Name: string, Timestamp: string) =>
    (await a.agent.post('/api/points').send({ ProjectId: projectId, Name, Latitude: 6.9271, Longitude: 79.8612, Timestamp, EllipsoidalHeight: 10 }).expect(201)).body
      .data as { _id: string; Number: number };
  const pnezd = async () => {
    const res = await a.agent.get(`/api/export/csv/${projectId}?preset=pnezd`).buffer(true).parse((s, done) => {
      const c: Buffer[] = [];
      s.on('data', (b: Buffer) => c.push(b));
      s.on('end', () => done(null, Buffer.concat(c)));
    });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  it('keeps each point its number after a delete, a rename and points taken earlier in the day', async () => {
    await record('1000', '2026-03-01T08:00:00Z');
    const second = await record('1001', '2026-03-01T08:01:00Z');
    const third = await record('1002', '2026-03-01T08:02:00Z');
    const before = parse(await pnezd()) as string[][];
    expect(before.map((r) => [r[0], r[4]])).toEqual([['1', '1000'], ['2', '1001'], ['3', '1002']]);

    await a.agent.delete(`/api/points/${projectId}/${second._id}`).expect(200);
    await a.agent.put(`/api/points/${projectId}/${third._id}/rename`).send({ Name: 'MH 7' }).expect(200);
    // a point whose time falls before the others (a late upload) is listed first, and still numbered after them
    await record('0999', '2026-03-01T07:59:00Z');
    const body = await pnezd();
    const after = parse(body) as string[][];
    expect(after.map((r) => [r[0], r[4]])).toEqual([['4', '0999'], ['1', '1000'], ['3', 'MH 7']]);

    // GDAL reads it as CAD software would: the number is the first field, unchanged
    const path = join(dir, 'pnezd.csv');
    writeFileSync(path, body);
    const ogr = execFileSync('ogrinfo', ['-ro', '-al', '-oo', 'HEADERS=NO', path]).toString();
    expect([...ogr.matchAll(/field_1 \(String\) = (\d+)/g)].map((m) => m[1])).toEqual(['4', '1', '3']);
    // the default download (no preset) is untouched by the numbers
    expect((await download(a.agent, 'csv', projectId)).status).toBe(200);
  });
});
