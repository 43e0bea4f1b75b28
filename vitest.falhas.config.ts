import { defineConfig } from 'vitest/config';
import { alias } from './vitest.config';

/**
 * The fault suite (`npm run test:faults`, issue #27): two instances on PostgreSQL + Redis, each behind TCP
 * proxies that reset, silence and lose answers while clients bid and watchers watch; it prints the figures
 * (bids sent, acknowledged, stored, lost, duplicated; watchers converged) and fails on any loss. Needs
 * DATABASE_URL and REDIS_URL.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: ['tests/falhas/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
