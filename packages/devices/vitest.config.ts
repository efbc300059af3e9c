import { defineConfig } from 'vitest/config';

// bcrypt rounds and a child process (the activation-keys command): on a busy 2-core host they need more than 5 s.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
