import { spawn } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * NTRIP on the screens (decision 025), against the real product: Settings' "RTK Correction Source: NTRIP" credentials (the
 * password never reaches the browser again), a user's NTRIP credentials (password shown once, revoked), who receives
 * a base's corrections (device page and survey map) and a project's external caster. Screenshots go to /tmp.
 */

test.describe.configure({ timeout: 300_000 });

const SHOTS = shotsDir('ntrip');
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function deviceId(request: APIRequestContext, code: string) {
  const { device } = (await (await request.get(`/api/devices/${code}`)).json()) as { device: { _id: string } };
  return device._id;
}

/** Every body the api sends to the browser during the test, to prove a secret is never among them. */
function recordReplies(page: Page) {
  const bodies: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/')) res.text().then((t) => bodies.push(t), () => {});
  });
  return bodies;
}

test('Settings keeps the NTRIP password on the server, and issues and revokes NTRIP credentials', async ({ page, product }) => {
  const replies = recordReplies(page);
  await surveyAccount(page.request, product, 'ntrip');
  const password = `net-pw-${Date.now().toString(36)}`;

  await page.goto('/settings');
  const url = page.getByLabel('NTRIP URL');
  await expect(url).toBeDisabled();
  // the choice is saved as the spec's settings are (PUT /api/user/settings): wait for it, a reload comes later
  const sourceSaved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  await page.getByRole('radio', { name: 'NTRIP' }).click();
  expect((await sourceSaved).status()).toBe(200);
  await expect(url).toBeEnabled();
  await url.fill('ntrip://rtk.example.net:2101/VRS_RTCM32');
  await page.getByLabel('NTRIP User Name').fill('crew7');
  await page.getByLabel('NTRIP Password').fill(password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('NTRIP credentials saved')).toBeVisible();
  await expect(page.getByLabel('NTRIP Password')).toHaveValue('');

  await page.reload();
  await expect(page.getByLabel('NTRIP URL')).toHaveValue('ntrip://rtk.example.net:2101/VRS_RTCM32');
  await expect(page.getByLabel('NTRIP User Name')).toHaveValue('crew7');
  await expect(page.getByLabel('NTRIP Password')).toHaveValue('');
  await expect(page.getByLabel('NTRIP Password')).toHaveAttribute('placeholder', 'Password (stored)');
  // the client runs on the leading gateway: the state comes back (the host does not resolve here)
  await expect(page.getByTestId('ntrip-state')).toBeVisible({ timeout: 20_000 });

  // an NTRIP credential for a controller: its password is shown once
  await page.getByPlaceholder('e.g. Field controller').fill('Field tablet');
  await page.getByRole('button', { name: 'Create credential' }).click();
  const shown = await page.getByTestId('ntrip-password').textContent();
  expect(shown).toMatch(/^[\w-]{32}$/);
  await expect(page.getByRole('list', { name: 'NTRIP credentials' }).getByText('Field tablet', { exact: true })).toBeVisible();
  await shots(page, 'settings-ntrip');

  await page.reload();
  await expect(page.getByRole('list', { name: 'NTRIP credentials' }).getByText('Field tablet', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ntrip-password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke Field tablet' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('No NTRIP credentials yet.')).toBeVisible();

  // the Settings password never came back; the credential's only in its creation's reply
  expect(replies.length).toBeGreaterThan(5);
  expect(replies.filter((b) => b.includes(password))).toEqual([]);
  expect(replies.filter((b) => b.includes(shown!))).toHaveLength(1);
});

test('the base\'s page and the survey map show the rover receiving its corrections, and a project takes an external caster', async ({ page, product }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, rover] = [`NB-${suffix}`, `NR-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, 'receivers');
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Pier Base', type: 'base' },
    { code: rover, name: 'Rover Gull', type: 'rover' },
  ]);
  const res = await page.request.post('/api/projects/', {
    data: { Name: 'Pier', Description: 'NTRIP corrections', BaseStation: await deviceId(page.request, base), ClientDevices: [await deviceId(page.request, rover)], UserId: userId },
  });
  const projectId = ((await res.json()) as { _id: string })._id;
  const baseSecret = secrets.find((s) => s.startsWith(`${base}=`))!.split('=')[1]!;
  const roverSecret = secrets.find((s) => s.startsWith(`${rover}=`))!.split('=')[1]!;
  product.simulate(['--base', base, '--rate', '1', '--secret', `${base}=${baseSecret}`]);
  // the rover takes its corrections over MQTT, as a receiver's firmware does
  const { hostname, port } = new URL(product.mqttUrl);
  const sub = spawn('mosquitto_sub', ['-h', hostname, '-p', port, '-u', rover, '-P', roverSecret, '-t', `devices/${rover}/corrections`], { stdio: 'ignore' });
  try {
    await page.goto(`/devices/${await deviceId(page.request, base)}`);
    const receiving = page.getByRole('list', { name: 'Receiving corrections' });
    await expect(receiving.getByText('Rover Gull')).toBeVisible({ timeout: 30_000 });
    await expect(receiving.getByText(/^\d+\.\d s$/)).toBeVisible({ timeout: 30_000 });
    await expect(receiving.getByText('mqtt', { exact: true })).toBeVisible();
    await shots(page, 'device-receivers');

    await page.goto(`/projects/pointsurvey/${projectId}`);
    const box = page.getByTestId('base-receivers');
    await expect(box.getByText('Rover Gull')).toBeVisible({ timeout: 30_000 });
    await expect(box.getByText(/^\d+\.\d s$/)).toBeVisible({ timeout: 30_000 });
    await shots(page, 'survey-receivers');

    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('list', { name: 'Receiving corrections' }).getByText('Rover Gull')).toBeVisible({ timeout: 30_000 });
  } finally {
    sub.kill('SIGTERM');
  }

  // the project's external caster: loopback is refused by the outbound rule, and says so
  await page.goto(`/projects/${projectId}`);
  const panel = page.getByRole('form', { name: 'External NTRIP caster' });
  await panel.getByLabel('Caster host').fill('127.0.0.1');
  await panel.getByRole('button', { name: 'Find mountpoints' }).click();
  await expect(panel.getByRole('alert')).toContainText('internal');
  await panel.getByLabel('Caster host').fill('rtk.example.net');
  await panel.getByRole('textbox', { name: 'Mountpoint' }).fill('NEAR_3');
  await panel.getByLabel('User name').fill('crew');
  await panel.getByLabel('Password', { exact: true }).fill('secret-pw');
  await panel.getByLabel('NTRIP 2').check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('NTRIP source saved')).toBeVisible();
  await expect(panel.getByTestId('ntrip-source-state')).toContainText(/P-[0-9A-F]{20}/);
  await expect(panel.getByLabel('Password', { exact: true })).toHaveValue('');
  await shots(page, 'project-ntrip');
});
