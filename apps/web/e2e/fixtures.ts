import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { startProduct, type Product } from './product';

/** Where the end-to-end tests' screenshots go (never committed): the test results folder, or SMI_SHOTS_DIR. */
const SHOTS = process.env.SMI_SHOTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screens');

/** The screenshot folder of one group of screens. */
export const shotsDir = (group: string) => join(SHOTS, group);

export const test = base.extend<{ shoot: (name: string) => Promise<void> }, { product: Product }>({
  product: [
    // Playwright reads the fixtures a fixture needs from this pattern: none here
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const product = await startProduct();
      await provide(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ product }, provide) => provide(product.url),
  /** Screenshots of the current screen at 1280 and 390 px wide, kept in test-results/screens (gitignored). */
  shoot: async ({ page }, provide) => {
    mkdirSync(SHOTS, { recursive: true });
    await provide(async (name: string) => {
      const size = page.viewportSize() ?? { width: 1280, height: 800 };
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(150); // let the layout settle at the new width
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        // toasts are transient; the screen under them is what is kept
        await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true, style: '.Toastify { display: none !important; }' });
      }
      await page.setViewportSize(size);
    });
  },
});

export { expect };

export async function codeFromMail(product: Product, email: string, after: number) {
  return product.smtp.codeFor(email, after, 15_000);
}

export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
