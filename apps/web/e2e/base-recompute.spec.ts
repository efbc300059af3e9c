import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ecefDeltaToEnu, ecefToGeodetic, geodeticToEcef, type Vec3 } from '@smi/geodesy/ecef';
import { station1005or1006 } from '../../../packages/rtcm/src/encode';
import { shotsDir, test, expect } from './fixtures';
import { project, secretsOf, standingRover, type Epoch } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Base setups end to end (decision 023): a base publishing NMEA and RTCM with a 1005 (its broadcast position), a rover whose GGA is
 * written here; three points recorded in Auto Fix; then a Known Position typed in the Positioning Mode panel moves
 * them by the base's shift ("3 points re-computed, shift ..."), on the map and in the taken-points list. A fourth
 * point recorded in Known mode is placed at known + (rover - broadcast ARP). The survey report names every point.
 * Expected values are computed here in ECEF from the values published, not read back from the product.
 */

test.describe.configure({ timeout: 420_000 });

const SHOTS = shotsDir('base-recompute');
mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

const stopAfter: (() => void)[] = [];
test.afterEach(() => stopAfter.splice(0).forEach((stop) => stop()));

/** GGA altitude 12.345 m and geoid separation -17 m (nmea-rover's defaults): h = -4.655 m for base and rovers. */
const H = 12.345 - 17;
/** The base's NMEA position and the ARP it broadcasts in 1005 (the same spot; its autonomous fix when set up). */
const BASE = { latitude: 6.6141, longitude: 79.9671 };
/** The base's true coordinates, learnt after the points were taken: about 3.3 m north and 2.2 m east of that. */
const KNOWN = { latitude: 6.61413, longitude: 79.96712 };

/** Publishes the base's RTCM 1005 every 2 s (one mosquitto_pub -s per message: the frame is binary). */
function rtcmBase(mqttUrl: string, code: string, secret: string, frame: Buffer) {
  const { hostname, port } = new URL(mqttUrl);
  const publish = () => {
    const pub = spawn('mosquitto_pub', ['-h', hostname, '-p', port, '-u', code, '-P', secret, '-t', `devices/${code}/rtcm`, '-s'], { stdio: ['pipe', 'ignore', 'inherit'] });
    pub.stdin.end(frame);
  };
  publish();
  const timer = setInterval(publish, 2000);
  return () => clearInterval(timer);
}

/** Where the newest drawing of a point's name puts the point on the screen (its label starts 9 px right of it). */
function watchCanvasText() {
  const drawn: { text: string; x: number; y: number; canvas: HTMLCanvasElement }[] = [];
  (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const p = this.getTransform().transformPoint(new DOMPoint(x, y));
    drawn.push({ text, x: p.x, y: p.y, canvas: this.canvas as HTMLCanvasElement });
    return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
  };
}
const pointOnScreen = (page: Page, name: string) =>
  page.evaluate((name) => {
    const last = (window as unknown as { __drawn: { text: string; x: number; y: number; canvas: HTMLCanvasElement }[] }).__drawn.findLast((d) => d.text === name);
    if (!last) return null;
    const rect = last.canvas.getBoundingClientRect();
    const dpr = last.canvas.width / rect.width;
    return { x: rect.left + (last.x - 9 * dpr) / dpr, y: rect.top + last.y / dpr };
  }, name);

/** Each point's screen offset from the base marker, once the map stands still (it follows the rover). */
async function offsetsFromBase(page: Page, names: string[]) {
  const base = page.locator('.leaflet-marker-icon.smi-base');
  const measure = async () => {
    const b = (await base.boundingBox())!;
    const out: Record<string, { x: number; y: number }> = {};
    for (const n of names) {
      const p = await pointOnScreen(page, n);
      if (!p) throw new Error(`${n} is not drawn`);
      out[n] = { x: p.x - (b.x + b.width / 2), y: p.y - (b.y + b.height / 2) };
    }
    return out;
  };
  let result: Record<string, { x: number; y: number }> = {};
  await expect(async () => {
    const first = await measure();
    await page.waitForTimeout(800);
    result = await measure();
    expect(result).toEqual(first);
  }).toPass({ timeout: 30_000 });
  return result;
}

