import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * A survey day: create a project, watch the simulated rovers move on the map, record three points in two sections
 * (one made through 'Add new section...'), discard the last, rename and delete on the taken-points page, export csv
 * and pdf and read the files back, walk the survey status through pause / resume / complete / reset, change a
 * setting and see it kept after a reload, and switch to the Dark theme.
 */
test('a surveyor records, reviews, exports and closes a survey, then adjusts settings', async ({ page, product, shoot }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, roverA, roverB] = [`BASE-${suffix}`, `RA-${suffix}`, `RB-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'grace');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Harbour Base', type: 'base' },
    { code: roverA, name: 'Rover Alpha', type: 'rover' },
    { code: roverB, name: 'Rover Bravo', type: 'rover' },
  ]);
  product.simulate(['--base', base, '--rovers', `${roverA},${roverB}`, '--rate', '2', ...secrets]);

  // ---- a new project --------------------------------------------------------------------------------------
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByText('No projects yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New Project' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${userId}/newproject$`));
  await page.getByPlaceholder('Enter project name').fill('Harbour wall');
  await page.getByLabel('Select a Base Station').selectOption({ label: `Harbour Base - ${base}` });
  await page.getByRole('checkbox', { name: /Rover Alpha/ }).check();
  await page.getByRole('checkbox', { name: /Rover Bravo/ }).check();
  await page.getByPlaceholder('Short description of the project').fill('Kerb line and bollards along the harbour');
  await shoot('new-project');
  await page.getByRole('button', { name: 'Start Survey' }).click();

  // ---- the survey map: rovers move ---------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/projects\/pointsurvey\/[0-9a-f-]{36}$/);
  const projectId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Harbour wall' })).toBeVisible();
  await expect(page.getByText('Feel free to do surveys')).toBeVisible();
  await expect(page.getByTestId('feed-status')).toHaveText('Connected ✅');
  await expect(page.getByText('2 of 2 rovers reporting')).toBeVisible({ timeout: 30_000 });
  const alpha = page.locator('.leaflet-marker-icon[title="Rover Alpha"]');
  await expect(alpha).toBeVisible();
  await expect(page.locator('.leaflet-tooltip', { hasText: 'Rover Alpha' })).toBeVisible();
  const where = () => alpha.evaluate((el) => (el as HTMLElement).style.transform);
  const first = await where();
  await expect.poll(where, { timeout: 30_000, message: 'Rover Alpha moves on the map' }).not.toBe(first);
  await shoot('survey-map');

  // ---- three points in two sections -----------------------------------------------------------------------------
  const record = async (section?: { add: string }) => {
    await page.getByRole('button', { name: 'Record a point' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a Point' });
    await expect(dialog.getByTestId('accuracy-line')).toHaveText(/Rover\/base timing: (High|Medium|Low)/, { timeout: 20_000 });
    if (section) {
      await dialog.getByLabel('Section', { exact: true }).selectOption('Add new section...');
      await dialog.getByLabel('Enter new section name:').fill(section.add);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog.getByLabel('Section', { exact: true })).toHaveValue(section.add);
      await shoot('record-point');
    }
    // the simulated rovers walk: a topo occupation (the default) would never settle to 2 cm, a rapid one takes one fixed epoch
    await dialog.getByLabel('Method').selectOption('rapid');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Point recorded successfully.').last()).toBeVisible();
  };
  await record();
  await record({ add: 'north wall' });
  await record();
  // the points are painted on canvas, not one SVG/DOM element each
  await expect(page.locator('.leaflet-overlay-pane canvas').first()).toBeVisible();
  await expect(page.locator('.leaflet-overlay-pane svg')).toHaveCount(0);

  // discard the last one
  await page.getByRole('button', { name: 'Discard last point' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(confirm).toContainText('P3');
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(confirm).toBeHidden();

  // ---- taken points: rename and delete ---------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Taken Points' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Taken points' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /P1/ })).toContainText('default');
  await expect(table.getByRole('row', { name: /P2/ })).toContainText('north wall');
  await shoot('taken-points');

  await table.getByRole('button', { name: 'Modify point P1' }).click();
  const modify = page.getByRole('dialog', { name: 'Modify the Point' });
  await modify.getByLabel('Enter a new name').fill('   ');
  await modify.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modify.getByText('Name cannot be empty')).toBeVisible();
  await modify.getByLabel('Enter a new name').fill('  Kerb corner ');
  await modify.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Point renamed successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: /Kerb corner/ })).toBeVisible();

  await table.getByRole('button', { name: 'Delete point P2' }).click();
  await expect(page.getByText('Are you sure you want to delete this point?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Save Changes pauses the survey and returns to the project
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByTestId('survey-status').getByText('Survey Paused')).toBeVisible();

  // ---- exports, read back ------------------------------------------------------------------------------------
  const exportAs = async (format: 'csv' | 'pdf') => {
    await page.getByLabel('Export format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    await expect(page.getByText(`Successfully exported as ${format.toUpperCase()}`)).toBeVisible();
    expect(file.suggestedFilename()).toBe(`Harbour wall-points.${format}`);
    return readFileSync((await file.path())!);
  };
  const csv = (await exportAs('csv')).toString('utf8');
  expect(csv).toContain('Kerb corner');
  expect(csv).not.toContain('P2');
  const pdf = await exportAs('pdf');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // ---- the survey status -----------------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Resume Survey' }).click();
  await expect(page).toHaveURL(/\/projects\/pointsurvey\//);
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByText('Surveying in Progress...')).toBeVisible();
  await expect(page.getByTestId('survey-pulse')).toBeVisible();
  await shoot('project-detail');
  await page.getByRole('button', { name: 'Pause Survey' }).click();
  await expect(page.getByText('Survey is paused. Click resume to continue.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('All survey points successfully recorded')).toBeVisible();
  await page.getByRole('button', { name: 'Reset Survey' }).click();
  await expect(page.getByText('Survey is currently active. You can pause it anytime.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Surveying in Progress...')).toBeVisible();

  await page.goto('/projects');
  await expect(page.getByRole('row', { name: 'Open project Harbour wall' })).toContainText('Active');
  await shoot('projects');

  // ---- settings: kept after a reload; Dark theme ------------------------------------------------------------------
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('Manage your communication, display, and user preferences')).toBeVisible();
  // reloaded at once, inside the 300 ms quiet period: the change is sent as the page goes, not lost
  await page.getByRole('radio', { name: 'FEET' }).click();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'FEET' })).toHaveAttribute('aria-checked', 'true');
  // the distance unit reaches the map: a rover's card gives its distance to the base in feet
  await page.goto(`/projects/pointsurvey/${projectId}`);
  // the rover walks while we aim at it: click again until its card is open
  await expect(async () => {
    await page.locator('.leaflet-marker-icon[title="Rover Alpha"]').click({ force: true });
    await expect(page.getByTestId(`to-base-${roverA}`)).toHaveText(/^\d+(\.\d{2,3})? ft$|^\d+\.\d{2} mi$/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.goBack();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await shoot('settings-dark');
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await shoot('settings');
});
