import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LIMITS } from '@smi/contracts';
import { geoidSeparation, offset } from '@smi/simulator';
import { shotsDir, test, expect } from './fixtures';
import { project, secretsOf } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

const SHOTS = shotsDir('stakeout-walk');

/**
 * Stake-out end to end at 390 px with touch: design points imported from a PNEZD CSV into a UTM project, the rover
 * (the device simulator's --goto) walks to P3 while the phone shows the far arrow, then the near bullseye, then the
 * green in-tolerance state; Stake stores the as-staked point, which the design list and the cut sheet show with
 * deltas inside the tolerance (the cut sheet downloaded from the screen).
 */
test.describe.configure({ timeout: 300_000 });
test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

const base = LIMITS.defaultBase;
// P3: 30 m north and 20 m east of the simulator's base; the rover starts 8 m south of it
const p3 = offset(base.latitude, base.longitude, 30, 20);
const start = offset(p3.latitude, p3.longitude, -8, 0);

/** WGS 84 to UTM 44N by PROJ's cs2cs: the design file is written the way a CAD package would export it. */
function utm44(latitude: number, longitude: number): { easting: number; northing: number } {
  const out = execFileSync('cs2cs', ['-f', '%.4f', 'EPSG:4326', 'EPSG:32644'], { input: `${latitude} ${longitude}\n`, encoding: 'utf8' });
  const [easting, northing] = out.trim().split(/\s+/).map(Number);
  return { easting: easting!, northing: northing! };
}

