import { defineConfig } from 'vitest/config';

// DNS look-ups of test names: on a busy 2-core host they may need more than 5 s.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
