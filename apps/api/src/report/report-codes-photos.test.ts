import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointView, ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from '../exports/test-download.js';
import { readPdf } from '../exports/test-pdf-text.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test-fixtures/photos', name));

describe('the survey report shows the feature codes used and the photos', () => {
  let h: Harness;
  let ann: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  let dir: string;
  let pdf: Buffer;
  let text: string;
  const points = new Map<string, PointView>();

  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'report-codes-'));
    ann = await h.verifiedUser('Ann');
    project = await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [await registerDevice(ann.agent, 'rover')], 'Yard topo');
    const shots: [string, string][] = [
      ['F1', 'FENCE ST'], ['F2', 'FENCE'], ['F3', 'FENCE END'],
      ['B1', 'BLD'], ['B2', 'BLD'], ['B3', 'BLD CLO'],
      ['T1', 'TREE'], ['MH1', 'MH'], ['U1', ''], ['X1', ''],
    ];
    for (const [i, [Name, Code]] of shots.entries()) {
      points.set(Name, await recordPoint(ann.agent, project._id, { Name, Code, Latitude: 6.9271 + i * 1e-5, Timestamp: new Date(Date.UTC(2026, 2, 1, 8, i)).toISOString() }));
    }
    // a code string written before the list changed, which the list cannot read now
    await h.db.query(`UPDATE points SET code = 'NOPE' WHERE id = $1`, [points.get('X1')!._id]);
    const upload = (name: string, bytes: Buffer, file: string) =>
      ann.agent.post(`/api/points/${project._id}/${points.get(name)!._id}/photos?name=${file}`).set('Content-Type', 'application/octet-stream').send(bytes).expect(201);
    await upload('T1', fixture('sideways-orientation-6.jpg'), 'tree.jpg');
    await upload('MH1', fixture('green-24x16.png'), 'lid.png');
    await upload('MH1', fixture('sideways-orientation-6.jpg'), 'tree.jpg');
    const res = await download(ann.agent, 'report', project._id);
    expect(res.status).toBe(200);
    pdf = res.body;
    text = (await readPdf(pdf)).text;
    // ten points, three uploads and a report: more than the default hook time on a loaded host
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  it('lists each code used once, in the list order, with its description, kind, layer, colour and points', () => {
    const legend = text.slice(text.indexOf('Feature codes'));
    expect(text).toContain('Feature codes');
    const rows = [
      /FENCE\s+Fence\s+line\s+FENCE\s+#B22222\s+3\n/,
      /BLD\s+Building outline\s+polygon\s+BUILDING\s+#DC143C\s+3\n/,
      /TREE\s+Tree\s+point\s+VEG-TREE\s+#2E8B57\s+1\n/,
      /MH\s+Manhole\s+point\s+DRAINAGE-MANHOLE\s+#4169E1\s+1\n/,
    ];
    const at = rows.map((re) => legend.search(re));
    expect(at.every((i) => i >= 0), `${at} in\n${legend.slice(0, 1500)}`).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // codes of the list nobody used are not in it
    expect(legend.slice(0, at[3]! + 60)).not.toMatch(/Edge of pavement/);
    expect(legend).toContain("1 point carries a code the project's code list cannot read: drawn as plain points.");
  });

  it('draws each code colour as a swatch beside its row (the page rendered by pdftoppm)', async () => {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    // where pdftotext finds the legend's codes on the cover, in points from the top left
    const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const wordAt = (word: string) =>
      [...words.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)]
        .filter((m) => m[4] === word)
        .map((m) => ({ x: Number(m[1]), top: Number(m[2]), bottom: Number(m[3]) }))
        .sort((a, b) => a.x - b.x)[0]!;
    execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'cover')]);
    const png = join(dir, 'cover.png');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((Math.round(y) * info.width + Math.round(x)) * info.channels, (Math.round(y) * info.width + Math.round(x)) * info.channels + 3)];
    const hex = (rgb: number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('').toUpperCase()}`;
    for (const [code, colour] of [['FENCE', '#B22222'], ['BLD', '#DC143C'], ['TREE', '#2E8B57'], ['MH', '#4169E1']] as const) {
      const w = wordAt(code);
      // the swatch sits left of the code's column, on its row
      expect(hex(pixel(w.x - 14, (w.top + w.bottom) / 2)), code).toBe(colour);
    }
  });

  it('shows every photo as its thumbnail, captioned with its point and the name the csv gives it', async () => {
    const photosPage = text.slice(text.lastIndexOf('Photos'));
    const number = (name: string) => points.get(name)!.Number;
    expect(photosPage).toMatch(new RegExp(String.raw`${number('T1')}\s+T1[\s\S]*tree\.jpg`));
    expect(photosPage).toMatch(new RegExp(String.raw`${number('MH1')}\s+MH1`));
    for (const name of ['tree.jpg', 'lid.png', 'tree (2).jpg']) expect(photosPage).toContain(name);
    // the names are the csv's photos column
    const csv = parse((await download(ann.agent, 'csv', project._id)).body, { columns: true }) as Record<string, string>[];
    expect(csv.find((r) => r.name === 'MH1')!.photos).toBe('lid.png | tree (2).jpg');
    expect(csv.find((r) => r.name === 'T1')!.photos).toBe('tree.jpg');

    // the images in the file are the server's thumbnails: upright 20 x 40 JPEGs and the PNG's 24 x 16, in order
    const file = join(dir, 'photos.pdf');
    writeFileSync(file, pdf);
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    const images = list.map((l) => l.trim().split(/\s+/)).map((c) => [c[3], c[4], c[2], c[8]].join(' '));
    expect(images).toEqual(['20 40 image jpeg', '24 16 image jpeg', '20 40 image jpeg']);
  });
});
