import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // one directory per run where the shared test stores are built once (test/support/store-templates.ts)
    globalSetup: ['test/support/global-setup.ts'],
  },
});
