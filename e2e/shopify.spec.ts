import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test'
import { signUp, staffEmail } from './support/helpers'

/**
 * The Shopify flow against the offline demo shop, as a store owner clicks it: connect (the shop's
 * consent screen), sync, make a page from a product, publish it, see it on the storefront; then
 * what the shop does to it (theme switch, another account, uninstall). One owner for the file.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const PRODUCT = 'Aurora Ceramic Pour-Over Coffee Set'
const SLOW = { timeout: 20_000 }

let owner: BrowserContext
let page: Page
/** What the first test found out, for the ones after it. */
const shop = { domain: '', name: '', live: '', heading: '' }

test.beforeAll(async ({ browser }, info) => {
  ;({ context: owner, page } = await newBrowser(browser, info))
})
test.afterAll(async () => {
  await owner.close()
})

test('connect the demo shop, sync, make a page from a product, publish it, see it on the storefront', async () => {
  await signUp(page, staffEmail(test.info(), 'shopify'))
  Object.assign(shop, await connectDemoShop(page))
  await expect(page.getByText(`Connected ${shop.name}. Its products are syncing.`)).toBeVisible()

  // JS polls the catalogue; without JS the page refreshes itself while the sync runs.
  await expect(page.getByTestId('catalog-card')).toHaveCount(7, SLOW)
  await expect(page.getByTestId('catalog-summary')).toContainText(`${shop.name} · synced`, SLOW)
  await screenshots(page, 'products')

  await page.getByTestId('catalog-card').filter({ hasText: PRODUCT }).getByRole('button', { name: 'Make a page' }).click()
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}$/, SLOW)
  shop.heading = (await heroHeading(page.getByTestId('page-preview')).textContent())?.trim() ?? ''
  expect(shop.heading).toContain(PRODUCT)
  const panel = page.getByTestId('publish-panel')
  await expect(panel).toContainText('Not published yet.')
  await panel.getByRole('button', { name: `Publish to ${shop.name}` }).click()
  // JS polls the publication; without JS the panel refreshes itself while it is queued.
  await expect(panel.getByTestId('publish-status')).toContainText(`Published in ${shop.name}`, SLOW)
  await screenshots(page, 'product-published')

  // "View live page" opens a new tab; here the same tab goes there.
  shop.live = (await panel.getByTestId('live-link').getAttribute('href')) ?? ''
  expect(shop.live).toMatch(new RegExp(`/demo-shop/${escape(shop.domain)}/products/aurora-pour-over-set$`))
  await page.goto(shop.live)
  await expect(page.locator('body')).toHaveClass(/\bharbor\b/)
  const hero = page.locator('#hero')
  await expect(heroHeading(page)).toHaveText(shop.heading)
  await expect(hero.locator('.pw-price__now')).toHaveText('$48.00')
  const buy = hero.locator(`form[method="post"][action$="/demo-shop/${shop.domain}/cart/add"]`)
  await expect(buy).toHaveCount(1)
  await screenshots(page, 'storefront')
  await buy.getByRole('button').click()
  await expect(page.getByRole('heading', { name: 'Added to the cart' })).toBeVisible()
  await expect(page.getByText(`Added ${PRODUCT} (Oat) to the cart.`)).toBeVisible()
})

test("switching the shop's theme keeps the page", async () => {
  await page.goto(adminUrl())
  await page.getByRole('row').filter({ hasText: 'Meadow' }).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status')).toContainText('Published “Meadow”')
  await expect(page.getByRole('row').filter({ hasText: 'Meadow' })).toContainText('Live theme')

  // Pagewright hears themes/publish and puts its template into the new theme (a job): reload until it has.
  await expect(async () => {
    await page.goto(shop.live)
    await expect(page.locator('body')).toHaveClass(/\bmeadow\b/, { timeout: 1000 })
    await expect(heroHeading(page)).toHaveText(shop.heading, { timeout: 1000 })
  }).toPass(SLOW)
  await expect(page.locator('#hero .pw-price__now')).toHaveText('$48.00')
  await screenshots(page, 'storefront-meadow')
})

