import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? 3199)

/**
 * End-to-end tests in Debian's Chromium (never `playwright install`), each spec once with
 * JavaScript on and once with it off. The harness starts the built app on a fresh PGlite folder
 * with a real SMTP listener in front of a tiny mailbox the tests read codes from.
 */
export default defineConfig({
  testDir: 'e2e',
  // Two spec files at a time (tests within a file in order): each test makes its own account, and
  // most of a test's time is waiting on the browser or the server, so two take ~0.65 of one (CI ≤ 30 min).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: {
    command: 'npx tsx e2e/support/harness.ts',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_MAILBOX_PORT: String(MAILBOX_PORT) },
  },
})
