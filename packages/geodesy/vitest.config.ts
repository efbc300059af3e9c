import { defineConfig } from 'vitest/config';

// Several tests run PROJ, GDAL or a database beside the code: on a busy 2-core host they need more than vitest's 5 s.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
