import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LIMITS } from '@smi/contracts';
import { shotsDir, test, expect } from './fixtures';
import { project } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

const SHOTS = shotsDir('design-points');

/**
 * Design points typed in on a phone (390 px, touch) in a UTM project: a point added from the Design screen (reached
 * from the project page), a duplicate name refused beside the name, its elevation edited, the list and the API's
 * design list agreeing at each step, then deleted after the confirm. The screen and its form are checked by axe in
 * the light and the dark theme. Screenshots go to the test results folder.
 */
test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

interface DesignList {
  frame: { crs: string; unit: string } | null;
  lines: { id: string; name: string; closed: boolean; vertices: unknown[] }[];
  points: { id: string; name: string; easting: number; northing: number; elevation: number | null; code: string; layer: string; source: string }[];
}

/** WGS 84 to UTM 44N by PROJ's cs2cs: the coordinates a crew would read off a plan in the project's grid. */
function utm44(latitude: number, longitude: number): { easting: number; northing: number } {
  const out = execFileSync('cs2cs', ['-f', '%.3f', 'EPSG:4326', 'EPSG:32644'], { input: `${latitude} ${longitude}\n`, encoding: 'utf8' });
  const [easting, northing] = out.trim().split(/\s+/).map(Number);
  return { easting: easting!, northing: northing! };
}

