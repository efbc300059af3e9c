import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Occupations on a phone (390 px, touch; decision 028) against the real product: a rover standing on a mark sends GGA + GSA + GST at
 * 2 Hz through mosquitto_pub; the survey map's quality bar shows its fix, PDOP, sigmas, correction age and baseline,
 * and alerts when it drops to float; a topo occupation started by Save pauses while it floats, counts once it is
 * fixed again, and stores the point, which the taken-points list and the csv export show with its sigma.
 * Screenshots go to the test results folder (never committed).
 */

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false });

const SHOTS = shotsDir('occupation');
mkdirSync(SHOTS, { recursive: true });

async function shots(page: Page, name: string, fullPage = false) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
}

async function deviceId(request: APIRequestContext, code: string) {
  const { device } = (await (await request.get(`/api/devices/${code}`)).json()) as { device: { _id: string } };
  return device._id;
}

const checksum = (body: string) => [...body].reduce((x, c) => x ^ c.charCodeAt(0), 0).toString(16).toUpperCase().padStart(2, '0');
const sentence = (body: string) => `$${body}*${checksum(body)}`;
const dm = (v: number, width: number) => {
  const deg = Math.floor(Math.abs(v));
  return `${String(deg).padStart(width, '0')}${((Math.abs(v) - deg) * 60).toFixed(7).padStart(10, '0')}`;
};

/** One epoch as a u-blox receiver prints it, GGA + GSA + GST back to back on one line (one MQTT message). */
function epoch(at: { latitude: number; longitude: number }, quality: 4 | 5) {
  const d = new Date();
  const t = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join('') + `.${String(Math.floor(d.getUTCMilliseconds() / 10)).padStart(2, '0')}`;
  // a millimetre of jitter, as a receiver standing on a mark shows
  const lat = at.latitude + (Math.random() - 0.5) * 2e-8;
  const lon = at.longitude + (Math.random() - 0.5) * 2e-8;
  const sigma = quality === 4 ? ['0.008', '0.007', '0.015'] : ['0.210', '0.180', '0.350'];
  return [
    sentence(`GNGGA,${t},${dm(lat, 2)},N,${dm(lon, 3)},E,${quality},21,0.62,12.345,M,-95.210,M,1.0,0007`),
    sentence('GNGSA,A,3,01,03,08,10,14,17,21,22,27,32,,,1.28,0.62,1.12,1'),
    sentence(`GNGST,${t},0.011,${sigma[0]},${sigma[1]},12.0,${sigma[0]},${sigma[1]},${sigma[2]}`),
  ].join('');
}

