import { join } from 'node:path';
import { test, expect } from './fixtures';
import { ROOT } from './product';
import { surveyAccount, surveyDevices } from './survey-setup';

// a real 40 x 20 JPEG stored sideways (EXIF orientation 6): upright it is 20 x 40
const JPEG = join(ROOT, 'apps/api/test-fixtures/photos/sideways-orientation-6.jpg');

test('a taken point gets a photo on a 390 px phone: picked, previewed, saved, its thumbnail and full size shown, then deleted', async ({ page, product, shoot }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { userId, ok } = await surveyAccount(page.request, product, 'photos');
  await surveyDevices(page.request, userId, [
    { code: 'PHOTO-BASE-1', name: 'Base', type: 'base' },
    { code: 'PHOTO-ROVER-1', name: 'Rover', type: 'rover' },
  ]);
  const idOf = async (code: string) => ((await ok(await page.request.get(`/api/devices/${code}`))) as { device: { _id: string } }).device._id;
  const base = { _id: await idOf('PHOTO-BASE-1') };
  const rover = { _id: await idOf('PHOTO-ROVER-1') };
  const { project } = (await ok(await page.request.post('/api/projects', { data: { Name: 'Photo site', Description: 'Manholes', BaseStation: base._id, ClientDevices: [rover._id] } }))) as { project: { _id: string } };
  await ok(await page.request.post('/api/points', { data: { ProjectId: project._id, Name: 'MH1', Latitude: 6.9271, Longitude: 79.8612, Accuracy: 'High' } }));

  await page.goto(`/projects/takenpoints/${project._id}`);
  await page.getByRole('button', { name: 'Photos of MH1 (0)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photos of MH1' });
  await expect(dialog.getByText('No photos of this point yet.')).toBeVisible();

  await page.getByTestId('photo-files').setInputFiles(JPEG);
  await expect(dialog.getByRole('list', { name: 'Photos to save' }).getByRole('img')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Add photo' }).click();

  const thumb = dialog.getByTestId('photo-strip').getByRole('img', { name: 'sideways-orientation-6.jpg' });
  await expect(thumb).toBeVisible();
  // the thumbnail the server made has loaded, upright: taller than wide
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([20, 40]);
  await shoot('point-photos');

  await dialog.getByRole('button', { name: 'Open sideways-orientation-6.jpg' }).click();
  const full = page.getByTestId('photo-full');
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('20 × 40 px')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Photos of MH1' }).getByText('No photos of this point yet.')).toBeVisible();
});
