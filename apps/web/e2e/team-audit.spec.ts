import { test, expect } from './fixtures';
import { project } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/** A quoted-printable mail body as text. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/**
 * A crew and the office on one job, each in their own browser: the office admin (1280 px) makes a team workspace with
 * a base and a rover and invites a surveyor by e-mail; the surveyor (390 px, a phone) accepts, records a point on the
 * survey map; the office sees it appear in its open taken points (pushed, no reload), by whom, and in the audit
 * trail; then removes the surveyor, whose next navigation no longer finds the project.
 */
test('the office sees a crew member point with who measured it and in the audit trail, then removes the member', async ({ browser, product }) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`TB-${suffix}`, `TR-${suffix}`];

  const office = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 800 } });
  const crew = await browser.newContext({ baseURL: product.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    // ---- the office: a team workspace with its devices and a project ----------------------------------------------
    const admin = await surveyAccount(office.request, product, 'office', 'Olive Office');
    const team = (await admin.ok(await office.request.post('/api/workspaces', { data: { name: 'Harbour crew' } }))) as { workspace: { id: string } };
    await admin.ok(await office.request.put('/api/workspaces/current', { data: { workspaceId: team.workspace.id } }));
    const secrets = await surveyDevices(office.request, admin.userId, [
      { code: base, name: 'Crew Base', type: 'base' },
      { code: rover, name: 'Crew Rover', type: 'rover' },
    ]);
    const projectId = await project(office.request, admin.userId, 'Quay survey', base, [rover]);
    product.simulate(['--base', base, '--rovers', rover, '--rate', '2', ...secrets]);

    // ---- the surveyor joins by the mailed link ------------------------------------------------------------------
    const sam = await surveyAccount(crew.request, product, 'crew', 'Sam Field');
    const mailsBefore = product.smtp.mails.length;
    await admin.ok(await office.request.post('/api/workspace/invitations', { data: { email: sam.email, role: 'surveyor' } }));
    await expect.poll(() => product.smtp.mails.slice(mailsBefore).some((m) => m.to.includes(sam.email)), { timeout: 15_000 }).toBe(true);
    const mail = product.smtp.mails.slice(mailsBefore).find((m) => m.to.includes(sam.email))!;
    const link = /\/invitations\/[A-Za-z0-9_-]{20,}/.exec(decoded(mail.raw))![0];
    const phone = await crew.newPage();
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(phone.getByRole('status')).toContainText('You joined Harbour crew as surveyor');

    // ---- the office watches the job's taken points --------------------------------------------------------------
    const desk = await office.newPage();
    await desk.goto(`/projects/takenpoints/${projectId}`);
    await expect(desk.getByRole('heading', { name: 'Taken Points' })).toBeVisible();

    // ---- the surveyor records a point on the phone ---------------------------------------------------------------
    await phone.goto(`/projects/pointsurvey/${projectId}`);
    await expect(phone.getByRole('heading', { name: 'Quay survey' })).toBeVisible();
    await expect(phone.getByTestId('feed-status')).toHaveText('Connected ✅', { timeout: 30_000 });
    await phone.getByRole('button', { name: 'Record a point' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Record a Point' });
    await expect(dialog.getByTestId('accuracy-line')).toHaveText(/Rover\/base timing: (High|Medium|Low)/, { timeout: 30_000 });
    // the simulated rover walks: a rapid occupation takes one fixed epoch
    await dialog.getByLabel('Method').selectOption('rapid');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(phone.getByText('Point recorded successfully.').last()).toBeVisible();

    // ---- the office sees it, with who measured it ----------------------------------------------------------------
    const table = desk.getByRole('table', { name: 'Taken points' });
    const row = table.getByRole('row', { name: /P1/ });
    // pushed to the open page: no reload
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('Sam Field');

    // ---- and in the audit trail, in words ----------------------------------------------------------------------
    await desk.getByRole('link', { name: 'Audit trail' }).click();
    await expect(desk.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    const entry = desk.getByTestId('audit-entry').filter({ hasText: 'Point recorded' }).first();
    await expect(entry).toContainText('point P1');
    await expect(entry).toContainText('by Sam Field');
    await expect(entry).toContainText('in Quay survey');
    await expect(desk.getByText('point.recorded')).toHaveCount(0);
    // the surveyor's phone offers no audit trail: a surveyor may not read it
    await phone.goto('/dashboard');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect(phone.getByRole('link', { name: 'Members' })).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);

    // ---- the office removes the surveyor ---------------------------------------------------------------------------
    await desk.getByRole('link', { name: 'Members' }).click();
    await desk.getByRole('button', { name: 'Remove Sam Field' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Remove member' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(desk.getByTestId('member-row')).toHaveCount(1);
    await desk.getByRole('link', { name: 'Audit trail' }).click();
    await expect(desk.getByTestId('audit-entry').filter({ hasText: 'Member removed' }).first()).toContainText('Sam Field');

    // ---- the surveyor's next navigation has lost the project -----------------------------------------------------
    expect((await crew.request.get(`/api/projects/${projectId}`)).status()).toBe(404);
    await phone.goto('/projects');
    await expect(phone.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(phone.getByText('No projects yet.')).toBeVisible();
    await expect(phone.getByText('Quay survey')).toHaveCount(0);
  } finally {
    await crew.close();
    await office.close();
  }
});
