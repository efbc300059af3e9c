import type { Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { project, secretsOf, standingRover } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Field correctness on the survey map (decision 018), against the real product with the device simulator: a rover that
 * goes silent while the Record dialog is open cannot be recorded and is shown stale with its age; known-base mode
 * draws the rover where its point lands and says what will be stored; and a point name full of markup
 * reaches the map as text. Screenshots go to /tmp (never committed).
 */

test.describe.configure({ timeout: 360_000 });

const SHOTS = shotsDir('field-correctness');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });
}

const stopAfter: (() => void)[] = [];
test.afterEach(() => stopAfter.splice(0).forEach((stop) => stop()));

test('a rover that goes silent while the Record dialog is open cannot be recorded and shows its age', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`SB-${suffix}`, `SR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'silent');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Quay Base', type: 'base' },
    { code: rover, name: 'Rover Silent', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Quay', base, [rover]);
  product.simulate(['--base', base, '--rate', '2', ...secretsOf(secrets, base)]);
  const roverSim = product.simulate(['--rovers', rover, '--rate', '2', ...secretsOf(secrets, rover)]);

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 30_000 });
  await expect(page.getByTestId('feed-status')).toHaveClass(/text-emerald-700/);
  await page.getByRole('button', { name: 'Record a point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
  await expect(dialog.getByTestId('stored-coordinate')).toBeVisible();
  await expect(dialog.getByTestId('quality-headline')).toContainText(/RTK fixed|RTK float/);
  await expect(dialog.getByLabel('Point name')).toBeFocused();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'record-live');
  }
  // on a phone the status box is a bar above the map: it covers nothing on the map (a rover's label)
  await page.setViewportSize({ width: 390, height: 844 });
  const [statusBox, map] = await Promise.all([page.getByTestId('status-box').boundingBox(), page.locator('.leaflet-container').boundingBox()]);
  expect(statusBox && map && statusBox.y + statusBox.height <= map.y + 0.5).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the rover falls silent (its simulator stops); the dialog stays open
  roverSim.kill('SIGTERM');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled({ timeout: 15_000 });
  const notReady = dialog.getByTestId('record-not-ready');
  await expect(notReady).toContainText('No sensor data available to record a point.');
  await expect(notReady).toContainText(/Rover Silent has not sent a fix for \d+ s/);
  const age = async () => Number(/for (\d+) s/.exec((await notReady.textContent()) ?? '')?.[1]);
  const first = await age();
  await expect.poll(age, { timeout: 10_000, message: 'the age counts up with no reading arriving' }).toBeGreaterThan(first);
  // Enter on the name field must not store the old position
  await dialog.getByLabel('Point name').press('Enter');
  await expect(page.getByTestId('rovers-reporting')).toHaveText('0 of 1 rover reporting');
  await expect(page.getByTestId('feed-status')).not.toHaveClass(/text-emerald-700/);
  await expect(page.getByTestId('status-box')).toContainText(/Rover Silent: no fix for \d+ s/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'record-stale');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.locator('.leaflet-tooltip', { hasText: /Rover Silent · stale \d+ s/ })).toBeVisible();
  // the same label, greyed in place when the rover fell silent
  await expect(page.locator('.leaflet-tooltip', { hasText: /Rover Silent · stale \d+ s/ })).toHaveClass(/smi-label--stale/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'map-stale');
  }
  const points = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: unknown[] };
  expect(points.points).toHaveLength(0);
});

test('known-base mode draws the rover where its point will land and says what will be stored', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`KB-${suffix}`, `KR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'known');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Known Base', type: 'base' },
    { code: rover, name: 'Rover Known', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Known quay', base, [rover]);
  // the simulator's base stands at 6.615, 79.968074; the known position is 0.0001 deg (about 11 m) north of it
  const put = await page.request.put(`/api/projects/baselocation/${projectId}`, { data: { baseLatitude: 6.6151, baseLongitude: 79.968074, baseMode: 'known' } });
  expect(put.ok()).toBe(true);
  // Save measures on the server in known-base mode too (decision 028): one epoch (rapid), the pole's height 0
  // so the stored coordinate is the antenna's, and float allowed, whatever fix the simulated rover reports
  const settings = await page.request.put(`/api/projects/${projectId}/measurement-settings`, {
    data: {
      DefaultMethod: 'rapid',
      Antenna: { Height: 0, HeightType: 'vertical', Reference: 'ARP', Model: '' },
      Tolerances: { rapid: { allowFloat: true, maxPdop: null, maxCorrectionAge: null } },
    },
  });
  expect(settings.status()).toBe(200);
  product.simulate(['--base', base, '--rate', '2', ...secretsOf(secrets, base)]);
  // the rover stands still about 22 m north and 11 m east of the live base, so what is stored can be checked exactly
  const raw = { latitude: 6.6152, longitude: 79.968174 };
  const stop = standingRover(product.mqttUrl, rover, secretsOf(secrets, rover)[1]!.split('=')[1]!, raw);
  stopAfter.push(stop);

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 30_000 });
  await expect(page.locator('.leaflet-marker-icon[title="Rover Known"]')).toBeVisible();
  const rawMarker = page.locator('.leaflet-marker-icon.smi-rover-raw');
  await expect(rawMarker).toBeVisible();
  // about 11 m apart at zoom 20 (~0.15 m a pixel): the corrected rover is well north of the receiver's own position.
  // Both boxes are read in one frame, and again until they hold: the map pans (animated) to follow the rovers, so
  // two separate reads can straddle a pan step
  const offset = () =>
    page.evaluate(() => {
      const centre = (selector: string) => {
        const b = document.querySelector(selector)!.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      const [d, r] = [centre('.leaflet-marker-icon[title="Rover Known"]'), centre('.leaflet-marker-icon.smi-rover-raw')];
      return { dy: r.y - d.y, dx: Math.abs(r.x - d.x) };
    });
  await expect.poll(async () => { const o = await offset(); return o.dy > 30 && o.dx < 10; }, { timeout: 10_000 }).toBe(true);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'map-known');
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Record a point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
  // no coordinate system set: the project's default, named, as every export gives it (decision 039)
  await expect(dialog.getByTestId('stored-grid')).toHaveText(/^E \d{6}\.\d{3} m, N \d{6}\.\d{3} m$/);
  await expect(dialog.getByTestId('stored-crs')).toHaveText('EPSG:32644 WGS 84 / UTM zone 44N · metre (default)');
  await expect(dialog.getByTestId('stored-height')).toHaveText(/^-?\d+\.\d{3} m orthometric \(EGM96\)$/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'record-known');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // the simulated base broadcasts 1005 at its position, so (decision 023) corrected = known + (raw - broadcast ARP):
  // 0.0001 deg north, as known - live base would give (the simulated base jitters by millimetres only)
  await expect(dialog.getByTestId('stored-correction')).toContainText('corrected from the position the base broadcasts');
  const expected = { latitude: raw.latitude + 0.0001, longitude: raw.longitude };
  await expect(dialog.getByTestId('stored-latlon')).toHaveText(`${expected.latitude.toFixed(6)}, ${expected.longitude.toFixed(6)}`);
  await dialog.getByLabel('Point name').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Point recorded successfully.').last()).toBeVisible();
  const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { Latitude: number; Longitude: number; Method: string }[] };
  expect(points).toHaveLength(1);
  // measured on the server (an occupation), not the browser's POST /api/points
  expect(points[0]!.Method).toBe('rapid');
  expect(Math.abs(points[0]!.Latitude - expected.latitude)).toBeLessThan(0.000001);
  expect(Math.abs(points[0]!.Longitude - expected.longitude)).toBeLessThan(0.000001);
});