// Before the uninstall: a shop whose app was uninstalled may be connected again by anyone.
test('store-exists dialog', async ({ browser }, info) => {
  const { context, page: other } = await newBrowser(browser, info)
  await signUp(other, staffEmail(info, 'shopify-second'))
  const second = await connectDemoShop(other)
  expect(second.domain).not.toBe(shop.domain)

  await other.goto('/connect-shopify')
  await other.getByLabel('Your store’s address').fill(shop.domain)
  await other.getByRole('button', { name: 'Connect with Shopify' }).click()
  await expect(other).toHaveURL(/\/connect-shopify\?store_exist=1$/)
  const dialog = other.getByTestId('store-exists-dialog')
  await expect(dialog.getByRole('heading')).toHaveText('You store have already added.')
  await expect(dialog.getByText('To add a new store, please switch store and click "Add Store" again.')).toBeVisible()
  await dialog.getByRole('link', { name: 'confirm' }).click()
  await expect(other).toHaveURL(/\/connect-shopify$/)
  await expect(other.getByTestId('store-exists-dialog')).toHaveCount(0)
  await context.close()
})

test('uninstall marks the store', async () => {
  await page.goto(adminUrl())
  await page.getByRole('button', { name: 'Uninstall Pagewright' }).click()
  await expect(page.getByRole('status')).toContainText('Uninstalled Pagewright')
  await expect(page.getByText('Pagewright is not installed.')).toBeVisible()

  await page.goto('/stores')
  const card = page.getByTestId('store-card').filter({ hasText: shop.domain })
  await expect(card.getByTestId('store-status')).toHaveText('App uninstalled')
  await expect(card).toContainText('Pagewright was uninstalled from this store.')
})

// Helpers

/** A browser of its own, with JavaScript as the project says. */
async function newBrowser(browser: Browser, info: TestInfo) {
  const context = await browser.newContext({ javaScriptEnabled: info.project.name !== 'no-js' })
  return { context, page: await context.newPage() }
}

/** From /connect-shopify through the demo shop's consent screen back to /products; the shop's domain and name. */
async function connectDemoShop(view: Page) {
  await view.goto('/connect-shopify')
  await view.getByRole('button', { name: 'Connect a demo shop' }).click()
  await expect(view).toHaveURL(/\/demo-shop\/pagewright-demo-[0-9a-f]+\.myshopify\.com\/admin\/oauth\/authorize\?/)
  const domain = /\/demo-shop\/([^/]+)\//.exec(view.url())![1]
  const heading = view.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^Install Pagewright on Demo Shop \d+\?$/)
  const name = /on (Demo Shop \d+)\?$/.exec((await heading.textContent()) ?? '')![1]
  await expect(view.getByText('Pagewright will be able to:')).toBeVisible()
  await expect(view.getByLabel(/Allow access to themes/)).toBeChecked()
  await view.getByRole('button', { name: 'Install app' }).click()
  await expect(view).toHaveURL(/\/products$/, SLOW)
  return { domain, name }
}

const adminUrl = () => `/demo-shop/${shop.domain}/admin`
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The Pagewright page's hero title (h1 in the app's preview, h2 under the theme's product title in a shop). */
const heroHeading = (within: Page | Locator): Locator => within.locator('#hero').locator('h1, h2').first()

/** Full-page screenshots at a phone's and a laptop's width, named after the project. */
async function screenshots(view: Page, name: string) {
  const project = test.info().project.name
  const size = view.viewportSize()
  for (const width of [390, 1366]) {
    await view.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await view.screenshot({ path: `test-results/shopify-${name}-${project}-${width}.png`, fullPage: true })
  }
  if (size) await view.setViewportSize(size)
}