const ecef = (p: { latitude: number; longitude: number }, h: number) => geodeticToEcef(p.latitude, p.longitude, h);
const plus = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const minus = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

test('a Known Position typed after three points re-computes them on the map and in the list; the report names them', async ({ page, product }) => {
  await page.addInitScript(watchCanvasText);
  await page.setViewportSize({ width: 1280, height: 800 });
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`RB-${suffix}`, `RR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'recompute');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Pier Base', type: 'base' },
    { code: rover, name: 'Rover Pier', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Pier', base, [rover]);
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
  const secretOf = (code: string) => secretsOf(secrets, code)[1]!.split('=')[1]!;

  // the base: GGA at BASE, and 1005 with the same ARP (0.1 mm resolution, as broadcast)
  const arp = ecef(BASE, H).map((v) => Math.round(v * 10_000) / 10_000) as Vec3;
  stopAfter.push(standingRover(product.mqttUrl, base, secretOf(base), { ...BASE }));
  stopAfter.push(rtcmBase(product.mqttUrl, base, secretOf(base), station1005or1006({ stationId: 19, x: arp[0], y: arp[1], z: arp[2] })));
  const at: Epoch = { latitude: 6.6142, longitude: 79.9672 };
  stopAfter.push(standingRover(product.mqttUrl, rover, secretOf(rover), at));

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 60_000 });
  await expect(page.getByTestId('base-rtcm')).toContainText('position broadcast (1005)', { timeout: 30_000 });

  // ---- three points in Auto Fix: stored as the rover reported them ----
  const taken = [
    { name: 'P1', latitude: 6.6142, longitude: 79.9672 },
    { name: 'P2', latitude: 6.61425, longitude: 79.96715 },
    { name: 'P3', latitude: 6.61418, longitude: 79.96728 },
  ];
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  const record = async (name: string, expected: { latitude: number; longitude: number }) => {
    await page.getByRole('button', { name: 'Record a point' }).click();
    await expect(dialog.getByTestId('stored-latlon')).toHaveText(`${expected.latitude.toFixed(6)}, ${expected.longitude.toFixed(6)}`, { timeout: 20_000 });
    await dialog.getByLabel('Point name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Point recorded successfully.').last()).toBeVisible();
  };
  for (const p of taken) {
    at.latitude = p.latitude;
    at.longitude = p.longitude;
    await record(p.name, p);
  }
  await expect(dialog).toBeHidden();
  const before = await offsetsFromBase(page, ['P1', 'P2', 'P3']);
  await shot(page, 'map-before');

  // ---- the base's true position, typed in the Positioning Mode panel ----
  // independent expectation: the setup was the broadcast ARP; the known base keeps its height; every point moves by
  // the ECEF shift known - ARP
  const shift = minus(ecef(KNOWN, ecefToGeodetic(...arp).height), arp);
  const enu = ecefDeltaToEnu(BASE.latitude, BASE.longitude, shift);
  const moved = (p: { latitude: number; longitude: number }) => ecefToGeodetic(...plus(ecef(p, H), shift));
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('radio', { name: 'Known Position' }).click();
  await page.getByRole('textbox', { name: 'Latitude' }).fill(String(KNOWN.latitude));
  await page.getByRole('textbox', { name: 'Longitude' }).fill(String(KNOWN.longitude));
  await page.getByRole('button', { name: 'Update Base Position' }).click();
  // asked first (decision 042): how many points move and by how much, before anything moves
  const question = page.getByRole('dialog', { name: 'Move the base?' });
  await expect(question).toContainText('Moving the base re-computes 3 points measured from it: shift dE ', { timeout: 20_000 });
  await shot(page, 'positioning-question');
  const asked = /dE ([+-]\d+\.\d{3}) m, dN ([+-]\d+\.\d{3}) m, dU ([+-]\d+\.\d{3}) m/.exec((await question.textContent())!);
  expect(Number(asked![2])).toBeCloseTo(enu.n, 3);
  await question.getByRole('button', { name: 'Re-compute 3 points' }).click();
  const message = page.getByText(/points re-computed, shift/);
  await expect(message).toBeVisible({ timeout: 20_000 });
  const text = (await message.textContent())!;
  const m = /^3 points re-computed, shift dE ([+-]\d+\.\d{3}) m dN ([+-]\d+\.\d{3}) m dU ([+-]\d+\.\d{3}) m$/.exec(text);
  expect(m, text).not.toBeNull();
  expect(Number(m![1])).toBeCloseTo(enu.e, 3);
  expect(Number(m![2])).toBeCloseTo(enu.n, 3);
  expect(Number(m![3])).toBeCloseTo(enu.u, 3);
  expect(enu.n).toBeGreaterThan(3); // the shift is metres, so "moved" below means something
  await shot(page, 'positioning-recomputed');
  // on a phone: Undo puts the points back (a new version of the setup), and the move is made again, asked again
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 3 points re-computed, shift dE ' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Base setup history' }).getByRole('listitem')).toHaveCount(3);
  await shot(page, 'positioning-undone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Update Base Position' }).click();
  await question.getByRole('button', { name: 'Re-compute 3 points' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^3 points re-computed, shift/ })).toBeVisible({ timeout: 20_000 });
  await page.setViewportSize({ width: 1280, height: 800 });

  const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { Name: string; Latitude: number; Longitude: number }[] };
  for (const p of taken) {
    const got = points.find((q) => q.Name === p.name)!;
    const want = moved(p);
    expect(Math.abs(got.Latitude - want.latitude), p.name).toBeLessThan(1e-8);
    expect(Math.abs(got.Longitude - want.longitude), p.name).toBeLessThan(1e-8);
  }

  // ---- the map draws them moved by the shift (zoom 20: Web Mercator metres per pixel x cos(latitude)) ----
  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 60_000 });
  await expect(page.getByTestId('known-correction')).toContainText('corrected from the position the base broadcasts');
  const after = await offsetsFromBase(page, ['P1', 'P2', 'P3']);
  const metresPerPixel = ((2 * Math.PI * 6378137) / (256 * 2 ** 20)) * Math.cos((BASE.latitude * Math.PI) / 180);
  for (const n of ['P1', 'P2', 'P3']) {
    expect(after[n]!.x - before[n]!.x, `${n} east`).toBeCloseTo(enu.e / metresPerPixel, -0.5);
    expect(after[n]!.y - before[n]!.y, `${n} north`).toBeCloseTo(-enu.n / metresPerPixel, -0.5);
  }
  await shot(page, 'map-after');

  // ---- a fourth point in Known mode: known base + (rover - broadcast ARP), sent as 'broadcast' ----
  at.latitude = 6.61422;
  at.longitude = 79.96722;
  const p4 = ecefToGeodetic(...plus(ecef(KNOWN, ecefToGeodetic(...arp).height), minus(ecef(at, H), arp)));
  await page.getByRole('button', { name: 'Record a point' }).click();
  await expect(dialog.getByTestId('stored-correction')).toHaveText('Known base: corrected from the position the base broadcasts (RTCM 1005/1006).');
  await shot(page, 'record-known-broadcast');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await record('P4', p4);
  const all = ((await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { Name: string; Latitude: number; Longitude: number; Method: string }[] }).points;
  const stored4 = all.find((q) => q.Name === 'P4')!;
  // known-base mode measures on the server too (decision 028): an occupation, not the browser's POST /api/points
  expect(stored4.Method).toBe('rapid');
  expect(Math.abs(stored4.Latitude - p4.latitude)).toBeLessThan(1e-8);
  expect(Math.abs(stored4.Longitude - p4.longitude)).toBeLessThan(1e-8);

  // ---- the taken-points list shows the re-computed coordinates ----
  await page.goto(`/projects/takenpoints/${projectId}`);
  const table = page.getByRole('table', { name: 'Taken points' });
  await expect(table.getByRole('row')).toHaveCount(5); // the header and four points
  for (const p of taken) {
    const want = moved(p);
    const row = table.getByRole('row', { name: new RegExp(`\\b${p.name}\\b`) });
    await expect(row).toContainText(want.latitude.toFixed(6));
    await expect(row).toContainText(want.longitude.toFixed(6));
    // and not where it was taken (the shift is metres: the sixth decimal differs)
    await expect(row).not.toContainText(p.latitude.toFixed(6));
  }
  await expect(table.getByRole('row', { name: /\bP4\b/ })).toContainText(p4.latitude.toFixed(6));
  await shot(page, 'taken-points');

  // ---- the survey report, from the Export dropdown, names every point ----
  await page.goto(`/projects/${projectId}`);
  await page.getByLabel('Export format').selectOption('report');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  const pdfPath = join(SHOTS, 'report.pdf');
  writeFileSync(pdfPath, await file.createReadStream().then(async (s) => Buffer.concat(await s.toArray())));
  const text2 = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  // each point has its row in the coordinates table: its fixed number, then its name
  for (const [i, n] of ['P1', 'P2', 'P3', 'P4'].entries()) expect(text2).toMatch(new RegExp(`^\\s*${i + 1}\\s+${n}\\s`, 'm'));
  // and each move and its undo under the points they moved: three lines for each of the three points
  expect(text2.match(/^\s*Re-computed .* \((known position typed|undo)\): E /gm)).toHaveLength(9);
  expect(text2).not.toContain('-0.000');
});

test("a base that broadcasts no 1005/1006: Known mode corrects by the base's NMEA position and flags it, on the page and on the point", async ({ page, product }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`NB-${suffix}`, `NR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'nmeabase');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Quiet Base', type: 'base' },
    { code: rover, name: 'Rover Quiet', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Quiet', base, [rover]);
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
  const secretOf = (code: string) => secretsOf(secrets, code)[1]!.split('=')[1]!;
  const put = await page.request.put(`/api/projects/baselocation/${projectId}`, { data: { baseLatitude: KNOWN.latitude, baseLongitude: KNOWN.longitude, baseMode: 'known' } });
  expect(put.ok()).toBe(true);
  // NMEA only from the base: no RTCM at all
  stopAfter.push(standingRover(product.mqttUrl, base, secretOf(base), { ...BASE }));
  const at: Epoch = { latitude: 6.6142, longitude: 79.9672 };
  stopAfter.push(standingRover(product.mqttUrl, rover, secretOf(rover), at));

  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 60_000 });
  await expect(page.getByTestId('known-correction')).toContainText("Corrected from the base's NMEA position");
  await page.getByRole('button', { name: 'Record a point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  // the spec's rule: rover + (known - live base)
  const want = { latitude: at.latitude + KNOWN.latitude - BASE.latitude, longitude: at.longitude + KNOWN.longitude - BASE.longitude };
  await expect(dialog.getByTestId('stored-latlon')).toHaveText(`${want.latitude.toFixed(6)}, ${want.longitude.toFixed(6)}`, { timeout: 20_000 });
  await expect(dialog.getByTestId('stored-correction')).toContainText("Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position");
  await shot(page, 'record-known-nmea');
  await dialog.getByLabel('Point name').fill('Q1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Point recorded successfully.').last()).toBeVisible();
  const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: { Name: string; Latitude: number; Longitude: number; Warnings: string[]; Method: string }[] };
  expect(points).toHaveLength(1);
  expect(points[0]!.Method).toBe('rapid');
  expect(Math.abs(points[0]!.Latitude - want.latitude)).toBeLessThan(1e-9);
  expect(Math.abs(points[0]!.Longitude - want.longitude)).toBeLessThan(1e-9);
  // measured against the base's NMEA position: the server flags the point
  expect(points[0]!.Warnings).toContain('base-from-nmea');
  // and the taken-points list flags it
  await page.goto(`/projects/takenpoints/${projectId}`);
  const row = page.getByRole('table', { name: 'Taken points' }).getByRole('row', { name: /\bQ1\b/ });
  await expect(row.getByTestId('base-from-nmea').first()).toHaveText('base from NMEA');
  await shot(page, 'taken-points-nmea');
});
