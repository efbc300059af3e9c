import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { readPdf } from './test-pdf-text.js';
import { seedProject } from './test-seed.js';

/**
 * Who measured each point, in every deliverable that has a place for it, read back by the tools a surveyor opens
 * them with (a CSV parser, GDAL, xmllint, poppler): a team's owner and a surveyor each record points of one job.
 */
describe('collected_by: who measured each point, in the exports and the survey report', () => {
  let h: Harness;
  let dir: string;
  let projectId: string;
  let owner: Awaited<ReturnType<Harness['verifiedUser']>>;
  let sam: Awaited<ReturnType<Harness['verifiedUser']>>;
  // the point names and who recorded each
  const BY: Record<string, string> = { 'Kerb-1': 'Olga Owner', 'Kerb-2': 'Sam "the" Surveyor', 'Kerb-3': 'Sam "the" Surveyor' };

  const save = async (format: string, name: string) => {
    const res = await download(owner.agent, format, projectId);
    expect(res.status, res.body.toString()).toBe(200);
    const path = join(dir, name);
    writeFileSync(path, res.body);
    return { path, body: res.body };
  };
  const ogrRows = (src: string, ...args: string[]) =>
    parse(execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', src, '-lco', 'GEOMETRY=AS_XYZ', ...args]).toString(), { columns: true }) as Record<string, string>[];
  const byName = (rows: Record<string, string>[], nameKey: string, byKey: string) => Object.fromEntries(rows.map((r) => [r[nameKey]!, r[byKey]!]));

  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'collected-by-'));
    owner = await h.verifiedUser('Olga Owner');
    sam = await h.verifiedUser('Sam "the" Surveyor');
    const team = (await owner.agent.post('/api/workspaces').send({ name: 'Kerb crew' }).expect(201)).body.workspace.id as string;
    await owner.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    // a member as an accepted invitation leaves them (the invitation flow has its own tests)
    await h.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'surveyor')`, [team, sam.userId]);
    await sam.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    projectId = await seedProject(h.db, team, { name: 'Kerb line' });
    const point = (name: string, i: number) => ({ ProjectId: projectId, Name: name, Latitude: -22.9512 - i * 1e-4, Longitude: -43.2109, Accuracy: 'High', EllipsoidalHeight: 5 + i });
    await owner.agent.post('/api/points').send(point('Kerb-1', 0)).expect(201);
    await sam.agent.post('/api/points').send(point('Kerb-2', 1)).expect(201);
    await sam.agent.post('/api/points').send({ ...point('Kerb-3', 2), FixType: 'rtk-fixed' }).expect(201);
  });
  afterAll(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('csv and txt: a collected_by column after every other column, the recorder of each point', async () => {
    for (const [format, delimiter] of [['csv', ','], ['txt', '\t']] as const) {
      const { body } = await save(format, `points.${format}`);
      const rows = parse(body, { columns: true, delimiter, quote: delimiter === ',' ? '"' : false }) as Record<string, string>[];
      expect(Object.keys(rows[0]!).at(-1)).toBe('collected_by');
      expect(byName(rows, 'name', 'collected_by')).toEqual(BY);
    }
  });

  it('geojson and kml: a collected_by property of each point, read by GDAL', async () => {
    const gj = await save('geojson', 'points.geojson');
    expect(byName(ogrRows(gj.path), 'name', 'collected_by')).toEqual(BY);
    const kml = await save('kml', 'points.kml');
    const rows = ogrRows(kml.path);
    expect(byName(rows, 'Name', 'collected_by')).toEqual(BY);
  });

  it('shp: a collect_by field (dBASE names stop at 10 characters), read by GDAL', async () => {
    const shp = await save('shp', 'points.zip');
    expect(execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${shp.path}`]).toString()).toMatch(/^collect_by: String \(120\.0\)$/m);
    expect(byName(ogrRows(`/vsizip/${shp.path}`), 'name', 'collect_by')).toEqual(BY);
  });

  it('landxml: a Feature of each CgPoint with a collected_by Property, the coordinates still the point text (xmllint)', async () => {
    const { path } = await save('landxml', 'points.xml');
    execFileSync('xmllint', ['--noout', path]);
    const x = (xpath: string) => execFileSync('xmllint', ['--xpath', xpath, path]).toString().trim();
    for (const [name, by] of Object.entries(BY)) {
      expect(x(`string(//*[local-name()='CgPoint'][@name='${name}']/*[local-name()='Feature']/*[local-name()='Property'][@label='collected_by']/@value)`)).toBe(by);
      // the point's own text is its northing, easting and height alone
      expect(x(`string(//*[local-name()='CgPoint'][@name='${name}']/text())`)).toMatch(/^-?\d+\.\d+ -?\d+\.\d+ -?\d+\.\d+$/);
    }
    // the fix type is a Property of its own; the code attribute is not it
    expect(x(`string(//*[local-name()='CgPoint'][@name='Kerb-3']/*[local-name()='Feature']/*[local-name()='Property'][@label='fix_type']/@value)`)).toBe('rtk-fixed');
    expect(x(`string(//*[local-name()='CgPoint'][@name='Kerb-3']/@code)`)).not.toContain('rtk');
    expect(x(`count(//*[local-name()='CgPoint'][@name='Kerb-1']//*[@label='fix_type'])`)).toBe('0');
  });

  it("the survey report names who measured the job and each point, and who set its CRS (pdftotext), in a team's workspace", async () => {
    // a default frame names nobody; a CRS set by the owner is named with its time
    const before = (await readPdf((await download(owner.agent, 'report', projectId)).body)).text;
    expect(before).not.toContain('Coordinate system set by');
    await owner.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 32723 }).expect(200);
    const res = await download(owner.agent, 'report', projectId);
    expect(res.status, res.body.toString().slice(0, 200)).toBe(200);
    const { text } = await readPdf(res.body);
    const flat = text.replace(/\s+/g, ' ');
    // the workspace's owner answers for the job; the points are the members'
    expect(flat).toContain(`Surveyor Olga Owner <${owner.email}>`);
    expect(flat).toContain('Measured by Sam "the" Surveyor (2 points), Olga Owner (1 point)');
    expect(text.match(/Measured by Sam "the" Surveyor$/gm)).toHaveLength(2);
    expect(text.match(/Measured by Olga Owner$/gm)).toHaveLength(1);
    expect(flat).toMatch(/Coordinate system set by Olga Owner, 20\d\d-\d\d-\d\d \d\d:\d\d/);
    expect(flat).not.toContain('Calibration set by');
  });
});
