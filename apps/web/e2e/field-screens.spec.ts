import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { project, secretsOf, standingRover } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Settings and the screens around the field work, at 390 and 1280 px: Settings' base coordinates say that the
 * project's own base setting wins and are typed in MANUAL (never the text "Not set" in a box), and a project with
 * no base position starts its Known Position boxes from them without saving anything. The NTRIP access panel gives
 * the caster's real host and port and each credential's mountpoints, which the caster at that address then serves.
 * On the map, point names never print into one another ("KB1" beside "P4" as "P41"; a continuous run as a heap).
 * Smaller things: a refused Delete is said clear of its dialog's question and buttons on a phone; a device code connects in any
 * letter case; a sign-up error says no field key and stays on its page; the taken points' table keeps Modify and
 * Delete in its box at 1280 px; a continuous run ends with "Stop", not "Accept".
 * Screenshots, light and dark, go to SMI_SHOTS_DIR.
 */

test.describe.configure({ timeout: 240_000 });

const SHOTS = shotsDir('field-screens');
mkdirSync(SHOTS, { recursive: true });

/** The screen at 1280 and 390 px, in the light and the dark theme (set through Settings' own call). */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  for (const theme of ['Light', 'Dark'] as const) {
    expect((await page.request.put('/api/user/settings', { data: { map: { theme } } })).status()).toBe(200);
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'Dark');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}/${name}-${theme.toLowerCase()}-${width}.png`, fullPage: true, style: '.Toastify { display: none !important; }' });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  expect((await page.request.put('/api/user/settings', { data: { map: { theme: 'Light' } } })).status()).toBe(200);
  if (size) await page.setViewportSize(size);
}

const storedSystem = async (page: Page) =>
  ((await (await page.request.get('/api/user/settings')).json()) as { Data: { system: { baseStationCoordinates: string; latitude: number | null; longitude: number | null } } }).Data.system;

for (const width of [390, 1280]) {
  test(`Settings' base coordinates at ${width} px: the project wins, typed in MANUAL, offered to a project with no base`, async ({ page, product }) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const suffix = Date.now().toString(36).toUpperCase();
    const base = `SB-${suffix}`;
    const { userId } = await surveyAccount(page.request, product, 'basesetting');
    await surveyDevices(page.request, userId, [{ code: base, name: 'Yard Base', type: 'base' }]);
    const projectId = await project(page.request, userId, 'Yard', base, []);

    await page.goto('/settings');
    const system = page.locator('section', { has: page.getByRole('heading', { name: 'System' }) });
    const latitude = system.getByLabel('Latitude', { exact: true });
    const longitude = system.getByLabel('Longitude', { exact: true });
    // AUTO: the boxes are read-only and empty (no "Not set" as a value), and the page says which setting wins
    await expect(latitude).toHaveValue('');
    await expect(longitude).toHaveValue('');
    await expect(latitude).not.toBeEditable();
    await expect(system).toContainText("A project's own Positioning Mode wins: nothing here moves a point.");
    await shots(page, `settings-base-auto-${width}`);

    // MANUAL: both boxes take a coordinate, keep it, and refuse one out of range
    await system.getByRole('radio', { name: 'MANUAL' }).click();
    await expect(latitude).toBeEditable();
    await expect(longitude).toBeEditable();
    await latitude.fill('95');
    await latitude.blur();
    await expect(system.getByRole('alert')).toHaveText('Latitude must be a number from -90 to 90');
    await latitude.fill('6.6152');
    await expect(system.getByRole('alert')).toHaveCount(0);
    await longitude.fill('79.96805');
    await longitude.blur();
    await expect.poll(async () => storedSystem(page)).toMatchObject({ baseStationCoordinates: 'MANUAL', latitude: 6.6152, longitude: 79.96805 });
    await page.reload();
    await expect(latitude).toHaveValue('6.6152');
    await expect(longitude).toHaveValue('79.96805');
    await shots(page, `settings-base-manual-${width}`);

    // the project has no base position: Known Position starts from Settings' coordinates, and nothing is saved
    await page.goto(`/projects/${projectId}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Positioning Mode' }) });
    await panel.getByRole('radio', { name: 'Known Position' }).click();
    await expect(panel.getByLabel('Latitude', { exact: true })).toHaveValue('6.6152');
    await expect(panel.getByLabel('Longitude', { exact: true })).toHaveValue('79.96805');
    await expect(panel.getByTestId('mark-from-settings')).toContainText('not set until you press Update Base Position');
    await shots(page, `project-known-from-settings-${width}`);
    const stored = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(stored)).toMatch(/"BaseLatitude":null/);

    // back to AUTO: the boxes are read-only again, and Settings keeps what was typed
    await page.goto('/settings');
    await system.getByRole('radio', { name: 'AUTO' }).click();
    await expect(latitude).not.toBeEditable();
    await expect(latitude).toHaveValue('');
  });
}

/** The caster's sourcetable for a user, asked over a plain NTRIP 1 request: its mountpoint names. */
function sourcetable(host: string, port: number, user: string, password: string) {
  return new Promise<string[]>((done, fail) => {
    const socket = connect(port, host, () => socket.write(`GET / HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${Buffer.from(`${user}:${password}`).toString('base64')}\r\n\r\n`));
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('error', fail);
    socket.on('close', () => done(text.split('\r\n').filter((l) => l.startsWith('STR;')).map((l) => l.split(';')[1]!).sort()));
  });
}

for (const width of [390, 1280]) {
  test(`the NTRIP access panel at ${width} px gives the caster's real host, port and mountpoints`, async ({ page, product }) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const suffix = Date.now().toString(36).toUpperCase();
    const { userId } = await surveyAccount(page.request, product, 'ntripaccess');
    await surveyDevices(page.request, userId, [
      { code: `NA-${suffix}`, name: 'Quay Base', type: 'base' },
      { code: `NC-${suffix}`, name: 'Hill Base', type: 'base' },
    ]);
    await page.goto('/settings');
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'NTRIP access' }) });
    // no fixed "port 2101": the product runs its caster on a port picked at start, and the panel says which
    await expect(panel).not.toContainText('2101');
    const caster = panel.getByTestId('ntrip-caster');
    await expect(caster).toContainText('Caster host');
    const host = (await caster.locator('dd').nth(0).textContent())!;
    const port = Number(await caster.locator('dd').nth(1).textContent());
    expect(host).toBe(new URL(product.url).hostname);
    expect(port).toBeGreaterThan(0);
    await expect(caster).toContainText(`ntrip://${host}:${port}/MOUNTPOINT`);

    await panel.getByPlaceholder('e.g. Field controller').fill('Survey tablet');
    await panel.getByRole('button', { name: 'Create credential' }).click();
    const made = panel.getByTestId('ntrip-credential-made');
    const password = (await made.getByTestId('ntrip-password').textContent())!;
    const user = (await made.locator('dd').nth(0).textContent())!;
    const listed = panel.getByTestId('ntrip-mountpoints');
    await expect(listed).toHaveText(`Mountpoints: NA-${suffix}, NC-${suffix}`);
    await expect(made).toContainText(`NA-${suffix}, NC-${suffix}`);
    // the caster at that address, asked with that credential, lists exactly those mountpoints
    expect(await sourcetable(host, port, user, password)).toEqual([`NA-${suffix}`, `NC-${suffix}`]);
    await shots(page, `settings-ntrip-access-${width}`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a device code connects in any letter case', async ({ page, product }) => {
    const code = `Sam-R${Date.now().toString(36).toUpperCase()}`;
    await surveyAccount(page.request, product, 'codecase');
    expect((await page.request.post(`/api/devices/${code}`, { data: { Name: 'Sam rover', Type: 'rover' } })).status()).toBe(201);
    await page.goto('/devices');
    await page.getByPlaceholder('Enter Device ID').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Connect', exact: true }).tap();
    await expect(page.locator('#connect-result')).not.toHaveText('');
    await expect(page.locator('#connect-result')).not.toHaveClass(/text-red/);
    await expect(page.getByRole('table', { name: 'Connected devices' }).getByText(code, { exact: true })).toBeVisible();
  });

  test('a sign-up error names no field key and does not follow to the next page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).tap();
    await page.getByLabel('Name').fill('Ada Surveyor');
    await page.getByLabel('Email').fill(`short.${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Create account' }).tap();
    const toast = page.locator('.Toastify__toast--error');
    await expect(toast).toBeVisible();
    const said = (await toast.textContent())!;
    expect(said).toMatch(/at least/i);
    expect(said).not.toMatch(/\b(password|email|name): /);
    expect(said.trim().charAt(0)).toMatch(/[A-Z]/);
    await page.getByRole('link', { name: 'Back to home' }).tap();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(toast).toHaveCount(0);
  });

  test("a refused Delete says so clear of the dialog's question and buttons", async ({ page, product }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    const { userId } = await surveyAccount(page.request, product, 'refused');
    await surveyDevices(page.request, userId, [{ code: `RB-${suffix}`, name: 'Refused Base', type: 'base' }]);
    await project(page.request, userId, 'Kept job', `RB-${suffix}`, []);
    // the server refuses this one delete (as it would a project removed elsewhere meanwhile)
    await page.route('**/api/projects/**', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'The project is being exported; try again shortly.' }) }) : route.fallback(),
    );
    await page.goto('/projects');
    for (const theme of ['light', 'dark'] as const) {
      // the page's theme as the Settings screen applies it, before the dialog opens (so no colour is mid-transition)
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.getByRole('button', { name: 'Delete project Kept job' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Delete Project' });
      await dialog.getByRole('button', { name: 'Delete' }).tap();
      const toast = page.locator('.Toastify__toast--error');
      await expect(toast).toHaveText(/being exported/);
      await expect(toast).toHaveClass(new RegExp(`Toastify__toast-theme--${theme}`));
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(800); // the toast's slide-in
      const t = await toast.boundingBox();
      const parts = {
        Delete: dialog.getByRole('button', { name: 'Delete' }),
        Cancel: dialog.getByRole('button', { name: 'Cancel' }),
        Close: dialog.getByRole('button', { name: 'Close' }),
        'the question': dialog.getByText(/Kept job/),
      };
      for (const [name, part] of Object.entries(parts)) {
        const b = (await part.boundingBox())!;
        expect(t!.y + t!.height <= b.y || b.y + b.height <= t!.y || t!.x + t!.width <= b.x || b.x + b.width <= t!.x, `the toast covers ${name}`).toBe(true);
      }
      await page.screenshot({ path: `${SHOTS}/refused-delete-${theme}-390.png` });
      await toast.getByRole('button', { name: /close/i }).tap();
      await expect(toast).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Cancel' }).tap();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete project Kept job' })).toBeVisible();
    }
  });

  test('a continuous run is ended by a button that says Stop, and keeps its points', async ({ page, product }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    const [base, rover] = [`CB-${suffix}`, `CR-${suffix}`];
    const { userId } = await surveyAccount(page.request, product, 'continuous');
    const secrets = await surveyDevices(page.request, userId, [
      { code: base, name: 'Run Base', type: 'base' },
      { code: rover, name: 'Run Rover', type: 'rover' },
    ]);
    const projectId = await project(page.request, userId, 'Kerb run', base, [rover]);
    const settings = await page.request.put(`/api/projects/${projectId}/measurement-settings`, {
      data: { DefaultMethod: 'continuous', Antenna: { Height: 0, HeightType: 'vertical', Reference: 'ARP', Model: '' } },
    });
    expect(settings.status()).toBe(200);
    product.simulate(['--base', base, '--rate', '1', ...secretsOf(secrets, base)]);
    const stop = standingRover(product.mqttUrl, rover, secretsOf(secrets, rover)[1]!.split('=').slice(1).join('='), { latitude: 6.6153, longitude: 79.96812, sigma: [0.01, 0.01] });
    try {
      await page.goto(`/projects/pointsurvey/${projectId}`);
      await expect(page.getByTestId('quality-fix')).toHaveText('RTK fixed', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Record a point' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Record a Point' });
      await expect(dialog.getByLabel('Method')).toHaveValue('continuous');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Save' }).tap();
      await expect(dialog.getByTestId('occupation-progress')).toBeVisible({ timeout: 20_000 });
      const stopButton = dialog.getByRole('button', { name: 'Stop', exact: true });
      await expect(stopButton).toBeEnabled({ timeout: 20_000 });
      await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
      await shots(page, 'continuous-run');
      await page.setViewportSize({ width: 390, height: 844 });
      await stopButton.tap();
      await expect(stopButton).toHaveCount(0, { timeout: 20_000 });
      const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: unknown[] };
      expect(points.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });
});

test('the taken points table fits its box at 1280 px, Modify and Delete in view', async ({ page, product }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`TB-${suffix}`, `TR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'table');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Table Base', type: 'base' },
    { code: rover, name: 'Table Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Wide table', base, [rover]);
  // a projected CRS adds easting and northing columns: the widest table
  expect((await page.request.put(`/api/projects/crs/${projectId}`, { data: { crsCode: 32644 } })).status()).toBeLessThan(300);
  expect(
    (await page.request.put(`/api/projects/${projectId}/measurement-settings`, {
      data: { DefaultMethod: 'rapid', Antenna: { Height: 0, HeightType: 'vertical', Reference: 'ARP', Model: '' } },
    })).status(),
  ).toBe(200);
  product.simulate(['--base', base, '--rate', '1', ...secretsOf(secrets, base)]);
  const stop = standingRover(product.mqttUrl, rover, secretsOf(secrets, rover)[1]!.split('=').slice(1).join('='), { latitude: 6.6153, longitude: 79.96812, sigma: [0.01, 0.01] });
  try {
    await page.goto(`/projects/pointsurvey/${projectId}`);
    await expect(page.getByTestId('quality-fix')).toHaveText('RTK fixed', { timeout: 30_000 });
    for (const name of ['Manhole cover north kerb', 'Gate post']) {
      await page.getByRole('button', { name: 'Record a point' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a Point' });
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
      await dialog.getByLabel('Point name').fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden({ timeout: 30_000 });
    }
  } finally {
    stop();
  }
  await page.goto(`/projects/takenpoints/${projectId}`);
  const table = page.getByRole('table');
  await expect(table.getByText('Gate post', { exact: true })).toBeVisible();
  const frame = (await table.locator('xpath=..').boundingBox())!;
  // the whole table fits its box: nothing to scroll sideways to
  expect(await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth), 'the table is wider than its box').toBeLessThanOrEqual(0);
  await expect(table.getByRole('row', { name: /Gate post/ })).toContainText('Section default');
  for (const name of ['Manhole cover north kerb', 'Gate post']) {
    for (const action of ['Modify', 'Delete']) {
      const b = (await page.getByRole('button', { name: `${action} point ${name}` }).boundingBox())!;
      expect(b.x, `${action} ${name} starts inside the table's box`).toBeGreaterThanOrEqual(frame.x);
      expect(b.x + b.width, `${action} ${name} ends inside the table's box`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(b.x + b.width).toBeLessThanOrEqual(1280);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await shots(page, 'taken-points-wide');
});

/** Every name the page draws on a canvas, where it lands in the canvas's pixels and how wide it is. */
function watchCanvasText() {
  const drawn: { text: string; x: number; y: number; w: number }[] = [];
  (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const p = this.getTransform().transformPoint(new DOMPoint(x, y));
    drawn.push({ text, x: p.x, y: p.y, w: this.measureText(text).width });
    return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
  };
}

test.describe('the map on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('point names near one another are drawn apart, never into each other', async ({ page, product }) => {
    await page.addInitScript(watchCanvasText);
    const suffix = Date.now().toString(36).toUpperCase();
    const [base, rover] = [`LB-${suffix}`, `LR-${suffix}`];
    const { userId } = await surveyAccount(page.request, product, 'labels');
    const secrets = await surveyDevices(page.request, userId, [
      { code: base, name: 'Label Base', type: 'base' },
      { code: rover, name: 'Label Rover', type: 'rover' },
    ]);
    const projectId = await project(page.request, userId, 'Labels', base, [rover]);
    const at = { latitude: 6.6153, longitude: 79.96812 };
    // "KB1" and, 0.4 m east of it, "P4"; and a continuous run: a shot every 0.3 m along 4 m to the north
    const names: string[] = [];
    const post = async (Name: string, dLat: number, dLon: number) => {
      names.push(Name);
      const res = await page.request.post('/api/points', { data: { ProjectId: projectId, Name, Latitude: at.latitude + 0.00003 + dLat, Longitude: at.longitude + dLon, FixType: 'rtk-fixed' } });
      expect(res.status(), await res.text()).toBeLessThan(300);
    };
    await post('KB1', 0, 0);
    await post('P4', 0, 0.0000036);
    for (let i = 0; i < 13; i++) await post(`R${100 + i}`, -0.00005 - i * 0.0000027, -0.00002);
    product.simulate(['--base', base, '--rate', '1', ...secretsOf(secrets, base)]);
    const stop = standingRover(product.mqttUrl, rover, secretsOf(secrets, rover)[1]!.split('=').slice(1).join('='), { ...at, sigma: [0.01, 0.01] });
    try {
      await page.goto(`/projects/pointsurvey/${projectId}`);
      await expect(page.getByTestId('quality-fix')).toHaveText('RTK fixed', { timeout: 30_000 });
      // the newest drawing of each name since `from` (an index into everything drawn)
      const drawnCount = () => page.evaluate(() => (window as unknown as { __drawn: unknown[] }).__drawn.length);
      const latest = (from: number) =>
        page.evaluate(
          ({ names, from }) => {
            const all = (window as unknown as { __drawn: { text: string; x: number; y: number; w: number }[] }).__drawn.slice(from);
            return names.map((n) => all.findLast((d) => d.text === n) ?? null);
          },
          { names, from },
        );
      await expect.poll(async () => (await latest(0)).filter(Boolean).length, { timeout: 20_000 }).toBeGreaterThan(2);
      // one zoom in and back out: what is drawn after it is this view's own drawing, none of an earlier view's
      await page.getByRole('button', { name: 'Zoom in' }).tap();
      await page.waitForTimeout(1500);
      const from = await drawnCount();
      await page.getByRole('button', { name: 'Zoom out' }).tap();
      await page.waitForTimeout(1500);
      const drawn = (await latest(from)).filter((d): d is NonNullable<typeof d> => d !== null);
      // both names of the close pair are there, and no two names share a pixel
      expect(drawn.map((d) => d.text)).toEqual(expect.arrayContaining(['KB1', 'P4']));
      const boxOf = (d: (typeof drawn)[number]) => ({ x: d.x, y: d.y - 6.5, w: d.w, h: 13 });
      for (let i = 0; i < drawn.length; i++)
        for (let j = i + 1; j < drawn.length; j++) {
          const [a, b] = [boxOf(drawn[i]!), boxOf(drawn[j]!)];
          const touch = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(touch, `${drawn[i]!.text} and ${drawn[j]!.text} drawn into each other: ${JSON.stringify([drawn[i], drawn[j]])}`).toBe(false);
        }
      await shots(page, 'map-labels');
    } finally {
      stop();
    }
  });
});
