import { join } from 'node:path';
import { test, expect } from './fixtures';
import { ROOT } from './product';
import { project, secretsOf, standingRover } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * A coded shot with a photo, recorded in the Record a Point dialog on a 390 px phone with a live rover (mosquitto_pub
 * NMEA beside the simulator's base): the photo is uploaded once the server stores the point, shows in taken points
 * with its server-made thumbnail, and the point is moved along its fence line there (decision 075).
 */
test.describe.configure({ timeout: 240_000 });

// a real 40 x 20 JPEG stored sideways (EXIF orientation 6): upright it is 20 x 40
const JPEG = join(ROOT, 'apps/api/test-fixtures/photos/sideways-orientation-6.jpg');
const NEAR_BASE = { latitude: 6.61512, longitude: 79.96812 };

interface Linework {
  lines: { code: string; vertices: { pointId: string }[] }[];
}

test('a fence post shot with its code and a photo shows the photo in taken points, and moves along its line there', async ({ page, product }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`PB-${suffix}`, `PR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'topophoto');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Yard Base', type: 'base' },
    { code: rover, name: 'Yard Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Yard fence', base, [rover]);
  // one epoch per point (rapid), so the shot is stored as soon as Save is pressed
  const settings = await page.request.put(`/api/projects/${projectId}/measurement-settings`, {
    data: { DefaultMethod: 'rapid', Antenna: { Height: 0, HeightType: 'vertical', Reference: 'ARP', Model: '' }, Tolerances: { rapid: { allowFloat: true, maxPdop: null, maxCorrectionAge: null } } },
  });
  expect(settings.status()).toBe(200);
  product.simulate(['--base', base, '--rate', '2', ...secretsOf(secrets, base)]);
  const stop = standingRover(product.mqttUrl, rover, secretsOf(secrets, rover)[1]!.split('=')[1]!, NEAR_BASE);
  try {
    await page.goto(`/projects/pointsurvey/${projectId}`);
    await page.getByRole('button', { name: 'Record a point' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a Point' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
    await dialog.getByLabel('Point name').fill('F1');
    await dialog.getByTestId('record-code').fill('FENCE ST');
    await dialog.getByTestId('photo-files').setInputFiles(JPEG);
    await expect(dialog.getByRole('list', { name: 'Photos to save' }).getByRole('img')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Point recorded successfully.').last()).toBeVisible({ timeout: 30_000 });

    // stored with its code, and its photo uploaded after it
    const listed = async () => ((await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { _id: string; Name: string; Code: string; Photos?: unknown[] }[] }).points;
    await expect.poll(async () => (await listed()).find((p) => p.Name === 'F1')?.Photos?.length ?? 0, { timeout: 30_000 }).toBe(1);
    expect((await listed()).find((p) => p.Name === 'F1')!.Code).toBe('FENCE ST');
    // the next post of the fence, 5 m on
    const next = await page.request.post('/api/points', { data: { ProjectId: projectId, Name: 'F2', Code: 'FENCE', Latitude: NEAR_BASE.latitude, Longitude: NEAR_BASE.longitude + 5 / 110_600 } });
    expect(next.status(), await next.text()).toBe(201);

    // taken points: the photo's button counts it and its thumbnail is the server's, upright
    await page.goto(`/projects/takenpoints/${projectId}`);
    await page.getByRole('button', { name: 'Photos of F1 (1)' }).click();
    const photos = page.getByRole('dialog', { name: 'Photos of F1' });
    const thumb = photos.getByTestId('photo-strip').getByRole('img', { name: 'sideways-orientation-6.jpg' });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([20, 40]);
    await page.keyboard.press('Escape');
    await expect(photos).toBeHidden();

    // the fence runs F1, F2; F1 moved one place later along it: F2, F1, as the linework the map draws says
    const ids = new Map((await listed()).map((p) => [p._id, p.Name]));
    const fence = async () => ((await (await page.request.get(`/api/projects/${projectId}/linework`)).json()) as Linework).lines.find((l) => l.code === 'FENCE')!.vertices.map((v) => ids.get(v.pointId));
    expect(await fence()).toEqual(['F1', 'F2']);
    await page.getByRole('button', { name: 'Modify point F1' }).click();
    const line = page.getByRole('group', { name: 'Line FENCE' });
    await line.getByRole('button', { name: 'Move later' }).click();
    await expect(page.getByText('Moved one place later along FENCE')).toBeVisible();
    expect(await fence()).toEqual(['F2', 'F1']);
  } finally {
    stop();
  }
});
