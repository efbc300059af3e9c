import { test, expect, codeFromMail, typeCode, uniqueEmail } from './fixtures';

/**
 * A newcomer's first day: sign up, verify with the mailed code, register and connect a base and a rover, give them
 * MQTT secrets, watch the simulated rover move on the live canvas with its distance to the base, log out.
 */
test('a newcomer signs up, connects a base and a rover, sees the rover live with its distance, and logs out', async ({ page, product, shoot }) => {
  const email = uniqueEmail('ada');
  const suffix = Date.now().toString(36).toUpperCase();
  const baseCode = `BASE-${suffix}`;
  const roverCode = `ROVER-${suffix}`;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Site measurement, live from the field.' })).toBeVisible();
  await shoot('landing');

  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await shoot('login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('field-work-1');
  const mailsBefore = product.smtp.mails.length;
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/email-verify$/);
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter all six digits')).toBeVisible();
  await shoot('email-verify');
  await typeCode(page, await codeFromMail(product, email, mailsBefore));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('Welcome to Site Measurement IoT')).toBeVisible();
  await expect(page.getByText('No base station connected')).toBeVisible();
  await shoot('dashboard-empty');

  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByText('No devices connected yet.')).toBeVisible();
  await expect(page.getByText('You have no devices registered.')).toBeVisible();
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Please enter a device ID')).toBeVisible();
  await page.getByPlaceholder('Enter Device ID').fill('NO-SUCH-DEVICE');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Device not found')).toBeVisible();

  for (const [code, name, type] of [
    [baseCode, 'North Base', 'base'],
    [roverCode, 'Rover One', 'rover'],
  ] as const) {
    await page.getByRole('link', { name: 'Register New Device' }).click();
    await expect(page.getByRole('heading', { name: 'Register New Device' })).toBeVisible();
    await page.getByRole('button', { name: 'Register Device' }).click();
    await expect(page.getByText('Device ID is required')).toBeVisible();
    await page.getByLabel('Device ID').fill(code);
    await page.getByLabel('Device name').fill(name);
    await page.getByLabel('Type').selectOption(type);
    if (type === 'base') await shoot('register-device');
    await page.getByRole('button', { name: 'Register Device' }).click();
    await expect(page.getByText('Device registered successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/devices$/); // back one page after 1.5 s

    await page.getByPlaceholder('Enter Device ID').fill(code);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('Device connected successfully!')).toBeVisible();
  }
  const connected = page.getByRole('table', { name: 'Connected devices' });
  await expect(connected.getByRole('row')).toHaveCount(3);

  // connecting the same device twice is refused with the spec's words
  await page.getByPlaceholder('Enter Device ID').fill(roverCode);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('This device is already connected to a project')).toBeVisible();

  // each device gets its MQTT secret from its detail page, shown once
  const secrets: Record<string, string> = {};
  for (const [code, name] of [
    [baseCode, 'North Base'],
    [roverCode, 'Rover One'],
  ] as const) {
    await connected.getByRole('row', { name: `Open device ${name}` }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(`Device Code: ${code}`)).toBeVisible();
    // the broker address is there before any secret is made (GET /api/config)
    await expect(page.getByTestId('broker-url')).toHaveText(new RegExp(`^mqtt://127\\.0\\.0\\.1:${new URL(product.mqttUrl).port}$`));
    await page.getByRole('button', { name: 'Generate new secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('device-secret')).toBeVisible();
    secrets[code] = (await page.getByTestId('device-secret').textContent())!.trim();
    expect(secrets[code]!.length).toBeGreaterThan(10);
    await expect(page.getByTestId('broker-url')).toHaveText(/^mqtts?:\/\//);
    if (code === roverCode) await shoot('device-detail');
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/devices$/);
  }

  product.simulate(['--base', baseCode, '--rovers', roverCode, '--rate', '2', '--secret', `${baseCode}=${secrets[baseCode]}`, '--secret', `${roverCode}=${secrets[roverCode]}`]);

  await expect(page.getByText('Connected ✅')).toBeVisible();
  await expect(page.getByText('Connected Rovers: 1')).toBeVisible();
  await expect(page.getByTestId(`distance-${roverCode}`)).toHaveText(/^\d+ m$|^\d+\.\d{2} km$|^\d+\.\d cm$/, { timeout: 30_000 });
  await expect(page.getByTestId('canvas-bounds')).toHaveText(/^Lat -?\d+\.\d{6} to -?\d+\.\d{6} · Lon -?\d+\.\d{6} to -?\d+\.\d{6}$/);
  await expect(page.getByRole('region', { name: 'Base Station', exact: true })).toContainText(/Latitude\s*-?\d+\.\d{6}/);
  await expect(connected.getByText('Online').first()).toBeVisible();
  // the rover keeps walking: its reading changes on screen
  const first = await page.getByTestId('canvas-bounds').textContent();
  await expect(page.getByTestId('canvas-bounds')).not.toHaveText(first!, { timeout: 30_000 });
  await shoot('devices-live');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  // the dashboard (its own chunk) replaces the device list, which names each code in several places
  await expect(page.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(baseCode)).toBeVisible();
  await expect(page.getByText(roverCode)).toBeVisible();
  await shoot('dashboard');

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('See all your notifications here')).toBeVisible();
  await shoot('notifications');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // inside the app, without a reload: Back to a protected screen asks to log in again
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login$/);
});
