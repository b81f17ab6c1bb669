import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
