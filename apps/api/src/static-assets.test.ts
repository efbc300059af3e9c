import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db } from '@smi/db';
import { composeDeps } from './compose.js';
import { silentLogger } from './logger.js';
import { createApp } from './app.js';
import { createAppServer } from './http/server.js';

// a built web app as `vite build` leaves it: hashed assets with their .br/.gz beside them, index.html, a favicon
const script = `export const greeting = ${JSON.stringify('survey '.repeat(400))};\n`;
let dist = '';
let db: Db;
let server: Server;
let base = '';

/** A raw GET: the body exactly as sent (no client-side decompression), with the response headers. */
function fetchRaw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((ok, fail) => {
    get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'smi-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'app-Bx12cd.js'), script);
  writeFileSync(join(dist, 'assets', 'app-Bx12cd.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app-Bx12cd.js.gz'), gzipSync(script));
  db = await openTestDb();
  const deps = composeDeps({
    db,
    log: silentLogger,
    jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789',
    dataDir: dist,
    mailFrom: 'Site Measurement IoT <test@localhost>',
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    webDist: dist,
  });
  server = createAppServer(createApp(deps));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
  await db.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app as the api serves it', () => {
  it('sends a hashed script precompressed with brotli to a browser that takes it, cacheable for good', async () => {
    const res = await fetchRaw('/assets/app-Bx12cd.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a client without brotli, and the plain file to one that takes no encoding', async () => {
    const gz = await fetchRaw('/assets/app-Bx12cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await fetchRaw('/assets/app-Bx12cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers index.html for the root and deep links, never cached without asking', async () => {
    for (const path of ['/', '/projects/pointsurvey/0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10']) {
      const res = await fetchRaw(path, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('<div id="root">');
    }
  });

  it('serves a file with no compressed copy as it is, for an hour', async () => {
    const res = await fetchRaw('/favicon.svg', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('leaves the api alone: its JSON is not taken for a static file', async () => {
    const res = await fetchRaw('/api/config', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).not.toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
