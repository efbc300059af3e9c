import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { deviceId, project, secretsOf, standingRover, type Epoch } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Every routed screen (and the dialogs that carry live numbers) checked by axe-core against WCAG 2.1 A and AA, colour
 * contrast included, in the light and the dark theme, at 390 and 1280 px. One page load per screen per theme per
 * width; one signed-in account with a base, rovers standing in RTK fixed, RTK float and DGPS, one that has gone
 * quiet (stale) and recorded points of each grade, so the survey map, the device page and the Record dialog show
 * live numbers in each colour while they are checked. Screenshots of every screen are kept in test-results/contrast.
 */

test.describe.configure({ timeout: 600_000 });

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'contrast');
mkdirSync(SHOTS, { recursive: true });

interface World {
  rovers: Record<'fixed' | 'float' | 'dgps' | 'stale', string>;
  userId: string;
  projectId: string;
  roverId: string;
  baseId: string;
  signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  unverified: Awaited<ReturnType<BrowserContext['storageState']>>;
}
let world: World;
const stops: (() => void)[] = [];

type Theme = 'Light' | 'Dark';
interface Screen {
  name: string;
  /** signed in (default), signed out, or signed in but not verified yet */
  as?: 'out' | 'unverified';
  path: (w: World) => string;
  /** waits until the screen shows what it is for (live numbers where it has them) */
  ready: (page: Page) => Promise<void>;
  /** further states of the same page load, each checked too: a tab, a dialog */
  more?: { name: string; open: (page: Page) => Promise<void> }[];
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible({ timeout: 30_000 });
};

