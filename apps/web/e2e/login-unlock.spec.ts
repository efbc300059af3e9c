import { test, expect, codeFromMail, typeCode, uniqueEmail } from './fixtures';

test('an owner held back by wrong passwords unlocks the login with a mailed code', async ({ page, product, shoot }) => {
  const email = uniqueEmail('ada');
  const created = await page.request.post('/api/auth/register', { data: { name: 'Ada Lovelace', email, password: 'right-password-1' } });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  // someone on this network guesses: after ten wrong passwords the account's logins from here are held back
  for (let i = 0; i < 11; i++) await page.request.post('/api/auth/login', { data: { email, password: `guess-${i}` } });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('right-password-1');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await expect(page.getByRole('heading', { name: 'Locked out?' })).toBeVisible();
  await shoot('login-locked');

  const before = product.smtp.mails.length;
  await page.getByRole('button', { name: 'Send unlock code' }).click();
  await expect(page.getByText(`Enter the six-digit code sent to ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByText('Enter all six digits')).toBeVisible();
  await shoot('login-unlock-code');
  await typeCode(page, await codeFromMail(product, email, before));
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Locked out?' })).toBeHidden();

  await page.getByRole('button', { name: 'Log In' }).last().click();
  // not verified yet: the login goes on to the code screen, as any unverified account's does
  await expect(page).toHaveURL(/\/email-verify$/);
});