test('on a phone, a topo point is measured by the server with its progress shown, then listed and exported with its sigma', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`OB-${suffix}`, `OR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'occupy');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Mark Base', type: 'base' },
    { code: rover, name: 'Rover Mark', type: 'rover' },
  ]);
  const created = await page.request.post('/api/projects/', {
    data: { Name: 'Control marks', Description: 'occupations', BaseStation: await deviceId(page.request, base), ClientDevices: [await deviceId(page.request, rover)], UserId: userId },
  });
  expect(created.ok()).toBe(true);
  const projectId = ((await created.json()) as { _id: string })._id;
  const baseSecret = secrets[secrets.indexOf('--secret') + 1]!;
  const roverSecret = secrets[secrets.lastIndexOf('--secret') + 1]!.split('=').slice(1).join('=');
  product.simulate(['--base', base, '--rate', '1', '--secret', baseSecret]);

  // the rover stands about 44 m north of the simulator's base (6.615, 79.968074)
  const mark = { latitude: 6.6154, longitude: 79.968074 };
  let quality: 4 | 5 = 4;
  const { hostname, port } = new URL(product.mqttUrl);
  const pub = spawn('mosquitto_pub', ['-h', hostname, '-p', port, '-u', rover, '-P', roverSecret, '-t', `devices/${rover}/nmea`, '-l'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const timer = setInterval(() => pub.stdin.write(`${epoch(mark, quality)}\n`), 500);
  // count the alert's vibrations and beeps (the browser's own calls still run)
  await page.addInitScript(() => {
    const w = window as unknown as { signals: { vibrate: number; beep: number } };
    w.signals = { vibrate: 0, beep: 0 };
    const vibrate = navigator.vibrate?.bind(navigator);
    navigator.vibrate = ((pattern: VibratePattern) => {
      w.signals.vibrate++;
      return vibrate ? vibrate(pattern) : false;
    }) as Navigator['vibrate'];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      w.signals.beep++;
      return start.apply(this, args);
    };
  });
  const signals = () => page.evaluate(() => (window as unknown as { signals: { vibrate: number; beep: number } }).signals);
  try {
    await page.goto(`/projects/pointsurvey/${projectId}`);
    const bar = page.getByTestId('quality-bar');
    await expect(bar.getByTestId('quality-fix')).toHaveText('RTK fixed', { timeout: 30_000 });
    await expect(bar.getByTestId('quality-fix')).toHaveAttribute('data-tone', 'green');
    await expect(bar.getByTestId('quality-sats')).toHaveText('21');
    await expect(bar.getByTestId('quality-pdop')).toHaveText('1.3');
    await expect(bar.getByTestId('quality-sigma-h')).toHaveText(`${(Math.hypot(0.008, 0.007) * 100).toFixed(1)} cm`);
    await expect(bar.getByTestId('quality-sigma-v')).toHaveText('1.5 cm');
    await expect(bar.getByTestId('quality-age')).toHaveText('1.0 s');
    await expect(bar.getByTestId('quality-age')).toHaveAttribute('data-tone', 'green');
    await expect(bar.getByTestId('quality-baseline')).toHaveText(/^4[3-5] m$/, { timeout: 20_000 });
    // always visible on the phone: above the map, inside the screen
    const [barBox, map] = await Promise.all([bar.boundingBox(), page.locator('.leaflet-container').boundingBox()]);
    expect(barBox && map && barBox.y >= 0 && barBox.y + barBox.height <= map.y + 0.5 && barBox.width <= 390).toBe(true);
    await shots(page, 'quality-bar');
    await page.setViewportSize({ width: 390, height: 844 });

    // the rover drops to float: the bar alerts, beeps and vibrates (browsers allow sound after a first tap on the page)
    await page.getByTestId('status-box').tap();
    expect(await signals()).toEqual({ vibrate: 0, beep: 0 });
    quality = 5;
    await expect(bar.getByRole('alert')).toHaveText('Rover Mark lost RTK fixed: now RTK float', { timeout: 15_000 });
    // one alert: one vibration, one double beep
    await expect.poll(signals).toEqual({ vibrate: 1, beep: 2 });
    await shots(page, 'quality-alert');
    await page.setViewportSize({ width: 390, height: 844 });

    // Save while it floats: the topo occupation starts and pauses, saying why
    await page.getByRole('button', { name: 'Record a point' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Record a Point' });
    await expect(dialog.getByLabel('Method')).toHaveValue('topo');
    await expect(dialog.getByTestId('record-antenna')).toHaveText('1.800 m vertical to ARP');
    await dialog.getByRole('button', { name: 'Change' }).tap();
    await dialog.getByLabel('Antenna height (m)').fill('2.000');
    await shots(page, 'record-form');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog.getByTestId('occupation-paused')).toHaveText('Paused: Not RTK fixed (RTK float): wait for RTK fixed in the open sky', { timeout: 15_000 });
    await expect(dialog.getByRole('list', { name: 'Rejected epochs' })).toContainText(/Not RTK fixed: \d+/);
    await shots(page, 'occupation-paused');
    await page.setViewportSize({ width: 390, height: 844 });

    // the browser drops (a reload): the occupation goes on on the server, and the page finds it again
    await page.reload();
    await expect(dialog.getByTestId('occupation-progress')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText('P1 · default · Rover Mark');

    // fixed again: the epochs count up (progress seen on the way)
    quality = 4;
    await expect(dialog.getByTestId('occupation-epochs')).toHaveText(/^[1-9]\d* of 5 epochs used · \d+ rejected$/, { timeout: 15_000 });
    // the ring follows the lesser of epochs and counted time
    const ring = async () => Number(await dialog.getByRole('progressbar', { name: 'Occupation progress' }).getAttribute('aria-valuenow'));
    await expect.poll(ring, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await ring()).toBeLessThan(100);
    // float again before it is done: it pauses, keeping what it counted
    quality = 5;
    await expect(dialog.getByTestId('occupation-paused')).toHaveText('Paused: Not RTK fixed (RTK float): wait for RTK fixed in the open sky', { timeout: 15_000 });
    // the phone loses its connection; the server finishes the point meanwhile; back online, the phone reads the outcome
    await page.context().setOffline(true);
    await expect(page.getByTestId('feed-status')).toHaveText(/Disconnected|Connection Error/, { timeout: 15_000 });
    quality = 4;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: unknown[] }).points.length, { timeout: 30_000 })
      .toBe(1);
    await expect(dialog.getByTestId('occupation-progress')).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText('Point recorded successfully.').last()).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();

    const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as {
      points: { Name: string; Method: string; Epochs: number; SigmaE: number; SigmaN: number; SigmaU: number; AntennaHeight: number }[];
    };
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ Name: 'P1', Method: 'topo', AntennaHeight: 2 });
    expect(points[0]!.Epochs).toBeGreaterThanOrEqual(5);
    const sigmaH = Math.hypot(points[0]!.SigmaE, points[0]!.SigmaN);

    // a 600 ms hold on the record button takes a rapid point, no dialog (once the feed is back with a fresh fix: the
    // outcome above came over REST, maybe before the socket reconnected)
    await expect(page.getByTestId('feed-status')).toHaveText('Connected ✅', { timeout: 20_000 });
    await expect(bar.getByTestId('quality-fix')).toHaveText('RTK fixed', { timeout: 15_000 });
    const recordButton = page.getByRole('button', { name: 'Record a point' });
    await recordButton.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await page.waitForTimeout(800);
    await recordButton.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
    await expect(dialog).toBeHidden();
    await expect.poll(async () => ((await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { Name: string; Method: string }[] }).points.find((p) => p.Name === 'P2')?.Method, { timeout: 20_000 }).toBe('rapid');

    // the taken-points list shows it with its method, epochs and sigma
    await page.getByRole('button', { name: 'Points list' }).tap();
    await expect(page.getByRole('heading', { name: 'Taken Points' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Taken points' }).getByRole('row', { name: /P1/ });
    const measured = row.getByTestId('point-measurement').first();
    await expect(measured).toContainText('topo');
    await expect(measured).toContainText(`${points[0]!.Epochs} epochs`);
    await expect(measured).toContainText(`σH ${(sigmaH * 100).toFixed(1)} cm`);
    await expect(measured).toContainText(`σV ${(points[0]!.SigmaU * 100).toFixed(1)} cm`);
    // its raw epochs are there to download: every accepted one, and the float ones with their reason
    const epochsFile = page.waitForEvent('download');
    await row.getByRole('link', { name: 'Raw epochs of P1 (csv)' }).first().tap();
    const epochRows = readFileSync((await (await epochsFile).path())!).toString('utf8').trim().split(/\r?\n/);
    expect(epochRows[0]).toMatch(/^seq,time,latitude,longitude,/);
    expect(epochRows.filter((l) => l.endsWith(',true,')).length).toBe(points[0]!.Epochs);
    expect(epochRows.filter((l) => l.endsWith(',false,not-fixed')).length).toBeGreaterThan(0);
    await shots(page, 'taken-points-measured');
    await page.setViewportSize({ width: 390, height: 844 });

    // the csv export carries the precision columns
    await page.goto(`/projects/${projectId}`);
    await page.getByLabel('Export format').selectOption('csv');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).tap();
    const csv = readFileSync((await (await download).path())!).toString('utf8').replace(/^\uFEFF/, '');
    const [header, line] = csv.trim().split(/\r?\n/);
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, line!.split(',')[i]]));
    expect(cells).toMatchObject({ name: 'P1', method: 'topo', epochs: String(points[0]!.Epochs), antenna_height_m: '2.000' });
    expect(Number(cells.sigma_e_m)).toBeCloseTo(points[0]!.SigmaE, 4);
    expect(Number(cells.sigma_u_m)).toBeCloseTo(points[0]!.SigmaU, 4);

    // the project's measurement settings are on its page
    await expect(page.getByRole('form', { name: 'Measurement settings' })).toBeVisible();
    await page.getByRole('form', { name: 'Measurement settings' }).scrollIntoViewIfNeeded();
    await shots(page, 'measurement-settings', true);
  } finally {
    clearInterval(timer);
    pub.stdin.end();
    pub.kill('SIGTERM');
  }
});
