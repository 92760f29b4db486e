import { expect, test } from '@playwright/test'
import { signUp, uniqueEmail } from './support/helpers'

// `/` sends a visitor without a session to /lp/1 (e2e/landing-docs.spec.ts); signed in, it is "My pages".
const AUTH_PATHS = [
  '/latest',
  '/stores',
  '/generate',
  '/products',
  '/product/1',
  '/productv2/1',
  '/product-edit/1',
  '/review-bulk-edit/1',
  '/subscription',
  '/guide/generate',
  '/guide/add-store',
  '/guide/pick-product',
  '/guide/quick-question',
  '/guidev2/pricing',
  '/guidev2/generating',
  '/guidev3/outline',
  '/guidev3/pricing',
  '/guidev3/generating',
  '/connect-shopify',
  '/google-shopping',
]
const PUBLIC_PATHS = [
  '/docs',
  '/lp/1',
  '/lp/2',
  '/trending',
  '/demo-store',
  '/posts',
  '/posts/ftc-fake-reviews-rule',
  '/guidev2/pick-product',
  '/guidev3/pick-product',
  '/sections',
  '/sections/hero',
  '/sections/t/social-proof',
  '/templates',
  '/templates/1',
  '/account/login',
  '/account/sign-up',
  '/account/auto_login',
]

test('"auth" paths send a visitor to the login page and back', async ({ page }) => {
  for (const path of AUTH_PATHS) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(200)
    expect(new URL(page.url()).pathname, path).toBe('/account/login')
    expect(new URL(page.url()).searchParams.get('redirectTo'), path).toBe(path)
  }
})

test('public paths answer without an account', async ({ page }) => {
  for (const path of PUBLIC_PATHS) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(200)
    expect(new URL(page.url()).pathname, path).toBe(path)
  }
})

test('signed-in users are sent away from the login-redirect pages; auth pages open', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'guard'))
  for (const path of ['/account/login', '/account/sign-up', '/account/verify', '/auth/callback']) {
    await page.goto(path)
    expect(new URL(page.url()).pathname, path).toBe('/')
  }
  await page.goto('/account/login?redirectTo=%2Fsubscription')
  expect(new URL(page.url()).pathname).toBe('/subscription')
  // Screens about one page answer 404 for an id that is not yours, inside their own layout.
  // …and so are the guide steps that follow one page being made (they need its session_id).
  const aboutOnePage = [
    '/product/1',
    '/productv2/1',
    '/product-edit/1',
    '/review-bulk-edit/1',
    '/guidev3/outline',
    '/guidev3/generating',
    '/guidev2/pricing',
    '/guidev2/generating',
    '/guidev3/pricing',
    '/guide/generate',
  ]
  for (const path of AUTH_PATHS) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(aboutOnePage.includes(path) ? 404 : 200)
    expect(new URL(page.url()).pathname, path).toBe(path)
  }
})

test('share links answer without an account, 404 when nothing is shared there', async ({ page }) => {
  for (const path of ['/share/1', '/sharev2/00000000-0000-0000-0000-000000000000']) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(404)
    expect(new URL(page.url()).pathname, path).toBe(path)
  }
})

test('layouts: default has the app shell, blank and none do not', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'layout'))
  await page.goto('/latest')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.goto('/generate')
  await expect(page.locator('.blank-header')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await page.goto('/stores')
  await expect(page.locator('.blank-header')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
})

test('a trailing slash is removed by a redirect that keeps the query', async ({ page }) => {
  const res = await page.goto('/account/login/?redirectTo=%2Flatest')
  expect(res?.status()).toBe(200)
  expect(page.url()).toMatch(/\/account\/login\?redirectTo=%2Flatest$/)
  await page.goto('/')
  expect(new URL(page.url()).pathname).toBe('/lp/1')
})

test('an unknown path is a 404 inside the app shell', async ({ page }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible()
  await expect(page.locator('.topbar')).toBeVisible()
})

test('gclid and fbclid are remembered and sent once signed in', async ({ page, context }, info) => {
  await page.goto('/lp/1?gclid=g-e2e-1&fbclid=f-e2e-1')
  const prefs = (await context.cookies()).find((c) => c.name === 'pw_prefs')
  expect(prefs).toBeTruthy()
  expect(Buffer.from(decodeURIComponent(prefs!.value), 'base64').toString()).toContain('g-e2e-1')
  await signUp(page, uniqueEmail(info, 'clid'))
  const after = (await context.cookies()).find((c) => c.name === 'pw_prefs')
  expect(Buffer.from(decodeURIComponent(after!.value), 'base64').toString()).toContain('"clidSent":"g-e2e-1|f-e2e-1"')
})

test('security headers and cookie flags', async ({ page, request }, info) => {
  const res = await page.goto('/account/login')
  const headers = res!.headers()
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/)
  expect(headers['content-security-policy']).toContain("object-src 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  await signUp(page, uniqueEmail(info, 'cookie'))
  const session = (await page.context().cookies()).find((c) => c.name === '__pw_session')!
  expect(session.httpOnly).toBe(true)
  expect(session.sameSite).toBe('Lax')
  expect(session.expires - Date.now() / 1000).toBeGreaterThan(2592000 - 120)
  const foreign = await request.post('/account/logout', { headers: { Origin: 'https://evil.example' }, form: { x: '1' } })
  expect(foreign.status()).toBe(403)
})

test('on a phone the app header is one row and the page never scrolls sideways', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'phone'))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const header = await page.locator('header.topbar').boundingBox()
  expect(header!.height).toBeLessThan(64)
  await expect(page.getByTestId('plan')).toHaveText(/Upgrade/)
  await expect(page.getByRole('button', { name: 'Log out' })).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
})
