import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { surveyAccount, surveyDevices } from './survey-setup';

const RESULT = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'bench', 'survey-map-5000.json');
const POINTS = 5000;

async function seedPoints(request: APIRequestContext, projectId: string, count: number) {
  let next = 0;
  // eight at a time: the API answers each after its commit, so this is the real write path
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await request.post('/api/points', {
        data: {
          ProjectId: projectId,
          Name: `P${i + 1}`,
          Latitude: 6.615 + (Math.floor(i / 100) - 25) * 0.00002,
          Longitude: 79.968074 + ((i % 100) - 50) * 0.00002,
          Accuracy: (['High', 'Medium', 'Low'] as const)[i % 3],
          Section: `row ${Math.floor(i / 500)}`,
        },
      });
      if (!res.ok()) throw new Error(`point ${i}: ${res.status()} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Frame intervals (ms) while the map is dragged around and zoomed out and in again. */
async function interactionFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.waitForTimeout(400);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 30; i++) await page.mouse.move(cx + Math.sin(i / 5) * 150, cy + Math.cos(i / 5) * 100, { steps: 2 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForTimeout(400);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames.slice(1);
  });
  frames.sort((a, b) => a - b);
  return { p95: frames[Math.floor(frames.length * 0.95)] ?? 0, max: frames.at(-1) ?? 0, count: frames.length };
}

/** Opens a project's survey map and reports when its points were on the canvas and how smooth moving it was. */
async function openMap(page: Page, projectId: string, count: number) {
  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByText('Feel free to do surveys')).toBeVisible();
  const painted = await page.evaluate(async (n) => {
    const name = `points-layer:${n}`;
    while (!performance.getEntriesByName(name).length) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { layerMs: performance.getEntriesByName(name)[0]!.duration, paintedAtMs: performance.now() };
  }, count);
  const frames = await interactionFrames(page);
  return { ...painted, frames };
}

test(`the survey map stays usable with ${POINTS} recorded points (figures written for the benchmark)`, async ({ page, product }) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const { userId, ok } = await surveyAccount(page.request, product, 'load');
  await surveyDevices(page.request, userId, [
    { code: `LB-${suffix}`, name: 'Load Base', type: 'base' },
    { code: `LR-${suffix}`, name: 'Load Rover', type: 'rover' },
  ]);
  const devices = (await ok(await page.request.get(`/api/user/${userId}/devices`))) as { connectedDevices: { _id: string; Type: string }[] };
  const baseId = devices.connectedDevices.find((d) => d.Type === 'base')!._id;
  const create = async (Name: string) =>
    ((await ok(await page.request.post('/api/projects', { data: { Name, BaseStation: baseId, ClientDevices: [] } }))) as { _id: string })._id;
  const empty = await create('Empty site');
  const full = await create('Busy site');
  await seedPoints(page.request, full, POINTS);

  const baseline = await openMap(page, empty, 0);
  const loaded = await openMap(page, full, POINTS);

  const figures = [
    { name: `points layer built (${POINTS} points)`, value: loaded.layerMs, unit: 'ms' },
    { name: `map painted after navigation (${POINTS} points)`, value: loaded.paintedAtMs, unit: 'ms', baseline: { name: 'empty map', value: baseline.paintedAtMs } },
    { name: `frame interval p95 while panning/zooming (${POINTS} points)`, value: loaded.frames.p95, unit: 'ms', baseline: { name: 'empty map', value: baseline.frames.p95 } },
    { name: `longest frame while panning/zooming (${POINTS} points)`, value: loaded.frames.max, unit: 'ms', baseline: { name: 'empty map', value: baseline.frames.max } },
  ];
  mkdirSync(dirname(RESULT), { recursive: true });
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  writeFileSync(RESULT, JSON.stringify({ name: 'web-survey-map-5000', date: new Date().toISOString(), machine, figures, frames: { loaded: loaded.frames, baseline: baseline.frames } }, null, 2));
  test.info().attach('survey-map-5000.json', { path: RESULT, contentType: 'application/json' });
  expect(loaded.frames.count).toBeGreaterThan(0);

  // one layer draws them all, and its tooltip names the point under the pointer. The map opens on the grid's centre
  // (the average of the points), half a step (2e-5 degrees, ~15 px at zoom 20) south-west of P2551 (row 25,
  // column 50); P3071 and P3072 are rows 30, columns 70 and 71.
  await page.goto(`/projects/pointsurvey/${full}`);
  const box = (await page.getByRole('region', { name: 'Survey map' }).boundingBox())!;
  const at = (row: number, col: number) => [box.x + box.width / 2 + (col - 49.5) * 14.9, box.y + box.height / 2 - (row - 24.5) * 15] as const;
  const hover = async (row: number, col: number, name: string) => {
    // the view may still be gliding to its centre: point again until the tooltip names the point
    await expect(async () => {
      // from off the map (the grid fills it), so the pointer arrives on the point afresh
      await page.mouse.move(box.x + box.width / 2, box.y - 20);
      await page.mouse.move(...at(row, col));
      await expect(page.locator('.leaflet-tooltip', { hasText: new RegExp(`^${name}$`) })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
  };
  await hover(30, 70, 'P3071');
  // to the next point without leaving the layer
  await expect(async () => {
    // Leaflet reads the pointer at most every 32 ms: a move right after the last one may go unseen
    await page.mouse.move(...at(30, 71));
    await page.mouse.move(at(30, 71)[0] + 1, at(30, 71)[1]);
    await expect(page.locator('.leaflet-tooltip', { hasText: /^P3072$/ })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.locator('.leaflet-tooltip', { hasText: /^P3071$/ })).toHaveCount(0);
});