test("a point named with markup is drawn as text on the map (labels given to Leaflet as text)", async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`XB-${suffix}`, `XR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'markup');
  await surveyDevices(page.request, userId, [
    { code: base, name: 'Base X', type: 'base' },
    { code: rover, name: 'Rover X', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Markup', base, [rover]);
  const name = '<img src=x onerror="window.__pwned=1">';
  const res = await page.request.post('/api/points', { data: { ProjectId: projectId, Name: name, Latitude: 7.1, Longitude: 80.1, Accuracy: 'High' } });
  expect(res.ok()).toBe(true);

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByText('Feel free to do surveys')).toBeVisible({ timeout: 60_000 });
  // no rover is live: the map centres on the one saved point
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  await expect(page.locator('.leaflet-overlay-pane canvas').first()).toBeVisible({ timeout: 30_000 });
  const tip = page.locator('.leaflet-tooltip', { hasText: '<img' });
  // hover the point (the map may still be settling its view on a loaded machine: move off and back until it answers)
  await expect(async () => {
    await page.mouse.move(map.x + map.width / 2 + 20, map.y + map.height / 2 + 20);
    await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2, { steps: 4 });
    await expect(tip).toHaveText(name, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'map-point-label');
  await expect(page.locator('.leaflet-tooltip img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
