import { defineConfig } from 'vitest/config';
import { alias } from './vitest.config';

/** Browser tests: Debian's chromium driven by playwright-core against a real server. */
export default defineConfig({
  resolve: { alias },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page's answer to a click can take over a second on a loaded 2-core machine (the onboarding
    // editor's toast, once at load 16): polls wait up to 5 s, not vitest's 1 s.
    expect: { poll: { timeout: 5_000 } },
    env: { NODE_ENV: 'test' },
  },
});
