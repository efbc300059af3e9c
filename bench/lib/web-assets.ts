import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';

/** gzip size (zlib's default level, as a server compresses on the fly) of a file of the built web app, in KB. */
export function gzipKb(dist: string, urlPath: string): number {
  const file = join(dist, decodeURIComponent(urlPath.split('?')[0]!));
  return existsSync(file) ? gzipSync(readFileSync(file)).length / 1024 : 0;
}

/**
 * The JS and CSS files a fresh page load of `path` fetches (what the browser really loads, preloads included), and
 * the bytes each took on the wire (`sent`: the body as the server sent it, compressed or not).
 */
export async function assetsOf(
  browser: Browser,
  baseUrl: string,
  path: string,
  cookie?: string,
): Promise<{ js: Set<string>; css: Set<string>; sent: Map<string, number> }> {
  const context: BrowserContext = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  const page = await context.newPage();
  const js = new Set<string>();
  const css = new Set<string>();
  const sizes: Promise<void>[] = [];
  const sent = new Map<string, number>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== new URL(baseUrl).origin) return;
    if (url.pathname.endsWith('.js')) js.add(url.pathname);
    else if (url.pathname.endsWith('.css')) css.add(url.pathname);
    else return;
    sizes.push(
      res.finished().then(async () => {
        sent.set(url.pathname, (await res.request().sizes()).responseBodySize);
      }),
    );
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await Promise.all(sizes);
  await context.close();
  return { js, css, sent };
}

export const sumKb = (dist: string, files: Iterable<string>) => [...files].reduce((kb, f) => kb + gzipKb(dist, f), 0);

/** KB the browser received for `files` (as sent: brotli or gzip when the server had a compressed copy). */
export const sentKb = (sent: Map<string, number>, files: Iterable<string>) => [...files].reduce((kb, f) => kb + (sent.get(f) ?? 0), 0) / 1024;