const SCREENS: Screen[] = [
  { name: 'landing', as: 'out', path: () => '/', ready: async (page) => expect(page.getByRole('link', { name: /log in|sign in|get started/i }).first()).toBeVisible() },
  {
    name: 'sign-in',
    as: 'out',
    path: () => '/login',
    ready: async (page) => expect(page.getByRole('button', { name: 'Log In', exact: true }).last()).toBeVisible(),
    more: [
      {
        name: 'sign-up',
        open: async (page) => {
          await page.getByRole('tab', { name: 'Sign Up' }).click();
          await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
        },
      },
    ],
  },
  { name: 'reset-password', as: 'out', path: () => '/reset-password', ready: heading(/Reset password/) },
  { name: 'email-verify', as: 'unverified', path: () => '/email-verify', ready: heading(/Verify your email/) },
  { name: 'dashboard', path: () => '/dashboard', ready: heading(/Hello/) },
  { name: 'devices', path: () => '/devices', ready: async (page) => { await heading('Devices')(page); await expect(page.getByText('Contrast Rover').first()).toBeVisible(); } },
  {
    name: 'device-rover',
    path: (w) => `/devices/${w.roverId}`,
    ready: async (page) => {
      await heading('Contrast Rover')(page);
      await expect(page.getByText('Online').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  { name: 'device-base', path: (w) => `/devices/${w.baseId}`, ready: heading('Contrast Base') },
  { name: 'register-device', path: (w) => `/devices/register-device/${w.userId}`, ready: heading('Register New Device') },
  { name: 'projects', path: () => '/projects', ready: async (page) => { await heading('Projects')(page); await expect(page.getByText('Contrast job').first()).toBeVisible(); } },
  { name: 'new-project', path: (w) => `/projects/${w.userId}/newproject`, ready: heading('New Project') },
  { name: 'project', path: (w) => `/projects/${w.projectId}`, ready: heading('Contrast job') },
  {
    name: 'survey-map',
    path: (w) => `/projects/pointsurvey/${w.projectId}`,
    ready: async (page) => {
      await heading('Contrast job')(page);
      await expect(page.getByTestId('feed-status')).toHaveText(/Connected/, { timeout: 30_000 });
      const fix = (rover: keyof World['rovers']) => page.getByTestId(`quality-${world.rovers[rover]}`).getByTestId('quality-fix');
      await expect(fix('fixed')).toHaveText('RTK fixed', { timeout: 30_000 });
      await expect(fix('float')).toHaveText('RTK float', { timeout: 30_000 });
      await expect(fix('dgps')).toHaveText('DGPS', { timeout: 30_000 });
      await expect(fix('stale')).toHaveText(/Stale/, { timeout: 30_000 });
      const open = page.getByRole('button', { name: 'Show status details' });
      if (await open.isVisible()) await open.click();
      await expect(page.getByTestId('rovers-reporting')).toBeVisible();
      // the map's labels settle: the quiet rover's is stale, the others live (a label is drawn anew when it turns)
      await expect(page.locator('.smi-label--stale')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.locator('.leaflet-tooltip.smi-label')).toHaveCount(5);
    },
    more: [
      {
        name: 'record-dialog',
        open: async (page) => {
          await page.getByRole('button', { name: 'Record a point' }).click();
          await page.getByLabel('Client device').selectOption({ label: `Contrast Rover (${world.rovers.fixed})` });
          await expect(page.getByRole('dialog', { name: 'Record a Point' }).getByTestId('quality-headline')).toHaveText(/RTK fixed/, { timeout: 30_000 });
        },
      },
    ],
  },
  { name: 'taken-points', path: (w) => `/projects/takenpoints/${w.projectId}`, ready: async (page) => { await heading('Taken Points')(page); await expect(page.getByText('CP-3').first()).toBeVisible(); } },
  {
    name: 'settings',
    path: () => '/settings',
    ready: async (page) => {
      await heading('Settings')(page);
      await expect(page.getByText('Loading settings…')).toHaveCount(0);
    },
    more: [
      {
        name: 'change-password-dialog',
        open: async (page) => {
          await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
          await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'code-lists',
    path: () => '/code-lists',
    ready: async (page) => {
      await heading('Code lists')(page);
      await expect(page.getByText('Loading code lists…')).toHaveCount(0);
    },
    more: [
      {
        name: 'code-list-editor',
        open: async (page) => {
          await page.getByRole('button', { name: 'Copy the default list' }).click();
          await expect(page.getByRole('list', { name: 'Codes' })).toBeVisible();
        },
      },
    ],
  },
  { name: 'members', path: () => '/workspace/members', ready: async (page) => { await heading('Members')(page); await expect(page.getByTestId('member-row')).toHaveCount(1); } },
  {
    name: 'audit-trail',
    path: () => '/workspace/audit',
    ready: async (page) => {
      await heading('Audit trail')(page);
      await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    },
  },
  { name: 'notifications', path: () => '/notifications', ready: heading('Notifications') },
  { name: 'not-found', path: () => '/no-such-screen', ready: heading('Page not found') },
];

test.beforeAll(async ({ browser, product }) => {
  const context = await browser.newContext({ baseURL: product.url });
  const { request } = context;
  const suffix = Date.now().toString(36).toUpperCase();
  const base = `CB-${suffix}`;
  const rovers = { fixed: `CR-${suffix}`, float: `CF-${suffix}`, dgps: `CD-${suffix}`, stale: `CS-${suffix}` };
  const { userId, ok } = await surveyAccount(request, product, 'contrast');
  const secrets = await surveyDevices(request, userId, [
    { code: base, name: 'Contrast Base', type: 'base' },
    { code: rovers.fixed, name: 'Contrast Rover', type: 'rover' },
    { code: rovers.float, name: 'Float Rover', type: 'rover' },
    { code: rovers.dgps, name: 'DGPS Rover', type: 'rover' },
    { code: rovers.stale, name: 'Quiet Rover', type: 'rover' },
  ]);
  const projectId = await project(request, userId, 'Contrast job', base, Object.values(rovers));
  // points of each grade, so the accuracy colours of the spec are on the lists
  for (const [i, Accuracy] of (['High', 'Medium', 'Low'] as const).entries()) {
    await ok(await request.post('/api/points', { data: { ProjectId: projectId, Name: `CP-${i + 1}`, Latitude: 6.6153 + i * 0.0001, Longitude: 79.968 + i * 0.0001, Accuracy } }));
  }
  product.simulate(['--base', base, '--rate', '1', ...secretsOf(secrets, base)]);
  const secret = (code: string) => secretsOf(secrets, code)[1]!.split('=').slice(1).join('=');
  const stand = (code: string, at: Epoch) => standingRover(product.mqttUrl, code, secret(code), at);
  stops.push(
    stand(rovers.fixed, { latitude: 6.6154, longitude: 79.968074, quality: 4, sigma: [0.011, 0.011] }),
    stand(rovers.float, { latitude: 6.6155, longitude: 79.9682, quality: 5, sigma: [0.149, 0.149] }),
    stand(rovers.dgps, { latitude: 6.6152, longitude: 79.9683, quality: 2, sigma: [0.6, 0.6] }),
  );
  // a rover that reported and went quiet: shown stale, its last figures greyed
  const quiet = stand(rovers.stale, { latitude: 6.6151, longitude: 79.9679, quality: 4, sigma: [0.012, 0.012] });
  await new Promise((ok) => setTimeout(ok, 3_000));
  quiet();
  const signedIn = await context.storageState();
  await context.close();

  // an account signed up and not verified yet, for the code screen
  const fresh = await browser.newContext({ baseURL: product.url });
  await ok(await fresh.request.post('/api/auth/register', { data: { name: 'Ada Newcomer', email: `new.${suffix.toLowerCase()}@example.com`, password: 'field-work-1' } }));
  const unverified = await fresh.storageState();
  await fresh.close();

  world = { rovers, userId, projectId, roverId: await idOf(browser, product.url, signedIn, rovers.fixed), baseId: await idOf(browser, product.url, signedIn, base), signedIn, unverified };
});

test.afterAll(() => stops.splice(0).forEach((s) => s()));

async function idOf(browser: Browser, baseURL: string, storageState: World['signedIn'], code: string) {
  const context = await browser.newContext({ baseURL, storageState });
  const id = await deviceId(context.request, code);
  await context.close();
  return id;
}

/** axe's findings on the page as it is now, one line per element: the screen, the rule and axe's own summary. */
async function findings(page: Page, screen: string): Promise<string[]> {
  // The map's tiles (which never load here: no internet) and its points' canvas are images to axe, which leaves any
  // text over an image unjudged; with them out of the way the status box, the rover readout and the labels over the
  // map are judged against their own backgrounds like any other text. (The canvas draws its names with a halo.)
  await page.addStyleTag({ content: '.leaflet-tile-pane, .leaflet-overlay-pane canvas { display: none !important; }' });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // what axe could not judge (text over a gradient, an element under another), kept beside the screenshots to look at
  const unjudged = result.incomplete.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')} | ${(n.any[0]?.message ?? '').replace(/\s+/g, ' ')}\n`));
  writeFileSync(join(SHOTS, `${screen}.unjudged.txt`), unjudged.join(''));
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${screen}: ${v.id} ${n.target.join(' ')}\n    ${(n.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' ')}\n    ${n.html.slice(0, 160)}`),
  );
}

for (const theme of ['Light', 'Dark'] as Theme[]) {
  for (const width of [390, 1280]) {
    test(`every screen meets WCAG AA in the ${theme.toLowerCase()} theme at ${width} px`, async ({ browser, product }) => {
      const viewport = { width, height: width > 800 ? 800 : 844 };
      const contexts: Partial<Record<'in' | 'out' | 'unverified', BrowserContext>> = {};
      const contextFor = async (as: 'in' | 'out' | 'unverified') => {
        if (contexts[as]) return contexts[as];
        const storageState = as === 'in' ? world.signedIn : as === 'unverified' ? world.unverified : undefined;
        const context = await browser.newContext({ baseURL: product.url, viewport, storageState, hasTouch: width < 800 });
        // the theme a signed-out page starts in is the one this browser last used
        await context.addInitScript((t) => localStorage.setItem('smi-theme', t), theme);
        if (as === 'in') {
          const res = await context.request.put('/api/user/settings', { data: { map: { theme } } });
          expect(res.ok(), await res.text()).toBe(true);
        }
        return (contexts[as] = context);
      };

      const all: string[] = [];
      for (const screen of SCREENS) {
        await test.step(screen.name, async () => {
          const context = await contextFor(screen.as ?? 'in');
          const page = await context.newPage();
          await page.goto(screen.path(world));
          await screen.ready(page);
          await expect(page.locator('html')).toHaveClass(theme === 'Dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          await page.waitForTimeout(300); // colour transitions end
          const tag = `${screen.name}-${theme.toLowerCase()}-${width}`;
          await page.screenshot({ path: join(SHOTS, `${tag}.png`), fullPage: true });
          all.push(...(await findings(page, tag)));
          for (const state of screen.more ?? []) {
            await state.open(page);
            await page.waitForTimeout(300);
            const moreTag = `${state.name}-${theme.toLowerCase()}-${width}`;
            // a dialog is drawn over the viewport: a full-page shot would put it mid-page
            await page.screenshot({ path: join(SHOTS, `${moreTag}.png`) });
            all.push(...(await findings(page, moreTag)));
          }
          await page.close();
        });
      }
      for (const context of Object.values(contexts)) await context.close();
      expect(all, `axe found:\n${all.join('\n')}`).toEqual([]);
    });
  }
}
