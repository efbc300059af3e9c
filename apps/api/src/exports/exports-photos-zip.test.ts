import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Agent } from 'supertest';
import type { PointView, ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test-fixtures/photos', name));

/** GET a path and keep the reply's bytes whatever its type. */
const bytesOf = (agent: Agent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('a points file with its photos beside it, in one zip', () => {
  let h: Harness;
  let ann: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  let dir: string;
  // three photos that phones name alike, and one PNG
  const jpegA = fixture('sideways-orientation-6.jpg');
  const png = fixture('green-24x16.png');
  let jpegB: Buffer;
  let jpegC: Buffer;

  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'points-photos-'));
    ann = await h.verifiedUser('Ann');
    project = await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [await registerDevice(ann.agent, 'rover')]);
    jpegB = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    jpegC = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#aa2200' } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const upload = (point: PointView, bytes: Buffer, name: string) =>
    ann.agent.post(`/api/points/${project._id}/${point._id}/photos?name=${encodeURIComponent(name)}`).set('Content-Type', 'application/octet-stream').send(bytes).expect(201);

  it('holds the csv as its own download writes it and every original byte for byte under the name the photos column gives', async () => {
    const p1 = await recordPoint(ann.agent, project._id, { Name: 'MH1' });
    const p2 = await recordPoint(ann.agent, project._id, { Name: 'MH2' });
    await recordPoint(ann.agent, project._id, { Name: 'CP1' });
    await upload(p1, jpegA, 'image.jpg');
    await upload(p1, png, 'lid.png');
    await upload(p2, jpegB, 'Image.JPG');
    await upload(p2, jpegC, 'image.jpeg');

    const res = await bytesOf(ann.agent, `/api/export/csv/${project._id}?photos=1`).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="[^"]+-points-photos\.zip"/);
    const zipPath = join(dir, 'with-photos.zip');
    writeFileSync(zipPath, res.body as Buffer);
    // Info-ZIP reads it whole, every CRC checked
    expect(execFileSync('unzip', ['-tq', zipPath], { encoding: 'utf8' })).toMatch(/No errors detected/);
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
    const stem = names[0]!;
    expect(stem).toMatch(/-points\.csv$/);
    expect(names.slice(1).sort()).toEqual(['Image (2).jpg', 'image (3).jpg', 'image.jpg', 'lid.png']);

    // the csv in the zip is the csv download, byte for byte
    const csv = execFileSync('unzip', ['-p', zipPath, stem]);
    const plain = await bytesOf(ann.agent, `/api/export/csv/${project._id}`).expect(200);
    expect(Buffer.compare(csv, plain.body as Buffer)).toBe(0);

    // every name in the photos column is a file beside it holding that photo's original
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const photosOf = (name: string) => rows.find((r) => r.name === name)!.photos!.split(' | ').filter(Boolean);
    expect(photosOf('MH1')).toEqual(['image.jpg', 'lid.png']);
    expect(photosOf('MH2')).toEqual(['Image (2).jpg', 'image (3).jpg']);
    expect(photosOf('CP1')).toEqual([]);
    const expected: Record<string, Buffer> = { 'image.jpg': jpegA, 'lid.png': png, 'Image (2).jpg': jpegB, 'image (3).jpg': jpegC };
    for (const [name, bytes] of Object.entries(expected)) {
      const unzipped = execFileSync('unzip', ['-p', zipPath, name]);
      expect(Buffer.compare(unzipped, bytes), name).toBe(0);
    }
    // photos are stored, not deflated: a JPEG does not shrink
    expect(execFileSync('unzip', ['-Zv', zipPath, 'image.jpg'], { encoding: 'utf8' })).toMatch(/compression method:\s+none \(stored\)/);
  });

  it('gives the txt the same way, and refuses what it cannot do with a message', async () => {
    const res = await bytesOf(ann.agent, `/api/export/txt/${project._id}?photos=1`).expect(200);
    const zipPath = join(dir, 'txt.zip');
    writeFileSync(zipPath, res.body as Buffer);
    expect(execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n')[0]).toMatch(/-points\.txt$/);

    const refused = async (path: string, status: number, message: string) => {
      const r = await ann.agent.get(path);
      expect([r.status, r.body]).toEqual([status, { success: false, message }]);
    };
    await refused(`/api/export/dxf/${project._id}?photos=1`, 400, 'photos: only csv and txt come with their photos beside them (in a zip)');
    await refused(`/api/export/csv/${project._id}?photos=1&preset=pnezd`, 400, 'photos: PNEZD has no photos column: use the csv without a preset');
    await refused(`/api/export/csv/${project._id}?photos=yes`, 400, 'photos: must be 0 or 1');
    const bob = await h.verifiedUser('Bob');
    const r = await bob.agent.get(`/api/export/csv/${project._id}?photos=1`);
    expect([r.status, r.body]).toEqual([404, { success: false, message: 'Project not found' }]);
  });
});