async function axeFindings(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${what}: ${v.id} ${n.target.join(' ')} ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`));
}

test('a design point typed in, refused twice by name, its elevation edited, then deleted', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const { userId } = await surveyAccount(page.request, product, 'design');
  await surveyDevices(page.request, userId, [{ code: `DB-${suffix}`, name: 'Design Base', type: 'base' }]);
  const projectId = await project(page.request, userId, 'Kerb design', `DB-${suffix}`, []);
  expect((await page.request.put(`/api/projects/crs/${projectId}`, { data: { crsCode: 32644 } })).status()).toBe(200);
  const design = async () => (await (await page.request.get(`/api/projects/${projectId}/design`)).json()) as DesignList;
  const cp = utm44(LIMITS.defaultBase.latitude + 0.0003, LIMITS.defaultBase.longitude + 0.0002);

  // from the project page to its Design screen
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('link', { name: 'Design', exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/design$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Design' })).toBeVisible();
  await expect(page.getByTestId('design-frame')).toContainText('EPSG:32644');
  await expect(page.getByText('The project has no design points yet.')).toBeVisible();

  // Add point: typed in the project's unit (metres)
  await page.getByRole('button', { name: 'Add point' }).tap();
  const form = page.getByRole('dialog', { name: 'Add design point' });
  await form.getByLabel('Name').fill('CP1');
  await form.getByLabel('Easting (m)').fill(cp.easting.toFixed(3));
  await form.getByLabel('Northing (m)').fill(cp.northing.toFixed(3));
  await form.getByLabel('Code').fill('CTRL');
  await form.getByLabel('Layer').fill('SETOUT');
  await page.screenshot({ path: `${SHOTS}/form-light-390.png` });
  await form.getByRole('button', { name: 'Add point' }).tap();
  await expect(form).toBeHidden();
  const table = page.getByRole('table', { name: 'Design points' });
  const row = table.getByRole('row').filter({ hasText: 'CP1' });
  await expect(row.getByTestId('design-point-grid')).toHaveText(`E ${cp.easting.toFixed(3)} · N ${cp.northing.toFixed(3)} · Z – m`);
  let listed = await design();
  expect(listed.points).toHaveLength(1);
  expect(listed.points[0]).toMatchObject({ name: 'CP1', easting: cp.easting, northing: cp.northing, elevation: null, code: 'CTRL', layer: 'SETOUT', source: 'typed' });
  const id = listed.points[0]!.id;

  // the same name again: the server's 409 beside the name, nothing stored
  await page.getByRole('button', { name: 'Add point' }).tap();
  await form.getByLabel('Name').fill('CP1');
  await form.getByLabel('Easting (m)').fill('1');
  await form.getByLabel('Northing (m)').fill('2');
  await form.getByRole('button', { name: 'Add point' }).tap();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('The project already has a design point named “CP1”.');
  await page.screenshot({ path: `${SHOTS}/409-light-390.png` });
  await form.getByRole('button', { name: 'Cancel' }).tap();
  expect((await design()).points).toHaveLength(1);

  // the elevation edited; the plan position is left as it was stored
  await row.getByRole('button', { name: 'Edit design point CP1' }).tap();
  const edit = page.getByRole('dialog', { name: 'Edit CP1' });
  await expect(edit.getByLabel('Easting (m)')).toHaveValue(String(cp.easting));
  await edit.getByLabel(/^Elevation/).fill('12.345');
  await edit.getByRole('button', { name: 'Save' }).tap();
  await expect(edit).toBeHidden();
  await expect(row.getByTestId('design-point-grid')).toHaveText(`E ${cp.easting.toFixed(3)} · N ${cp.northing.toFixed(3)} · Z 12.345 m`);
  listed = await design();
  expect(listed.points).toEqual([expect.objectContaining({ id, name: 'CP1', easting: cp.easting, northing: cp.northing, elevation: 12.345, code: 'CTRL' })]);

  // nothing scrolls sideways on the phone; the screen and the form pass axe in both themes
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const found: string[] = [];
  await page.screenshot({ path: `${SHOTS}/list-light-390.png`, fullPage: true });
  found.push(...(await axeFindings(page, 'design light')));
  expect((await page.request.put('/api/user/settings', { data: { map: { theme: 'Dark' } } })).ok()).toBe(true);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(row).toBeVisible();
  await page.waitForTimeout(300); // colour transitions end
  await page.screenshot({ path: `${SHOTS}/list-dark-390.png`, fullPage: true });
  found.push(...(await axeFindings(page, 'design dark')));
  // on a desk screen the coordinates get their own columns
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table.getByRole('columnheader', { name: 'Elevation (m)' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12.345', exact: true })).toBeVisible();
  await expect(row.getByText('Layer SETOUT', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/list-dark-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('button', { name: 'Edit design point CP1' }).tap();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/form-dark-390.png` });
  found.push(...(await axeFindings(page, 'form dark')));
  await edit.getByRole('button', { name: 'Cancel' }).tap();
  expect(found, found.join('\n')).toEqual([]);

  // deleted after the confirm
  await row.getByRole('button', { name: 'Delete design point CP1' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete design point' });
  await expect(confirm).toContainText('Delete the design point “CP1”?');
  await page.screenshot({ path: `${SHOTS}/delete-dark-390.png` });
  await confirm.getByRole('button', { name: 'Delete' }).tap();
  await expect(page.getByText('The project has no design points yet.')).toBeVisible();
  expect((await design()).points).toEqual([]);

  // a design line (a closed pad outline from a GeoJSON in the project's grid): listed with its vertices, deleted
  // after the confirm
  const corners = [[0, 0], [12, 0], [12, 8], [0, 8], [0, 0]].map(([e, n]) => [cp.easting + e!, cp.northing + n!]);
  const geojson = { type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:32644' } }, features: [{ type: 'Feature', properties: { name: 'Pad', layer: 'SLAB' }, geometry: { type: 'Polygon', coordinates: [corners] } }] };
  const imported = await page.request.post(`/api/projects/${projectId}/design/import`, { data: { format: 'geojson', content: JSON.stringify(geojson) } });
  expect(imported.status(), await imported.text()).toBe(201);
  const [pad] = (await design()).lines;
  expect(pad).toMatchObject({ name: 'Pad', closed: true });
  await page.reload();
  const lines = page.getByRole('table', { name: 'Design lines' });
  const padRow = lines.getByRole('row').filter({ hasText: 'Pad' });
  await expect(padRow.getByTestId('design-line-vertices')).toHaveText(String(pad!.vertices.length));
  await expect(padRow).toContainText('closed');
  await page.screenshot({ path: `${SHOTS}/lines-dark-390.png`, fullPage: true });
  await padRow.getByRole('button', { name: 'Delete design line Pad' }).tap();
  const confirmLine = page.getByRole('dialog', { name: 'Delete design line' });
  await expect(confirmLine).toContainText('Delete the design line “Pad”?');
  await confirmLine.getByRole('button', { name: 'Delete' }).tap();
  await expect(lines).toBeHidden();
  expect((await design()).lines).toEqual([]);

  // the stake-out screen leads back to it
  await page.goto(`/projects/stakeout/${projectId}`);
  await page.getByRole('link', { name: 'Design', exact: true }).first().tap();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/design$`));
});
