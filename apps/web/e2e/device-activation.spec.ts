import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import mqtt from 'mqtt';
import { deviceActivationKey } from '../../../packages/devices/src/activation';
import { startProduct, type Product } from './product';
import { shotsDir, typeCode } from './fixtures';

// a product of its own: the maker key changes how every registration behaves, so the shared one keeps none
const MAKER_KEY = 'e2e-maker-key-0123456789-0123456789-abcdef';
let product: Product;
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = await startProduct({ DEVICE_ACTIVATION_SECRET: MAKER_KEY });
});
test.afterAll(async () => product?.stop());

const SHOTS = shotsDir('device-activation');

/**
 * A server with a maker key (decisions 027, 037): the Register New Device screen and message as they always were,
 * with an optional activation key; without it the device's page asks for the key printed on the device; with it the
 * secret is made and the device connects with it as before.
 */
test('a registered device is activated with the key printed on it, then gets its secret and connects', async ({ page }) => {
  const email = `claim.${Date.now().toString(36)}@example.com`;
  await page.goto(`${product.url}/login`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Owner Of The Rover');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-day-1');
  const before = product.smtp.mails.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await typeCode(page, await product.smtp.codeFor(email, before, 15_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/email-verify$/);

  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await page.goto(`${product.url}/devices`);
  await page.getByRole('link', { name: 'Register New Device' }).first().click();
  await expect(page.getByRole('heading', { name: 'Register New Device' })).toBeVisible();
  await page.getByLabel('Device ID').fill(code);
  await page.getByLabel('Device name').fill('Field rover');
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByText('Device registered successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/devices$/);

  await page.getByRole('cell', { name: code }).first().click();
  await expect(page.getByText(`Device Code: ${code}`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Activate this device' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate new secret' })).toHaveCount(0);
  await form.getByPlaceholder('Activation key').fill('not-the-key');
  await form.getByRole('button', { name: 'Activate' }).click();
  await expect(form.getByRole('alert')).toHaveText('Wrong activation key');
  await shoot(page, 'device-activation');

  await form.getByPlaceholder('Activation key').fill(deviceActivationKey(MAKER_KEY, code));
  await form.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Generate new secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Generate' }).click();
  const secret = (await page.getByTestId('device-secret').textContent())!;
  await shoot(page, 'device-activated');
  const device = await mqtt.connectAsync(product.mqttUrl, { username: code, password: secret, reconnectPeriod: 0 });
  await device.endAsync();

  // a second receiver, registered with the key printed on it: activated at once
  const second = `${code}-B`;
  await page.goto(`${product.url}/devices`);
  await page.getByRole('link', { name: 'Register New Device' }).first().click();
  await page.getByLabel('Device ID').fill(second);
  await page.getByLabel('Device name').fill('Site base');
  await page.getByLabel('Type').selectOption('base');
  await page.getByLabel('Activation key (optional)').fill('wrong-key-for-this-device');
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong activation key');
  await shoot(page, 'register-with-key');
  await page.getByLabel('Activation key (optional)').fill(deviceActivationKey(MAKER_KEY, second));
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByText('Device registered successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/devices$/);
  await page.getByRole('cell', { name: second }).first().click();
  await expect(page.getByText(`Device Code: ${second}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate new secret' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Activate this device' })).toHaveCount(0);
});

async function shoot(page: import('@playwright/test').Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true, style: '.Toastify { display: none !important; }' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
