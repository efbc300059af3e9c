import { defineConfig } from 'vitest/config';

// the package's tests are pure; the same limits as the other packages under a busy host
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
