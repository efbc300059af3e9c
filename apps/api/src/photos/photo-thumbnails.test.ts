import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTOS_PER_POINT_MAX, photoNoThumbnail, type PhotoView, type PointView, type ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { silentLogger } from '../logger.js';
import { download } from '../exports/test-download.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';
import { folderPhotoStore } from './photo-store.js';
import { photoService } from './point-photos.js';
import { thumbnailKey } from './repository.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test-fixtures/photos', name));
const SIDEWAYS_JPEG = fixture('sideways-orientation-6.jpg');
const PNG = fixture('green-24x16.png');

/**
 * The green PNG with its image data replaced by bytes that are no zlib stream, every chunk's CRC made right: the file
 * is whole and its headers are a PNG's, so the upload's check passes it, but its pixels cannot be decoded.
 */
function undecodablePng(): Buffer {
  const out: Buffer[] = [PNG.subarray(0, 8)];
  for (let pos = 8; pos < PNG.length; ) {
    const length = PNG.readUInt32BE(pos);
    const type = PNG.subarray(pos + 4, pos + 8);
    const data = type.toString('latin1') === 'IDAT' ? Buffer.alloc(length, 0x5a) : PNG.subarray(pos + 8, pos + 8 + length);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    type.copy(head, 4);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
    out.push(head, data, crc);
    pos += 12 + length;
  }
  return Buffer.concat(out);
}

