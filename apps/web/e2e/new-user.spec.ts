import { test, expect, uniqueEmail, typeCode } from './fixtures';

test.describe.configure({ timeout: 300_000 });

/**
 * What a new user meets: signed out, a bookmarked /projects sends them to Log In; they sign up instead,
 * stay on /email-verify (no bounce back to /login), and once verified land on /projects, the page first asked for.
 * With no devices, the new project form leads on to Register New Device.
 */
test('sign-up after a bookmarked link lands on the page first asked for; a newcomer is led to register a device', async ({ page, product }) => {
  const email = uniqueEmail('bookmark');
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Ada Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-day-1');
  const before = product.smtp.mails.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await expect(page.getByText('Verify your email')).toBeVisible();
  // it used to flash and go back to /login once the cached signed-out state was read
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/email-verify$/);
  const code = await product.smtp.codeFor(email, before, 15_000);
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await page.getByRole('link', { name: 'New Project' }).click();
  await expect(page.getByTestId('needs-devices')).toBeVisible();
  await page.getByTestId('needs-devices').getByRole('link', { name: 'Register New Device' }).click();
  await expect(page).toHaveURL(/\/devices\/register-device\//);
  await expect(page.getByRole('heading', { name: 'Register New Device' })).toBeVisible();
});
