import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

const aqui = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '~': aqui('./app'),
  '@db': aqui('./db'),
  '@tenants': aqui('./tenants'),
  '@theme': aqui('./theme'),
  '@scripts': aqui('./scripts'),
};

/**
 * Unit tests sit beside the code; integration tests in tests/integration start real servers on a
 * real database: an embedded PGlite restored from a migrated template, or, with DATABASE_URL, a fresh
 * schema per test file on that PostgreSQL. Browser tests have their own config (vitest.e2e.config.ts).
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: { alias },
  test: {
    include: ['{app,tenants,theme,db,scripts}/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the compiled server and the app's modules once for all its files, not once per
    // file (decision 296): every file still gets its own database, servers and mocks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
