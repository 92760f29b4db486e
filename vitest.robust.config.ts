import { defineConfig } from 'vitest/config'

/**
 * Robustness suites (tests/robustness): hostile bodies, faults and load against the built server
 * running as real processes, on PGlite and (when TEST_DATABASE_URL is set) Postgres. They need
 * `npm run build` first; `npm test` runs them after the end-to-end tests, which build.
 */
export default defineConfig({
  test: {
    include: ['tests/robustness/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