/** The import dialog of the Design screen with a file chosen from the phone (the file chooser given its bytes). */
async function chooseDesignFile(page: Page, name: string, text: string, encoding: 'utf8' | 'latin1' = 'utf8') {
  await page.getByRole('button', { name: 'Import file' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Import design file' });
  await dialog.getByLabel('Design file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, encoding) });
  return dialog;
}

interface CutSheetRow {
  [column: string]: string;
}

test('the rover walks to P3: far, near, green, stored, and in the cut sheet within tolerance', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [baseCode, roverCode] = [`SB-${suffix}`, `SR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'stakewalk');
  const secrets = await surveyDevices(page.request, userId, [
    { code: baseCode, name: 'Stake Base', type: 'base' },
    { code: roverCode, name: 'Stake Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Kerb line', baseCode, [roverCode]);
  expect((await page.request.put(`/api/projects/crs/${projectId}`, { data: { crsCode: 32644 } })).status()).toBe(200);

  // P3's design elevation: the height the product gives the pole tip on P3 with the project's antenna (the
  // simulator's rover stands at 12 m above the geoid); the plan position from cs2cs
  const { settings } = (await (await page.request.get(`/api/projects/${projectId}/measurement-settings`)).json()) as { settings: { Antenna: unknown } };
  const preview = await page.request.post(`/api/projects/${projectId}/record-preview`, {
    data: { Reading: { Latitude: p3.latitude, Longitude: p3.longitude, Altitude: 12, GeoidSeparation: geoidSeparation(p3.latitude, p3.longitude) }, Antenna: settings.Antenna },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const height = ((await preview.json()) as { coordinate: { height: number } }).coordinate.height;
  const design = utm44(p3.latitude, p3.longitude);
  const at = (north: number, east: number) => {
    const p = offset(p3.latitude, p3.longitude, north, east);
    return utm44(p.latitude, p.longitude);
  };
  const rows = [
    ['P1', at(0, -10), height + 0.1, 'KERB'],
    ['P2', at(0, -5), height + 0.05, 'KERB'],
    ['P3', design, height, 'KERB'],
    ['P4', at(0, 5), height - 0.05, 'KERB'],
    ['P5', at(0, 10), height - 0.1, 'KERB'],
  ] as const;
  const csv = rows.map(([name, c, z, d]) => `${name},${c.northing.toFixed(4)},${c.easting.toFixed(4)},${z.toFixed(4)},${d}`).join('\r\n') + '\r\n';

  // the file imported from the phone on the Design screen: read as PNEZD (no header to say otherwise), previewed,
  // then imported
  await page.goto(`/projects/${projectId}/design`);
  const dialog = await chooseDesignFile(page, 'kerb-line.csv', csv);
  await expect(dialog.getByLabel('Columns')).toHaveValue('PNEZD');
  const previewed = dialog.getByRole('table', { name: 'Points as imported' });
  await expect(previewed.getByRole('row')).toHaveCount(1 + rows.length);
  // P3 as it would be stored: E and N as cs2cs gave them (to the file's 0.1 mm), the elevation as written
  const mm = (v: number) => Number(v.toFixed(4)).toFixed(3);
  await expect(previewed.getByRole('row', { name: /^P3\b/ }).getByRole('cell')).toHaveText([mm(design.easting), mm(design.northing), mm(height)]);
  await expect(dialog.getByTestId('design-import-frame')).toContainText('EPSG:32644');
  await page.screenshot({ path: `${SHOTS}/designimport-preview-390.png`, fullPage: true });
  await previewed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/designimport-points-390.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Import', exact: true }).tap();
  await expect(page.getByText('Imported 5 design points and 0 design lines')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Stake out' }).tap();
  const list = page.getByRole('list', { name: 'Design points' });
  await expect(list.getByRole('button')).toHaveCount(5);
  await list.getByRole('button', { name: 'P3', exact: true }).tap();
  await expect(page.getByText('Target P3')).toBeVisible();

  // the base and the rover: standing 8 m south of P3 for 10 s, then walking north onto it at 0.5 m/s (16 s)
  product.simulate([
    '--base', baseCode, '--rovers', roverCode, '--rate', '5',
    '--goto', `${p3.latitude},${p3.longitude}`, '--from', `${start.latitude},${start.longitude}`, '--speed', '0.5', '--start-after', '10',
    ...secretsOf(secrets, baseCode), ...secretsOf(secrets, roverCode),
  ]);

  const guidance = page.getByTestId('stake-guidance');
  // far: the arrow (north-up: P3 is due north, bearing about 0) and the distance in metres
  await expect(guidance).toHaveAttribute('data-state', 'far', { timeout: 60_000 });
  await expect(guidance).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('stake-fix')).toContainText('RTK fixed');
  const arrow = guidance.getByRole('img', { name: /^Go \d+ degrees$/ });
  await expect(arrow).toBeVisible();
  const degrees = Number((await arrow.getAttribute('aria-label'))!.match(/\d+/)![0]);
  // grid north at 79.97 E in UTM 44N is within a few tenths of a degree of true north
  expect(Math.min(degrees, 360 - degrees)).toBeLessThanOrEqual(2);
  const farText = (await page.getByTestId('stake-distance').textContent())!;
  expect(parseFloat(farText)).toBeGreaterThan(3);
  await page.screenshot({ path: `${SHOTS}/stakewalk-far-390.png`, fullPage: true });

  // near: inside the 3 m radius, the bullseye (red: not yet inside the tolerance)
  await expect(guidance).toHaveAttribute('data-state', 'near', { timeout: 60_000 });
  await expect(guidance.getByRole('img', { name: 'Bullseye' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/stakewalk-near-390.png`, fullPage: true });

  // on P3: green, inside 2 cm horizontally and 3 cm vertically
  await expect(guidance).toHaveAttribute('data-state', 'reached', { timeout: 60_000 });
  await expect(guidance.getByTestId('stake-distance')).toHaveClass(/text-emerald-600/);
  await expect(guidance.getByTestId('bullseye-in-tolerance')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/stakewalk-green-390.png`, fullPage: true });

  // Stake: the topo occupation runs on P3 and stores ST-P3
  await page.getByRole('button', { name: 'Stake', exact: true }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Staking ST-P3' })).toBeVisible();
  let record: { PointName: string; Status: string; dN: number; dE: number; dH: number; distance: number; within: { both: boolean } } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/projects/${projectId}/stake/records`);
        record = ((await res.json()) as { records: NonNullable<typeof record>[] }).records[0];
        return record?.Status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('done');
  expect(record).toMatchObject({ PointName: 'ST-P3', within: { both: true } });
  // the rover stood on P3 with a few millimetres of scatter: deltas well inside the tolerance
  for (const d of [record!.dN, record!.dE]) expect(Math.abs(d)).toBeLessThanOrEqual(0.02);
  expect(Math.abs(record!.dH)).toBeLessThanOrEqual(0.03);
  expect(record!.distance).toBeCloseTo(Math.hypot(record!.dN, record!.dE), 3);

  // the design list says P3 was staked once, with the last deltas
  await page.reload();
  const signed = (v: number) => `${Math.round(v * 1000) >= 0 ? '+' : '−'}${Math.abs(Math.round(v * 1000) / 1000).toFixed(3)}`;
  await expect(page.getByTestId('staked-P3')).toHaveText(`staked 1× · last dN ${signed(record!.dN)} dE ${signed(record!.dE)} dZ ${signed(record!.dH)}`);
  await page.screenshot({ path: `${SHOTS}/stakewalk-stored-390.png`, fullPage: true });

  // the cut sheet: P3's row with the design from the file, the staked position and the same deltas
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Cut sheet (CSV)' }).tap();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const [header, ...lines] = readFileSync((await file.path())!, 'utf8').trim().split('\r\n');
  const columns = header!.split(',');
  const table: CutSheetRow[] = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i]!, v])));
  expect(table).toHaveLength(1);
  const row = table[0]!;
  expect(row).toMatchObject({ design_name: 'P3', staked_name: 'ST-P3', in_tolerance: 'yes', status: 'done' });
  expect(Number(row.design_northing_m)).toBeCloseTo(design.northing, 3);
  expect(Number(row.design_easting_m)).toBeCloseTo(design.easting, 3);
  // staked - design, recomputed here from the sheet's own coordinates
  expect(Math.abs(Number(row.staked_northing_m) - design.northing - Number(row.dn_m))).toBeLessThanOrEqual(0.0011);
  expect(Math.abs(Number(row.staked_easting_m) - design.easting - Number(row.de_m))).toBeLessThanOrEqual(0.0011);
  expect(Math.abs(Number(row.dn_m) - record!.dN)).toBeLessThanOrEqual(0.0006);
  expect(Math.abs(Number(row.de_m) - record!.dE)).toBeLessThanOrEqual(0.0006);
  expect(Math.abs(Number(row.horizontal_distance_m))).toBeLessThanOrEqual(0.02);
});