describe("a photo's thumbnail is made after the upload's reply (decision 081)", () => {
  let h: Harness;
  let ann: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  let root: string;
  // work after a reply, held while `holding` so a test sees the moment between the reply and the thumbnail
  let holding = false;
  const held: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    h = await startHarness({
      afterReply: (job) => (holding ? void held.push(job) : void setImmediate(() => void job())),
      // the queue waits for uploads as long as a test needs (the product's wait is capped: see the test of the cap)
      thumbnailYield: { quietMs: 50, waitMaxMs: 600_000 },
    });
    root = join(h.dataDir, 'photos');
    ann = await h.verifiedUser('Ann');
    project = await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [await registerDevice(ann.agent, 'rover')]);
  }, 120_000);
  afterAll(() => h.close());

  const upload = async (point: PointView, bytes: Buffer, name: string) =>
    (await ann.agent.post(`/api/points/${project._id}/${point._id}/photos?name=${name}`).set('Content-Type', 'application/octet-stream').send(bytes).expect(201))
      .body.photo as PhotoView;
  const release = async () => {
    holding = false;
    for (const job of held.splice(0)) await job();
    await h.deps.photos.thumbnails.drained();
  };
  const stateOf = async (photo: PhotoView) =>
    (await h.db.query<{ thumbnail: string; storage_key: string }>('SELECT thumbnail, storage_key FROM point_photos WHERE id = $1', [photo._id]))[0]!;
  const thumbnailFile = async (photo: PhotoView) => join(root, thumbnailKey((await stateOf(photo)).storage_key));

  it('answers the upload with the original stored and the thumbnail pending, then makes the thumbnail', async () => {
    const point = await recordPoint(ann.agent, project._id);
    holding = true;
    const photo = await upload(point, SIDEWAYS_JPEG, 'kerb.jpg');
    // the reply came before any decoding: the thumbnail is still to be made, and nothing says it failed
    expect(photo).toMatchObject({ Width: 20, Height: 40, TakenAt: '2026-03-01T08:15:30+05:30', ThumbnailProblem: null });
    expect((await stateOf(photo)).thumbnail).toBe('pending');
    expect(existsSync(await thumbnailFile(photo))).toBe(false);
    expect(Buffer.compare((await ann.agent.get(photo.Url).buffer(true).expect(200)).body as Buffer, SIDEWAYS_JPEG)).toBe(0);

    await release();
    expect((await stateOf(photo)).thumbnail).toBe('made');
    const file = readFileSync(await thumbnailFile(photo));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    const served = (await ann.agent.get(photo.ThumbnailUrl).buffer(true).expect(200)).body as Buffer;
    expect(Buffer.compare(served, file)).toBe(0);
  });

  it('makes a pending thumbnail when it is asked for, and the queue then leaves it as made', async () => {
    const point = await recordPoint(ann.agent, project._id);
    holding = true;
    const photo = await upload(point, PNG, 'lid.png');
    expect((await stateOf(photo)).thumbnail).toBe('pending');
    const thumb = await ann.agent.get(photo.ThumbnailUrl).buffer(true).expect(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
    expect((await stateOf(photo)).thumbnail).toBe('made');
    const file = readFileSync(await thumbnailFile(photo));
    await release();
    expect(Buffer.compare(readFileSync(await thumbnailFile(photo)), file)).toBe(0);
  });

  it('keeps a whole file whose picture cannot be decoded, flagged, and every export still works', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const damaged = undecodablePng();
    holding = true;
    const bad = await upload(point, damaged, 'damaged.png');
    // a second photo left pending: the report makes its thumbnail on demand
    const pending = await upload(point, SIDEWAYS_JPEG, 'pending.jpg');
    expect(bad).toMatchObject({ MediaType: 'image/png', Width: 24, Height: 16, ThumbnailProblem: null });
    // the project's points list, read now, is cached for this revision: the flag must reach it all the same
    const listedPhoto = async () =>
      ((await ann.agent.get(`/api/points/${project._id}`).expect(200)).body.points as PointView[]).find((p) => p._id === point._id)!.Photos!.find((p) => p._id === bad._id);
    expect(await listedPhoto()).toMatchObject({ ThumbnailProblem: null });

    const pdf = (await download(ann.agent, 'report', project._id).then((r) => (expect(r.status).toBe(200), r))).body;
    const pdfFile = join(h.dataDir, 'report.pdf');
    writeFileSync(pdfFile, pdf);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('damaged.png');
    expect(text).toContain('pending.jpg');
    expect(text).toContain('(thumbnail missing)');
    // the pending photo's thumbnail is in the report (20 x 40, upright); the damaged one has none
    const images = execFileSync('pdfimages', ['-list', pdfFile], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.map((l) => l.trim().split(/\s+/).slice(3, 5).join('x'))).toContain('20x40');
    expect((await stateOf(pending)).thumbnail).toBe('made');
    expect((await stateOf(bad)).thumbnail).toBe('failed');

    await release();
    expect((await stateOf(bad)).thumbnail).toBe('failed');
    // kept: listed, flagged with the reason, the original served byte for byte
    const listed = (await ann.agent.get(`/api/points/${project._id}/${point._id}/photos`).expect(200)).body.photos as PhotoView[];
    expect(listed.find((p) => p._id === bad._id)).toMatchObject({ ThumbnailProblem: photoNoThumbnail });
    expect(listed.find((p) => p._id === pending._id)).toMatchObject({ ThumbnailProblem: null });
    expect(await listedPhoto()).toMatchObject({ ThumbnailProblem: photoNoThumbnail });
    expect(Buffer.compare((await ann.agent.get(bad.Url).buffer(true).expect(200)).body as Buffer, damaged)).toBe(0);
    const thumb = await ann.agent.get(bad.ThumbnailUrl);
    expect([thumb.status, thumb.body]).toEqual([409, { success: false, message: photoNoThumbnail }]);
    expect(existsSync(await thumbnailFile(bad))).toBe(false);

    // the zip export carries the original whole
    const zip = await ann.agent
      .get(`/api/export/csv/${project._id}?photos=1`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const zipFile = join(h.dataDir, 'photos.zip');
    writeFileSync(zipFile, zip.body as Buffer);
    expect(Buffer.compare(execFileSync('unzip', ['-p', zipFile, 'damaged.png']), damaged)).toBe(0);
  });

  it('refuses a photo past the point\'s limit with 409, storing nothing of it', async () => {
    const point = await recordPoint(ann.agent, project._id);
    for (let i = 0; i < PHOTOS_PER_POINT_MAX; i++) await upload(point, PNG, `p${i}.png`);
    await h.deps.photos.thumbnails.drained();
    const rows = async () => (await h.db.query('SELECT 1 FROM point_photos WHERE point_id = $1', [point._id])).length;
    const files = () => readdirSync(join(root, project._id), { recursive: true }).length;
    const [rowsBefore, filesBefore] = [await rows(), files()];
    expect(rowsBefore).toBe(PHOTOS_PER_POINT_MAX);
    const over = await ann.agent.post(`/api/points/${project._id}/${point._id}/photos`).set('Content-Type', 'image/png').send(PNG);
    expect([over.status, over.body]).toEqual([409, { success: false, message: `A point has at most ${PHOTOS_PER_POINT_MAX} photos. Delete one to add another.` }]);
    await h.deps.photos.thumbnails.drained();
    expect([await rows(), files()]).toEqual([rowsBefore, filesBefore]);
  });

  it('makes no thumbnail while a photo upload is under way, serves a reader meanwhile, and makes it once uploads stop', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const { thumbnails } = h.deps.photos;
    holding = true;
    const early = await upload(point, PNG, 'early.png');
    const read = await upload(point, SIDEWAYS_JPEG, 'read.jpg');
    // an upload under way: its first bytes sent, the rest held back
    const slow = ann.agent
      .post(`/api/points/${project._id}/${point._id}/photos?name=slow.jpg`)
      .set('Content-Type', 'image/jpeg')
      .set('Content-Length', String(SIDEWAYS_JPEG.length));
    slow.write(SIDEWAYS_JPEG.subarray(0, 600));
    await vi.waitFor(() => expect(thumbnails.status().uploads).toBe(1));

    holding = false;
    const queued = Promise.all(held.splice(0).map((job) => job()));
    await vi.waitFor(() => expect(thumbnails.status().yielding).toBe(true));
    expect([(await stateOf(early)).thumbnail, (await stateOf(read)).thumbnail]).toEqual(['pending', 'pending']);
    // a reader asking meanwhile has it made on the spot; the queue keeps waiting
    const thumb = await ann.agent.get(read.ThumbnailUrl).buffer(true).expect(200);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect([(await stateOf(early)).thumbnail, (await stateOf(read)).thumbnail]).toEqual(['pending', 'made']);
    expect(thumbnails.status()).toEqual({ uploads: 1, yielding: true });

    // the upload ends: the waiting thumbnails are made, its own too
    slow.write(SIDEWAYS_JPEG.subarray(600));
    const done = await slow;
    expect(done.status).toBe(201);
    const slowPhoto = done.body.photo as PhotoView;
    await queued;
    await thumbnails.drained();
    expect(thumbnails.status()).toEqual({ uploads: 0, yielding: false });
    expect([(await stateOf(early)).thumbnail, (await stateOf(slowPhoto)).thumbnail]).toEqual(['made', 'made']);
    expect(await sharp(readFileSync(await thumbnailFile(early))).metadata()).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
  });

  it('counts an upload refused or cut off as ended, and waits for uploads no longer than its cap', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const refused = await ann.agent.post(`/api/points/${project._id}/${point._id}/photos`).set('Content-Type', 'image/jpeg').send(Buffer.from('not a photo'));
    expect(refused.status).toBe(400);
    expect(h.deps.photos.thumbnails.status().uploads).toBe(0);
    const cut = ann.agent.post(`/api/points/${project._id}/${point._id}/photos`).set('Content-Type', 'image/jpeg').set('Content-Length', String(SIDEWAYS_JPEG.length));
    cut.on('error', () => undefined);
    cut.write(SIDEWAYS_JPEG.subarray(0, 600));
    await vi.waitFor(() => expect(h.deps.photos.thumbnails.status().uploads).toBe(1));
    cut.abort();
    await vi.waitFor(() => expect(h.deps.photos.thumbnails.status().uploads).toBe(0));

    holding = true;
    const photo = await upload(point, SIDEWAYS_JPEG, 'capped.jpg');
    // another process over the same database and store, with an upload under way that never ends
    const next = photoService({ db: h.db, store: folderPhotoStore(root), log: silentLogger, schedule: (job) => void setImmediate(() => void job()), yieldTo: { quietMs: 600_000, waitMaxMs: 300 } });
    const endUpload = next.thumbnails.uploading();
    expect(await next.thumbnails.resume()).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(next.thumbnails.status().yielding).toBe(true));
    await next.thumbnails.drained();
    expect(next.thumbnails.status()).toEqual({ uploads: 1, yielding: false });
    expect((await stateOf(photo)).thumbnail).toBe('made');
    endUpload();
    endUpload();
    expect(next.thumbnails.status().uploads).toBe(0);
    await next.thumbnails.stop();
    await release();
  });

  it('makes again, when a process starts, the thumbnails still pending when the last one stopped', async () => {
    const point = await recordPoint(ann.agent, project._id);
    holding = true;
    const a = await upload(point, SIDEWAYS_JPEG, 'a.jpg');
    const b = await upload(point, PNG, 'b.png');
    // this process "stops" with both queued and not made
    await h.deps.photos.thumbnails.stop();
    held.length = 0;
    holding = false;
    expect([(await stateOf(a)).thumbnail, (await stateOf(b)).thumbnail]).toEqual(['pending', 'pending']);

    // the next process over the same database and store
    const next = photoService({ db: h.db, store: folderPhotoStore(root), log: silentLogger, schedule: (job) => void setImmediate(() => void job()) });
    expect(await next.thumbnails.resume()).toBeGreaterThanOrEqual(2);
    await next.thumbnails.drained();
    expect([(await stateOf(a)).thumbnail, (await stateOf(b)).thumbnail]).toEqual(['made', 'made']);
    expect(await sharp(readFileSync(await thumbnailFile(a))).metadata()).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(await sharp(readFileSync(await thumbnailFile(b))).metadata()).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
    expect(await next.thumbnails.resume()).toBe(0);
    await next.thumbnails.stop();
  });
});
