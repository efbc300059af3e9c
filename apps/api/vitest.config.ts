import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // each file opens its own database; two at a time suits a 2-core machine
    maxWorkers: 2,
  },
});
