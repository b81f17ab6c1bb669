import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  define: { __BUILD_INFO__: JSON.stringify({ version: 'test', buildTime: '2000-01-01T00:00:00.000Z' }) },
  test: {
    name: 'web',
    // Plain logic runs in Node; a file that needs a DOM says so with // @vitest-environment jsdom.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
