import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Coordinate systems in the browser (decision 024): the project settings choose a coordinate system and a geoid; the Record dialog and the
 * taken points show the grid coordinate (checked against PROJ's cs2cs and cct) with the CRS, unit and geoid named;
 * the shapefile downloaded from the project page is read back by GDAL. Screenshots go to /tmp (never committed).
 */
test.describe.configure({ timeout: 360_000 });

const SHOTS = shotsDir('crs-settings');
mkdirSync(SHOTS, { recursive: true });
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, style: '.Toastify { display: none !important; }' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function deviceId(request: APIRequestContext, code: string) {
  const { device } = (await (await request.get(`/api/devices/${code}`)).json()) as { device: { _id: string } };
  return device._id;
}

const checksum = (body: string) => [...body].reduce((x, c) => x ^ c.charCodeAt(0), 0).toString(16).toUpperCase().padStart(2, '0');
const dm = (v: number, width: number) => {
  const deg = Math.floor(Math.abs(v));
  return `${String(deg).padStart(width, '0')}${((Math.abs(v) - deg) * 60).toFixed(7).padStart(10, '0')}`;
};
/** An RTK-fixed GGA now at a fixed position: 12.345 m above MSL, geoid separation -17.000 m (h = -4.655 m). */
function gga(latitude: number, longitude: number) {
  const d = new Date();
  const t = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join('') + `.${String(Math.floor(d.getUTCMilliseconds() / 10)).padStart(2, '0')}`;
  const body = `GNGGA,${t},${dm(latitude, 2)},N,${dm(longitude, 3)},E,4,20,0.8,12.345,M,-17.000,M,1.0,0000`;
  return `$${body}*${checksum(body)}`;
}

const AT = { latitude: 6.6152, longitude: 79.968174 };
// the mark's h: GGA's MSL + N, less the default antenna set-up (1.800 m vertical to the ARP)
const H = 12.345 - 17 - 1.8;
const env = { ...process.env, PROJ_NETWORK: 'OFF' };
const [E, N] = execFileSync('cs2cs', ['-f', '%.4f', 'EPSG:4326', 'EPSG:5235'], { input: `${AT.latitude} ${AT.longitude}\n`, env }).toString().trim().split(/\s+/).map(Number) as [number, number];
const ORTHO = Number(
  execFileSync('cct', ['-d', '4', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
    input: `${AT.longitude} ${AT.latitude} ${H}\n`,
    env,
  })
    .toString()
    .trim()
    .split(/\s+/)[2],
);
const numbersOf = (text: string) => [...text.matchAll(/-?\d+\.\d{3}/g)].map((m) => Number(m[0]));

let stop: (() => void) | null = null;
test.afterEach(() => stop?.());

test('choose a CRS and a geoid in the project settings, see grid coordinates when recording and in the taken points, download the shapefile', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`CB-${suffix}`, `CR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'crs');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Grid Base', type: 'base' },
    { code: rover, name: 'Grid Rover', type: 'rover' },
  ]);
  const res = await page.request.post('/api/projects/', {
    data: { Name: 'Colombo grid', Description: 'grid and geoid', BaseStation: await deviceId(page.request, base), ClientDevices: [await deviceId(page.request, rover)], UserId: userId },
  });
  expect(res.ok()).toBe(true);
  const projectId = ((await res.json()) as { _id: string })._id;

  // ---- the project settings: find the Sri Lanka grid by name, heights on EGM96 ----
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByTestId('crs-current')).toContainText('No coordinate system');
  await page.getByLabel('Find a coordinate system (EPSG code or name)').fill('sri lanka');
  await page.getByRole('button', { name: /EPSG:5235 SLD99 \/ Sri Lanka Grid 1999/ }).click();
  await expect(page.getByTestId('crs-picked')).toContainText('coordinates in metre');
  await page.getByLabel('Heights').selectOption({ label: 'Orthometric with EGM96 (built in)' });
  await page.getByRole('button', { name: 'Save coordinate system' }).click();
  await expect(page.getByTestId('crs-current')).toHaveText('EPSG:5235 SLD99 / Sri Lanka Grid 1999 · metre · heights orthometric (EGM96) · corrections in WGS84');
  await expect(page.getByText('Choose a projected coordinate system above')).toHaveCount(0);
  await shots(page, 'project-crs');

  // ---- the Record dialog: the live position in the grid, to 1 mm of cs2cs; the EGM96 height to 1 mm of cct ----
  const secret = secrets[3]!.slice(rover.length + 1);
  product.simulate(['--base', base, '--rate', '2', '--secret', secrets[1]!]);
  const { hostname, port } = new URL(product.mqttUrl);
  const pub = spawn('mosquitto_pub', ['-h', hostname, '-p', port, '-u', rover, '-P', secret, '-t', `devices/${rover}/nmea`, '-l'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const timer = setInterval(() => pub.stdin.write(`${gga(AT.latitude, AT.longitude)}\n`), 500);
  stop = () => {
    clearInterval(timer);
    pub.stdin.end();
    pub.kill('SIGTERM');
  };
  // on a phone, as in the field
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Record a point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
  await expect(dialog.getByTestId('stored-crs')).toHaveText('EPSG:5235 SLD99 / Sri Lanka Grid 1999 · metre');
  await expect(dialog.getByTestId('stored-grid')).toHaveText(/^E \d{6}\.\d{3} m, N \d{6}\.\d{3} m$/);
  const [e, n] = numbersOf(await dialog.getByTestId('stored-grid').innerText());
  expect(Math.abs(e! - E)).toBeLessThan(0.0015);
  expect(Math.abs(n! - N)).toBeLessThan(0.0015);
  await expect(dialog.getByTestId('stored-height')).toHaveText(/^-?\d+\.\d{3} m orthometric \(EGM96\)$/);
  expect(Math.abs(numbersOf(await dialog.getByTestId('stored-height').innerText())[0]! - ORTHO)).toBeLessThan(0.0015);
  await shots(page, 'record-grid');
  await dialog.getByLabel('Point name').fill('Grid mark');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // ---- the taken points: the same grid coordinate, its CRS, unit and geoid named ----
  await page.goto(`/projects/takenpoints/${projectId}`);
  await expect(page.getByTestId('points-crs')).toHaveText('Grid coordinates in EPSG:5235 SLD99 / Sri Lanka Grid 1999, metre; heights orthometric (EGM96).');
  const row = page.getByRole('row', { name: /Grid mark/ });
  await expect(row).toContainText(`${e!.toFixed(3)} m`);
  await expect(row).toContainText(`${n!.toFixed(3)} m`);
  // the point stored h = MSL + N from the GGA: its EGM96 height, as in the dialog
  await expect(row).toContainText(`${ORTHO.toFixed(3)} m EGM96`);
  // the phone's list: the same grid coordinate and height under the name
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('row', { name: /Grid mark/ });
  await expect(card.getByTestId('point-grid')).toHaveText(`E ${e!.toFixed(3)} m, N ${n!.toFixed(3)} m`);
  await expect(card).toContainText(`Height ${ORTHO.toFixed(3)} m EGM96`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, 'taken-points-grid');

  // ---- the shapefile, downloaded from the project page and read by GDAL: 3D Point, EPSG:5235, the same values ----
  await page.goto(`/projects/${projectId}`);
  await page.getByLabel('Export format').selectOption('shp');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  const zip = join(tmpdir(), `crs-export-${suffix}.zip`);
  writeFileSync(zip, readFileSync((await file.path())!));
  const summary = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${zip}`]).toString();
  expect(summary).toMatch(/Geometry: 3D Point/);
  expect(summary).toMatch(/Feature Count: 1/);
  expect(execFileSync('gdalsrsinfo', ['-e', `/vsizip/${zip}/points.prj`]).toString()).toMatch(/^EPSG:5235$/m);
  const feature = execFileSync('ogrinfo', ['-ro', '-al', `/vsizip/${zip}`]).toString();
  const [x, y, z] = /POINT Z \(([-\d.]+) ([-\d.]+) ([-\d.]+)\)/.exec(feature)!.slice(1).map(Number);
  expect(Math.abs(x! - E)).toBeLessThan(0.001);
  expect(Math.abs(y! - N)).toBeLessThan(0.001);
  expect(Math.abs(z! - ORTHO)).toBeLessThan(0.001);

  // ---- a site calibration from a csv of control: two points recorded, their known grid 1.5 m east and 2.25 m south ----
  const control = [
    { Name: 'CP-A', Latitude: 6.6148, Longitude: 79.9676 },
    { Name: 'CP-B', Latitude: 6.6161, Longitude: 79.9693 },
  ];
  for (const c of control) {
    const r = await page.request.post('/api/points', { data: { ProjectId: projectId, ...c, EllipsoidalHeight: 20, FixType: 'rtk-fixed' } });
    expect(r.ok()).toBe(true);
  }
  const known = execFileSync('cs2cs', ['-f', '%.4f', 'EPSG:4326', 'EPSG:5235'], { input: control.map((c) => `${c.Latitude} ${c.Longitude}\n`).join(''), env })
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const csv = ['name,easting,northing,height', ...control.map((c, i) => `${c.Name},${(known[i]![0]! + 1.5).toFixed(4)},${(known[i]![1]! - 2.25).toFixed(4)},`)].join('\n');
  await page.goto(`/projects/${projectId}`);
  await page.getByText('New calibration…').click();
  await page.locator('form[aria-label="Calibration pairs"] input[type="file"]').setInputFiles({ name: 'control.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('Pair 2 known easting')).toHaveValue((known[1]![0]! + 1.5).toFixed(4));
  await page.getByRole('button', { name: 'Solve calibration' }).click();
  const calSummary = page.getByTestId('calibration-summary');
  await expect(calSummary).toContainText('Calibration v1 in use');
  // the parameters are shown (the translation is about the grid origin, so not simply 1.5 / -2.25: checked at the points below)
  await expect(calSummary).toContainText(/Shift E, N-?\d+\.\d{3} m, -?\d+\.\d{3} m/);
  await expect(calSummary).toContainText('Two horizontal pairs fit exactly');
  await expect(calSummary.getByTestId('calibration-rms')).toHaveText('horizontal 0.000 m, vertical —');
  await page.getByText('Calibration v1 in use').scrollIntoViewIfNeeded();
  await shots(page, 'calibration');
  // the taken points now show the calibrated grid, and say so
  await page.goto(`/projects/takenpoints/${projectId}`);
  await expect(page.getByTestId('points-crs')).toContainText('site calibration v1 applied');
  const moved = numbersOf(await page.getByRole('row', { name: /Grid mark/ }).innerText());
  expect(moved.some((v) => Math.abs(v - (e! + 1.5)) < 0.005)).toBe(true);
  expect(moved.some((v) => Math.abs(v - (n! - 2.25)) < 0.005)).toBe(true);
  // removed: back to the coordinate system's own grid
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Remove calibration' }).click();
  await expect(page.getByTestId('calibration-none')).toBeVisible();
});
