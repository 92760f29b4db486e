import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const ALL_TESTS = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts']
// tests/robustness runs the built server as processes: `npm run test:robust` (vitest.robust.config.ts).
const EXCLUDED = ['**/node_modules/**', 'tests/robustness/**']

/**
 * Files that need modules of their own: they replace a module (`vi.mock`) or point the web at a
 * mocked api through process.env (tests/web/msw.ts). Every other file shares its worker's modules
 * with the files before it, which spares re-importing the app for each of ~200 files (a third of
 * the run's time, issue 24); a file that leaves process-wide state behind belongs here, or must put
 * it back (server/demo-shop/oauth.test.ts restores the Shopify library's fetch).
 */
const OWN_MODULES = ['tests/web/*.msw.test.ts', 'server/demo-shop/owner.test.ts']

// Unit and integration tests (vitest). End-to-end tests live in e2e/ and run with Playwright.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  esbuild: { jsx: 'automatic' },
  test: {
    exclude: EXCLUDED,
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core: most files wait on a database (PGlite in-process or Postgres), so two
    // at once on two cores take ~0.6 of the time of one at a time (CI ≤ 30 min, issue 24).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ALL_TESTS,
          exclude: [...EXCLUDED, ...OWN_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
})
