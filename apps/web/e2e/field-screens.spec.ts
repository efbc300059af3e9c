import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { project } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Settings and the screens around the field work, at 390 and 1280 px: Settings' base coordinates say that the
 * project's own base setting wins and are typed in MANUAL (never the text "Not set" in a box), and a project with
 * no base position starts its Known Position boxes from them without saving anything. The NTRIP access panel gives
 * the caster's real host and port and each credential's mountpoints, which the caster at that address then serves.
 * Screenshots, light and dark, go to SMI_SHOTS_DIR.
 */

test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.SMI_SHOTS_DIR ?? '/tmp/field-screens-shots';
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
