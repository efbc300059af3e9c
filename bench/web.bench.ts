/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { call } from '../apps/api/src/testing/product-client.js';
import { recordPoints, seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult, Figure } from './lib/report.js';
import { percentile } from './lib/stats.js';
import { assetsOf, sentKb, sumKb } from './lib/web-assets.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps/web/dist');
const POINTS = 5000;
const RUNS = 3;

/**
 * The survey map drawing its points layer (the survey-map e2e's performance marks), two ways: `cold` ms from
 * navigation start of a fresh page load (app download and start included), `warm` ms from an in-app navigation
 * (the app already running on the projects list, as a surveyor opens a map) to the points on screen.
 */
async function mapPaint(browser: Browser, baseUrl: string, cookie: string, projectId: string, count: number): Promise<{ cold: number; warm: number; steps: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  const drawn = (n: number) =>
    page.evaluate(async (count) => {
      const mark = `points-layer:${count}`;
      while (!performance.getEntriesByName(mark).length) await new Promise((r) => setTimeout(r, 10));
      // two frames: the canvas drawn and on screen
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now();
    }, n);
  await page.goto(`${baseUrl}/projects/pointsurvey/${projectId}`);
  const cold = await drawn(count);
  // where the cold load's time went: when the app's code had run, the session was asked, the points had arrived and
  // their layer was built (ms from navigation start)
  // (no named functions inside: tsx would wrap them in a helper the page does not have)
  const steps = await page.evaluate((count) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const auth = resources.find((r) => new URL(r.name).pathname === '/api/auth/is-auth');
    const points = resources.find((r) => new URL(r.name).pathname.startsWith('/api/points/'));
    const layer = performance.getEntriesByName(`points-layer:${count}`)[0];
    return [
      `app ran ${nav.domContentLoadedEventEnd.toFixed(0)}`,
      `is-auth sent ${auth ? auth.startTime.toFixed(0) : '?'}`,
      `points in ${points ? points.responseEnd.toFixed(0) : '?'}`,
      `layer built ${layer ? (layer.startTime + layer.duration).toFixed(0) : '?'}`,
    ].join(', ');
  }, count);
  await page.goto(`${baseUrl}/projects`, { waitUntil: 'networkidle' });
  const start = await page.evaluate((path) => {
    performance.clearMeasures();
    const t = performance.now();
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
    return t;
  }, `/projects/pointsurvey/${projectId}`);
  const warm = (await drawn(count)) - start;
  await context.close();
  return { cold, warm, steps };
}

/**
 * Web: the gzip size of the JS and CSS the landing page loads and of what each lazy route adds (found by loading
 * each route in Chromium and watching what it fetches), and how long the survey map takes, from navigation, to
 * draw 5,000 recorded points, against the same map with none (median of 3 cold loads each).
 */
export async function run(): Promise<BenchResult> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@smi/web'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  const product = await startProduct();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const notes: string[] = [];
  const figures: Figure[] = [];
  try {
    const full = await seedSurveyor(product, 'web');
    const empty = await seedSurveyor(product, 'webempty');
    const { device } = (await call(product.url, 'GET', `/api/devices/${full.rover}`, full.cookie)) as { device: { _id: string } };

    const landing = await assetsOf(browser, product.url, '/');
    const landingJs = sumKb(DIST, landing.js);
    figures.push({ name: 'landing page JS (gzip)', value: landingJs, unit: 'KB', target: { value: 120, kind: 'max' } });
    figures.push({ name: 'landing page CSS (gzip)', value: sumKb(DIST, landing.css), unit: 'KB' });
    // what really crossed the wire: the api sends the build's precompressed copies (brotli for Chromium)
    figures.push({ name: 'landing page JS as sent', value: sentKb(landing.sent, landing.js), unit: 'KB', baseline: { name: 'gzip of the same files', value: landingJs } });
    notes.push(`landing loads ${landing.js.size} JS file(s), ${landing.css.size} CSS file(s)`);

    const routes: [string, string, string?][] = [
      ['login', '/login'],
      ['reset password', '/reset-password'],
      ['dashboard', '/dashboard', full.cookie],
      ['devices', '/devices', full.cookie],
      ['device detail', `/devices/${device._id}`, full.cookie],
      ['register device', `/devices/register-device/${full.userId}`, full.cookie],
      ['notifications', '/notifications', full.cookie],
      ['projects', '/projects', full.cookie],
      ['new project', `/projects/${full.userId}/newproject`, full.cookie],
      ['project detail', `/projects/${full.projectId}`, full.cookie],
      ['survey map', `/projects/pointsurvey/${full.projectId}`, full.cookie],
      ['taken points', `/projects/takenpoints/${full.projectId}`, full.cookie],
      ['settings', '/settings', full.cookie],
    ];
    const extras: string[] = [];
    for (const [label, path, cookie] of routes) {
      const got = await assetsOf(browser, product.url, path, cookie);
      const js = sumKb(DIST, [...got.js].filter((f) => !landing.js.has(f)));
      const css = sumKb(DIST, [...got.css].filter((f) => !landing.css.has(f)));
      extras.push(`${label} +${js.toFixed(1)} KB JS +${css.toFixed(1)} KB CSS`);
      if (label === 'survey map' || label === 'dashboard' || label === 'login') figures.push({ name: `${label} route JS beyond landing (gzip)`, value: js, unit: 'KB' });
    }
    notes.push(`each route, loaded fresh, beyond what the landing page loads: ${extras.join('; ')}`);

    await recordPoints(product.url, full.cookie, full.projectId, POINTS);
    const loaded: { cold: number; warm: number; steps: string }[] = [];
    const none: { cold: number; warm: number; steps: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      none.push(await mapPaint(browser, product.url, empty.cookie, empty.projectId, 0));
      loaded.push(await mapPaint(browser, product.url, full.cookie, full.projectId, POINTS));
    }
    const median = (runs: { cold: number; warm: number }[], k: 'cold' | 'warm') => percentile(runs.map((r) => r[k]), 50);
    figures.push({
      name: `survey map with ${POINTS} points drawn, opened in the app`,
      value: median(loaded, 'warm'),
      unit: 'ms',
      baseline: { name: 'the same map, no points', value: median(none, 'warm') },
      target: { value: 1000, kind: 'max' },
    });
    figures.push({
      name: `survey map with ${POINTS} points drawn, cold page load`,
      value: median(loaded, 'cold'),
      unit: 'ms',
      baseline: { name: 'the same map, no points', value: median(none, 'cold') },
      target: { value: 1000, kind: 'max' },
    });
    const show = (runs: { cold: number; warm: number }[]) => runs.map((r) => `${r.warm.toFixed(0)}/${r.cold.toFixed(0)}`).join(', ');
    notes.push(`map drawn, in app/cold (ms), ${POINTS} points: ${show(loaded)}; no points: ${show(none)}; Chromium ${browser.version()}, 1280x800, no tiles (offline)`);
    const mid = [...loaded].sort((a, b) => a.cold - b.cold)[Math.floor(loaded.length / 2)]!;
    notes.push(`the median cold load with ${POINTS} points, ms from navigation: ${mid.steps}, drawn ${mid.cold.toFixed(0)}`);
  } finally {
    await browser.close();
    await product.stop();
  }
  return { name: 'web', figures, notes };
}
