/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';

// In development the SPA runs on Vite and talks to the api through this proxy, so cookies stay same-origin.
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
  // the manifest maps every route's source file to its chunk and static imports, so bundle sizes can be measured
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // vitest's default is one worker fewer than the cores: a single one on the 2-core CI host
    maxWorkers: 2,
    // files share their worker's module cache and environment (setup.ts empties the document and the toast queue
    // after each test): a new jsdom and module graph per file was three quarters of the suite's time
    isolate: false,
  },
});
