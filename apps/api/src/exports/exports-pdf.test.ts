import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { readPdf } from './test-pdf-text.js';
import { seedManyPoints, seedPoints, seedProject, type SeedPoint } from './test-seed.js';

const A4_PORTRAIT = '595.28 x 841.89';
const A4_LANDSCAPE = '841.89 x 595.28';

const POINTS: SeedPoint[] = [
  { name: 'Gate post 1', latitude: -22.951, longitude: -43.21, accuracy: 'High', fixType: 'rtk-fixed', section: 'Gate' },
  { name: 'Kerb (east) \\ 50% “q”', latitude: -22.9511, longitude: -43.2101, accuracy: 'High', section: 'Kerb' },
  { name: 'Żółw Ελλάδα Жук', latitude: -22.9512, longitude: -43.2102, accuracy: 'Low', section: 'Ściana' },
  { name: '北京 🙂 marker', latitude: -22.9513, longitude: -43.2103, section: 'Kerb' },
  { name: 'Tree 5', latitude: -22.9514, longitude: -43.2104 },
];

describe('PDF report, read back with poppler', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, {
      name: 'Gate survey',
      description: 'Entrance works, phase 2',
      sections: ['default', 'Gate', 'Kerb', 'Ściana', 'Drainage'],
      baseCode: 'BASE-PDF',
    });
    await seedPoints(h.db, projectId, POINTS);
  });
  afterAll(() => h.close());

  it('reports the project, its base, its counts, a plan to scale and every point, on numbered A4 pages', async () => {
    const res = await download(surveyor.agent, 'pdf', projectId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Gate survey-points.pdf"');
    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(3);
    expect(pdf.sizes).toEqual([A4_PORTRAIT, A4_PORTRAIT, A4_LANDSCAPE]);
    const text = pdf.text;
    for (const expected of ['Gate survey', 'Entrance works, phase 2', 'Base BASE-PDF (BASE-PDF)', 'Known position: -22.95, -43.21']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('EPSG:32723 WGS 84 / UTM zone 23S, metre: the default');
    expect(text).toMatch(/Scale 1:[\d,]+ on A4/);
    expect(text).toMatch(/\b0\s+\d+ m\b/); // the scale bar's ends
    expect(text).toMatch(/Points per section[\s\S]*default\s+1[\s\S]*Gate\s+1[\s\S]*Kerb\s+2[\s\S]*Ściana\s+1[\s\S]*Drainage\s+0/);
    expect(text).toMatch(/Points per accuracy[\s\S]*High\s+2[\s\S]*Medium\s+0[\s\S]*Low\s+1[\s\S]*Not graded\s+2/);
    // every point and section in the table; Windows-1252 punctuation and PDF string delimiters intact
    const table = text.slice(text.lastIndexOf('Time (UTC)'));
    for (const name of ['Gate post 1', 'Kerb (east) \\ 50% “q”', 'Żółw Ελλάδα Жук', 'Tree 5', 'Gate', 'Kerb', 'Ściana', 'default']) {
      expect(table).toContain(name);
    }
    // characters no font here can draw do not break the report; the rest of the name still prints
    expect(table).toContain('marker');
    for (const n of [1, 2, 3]) expect(text).toContain(`Gate survey — page ${n}`);
  });

  it('lists thousands of points read in several pages of the database, each exactly once, the heading on every page', async () => {
    const big = await seedProject(h.db, surveyor.userId, { name: 'Big', sections: ['A', 'B', 'C'] });
    await seedManyPoints(h.db, big, 4100, ['A', 'B', 'C']);
    const pdf = await readPdf((await download(surveyor.agent, 'pdf', big)).body);
    const names = pdf.text.match(/\bP\d+\b/g) ?? [];
    expect(new Set(names).size).toBe(4100);
    expect(names).toHaveLength(4100);
    const tablePages = pdf.pages - 2;
    // 44 rows a page: the heading has a second line, the precision columns of a measured point
    expect(tablePages).toBe(Math.ceil(4100 / 44));
    expect(pdf.text.match(/Points — Big/g)).toHaveLength(tablePages);
    expect(pdf.text).toContain(`Big — page ${pdf.pages}`);
  });

  it('exports a project without points as a valid report that says so', async () => {
    const empty = await seedProject(h.db, surveyor.userId, { name: 'Empty', sections: ['default', 'Kerb'] });
    const pdf = await readPdf((await download(surveyor.agent, 'pdf', empty)).body);
    expect(pdf.pages).toBe(3);
    expect(pdf.text).toContain('No points recorded yet.');
    expect(pdf.text).toMatch(/Points per section[\s\S]*default\s+0[\s\S]*Kerb\s+0/);
  });
});