test('a broken CSV names its bad rows by line and imports nothing until the good rows are accepted', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [baseCode, roverCode] = [`BB-${suffix}`, `BR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'stakebroken');
  await surveyDevices(page.request, userId, [
    { code: baseCode, name: 'Broken Base', type: 'base' },
    { code: roverCode, name: 'Broken Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Broken kerb', baseCode, [roverCode]);
  expect((await page.request.put(`/api/projects/crs/${projectId}`, { data: { crsCode: 32644 } })).status()).toBe(200);
  const design = async () => ((await (await page.request.get(`/api/projects/${projectId}/design`)).json()) as { points: { name: string; easting: number; northing: number; code: string }[] }).points;

  // easting first, with a header naming the columns; line 4 has a typing slip, line 7 repeats a name; written by
  // an old Windows program (ü is one Windows-1252 byte, not UTF-8)
  const csv = [
    'Pt,East,North,Z,Desc',
    'K1,531000.2500,744123.1000,12.3000,KERB',
    'K2,531005.2500,744123.1000,12.2500,KERB',
    'K3,5310O9.2500,744123.1000,12.2000,KERB',
    'K4,531015.2500,744123.1000,12.1500,KERB',
    'K5,531020.2500,744123.1000,12.1000,KERB Mühle',
    'K2,531025.2500,744123.1000,12.0500,KERB',
  ].join('\n');
  await page.goto(`/projects/${projectId}/design`);
  const dialog = await chooseDesignFile(page, 'kerb-broken.txt', csv, 'latin1');
  await expect(dialog.getByRole('region', { name: 'Reading the file' })).toContainText('read as Windows-1252');
  // the header's names chose the layout; the preview already names the two bad rows
  await expect(dialog.getByLabel('Columns')).toHaveValue('PENZD');
  await expect(dialog.getByRole('table', { name: 'Points as imported' }).getByRole('row', { name: /^K1\b/ }).getByRole('cell')).toHaveText(['531000.250', '744123.100', '12.300']);
  const previewProblems = dialog.getByRole('region', { name: 'Problems in these rows' });
  await expect(previewProblems).toContainText('Line 4:');
  await expect(previewProblems).toContainText('Line 7: the point name "K2" is already used on line 3');
  await page.screenshot({ path: `${SHOTS}/designimport-broken-light-390.png`, fullPage: true });

  await dialog.getByRole('button', { name: 'Import', exact: true }).tap();
  const refused = dialog.getByTestId('design-import-refused');
  // the refusal's list (the whole file's) takes the place of the preview's
  await expect(previewProblems).toBeHidden();
  await expect(refused.getByRole('alert')).toContainText('Nothing was imported: 2 problems, first line 4');
  await expect(refused.getByRole('region', { name: 'Problems in the file' }).getByRole('listitem')).toHaveCount(2);
  expect(await design()).toEqual([]);
  await refused.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/designimport-refused-light-390.png`, fullPage: true });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: `${SHOTS}/designimport-refused-dark-390.png`, fullPage: true });
  await dialog.getByRole('region', { name: 'Reading the file' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/designimport-broken-dark-390.png`, fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  await dialog.getByRole('button', { name: 'Import the 4 good rows' }).tap();
  await expect(page.getByText('Imported 4 design points and 0 design lines; 2 rows with problems left out')).toBeVisible();
  // the Design screen's list reads again by itself
  await expect(page.getByRole('heading', { name: 'Design points (4)' })).toBeVisible();
  const stored = await design();
  expect(stored.map((p) => p.name).sort()).toEqual(['K1', 'K2', 'K4', 'K5']);
  expect(stored.find((p) => p.name === 'K2')).toMatchObject({ easting: 531005.25, northing: 744123.1 });
  expect(stored.find((p) => p.name === 'K5')).toMatchObject({ code: 'KERB Mühle' });
});
