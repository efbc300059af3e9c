import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoView, ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';
import { s3PhotoStore } from './s3-photo-store.js';
import { originalKey, thumbnailKey } from './repository.js';

const JPEG = readFileSync(join(import.meta.dirname, '../../test-fixtures/photos/sideways-orientation-6.jpg'));

/**
 * The S3 store against a real S3-compatible server on a free loopback port (s3rver: it knows its access keys but
 * does not check Version 4 signatures; MinIO in the compose test does): a bucket is made when missing, a photo goes in
 * and comes back byte for byte, and its objects go with it.
 */
describe('photos in an S3-compatible bucket', () => {
  let s3: S3rver;
  let folder: string;
  let h: Harness;
  let store: ReturnType<typeof s3PhotoStore>;
  let endpoint: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'smi-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    store = s3PhotoStore({ endpoint, bucket: 'site-photos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', pathStyle: true });
    h = await startHarness({ photoStore: store });
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes the bucket once, and reports a refused request with its status and S3 code', async () => {
    expect(await store.ensureBucket()).toBe('created');
    expect(await store.ensureBucket()).toBe('existed');
    const stranger = s3PhotoStore({ endpoint, bucket: 'site-photos', accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER', region: 'us-east-1', pathStyle: true });
    await expect(stranger.put('probe', Buffer.from('x'), 'text/plain')).rejects.toThrow('photo store PUT probe: HTTP 403 InvalidAccessKeyId');
  });

  it('stores a photo and its thumbnail as objects, serves them, and removes them with the photo', async () => {
    const user = await h.verifiedUser();
    const project: ProjectView = await createProject(user.agent, await registerDevice(user.agent, 'base'), [await registerDevice(user.agent, 'rover')]);
    const point = await recordPoint(user.agent, project._id);
    const res = await user.agent.post(`/api/points/${project._id}/${point._id}/photos?name=kerb.jpg`).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(res.status).toBe(201);
    const photo = res.body.photo as PhotoView;
    const [row] = await h.db.query<{ storage_key: string }>('SELECT storage_key FROM point_photos WHERE id = $1', [photo._id]);
    expect(Buffer.compare((await store.get(originalKey(row!.storage_key)))!, JPEG)).toBe(0);
    // the thumbnail is made after the reply (decision 081), into the bucket too
    await h.deps.photos.thumbnails.drained();
    expect(await sharp((await store.get(thumbnailKey(row!.storage_key)))!).metadata()).toMatchObject({ format: 'jpeg', width: 20, height: 40 });

    const back = await user.agent.get(photo.Url).buffer(true).expect(200);
    expect(Buffer.compare(back.body as Buffer, JPEG)).toBe(0);
    const thumb = await user.agent.get(photo.ThumbnailUrl).buffer(true).expect(200);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 20, height: 40 });

    await user.agent.delete(photo.Url).expect(200);
    expect(await store.get(originalKey(row!.storage_key))).toBeNull();
    expect(await store.get(thumbnailKey(row!.storage_key))).toBeNull();
  });
});
