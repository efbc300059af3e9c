import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    // files share their worker's module cache: each file imported the whole app anew (about 2 s of CPU per file,
    // two thirds of the suite's import time); every file still opens its own database and servers
    isolate: false,
  },
});
