// Behaviour that exists only with JavaScript on: the no-js project ignores *.js-only.spec.ts.
import { expect, test } from '@playwright/test'
import { signUp, uniqueEmail } from './support/helpers'

// The sign-in screens run no app script (app/lib/shopper-view.ts): the app's screens check the build.
test('a newer build on the server is offered as a reload', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'build'))
  await page.route('**/__version', (route) => route.fulfill({ json: { version: 'a-newer-build' } }))
  await page.goto('/')
  await expect(page.getByTestId('new-build')).toContainText('A new version of Pagewright is available.')
  await expect(page.getByTestId('new-build').getByRole('button', { name: 'Reload' })).toBeVisible()
})

test('the same build shows no banner', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'same-build'))
  const checked = page.waitForResponse('**/__version')
  await page.goto('/')
  await checked
  await page.waitForTimeout(200)
  await expect(page.getByTestId('new-build')).toHaveCount(0)
})

test('the user is re-fetched every 60 s while signed in', async ({ page }, info) => {
  await page.clock.install()
  await signUp(page, uniqueEmail(info, 'poll'))
  // The home page arrives as a new document (sign-in screens run no app script): a navigation that
  // fetches the next route's data (not a new document) shows the app has hydrated and run its
  // effects, the 60 s timer among them. A click before hydration would load /latest as a document.
  await page.clock.runFor(1_000)
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized)),
    )
    .toBe(true)
  const clientNavigation = page.waitForRequest((r) => r.url().includes('_data=routes'))
  await page.getByRole('link', { name: 'Latest' }).click()
  await clientNavigation
  await expect(page).toHaveURL(/\/latest$/)
  let refetches = 0
  page.on('request', (r) => {
    if (r.url().includes('_data=root')) refetches++
  })
  await page.clock.runFor(61_000)
  await expect.poll(() => refetches).toBeGreaterThanOrEqual(1)
})

test('the sign-in screens load one small script of their own, not the app', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await page.goto('/account/login')
  await page.goto('/account/sign-up')
  expect([...new Set(scripts)]).toEqual(['/sign-in.js'])
})

// The browser build runs on Preact over the server's React HTML (vite.config.ts, app/lib/document-root.ts).
test('the app adopts the server’s document in place and navigates without reloading it', async ({ page }, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('Failed to load resource')) errors.push(m.text())
  })
  await signUp(page, uniqueEmail(info, 'hydrate'))
  await page.goto('/')
  const shape = () =>
    page.evaluate(() => ({
      htmls: document.querySelectorAll('html').length,
      heads: document.querySelectorAll('head').length,
      bodies: document.querySelectorAll('body').length,
      mains: document.querySelectorAll('main').length,
      topLevel: document.documentElement.parentNode === document,
    }))
  const single = { htmls: 1, heads: 1, bodies: 1, mains: 1, topLevel: true }
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await page.getByRole('link', { name: 'Latest' }).click()
  await expect(page).toHaveURL(/\/latest$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect(await shape()).toEqual(single)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  expect(await shape()).toEqual(single)
  expect(errors).toEqual([])
})

test('a route module of an older build reloads the page once; again within 10 s it only says so', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'stale-route'))
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Latest' })).toBeVisible()
  let loads = 0
  page.on('load', () => loads++)
  // As after a deploy: the open page's manifest names a route module the server no longer has.
  type WithManifest = { __remixManifest: { routes: Record<string, { module: string } | undefined> } }
  const staleLatest = async () => {
    // Remix learns a linked route's module after the link renders (lazy route discovery): wait for it.
    await page.waitForFunction(() => !!(window as unknown as WithManifest).__remixManifest.routes['routes/_default.latest'])
    await page.evaluate(() => {
      const manifest = (window as unknown as WithManifest).__remixManifest
      manifest.routes['routes/_default.latest']!.module = `/assets/_default.latest-gone${Date.now()}.js`
    })
  }
  await staleLatest()
  await page.getByRole('link', { name: 'Latest' }).click()
  await expect.poll(() => loads).toBe(1)
  await expect(page.getByRole('link', { name: 'Latest' })).toBeVisible()
  await staleLatest()
  await page.getByRole('link', { name: 'Latest' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Pagewright was updated while this page was open' })).toBeVisible()
  await page.waitForTimeout(1_000)
  expect(loads).toBe(1)
})
