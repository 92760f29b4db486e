import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Unit and integration tests (vitest). End-to-end tests live in e2e/ and run with Playwright.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // tests/robustness runs the built server as processes: `npm run test:robust` (vitest.robust.config.ts).
    exclude: ['**/node_modules/**', 'tests/robustness/**'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core: most files wait on a database (PGlite in-process or Postgres), so two
    // at once on two cores take ~0.6 of the time of one at a time (CI ≤ 30 min, issue 24).
    maxWorkers: availableParallelism(),
  },
})
