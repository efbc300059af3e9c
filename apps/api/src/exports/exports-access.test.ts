import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { EXPORT_FORMATS } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { download, jsonOf } from './test-download.js';
import { seedPoints, seedProject } from './test-seed.js';

describe('who may export what, and what the downloaded file is called', () => {
  let h: Harness;
  let owner: Awaited<ReturnType<Harness['verifiedUser']>>;
  let other: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    owner = await h.verifiedUser();
    other = await h.verifiedUser();
    projectId = await seedProject(h.db, owner.userId, { name: 'Site A' });
    await seedPoints(h.db, projectId, [{ name: 'P1', latitude: 6.615, longitude: 79.968 }]);
  });
  afterAll(() => h.close());

  it("answers another account's project exactly like a missing one: 404, for every format", async () => {
    for (const format of EXPORT_FORMATS) {
      const theirs = await download(other.agent, format, projectId);
      const missing = await download(other.agent, format, '00000000-0000-4000-8000-000000000000');
      expect(theirs.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(jsonOf(theirs)).toEqual({ success: false, message: 'Project not found' });
      expect(jsonOf(missing)).toEqual(jsonOf(theirs));
      expect(theirs.headers['content-disposition']).toBeUndefined();
      expect((await download(owner.agent, format, projectId)).status).toBe(200);
    }
  });

  it('refuses an unknown format or a malformed id with 400 naming the field, and a stranger with 401', async () => {
    const xlsx = await download(owner.agent, 'xlsx', projectId);
    expect(xlsx.status).toBe(400);
    expect(jsonOf(xlsx)).toEqual({ success: false, message: 'format: must be one of pdf, dxf, csv, txt, geojson, kml, shp, landxml' });
    const badId = await download(owner.agent, 'csv', 'not-an-id');
    expect(badId.status).toBe(400);
    expect(jsonOf(badId).message).toBe('projectId: must be a valid id');
    expect((await download(h.agent(), 'csv', projectId)).status).toBe(401);
  });

  it('takes the format in any letter case', async () => {
    const res = await download(owner.agent, 'CSV', projectId);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Site A-points.csv"');
  });

  it('sanitises the file name: quotes, slashes and line breaks never reach the header; Unicode goes in filename*', async () => {
    const cases: [string, string, string | null][] = [
      ['He said "hi"/..\\x', 'He said _hi__.._x', null],
      ['Line1\r\nSet-Cookie: a=b', 'Line1 Set-Cookie_ a=b', null],
      ['../../etc/passwd', '_.._etc_passwd', null],
      ['..', 'project', null],
      ['Łódź – Ściana 北', 'Lodz _ Sciana _', 'Łódź – Ściana 北'],
      ['北京', 'project', '北京'],
    ];
    for (const [name, ascii, unicode] of cases) {
      const id = await seedProject(h.db, owner.userId, { name });
      const res = await download(owner.agent, 'csv', id);
      expect(res.status).toBe(200);
      const header = res.headers['content-disposition'] as string;
      expect(header).not.toMatch(/[\r\n]/);
      expect(res.headers['set-cookie']).toBeUndefined();
      const [plain, star] = header.split('; filename*=');
      expect(plain).toBe(`attachment; filename="${ascii}-points.csv"`);
      if (unicode === null) expect(star).toBeUndefined();
      else {
        expect(star).toMatch(/^UTF-8''[A-Za-z0-9%!._~-]+$/);
        expect(decodeURIComponent(star!.slice("UTF-8''".length))).toBe(`${unicode}-points.csv`);
      }
    }
  });

  it('exports a project without points as a valid, empty file of each text format', async () => {
    const empty = await seedProject(h.db, owner.userId, { name: 'Empty', sections: ['default', 'Kerb'] });
    const csv = await download(owner.agent, 'csv', empty);
    expect(parse(csv.body, { bom: true, columns: true })).toEqual([]);
    // no points and no coordinate system: the default grid has no zone yet, and the header says so
    expect(csv.body.toString('utf8')).toContain('name,northing_utm_m,easting_utm_m,height_egm96_m,latitude,longitude,ellipsoidal_height_m');
    const txt = (await download(owner.agent, 'txt', empty)).body.toString('utf8');
    expect(txt.trimEnd().split('\r\n')).toHaveLength(1);
    const geo = JSON.parse((await download(owner.agent, 'geojson', empty)).body.toString('utf8'));
    expect(geo).toMatchObject({ type: 'FeatureCollection', features: [] });
    const kml = (await download(owner.agent, 'kml', empty)).body.toString('utf8');
    expect(kml).toContain('<Folder><name>Kerb</name>');
    expect(kml).not.toContain('<Placemark');
  });
});
