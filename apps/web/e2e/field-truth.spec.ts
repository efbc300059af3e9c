import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { project, secretsOf, standingRover, type Epoch } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * The field screen on a phone (390 px, touch) against the real product: what is live is said first (the fix and its
 * ±; the spec's grade under it as the rover/base timing), a stale rover is greyed with its age, a phone that loses
 * its own connection says so instead of blaming the rover, a paused survey shows on the map and asks before
 * recording, and the map's status box folds, its points-list button says what it opens, a scale bar and the rover's
 * grid readout are there, and a toast neither covers the round buttons nor has a tiny close target.
 */

test.describe.configure({ timeout: 360_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const SHOTS = shotsDir('field-truth');
mkdirSync(SHOTS, { recursive: true });
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const stops: (() => void)[] = [];
test.afterEach(() => stops.splice(0).forEach((s) => s()));

test('a phone on the field screen: what is live first, nothing old as live, offline said, a paused survey asked about', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`FB-${suffix}`, `FR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'truth');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Field Base', type: 'base' },
    { code: rover, name: 'Field Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Field truth', base, [rover]);
  product.simulate(['--base', base, '--rate', '1', ...secretsOf(secrets, base)]);
  // a rover standing 44 m north of the simulator's base, RTK float with a 14.9 cm GST at first
  const at: Epoch = { latitude: 6.6154, longitude: 79.968074, quality: 5, sigma: [0.149, 0.149] };
  const secret = secretsOf(secrets, rover)[1]!.split('=').slice(1).join('=');
  const stopRover = standingRover(product.mqttUrl, rover, secret, at);
  stops.push(stopRover);

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('feed-status')).toHaveText(/Connected/, { timeout: 30_000 });
  await expect(page.getByTestId('quality-fix')).toHaveText('RTK float', { timeout: 30_000 });

  // the map: the status box folded to a line that opens on a tap, the list button named for what it opens, a scale
  const box = page.getByTestId('status-box');
  await expect(box).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('status-folded')).toContainText('1 of 1 reporting');
  const folded = (await box.boundingBox())!;
  expect(folded.height).toBeLessThan(844 / 8);
  await page.getByRole('button', { name: 'Show status details' }).tap();
  await expect(page.getByTestId('rovers-reporting')).toBeVisible();
  await page.getByRole('button', { name: 'Hide status details' }).tap();
  await expect(page.getByRole('button', { name: 'Points list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter points' })).toHaveCount(0);
  await expect(page.locator('.leaflet-control-scale-line').first()).toBeVisible();
  const readout = page.getByTestId('rover-readout');
  await expect(readout).toBeVisible();
  await expect(readout).toContainText(/N\s*\d+\.\d{3} m/);
  await expect(readout).toContainText(/E\s*\d+\.\d{3} m/);
  await expect(readout).toContainText(/H\s*-?\d+\.\d{3} m/);
  await shots(page, 'map-float');
  await page.setViewportSize({ width: 390, height: 844 });

  // Record a Point: the headline is the float fix and its ±, in amber; the spec's grade is under it, as timing
  await page.getByRole('button', { name: 'Record a point' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  const headline = dialog.getByTestId('quality-headline');
  await expect(headline).toHaveText(/^RTK float ± \d+\.\d cm$/);
  await expect(headline).toHaveAttribute('data-tone', 'yellow');
  await expect(dialog.getByTestId('accuracy-line')).toContainText('Rover/base timing:');
  expect(await headline.evaluate((h, line) => !!(h.compareDocumentPosition(line!) & Node.DOCUMENT_POSITION_FOLLOWING), await dialog.getByTestId('accuracy-line').elementHandle())).toBe(true);
  await shots(page, 'record-float');
  await page.setViewportSize({ width: 390, height: 844 });

  // the rover falls silent: its last figures are greyed with their age, never a green "RTK fixed" above the refusal
  stops.pop()!();
  await expect(headline).toHaveText(/^Stale: no fix for \d+ s/, { timeout: 20_000 });
  await expect(dialog.getByTestId('quality-last')).toContainText(/last: RTK float ± \d+\.\d cm, \d+ s ago/);
  await expect(dialog.getByTestId('record-not-ready')).toContainText('No sensor data available to record a point.');
  await expect(dialog.locator('.text-emerald-700')).toHaveCount(0);
  await shots(page, 'record-stale');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Discard' }).tap();
  await expect(page.getByTestId('quality-fix')).toHaveText(/^Stale: no fix for \d+ s/);
  await expect(page.getByTestId('quality-sats')).toHaveAttribute('data-old', 'true');

  // this phone loses its connection: it says so, and blames no rover
  await page.context().setOffline(true);
  await expect(page.getByTestId('phone-offline')).toHaveText('This phone is offline', { timeout: 20_000 });
  await expect(page.getByTestId('quality-fix')).toHaveText('This phone is offline');
  await expect(page.getByTestId('feed-status')).toHaveText(/Disconnected|Connection Error/);
  await expect(box).not.toContainText('no fix for');
  await expect(box).not.toContainText('online');
  await expect(page.locator('.leaflet-tooltip', { hasText: 'stale' })).toHaveCount(0);
  await shots(page, 'map-offline');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().setOffline(false);
  await expect(page.getByTestId('feed-status')).toHaveText(/Connected/, { timeout: 40_000 });

  // Save Changes on the taken points pauses the survey, and says so
  await page.goto(`/projects/takenpoints/${projectId}`);
  await page.getByRole('button', { name: 'Save Changes' }).tap();
  await expect(page.locator('.Toastify__toast', { hasText: 'Survey paused' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  // the map shows it, and asks before recording
  await page.goto(`/projects/pointsurvey/${projectId}`);
  const paused = page.getByTestId('survey-paused');
  await expect(paused).toContainText('Survey paused');
  await shots(page, 'map-paused');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Record a point' }).tap();
  const ask = page.getByRole('dialog', { name: 'Survey paused' });
  await expect(ask).toContainText('This survey is paused. Resume it to record a point?');
  await ask.getByRole('button', { name: 'Cancel' }).tap();
  // one tap resumes it
  await paused.getByRole('button', { name: 'Resume' }).tap();
  await expect(paused).toHaveCount(0);
  const status = await (await page.request.get(`/api/projects/${projectId}`)).json();
  expect(JSON.stringify(status)).toContain('"Status":"Active"');

  // the toast it raised sits clear of the round buttons, and its close button is a thumb's target
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Survey resumed' });
  await expect(toast).toBeVisible();
  const [t, buttons, close] = await Promise.all([
    toast.boundingBox(),
    page.getByRole('button', { name: 'Record a point' }).locator('xpath=..').boundingBox(),
    toast.locator('.Toastify__close-button').boundingBox(),
  ]);
  expect(overlap(t!, buttons!)).toBe(false);
  expect(close!.width).toBeGreaterThanOrEqual(24);
  expect(close!.height).toBeGreaterThanOrEqual(24);

  // the list button opens what it is named for: the taken points
  await page.getByRole('button', { name: 'Points list' }).tap();
  await expect(page).toHaveURL(new RegExp(`/projects/takenpoints/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'Taken Points' })).toBeVisible();
});
