import { expect, test, type Page } from '@playwright/test'
import { pagesPerMonth } from '../server/domain/entitlements'
import { creditTiers, formatUsd, monthlyAmount, yearlyDiscountPercent, type Plan } from '../server/domain/plans'
import { signUp, uniqueEmail } from './support/helpers'

/** Every script the page loads or carries (JSON-LD data is not a script). */
async function scriptsOf(page: Page, path: string) {
  const loaded: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && loaded.push(r.url()))
  const res = await page.goto(path)
  expect(res?.status(), path).toBe(200)
  const inline = await page.locator('script:not([type="application/ld+json"])').count()
  return { loaded, inline }
}

for (const [path, product] of [
  ['/lp/1', 'aurora-pour-over-set'],
  ['/lp/2', 'nomad-canvas-backpack'],
] as const) {
  test(`${path}: a real example page, the plans with prices, sign-up links, and no script`, async ({ page, request }) => {
    const { loaded, inline } = await scriptsOf(page, path)
    expect(loaded).toEqual([])
    expect(inline).toBe(0)

    // The example is the page the api writes for that demo-store product, rendered by the page renderers.
    const sample = await (await request.get(`/v2/samples/page?product=${product}`)).json()
    const example = page.getByTestId('example-page')
    await expect(example).toContainText(sample.product.title)
    await expect(example.locator('.pw-page').first()).toBeVisible()
    const hero = sample.page.sections.find((s: { type: string }) => s.type === 'hero')
    await expect(example.locator('.pw-page h1').first()).toHaveText(hero.heading)

    // Plans as the api serves them: monthly price, yearly saving, pages per month.
    const plans: Plan[] = await (await request.get('/v2/subscription/plans?version=2')).json()
    const cards = page.getByTestId('plan-pro')
    const tiers = creditTiers(plans, 'month')
    await expect(cards).toHaveCount(tiers.length)
    for (const [i, credits] of tiers.entries()) {
      const monthly = plans.find((p) => p.billing_cycle === 'month' && p.credit_value_month === credits)!
      const yearly = plans.find((p) => p.billing_cycle === 'year' && p.credit_value_month === credits)!
      await expect(cards.nth(i)).toContainText(`${formatUsd(monthlyAmount(monthly))}/month`)
      await expect(cards.nth(i)).toContainText(`Save ${yearlyDiscountPercent(yearly, plans)}%`)
      await expect(cards.nth(i)).toContainText(`${pagesPerMonth(credits)} pages per month`)
    }
    await expect(page.getByTestId('plan-free')).toContainText('$0')

    await expect(page.getByTestId('hero-signup')).toHaveAttribute('href', '/account/sign-up')
    await expect(page.getByTestId('final-signup')).toHaveAttribute('href', '/account/sign-up')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`))
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Pagewright/)

    // "Choose" opens the plan dialog on that plan (URL state, without JS too).
    await cards
      .nth(1)
      .getByRole('link', { name: /Choose/ })
      .click()
    await expect(page.getByTestId('upgrade-dialog')).toBeVisible()
    await expect(page.getByTestId('plan-card')).toContainText(`${pagesPerMonth(tiers[1])} pages per month`)

    await page.goto(path)
    await page.getByTestId('hero-signup').click()
    await expect(page).toHaveURL(/\/account\/sign-up$/)
  })
}

test('a visitor without a session lands on /lp/1 from /, click ids kept; signed in, / is My pages', async ({ page, context }, info) => {
  await page.goto('/?gclid=g-landing-1')
  expect(new URL(page.url()).pathname).toBe('/lp/1')
  expect(new URL(page.url()).searchParams.get('gclid')).toBe('g-landing-1')
  const prefs = (await context.cookies()).find((c) => c.name === 'pw_prefs')
  expect(Buffer.from(decodeURIComponent(prefs!.value), 'base64').toString()).toContain('g-landing-1')

  await page.goto('/account/login')
  await page.getByRole('link', { name: 'What is Pagewright?' }).click()
  await expect(page).toHaveURL(/\/lp\/1$/)

  await signUp(page, uniqueEmail(info, 'landing'))
  await page.goto('/')
  expect(new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('heading', { name: 'My pages' })).toBeVisible()
  await page.getByRole('link', { name: 'Help' }).click()
  await expect(page).toHaveURL(/\/docs$/)
})

test('/v2/openapi.json is an OpenAPI 3.1.0 document, and /docs lists every operation in it with no script', async ({ page, request }) => {
  const res = await request.get('/v2/openapi.json')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/json')
  const doc = JSON.parse(await res.text())
  expect(doc.openapi).toBe('3.1.0')
  const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  )
  expect(operations.length).toBeGreaterThan(50)

  const { loaded, inline } = await scriptsOf(page, '/docs')
  expect(loaded).toEqual([])
  expect(inline).toBe(0)
  const listed = await page.locator('[data-operation]').evaluateAll((els) => els.map((e) => e.getAttribute('data-operation')))
  expect(listed.sort()).toEqual([...operations].sort())

  for (const id of ['credits', 'honesty', 'referral-terms', 'api-key', 'using-the-key', 'rate-limits', 'errors', 'openapi'])
    await expect(page.locator(`[id="${id}"]`), id).toBeVisible()
  await expect(page.locator('#errors ~ dl')).toContainText('429')
  await expect(page.getByText('Authorization: Bearer', { exact: false }).first()).toBeVisible()
  await expect(page.getByTestId('openapi-link')).toHaveAttribute('href', '/v2/openapi.json')

  // Each area's page describes its operations in full; together they describe every one.
  const areas = await page.locator('.docs-group h3 a').evaluateAll((els) => els.map((e) => e.getAttribute('href')!))
  expect(areas.length).toBeGreaterThan(3)
  const described: string[] = []
  for (const href of areas) {
    const html = await (await request.get(href)).text()
    described.push(...[...html.matchAll(/data-operation-detail="([^"]+)"/g)].map((m) => m[1]))
  }
  expect(described.sort()).toEqual([...operations].sort())

  // An index entry leads to its operation on its area's page.
  await page.locator('[data-operation="POST /v2/tasks/create"] a').click()
  await expect(page).toHaveURL(/\/docs\?area=[a-z-]+#op-post-v2-tasks-create$/)
  const create = page.locator('[data-operation-detail="POST /v2/tasks/create"]')
  await expect(create).toBeInViewport()
  await expect(create).toContainText('Request body')
  await expect(create).toContainText('url')
  await expect(create).toContainText('required')
  expect((await scriptsOf(page, page.url().split('#')[0])).loaded).toEqual([])
})

test('/docs?area= with an area the api does not have answers 404 in the same frame', async ({ page }) => {
  const res = await page.goto('/docs?area=nope')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Pages', exact: true }).first().click()
  await expect(page).toHaveURL(/\/docs\?area=pages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible()
})

test('/docs: a signed-in owner makes an API key, sees it once, and it works as a bearer token', async ({ page, request }, info) => {
  await page.goto('/docs')
  await expect(page.getByTestId('api-key-panel')).toContainText('Log in')
  const email = uniqueEmail(info, 'apikey')
  await signUp(page, email)
  await page.goto('/docs')
  const panel = page.getByTestId('api-key-panel')
  await expect(panel).toContainText('pwk_…')
  await panel.getByRole('button', { name: 'Make a new API key' }).click()
  const key = (await page.getByTestId('new-api-key').textContent())!.trim()
  expect(key).toMatch(/^pwk_/)
  const me = await request.get('/v2/auth/me', { headers: { authorization: `Bearer ${key}` } })
  expect(me.status()).toBe(200)
  expect((await me.json()).email).toBe(email)
  // Shown once: a reload shows only the key's end.
  await page.goto('/docs')
  await expect(page.getByTestId('new-api-key')).toHaveCount(0)
  await expect(page.getByTestId('api-key-panel')).toContainText(`pwk_…${key.slice(-4)}`)
  // A form this page does not know: a 400 with a message, and the key stays.
  const odd = await page.request.post('/docs', { form: { intent: 'delete-everything' }, headers: { origin: new URL(page.url()).origin } })
  expect(odd.status()).toBe(400)
  expect(await odd.text()).toContain('This page only makes API keys')
  await page.goto('/docs')
  await expect(page.getByTestId('api-key-panel')).toContainText(`pwk_…${key.slice(-4)}`)
})
