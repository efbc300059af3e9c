import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoNotAnImage, photoTooLarge, type PhotoView, type PointView, type ProjectView } from '@smi/contracts';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { purgeDeletedPoints } from '../points/point-changes.js';
import { download } from '../exports/test-download.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test-fixtures/photos', name));
const SIDEWAYS_JPEG = fixture('sideways-orientation-6.jpg');
const PNG = fixture('green-24x16.png');
const TEXT_AS_JPEG = fixture('notes-named-as.jpg');

/** Every file under the photo folder, as paths relative to it. */
function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1));
}

describe('photos of a point: checked by their content, stored as files, served only to who may read the point', () => {
  let h: Harness;
  let ann: Awaited<ReturnType<Harness['verifiedUser']>>;
  let bob: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  let root: string;
  beforeAll(async () => {
    h = await startHarness();
    root = join(h.dataDir, 'photos');
    ann = await h.verifiedUser('Ann');
    bob = await h.verifiedUser('Bob');
    project = await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [await registerDevice(ann.agent, 'rover')]);
  });
  afterAll(() => h.close());

  const photosOf = (point: PointView) => `/api/points/${project._id}/${point._id}/photos`;
  const upload = (point: PointView, bytes: Buffer, type = 'image/jpeg', name?: string) =>
    ann.agent
      .post(photosOf(point) + (name === undefined ? '' : `?name=${encodeURIComponent(name)}`))
      .set('Content-Type', type)
      .send(bytes);
  const photoRows = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM point_photos'))[0]!.n;

  it('keeps a JPEG byte for byte, tells its upright size and when it was taken, and makes an upright thumbnail without metadata', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const res = await upload(point, SIDEWAYS_JPEG, 'image/jpeg', 'IMG_0042.JPG');
    expect(res.status).toBe(201);
    const photo = res.body.photo as PhotoView;
    expect(photo).toMatchObject({
      PointId: point._id,
      FileName: 'IMG_0042.jpg',
      MediaType: 'image/jpeg',
      Bytes: SIDEWAYS_JPEG.length,
      Width: 20,
      Height: 40,
      TakenAt: '2026-03-01T08:15:30+05:30',
      RecordedBy: ann.userId,
      Url: `${photosOf(point)}/${photo._id}`,
      ThumbnailUrl: `${photosOf(point)}/${photo._id}/thumbnail`,
    });

    const original = await ann.agent.get(photo.Url).buffer(true).expect(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(original.body as Buffer, SIDEWAYS_JPEG)).toBe(0);

    const thumb = await ann.agent.get(photo.ThumbnailUrl).buffer(true).expect(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 20, 40, undefined, undefined]);
    // turned upright: the stored image's left (red) half is now on top, its right (blue) half below
    const { data, info } = await sharp(thumb.body as Buffer).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(10, 5)[0]).toBeGreaterThan(180);
    expect(at(10, 5)[2]).toBeLessThan(60);
    expect(at(10, 35)[2]).toBeGreaterThan(180);
    expect(at(10, 35)[0]).toBeLessThan(60);

    // listed with the point, in its own list and in the project's points
    expect((await ann.agent.get(photosOf(point)).expect(200)).body.photos).toEqual([photo]);
    const listed = (await ann.agent.get(`/api/points/${project._id}`).expect(200)).body.points as PointView[];
    expect(listed.find((p) => p._id === point._id)!.Photos).toEqual([photo]);

    // and named in the exports that have a place for it
    const csv = parse((await download(ann.agent, 'csv', project._id)).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.find((r) => r.name === point.Name)!.photos).toBe('IMG_0042.jpg');
    const geojson = JSON.parse((await download(ann.agent, 'geojson', project._id)).body.toString('utf8')) as { features: { properties: { name: string; photos?: string[] } }[] };
    expect(geojson.features.find((f) => f.properties.name === point.Name)!.properties.photos).toEqual(['IMG_0042.jpg']);
    const kml = (await download(ann.agent, 'kml', project._id)).body.toString('utf8');
    expect(kml).toContain('<Data name="photos"><value>IMG_0042.jpg</value></Data>');
  });

  it('keeps a PNG byte for byte whatever Content-Type it came with, and gives it a safe file name', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const res = await upload(point, PNG, 'application/octet-stream', '../../etc/site "plan".jpeg');
    expect(res.status).toBe(201);
    expect(res.body.photo).toMatchObject({ MediaType: 'image/png', FileName: 'site plan.png', Width: 24, Height: 16, TakenAt: null });
    const back = await ann.agent.get(res.body.photo.Url).buffer(true).expect(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(back.body as Buffer, PNG)).toBe(0);
  });

  it('keeps each photo whole when uploads follow one another, a smaller one after a larger, and makes each its own thumbnail', async () => {
    // the second body is read into the memory the first gave back (decision 084): nothing of the first may show
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c03020' } }).jpeg({ quality: 100 }).toBuffer();
    const small = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2060c0' } }).png().toBuffer();
    const [first, second] = [await recordPoint(ann.agent, project._id), await recordPoint(ann.agent, project._id)];
    const a = await upload(first, big, 'image/jpeg', 'big.jpg');
    const b = await upload(second, small, 'image/png', 'small.png');
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.photo.Bytes, b.body.photo.Bytes]).toEqual([big.length, small.length]);
    expect(big.length).toBeGreaterThan(small.length);
    for (const [res, bytes] of [[a, big], [b, small]] as const) {
      const back = await ann.agent.get(res.body.photo.Url).buffer(true).expect(200);
      expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);
    }
    await h.deps.photos.thumbnails.drained();
    const thumb = async (res: typeof a) => sharp((await ann.agent.get(res.body.photo.ThumbnailUrl).buffer(true).expect(200)).body as Buffer).stats();
    const [bigThumb, smallThumb] = [await thumb(a), await thumb(b)];
    // red photo, red thumbnail; blue photo, blue thumbnail
    expect(bigThumb.channels[0]!.mean).toBeGreaterThan(bigThumb.channels[2]!.mean);
    expect(smallThumb.channels[2]!.mean).toBeGreaterThan(smallThumb.channels[0]!.mean);
  });

  it('refuses a text file named .jpg, a cut-off JPEG and a 50 MB file with a message, and stores nothing', async () => {
    const point = await recordPoint(ann.agent, project._id);
    // the thumbnails of earlier photos are made first: nothing but this test's uploads may change the files
    await h.deps.photos.thumbnails.drained();
    const rowsBefore = await photoRows();
    const filesBefore = storedFiles(root);

    const text = await upload(point, TEXT_AS_JPEG, 'image/jpeg', 'notes.jpg');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ success: false, message: photoNotAnImage });

    const cut = await upload(point, SIDEWAYS_JPEG.subarray(0, Math.floor(SIDEWAYS_JPEG.length * 0.6)));
    expect(cut.status).toBe(400);
    expect(cut.body).toEqual({ success: false, message: photoNotAnImage });

    // a real JPEG header in front of 50 MB: refused for its size before any of it is read
    const huge = Buffer.alloc(50 * 1024 * 1024);
    SIDEWAYS_JPEG.copy(huge);
    const big = await upload(point, huge);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, message: photoTooLarge });

    // one byte past the limit, sent without a length (chunked): cut off at the limit
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ann.email, password: ann.password }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const chunks = [SIDEWAYS_JPEG, Buffer.alloc(PHOTO_MAX_BYTES + 1 - SIDEWAYS_JPEG.length)];
    const body = new ReadableStream({ pull: (c) => void (chunks.length ? c.enqueue(chunks.shift()!) : c.close()) });
    const over = await fetch(`${h.url}${photosOf(point)}`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg', cookie }, body, duplex: 'half' } as RequestInit);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ success: false, message: photoTooLarge });

    const empty = await upload(point, Buffer.alloc(0));
    expect(empty.status).toBe(400);

    await h.deps.photos.thumbnails.drained();
    expect(await photoRows()).toBe(rowsBefore);
    expect(storedFiles(root)).toEqual(filesBefore);
  });

  it("answers another account's photo exactly like a missing one, for every photo endpoint", async () => {
    const point = await recordPoint(ann.agent, project._id);
    const photo = (await upload(point, PNG, 'image/png').expect(201)).body.photo as PhotoView;
    const missing = `${photosOf(point)}/${randomUUID()}`;
    const asBob = [
      await bob.agent.get(photo.Url),
      await bob.agent.get(photo.ThumbnailUrl),
      await bob.agent.get(photosOf(point)),
      await bob.agent.delete(photo.Url),
      await bob.agent.post(photosOf(point)).set('Content-Type', 'image/png').send(PNG),
    ];
    for (const res of asBob) expect([res.status, res.body.success]).toEqual([404, false]);
    expect(asBob[0]!.body).toEqual((await bob.agent.get(missing)).body);
    expect((await ann.agent.get(missing)).status).toBe(404);
    // Bob's refused delete left it there
    await ann.agent.get(photo.Url).expect(200);
  });

  it('deletes a photo with its files, and every photo of a point or project with it', async () => {
    const point = await recordPoint(ann.agent, project._id);
    const a = (await upload(point, PNG, 'image/png').expect(201)).body.photo as PhotoView;
    const b = (await upload(point, SIDEWAYS_JPEG).expect(201)).body.photo as PhotoView;
    // the thumbnails are made after the replies (decision 081)
    await h.deps.photos.thumbnails.drained();
    const filesOf = (p: PhotoView) => storedFiles(root).filter((f) => f.includes(p._id));
    expect(filesOf(a)).toHaveLength(2);

    await ann.agent.delete(a.Url).expect(200);
    expect(filesOf(a)).toEqual([]);
    await ann.agent.get(a.Url).expect(404);
    expect((await ann.agent.get(photosOf(point)).expect(200)).body.photos.map((p: PhotoView) => p._id)).toEqual([b._id]);

    // a deleted point keeps its photos for a restore (decision 072), out of reach; the purge takes them with it
    await ann.agent.delete(`/api/points/${project._id}/${point._id}`).expect(200);
    expect(filesOf(b)).toHaveLength(2);
    await ann.agent.get(b.Url).expect(404);
    await ann.agent.get(photosOf(point)).expect(404);
    await upload(point, PNG, 'image/png').expect(404);
    const monthOn = new Date(Date.now() + 31 * 86_400_000);
    expect(await purgeDeletedPoints(h.db, h.deps.photos, monthOn)).toBeGreaterThanOrEqual(1);
    expect(filesOf(b)).toEqual([]);
    expect((await h.db.query('SELECT 1 FROM point_photos WHERE point_id = $1', [point._id])).length).toBe(0);

    const other = await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [await registerDevice(ann.agent, 'rover')]);
    const p2 = await recordPoint(ann.agent, other._id);
    const c = (await ann.agent.post(`/api/points/${other._id}/${p2._id}/photos`).set('Content-Type', 'image/png').send(PNG).expect(201)).body.photo as PhotoView;
    await h.deps.photos.thumbnails.drained();
    expect(filesOf(c)).toHaveLength(2);
    await ann.agent.delete(`/api/projects/${other._id}`).expect(200);
    expect(filesOf(c)).toEqual([]);
    expect((await h.db.query('SELECT 1 FROM photo_removals')).length).toBe(0);
  });
});
