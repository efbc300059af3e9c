import { test, expect, codeFromMail, typeCode, uniqueEmail } from './fixtures';

test('a user who forgot the password resets it with the mailed code and logs in with the new one', async ({ page, product, shoot }) => {
  const email = uniqueEmail('grace');
  const created = await page.request.post('/api/auth/register', { data: { name: 'Grace Hopper', email, password: 'old-password-1' } });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await shoot('reset-step-1');
  await page.getByLabel('Email').fill(email);
  const before = product.smtp.mails.length;
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter all six digits')).toBeVisible();
  await shoot('reset-step-2');
  await typeCode(page, await codeFromMail(product, email, before));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Please fill in both fields.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await shoot('reset-step-3');
  await page.getByLabel('Confirm new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('old-password-1');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  // a reset proves the address, so the account is verified and goes straight in
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Grace Hopper' })).toBeVisible();
});

test('the guard sends visitors to /login and unverified accounts to /email-verify', async ({ page }) => {
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login$/);
  // a shared map link: the visitor is asked to log in, and the app, which asks for a signed-in screen's data while
  // it starts, asks for none of it before the session is known to be verified
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/projects/pointsurvey/0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10');
  await expect(page).toHaveURL(/\/login$/);
  expect(asked).toContain('/api/auth/is-auth');
  expect(asked.filter((path) => /^\/api\/(projects|points|user)\//.test(path))).toEqual([]);

  const email = uniqueEmail('linus');
  await page.request.post('/api/auth/register', { data: { name: 'Linus', email, password: 'field-work-1' } });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('field-work-1');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await expect(page.getByText('Please verify your account first.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/email-verify$/);
});
