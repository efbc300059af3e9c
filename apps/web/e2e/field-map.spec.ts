import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { shotsDir, test, expect } from './fixtures';
import type { Product } from './product';
import { project, secretsOf, standingRover, type Epoch } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * Fresh fixes, heights and labels on the survey map (decisions 017, 018), with a rover whose NMEA is written here
 * (mosquitto_pub) and the simulator's base: a point recorded from a GGA with a geoid separation exports h = H + N;
 * rover and point cards show the fix type and ± first, the Low/Medium/High grade under it as the rover/base timing; point names are drawn as text and
 * points look unlike rovers; on a phone, toasts and the status box cover nothing essential. Screenshots go to /tmp.
 */

test.describe.configure({ timeout: 360_000 });

const SHOTS = shotsDir('field-map');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

const stopAfter: (() => void)[] = [];
test.afterEach(() => stopAfter.splice(0).forEach((stop) => stop()));

/** The simulator's base stands at 6.615, 79.968074; the rover a few metres from it. */
const NEAR_BASE = { latitude: 6.61512, longitude: 79.96812 };

async function surveyWithRover(page: Page, product: Product, tag: string, rover: Omit<Epoch, 'latitude' | 'longitude'>) {
  const suffix = Date.now().toString(36).toUpperCase();
  const [base, code] = [`${tag}B-${suffix}`, `${tag}R-${suffix}`];
  const { userId } = await surveyAccount(page.request, product, tag.toLowerCase());
  const secrets = await surveyDevices(page.request, userId, [
    { code: base, name: 'Wharf Base', type: 'base' },
    { code, name: 'Rover Kerb', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Wharf', base, [code]);
  // Save measures on the server (decision 028): one epoch (rapid), the pole's height 0 so the stored heights are the GGA's,
  // and float allowed, as this rover is RTK float (the point says so)
  const settings = await page.request.put(`/api/projects/${projectId}/measurement-settings`, {
    data: {
      DefaultMethod: 'rapid',
      Antenna: { Height: 0, HeightType: 'vertical', Reference: 'ARP', Model: '' },
      Tolerances: { rapid: { allowFloat: true, maxPdop: null, maxCorrectionAge: null } },
    },
  });
  expect(settings.status()).toBe(200);
  product.simulate(['--base', base, '--rate', '2', ...secretsOf(secrets, base)]);
  const at: Epoch = { ...NEAR_BASE, ...rover };
  stopAfter.push(standingRover(product.mqttUrl, code, secretsOf(secrets, code)[1]!.split('=')[1]!, at));
  return { projectId, at };
}

async function recordPoint(page: Page, name: string) {
  await page.getByRole('button', { name: 'Record a point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Point' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
  await dialog.getByLabel('Point name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Point recorded successfully.').last()).toBeVisible();
}

/** Every canvas text the page draws, with where it lands in the canvas's own pixels (Leaflet scales and shifts it). */
function watchCanvasText() {
  const drawn: { text: string; x: number; y: number; canvas: HTMLCanvasElement }[] = [];
  (window as unknown as { __drawn: typeof drawn }).__drawn = drawn;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const p = this.getTransform().transformPoint(new DOMPoint(x, y));
    drawn.push({ text, x: p.x, y: p.y, canvas: this.canvas as HTMLCanvasElement });
    return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
  };
}

interface DrawnLabel {
  /** pixels of the label's colour in the box right of the point, as the canvas now shows it */
  inked: number;
  /** the element on top at the label's middle ('canvas' when only the map's canvases, no marker or box, are over it) */
  onTop: string;
  /** the point's centre and a corner pixel of its marker, and the point's centre on the screen */
  centre: number[];
  corner: number[];
  outside: number[];
  screen: { x: number; y: number };
}

/** The newest drawing of `name` on the points canvas: how much of it is visible, and the point's marker beside it. */
const drawnLabel = (page: Page, name: string) =>
  page.evaluate((name): DrawnLabel | null => {
    const all = (window as unknown as { __drawn: { text: string; x: number; y: number; canvas: HTMLCanvasElement }[] }).__drawn;
    const last = all.findLast((d) => d.text === name);
    if (!last) return null;
    const { canvas, x, y } = last;
    const ctx = canvas.getContext('2d')!;
    const dpr = canvas.width / canvas.getBoundingClientRect().width;
    const width = Math.ceil(ctx.measureText(name).width * dpr);
    const box = ctx.getImageData(Math.round(x), Math.round(y - 6 * dpr), width, Math.round(12 * dpr)).data;
    let inked = 0;
    // the label's fill, #7c2d12 (124, 45, 18), anti-aliased a little
    for (let i = 0; i < box.length; i += 4) if (Math.abs(box[i]! - 124) < 40 && Math.abs(box[i + 1]! - 45) < 40 && Math.abs(box[i + 2]! - 18) < 40 && box[i + 3]! > 200) inked++;
    // the point's centre: the label's box starts radius 5 + a 4 px gap right of it, its text 1 px into the box
    const cx = x - 10 * dpr;
    const pixel = (px: number, py: number) => [...ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data];
    const rect = canvas.getBoundingClientRect();
    const toScreen = (px: number, py: number) => ({ x: rect.left + px / dpr, y: rect.top + py / dpr });
    const mid = toScreen(x + width / 2, y);
    const top = document.elementFromPoint(mid.x, mid.y);
    return {
      inked,
      onTop: top instanceof HTMLCanvasElement && top.closest('.leaflet-overlay-pane') ? 'canvas' : (top?.className.toString() ?? 'nothing'),
      centre: pixel(cx, y),
      // the pixel [4, 5] px right and down of the centre: inside a 10 px square with its 1.5 px white edge (which
      // reaches 5.75 px), outside a round marker of that size (its nearest corner is 5.7 px away)
      corner: pixel(cx + 4 * dpr, y + 4 * dpr),
      outside: pixel(cx + 7 * dpr, y + 7 * dpr),
      screen: toScreen(cx, y),
    };
  }, name);

const near = (rgba: number[], rgb: [number, number, number]) => rgb.every((c, i) => Math.abs(rgba[i]! - c) < 30);

test('a recorded point exports h = H + N, opens a card with its fix and ±, shows its name and is drawn unlike a rover', async ({ page, product }) => {
  await page.addInitScript(watchCanvasText);
  // RTK float, H 826.56 m, N 44.866 m (h = 871.426 m; the sum in floating point is 871.4259999999999), GST 0.3/0.2 m
  const { projectId, at } = await surveyWithRover(page, product, 'H', { quality: 5, altitude: '826.560', geoidSeparation: '44.866', sigma: [0.3, 0.2] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/projects/pointsurvey/${projectId}`);
  await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 30_000 });

  // ---- the live rover's card: the grade with the fix type (coloured) and ± beside it ----
  const rover = page.locator('.leaflet-marker-icon[title="Rover Kerb"]');
  await rover.click();
  const roverCard = page.locator('.leaflet-popup').filter({ hasText: 'Rover Kerb' });
  // the headline is the fix type and ± in the fix's colour; the grade sits under it as the rover/base timing
  const roverHeadline = roverCard.getByTestId('quality-headline');
  await expect(roverHeadline).toHaveText('RTK float ± 36.1 cm', { timeout: 10_000 });
  await expect(roverHeadline).toHaveAttribute('data-tone', 'yellow');
  await expect(roverCard.getByTestId('accuracy-line')).toHaveText(/^Rover\/base timing: (High|Medium|Low)/);
  await shot(page, 'rover-card');
  await roverCard.locator('.leaflet-popup-close-button').click();
  await expect(roverCard).toBeHidden();

  // ---- record it: the stored point carries H, N and h = H + N, and so does the CSV ----
  await recordPoint(page, 'Kerb NE');
  const { points } = (await (await page.request.get(`/api/points/${projectId}`)).json()) as { points: Record<string, unknown>[] };
  expect(points).toHaveLength(1);
  expect(points[0]).toMatchObject({ Altitude: 826.56, GeoidSeparation: 44.866, FixType: 'rtk-float' });
  // the server keeps the mean of its epochs' h as computed (871.4259999999...), the exports round it to 0.1 mm
  expect(points[0]!.EllipsoidalHeight as number).toBeCloseTo(871.426, 6);
  const csv = await (await page.request.get(`/api/export/csv/${projectId}`)).text();
  const [header, row] = csv.trim().split(/\r?\n/).map((l) => l.split(','));
  const column = (name: string) => row![header!.indexOf(name)];
  expect(column('altitude_m')).toBe('826.560');
  expect(column('geoid_separation_m')).toBe('44.866');
  expect(column('ellipsoidal_height_m')).toBe('871.426');
  // no coordinate system set: the project's height is above EGM96 (decision 039), from h
  expect(header!.slice(1, 4).join(',')).toMatch(/^northing_epsg326\d\d_m,easting_epsg326\d\d_m,height_egm96_m$/);

  // ---- the rover walks on about 8 m north: the point stays, drawn on its own ----
  at.latitude += 0.00007;
  await expect(async () => {
    const label = await drawnLabel(page, 'Kerb NE');
    // at zoom 20 the name is drawn as text beside the point, and nothing (rover, its label, the status box) covers it
    expect(label?.inked ?? 0, JSON.stringify(label)).toBeGreaterThan(25);
    expect(label?.onTop, JSON.stringify(label)).toBe('canvas');
  }).toPass({ timeout: 20_000 });
  const label = (await drawnLabel(page, 'Kerb NE'))!;
  // an orange square: its corner is painted (a round marker of the same size would leave it clear) ...
  expect(near(label.centre, [234, 88, 12]), `point centre ${label.centre}`).toBe(true);
  expect(label.corner[3], `point corner ${label.corner}`).toBeGreaterThan(240);
  expect(label.outside[3], `beside the point ${label.outside}`).toBe(0);
  // ... and a rover is a blue circle
  const dot = await rover.locator('.smi-rover__dot').evaluate((el) => {
    const s = getComputedStyle(el);
    return { colour: s.backgroundColor, radius: s.borderRadius };
  });
  expect(dot.colour).toBe('rgb(37, 99, 235)');
  expect(Number.parseFloat(dot.radius)).toBeGreaterThan(100);
  await shot(page, 'point-label');

  // ---- the point's card, by a click on the point: the same grade, fix type and ± as stored ----
  const card = page.getByTestId('point-card');
  // the map follows the rover as it walks: click where the point is once the view stands still
  await expect(async () => {
    const before = (await drawnLabel(page, 'Kerb NE'))!.screen;
    await page.waitForTimeout(700);
    const now = (await drawnLabel(page, 'Kerb NE'))!.screen;
    expect(now).toEqual(before);
    await page.mouse.click(now.x, now.y);
    await expect(card).toContainText('Kerb NE', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText('RTK float')).toHaveAttribute('data-tone', 'yellow');
  await expect(card.getByTestId('fix-quality')).toContainText('± 36.1 cm');
  await expect(card).toContainText(String(points[0]!.Accuracy ?? 'Unknown'));
  await expect(card).toContainText('826.560 m MSL');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await shot(page, 'point-card');
  }

  // names are drawn from zoom 18 (about 1:2000) in, not below: zoom out from 20 and look at each step
  await page.locator('.leaflet-popup-close-button').click();
  // pixels of the names' colour anywhere on the map's canvas (the rovers' and base's labels are not on it)
  const namesInk = () =>
    page.evaluate(() => {
      let inked = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.leaflet-overlay-pane canvas')) {
        const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i]! - 124) < 40 && Math.abs(px[i + 1]! - 45) < 40 && Math.abs(px[i + 2]! - 18) < 40 && px[i + 3]! > 200) inked++;
      }
      return inked;
    });
  expect(await namesInk()).toBeGreaterThan(25);
  const zoomOut = async () => {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(1000); // the zoom animation, then the canvas redraw
  };
  await zoomOut(); // 19
  await zoomOut(); // 18
  await expect.poll(namesInk, { message: 'the name drawn at zoom 18' }).toBeGreaterThan(25);
  await zoomOut(); // 17
  await expect.poll(namesInk, { message: 'no name drawn at zoom 17' }).toBe(0);
  await shot(page, 'zoom-17');

  // the taken points keep a short name on one line on a wide screen (it was broken mid-word: 'Manh' over 'ole')
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/projects/takenpoints/${projectId}`);
  const name = page.getByRole('cell').getByText('Kerb NE', { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => el.getClientRects().length), 'lines the name takes').toBe(1);
});

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, `${l} has a box`).not.toBeNull();
  return b!;
};
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('toasts and the status box cover neither the header, the rover labels nor the record buttons', async ({ page, product }) => {
    const { projectId } = await surveyWithRover(page, product, 'T', {});
    await page.goto(`/projects/pointsurvey/${projectId}`);
    await expect(page.getByTestId('rovers-reporting')).toHaveText('1 of 1 rover reporting', { timeout: 30_000 });
    const essentials: [string, Locator][] = [
      ['the page header', page.locator('header').first()],
      ['the status box', page.getByTestId('status-box')],
      ['the rover label', page.locator('.leaflet-tooltip', { hasText: 'Rover Kerb' })],
      ['the base label', page.locator('.leaflet-tooltip', { hasText: 'Wharf Base' })],
      ['Record a point', page.getByRole('button', { name: 'Record a point' })],
      ['Discard last point', page.getByRole('button', { name: 'Discard last point' })],
      ['Points list', page.getByRole('button', { name: 'Points list' })],
    ];
    const boxes = await Promise.all(essentials.map(async ([what, l]) => ({ what, ...(await box(l)) })));
    // every frame for `ms`, in the page: a toast's box against each essential one (toasts slide in and out: a
    // transition from the right edge swept across the round buttons, which a look now and then misses)
    const watchToasts = (ms: number) =>
      page.evaluate(
        ({ boxes, ms }) =>
          new Promise<string[]>((done) => {
            const covered = new Set<string>();
            const end = performance.now() + ms;
            const look = () => {
              for (const t of document.querySelectorAll('.Toastify__toast')) {
                const r = t.getBoundingClientRect();
                for (const b of boxes) if (r.left < b.x + b.width && b.x < r.right && r.top < b.y + b.height && b.y < r.bottom) covered.add(b.what);
              }
              if (performance.now() < end) requestAnimationFrame(look);
              else done([...covered]);
            };
            look();
          }),
        { boxes, ms },
      );

    // two points recorded one after the other: their toasts come in, stack, and one is closed
    for (const name of ['Phone 1', 'Phone 2']) {
      await page.getByRole('button', { name: 'Record a point' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a Point' });
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
      await dialog.getByLabel('Point name').fill(name);
      const watching = watchToasts(1500);
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await watching, `toasts coming in cover these`).toEqual([]);
      await expect(dialog).toBeHidden();
    }
    // one at a time on a phone: the second waits for the first
    await expect(page.getByText('Point recorded successfully.')).toHaveCount(1);
    await shot(page, 'phone-toasts');
    expect(await watchToasts(200), 'the stacked toasts cover these').toEqual([]);
    const leaving = watchToasts(1500);
    await page.locator('.Toastify__close-button').first().click();
    expect(await leaving, 'a toast going away covers these').toEqual([]);

    const status = await box(page.getByTestId('status-box'));
    for (const b of boxes.slice(2)) expect(overlap(status, b), `the status box covers ${b.what}`).toBe(false);
  });
});
