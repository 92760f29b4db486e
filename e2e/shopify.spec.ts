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
  // This shop takes theme files (the demo shop's default): the owner is told the page is on Pagewright's template.
  await expect(panel.getByTestId('publish-method')).toContainText('Live with Pagewright’s product template.')
  await panelShot(panel, 'template')
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

test('a shop without the theme-file exemption: the page waits for the block, one click in the theme editor adds it, and it is live through the block', async () => {
  // The demo shop plays a store whose app Shopify has not given the exemption (most apps never get it).
  await page.goto(adminUrl())
  await page.getByRole('checkbox', { name: /Refuse theme file writes/ }).check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status')).toContainText('theme file writes are refused (no exemption)')

  const panel = await makePage(SKILLET)
  await panel.getByRole('button', { name: `Publish to ${shop.name}` }).click()
  await expect(panel.getByTestId('publish-status')).toContainText('Saved in your store, not shown yet', SLOW)
  await expect(panel.getByTestId('publish-method')).toContainText('Saved in the product, not shown yet.')
  await expect(panel.getByTestId('publish-method')).toContainText('no Pagewright block yet')
  await expect(panel.getByTestId('live-link')).toHaveCount(0)
  await expect(panel.getByTestId('next-step-retry_theme_files')).toContainText('Shopify does not let Pagewright write theme files')
  await panelShot(panel, 'pending-block')
  const product = page.url()
  const marker = await ownHeading(page)
  await page.goto(`/demo-shop/${shop.domain}/products/${SKILLET_HANDLE}`)
  await expect(page.getByText(marker)).toHaveCount(0)

  // The one click: Shopify's theme editor opens with the block being added; the owner presses Save.
  await page.goto(product)
  const link = await page.getByTestId('add-block-link').getAttribute('href')
  expect(link).toBe(
    `${new URL(page.url()).origin}/demo-shop/${shop.domain}/admin/themes/current/editor?template=product&addAppBlockId=${APP_KEY}/pagewright-page&target=mainSection`,
  )
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Customize Meadow' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toContainText('the Pagewright page block is on the product page of “Meadow”')

  // Back in Pagewright: check again, and the page is live through the block.
  await page.goto(product)
  await page.getByTestId('publish-panel').getByRole('button', { name: 'Check again and publish' }).first().click()
  const live = page.getByTestId('publish-panel')
  await expect(live.getByTestId('publish-method')).toContainText('Live through the Pagewright block in your theme.', SLOW)
  await expect(live.getByTestId('next-steps')).toHaveCount(0)
  await panelShot(live, 'app-block')
  await page.goto((await live.getByTestId('live-link').getAttribute('href'))!)
  await expect(page.locator('.shopify-app-block .pw-page')).toHaveCount(1)
  await expect(page.getByText(marker).first()).toBeVisible()
  // Its images come from the shop's CDN, never from Pagewright.
  const srcs = await page.locator('.pw-page img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))
  expect(srcs.length).toBeGreaterThan(0)
  for (const src of srcs) expect(src).toContain(`/demo-shop/${shop.domain}/cdn/files/`)
  await screenshots(page, 'storefront-app-block')
})

test('the description fallback only when the owner agrees, and unpublish gives the product its own description back', async () => {
  // Harbor has no block: pages wait for it there.
  await page.goto(adminUrl())
  await page.getByRole('row').filter({ hasText: 'Harbor' }).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Harbor' })).toContainText('Live theme')
  await page.goto(`/demo-shop/${shop.domain}/products/${LUMI_HANDLE}`)
  const own = await page.locator('.harbor-description').innerHTML()

  const panel = await makePage(LUMI)
  await panel.getByRole('button', { name: `Publish to ${shop.name}` }).click()
  await expect(panel.getByTestId('publish-status')).toContainText('Saved in your store, not shown yet', SLOW)
  await expect(panel.getByTestId('next-step-allow_description')).toContainText('Your own description is kept')
  await panel.getByRole('button', { name: 'Show it as the description' }).click()
  const live = page.getByTestId('publish-panel')
  await expect(live.getByTestId('publish-method')).toContainText('Live as the product description.', SLOW)
  await expect(live.getByTestId('publish-method')).toContainText('your own description is kept and comes back when you unpublish')
  await panelShot(live, 'description')
  const product = page.url()
  const marker = await ownHeading(page)
  await page.goto((await live.getByTestId('live-link').getAttribute('href'))!)
  await expect(page.locator('.harbor-description')).toContainText(marker)

  await page.goto(product)
  await page.getByTestId('publish-panel').getByRole('button', { name: 'Unpublish' }).click()
  const out = page.getByTestId('publish-panel')
  await expect(out.getByTestId('publish-status')).toContainText('Taken out of the store', SLOW)
  await expect(out.getByTestId('publish-method')).toContainText('the product has its own description and template back')
  await panelShot(out, 'unpublished')
  await page.goto(`/demo-shop/${shop.domain}/products/${LUMI_HANDLE}`)
  // The merchant's own description, exactly as it was.
  expect(await page.locator('.harbor-description').innerHTML()).toBe(own)
})

test('an approval that took longer than the attempt lasts says so and starts again in one press', async ({ browser }, info) => {
  const { context, page: late } = await newBrowser(browser, info)
  await signUp(late, staffEmail(info, 'shopify-late'))
  await late.goto('/connect-shopify')
  await late.getByRole('button', { name: 'Connect a demo shop' }).click()
  await expect(late).toHaveURL(/\/admin\/oauth\/authorize\?/)
  // The attempt's state cookie is gone (it expired while the merchant was away, or another browser came back).
  const kept = (await context.cookies()).filter((c) => !c.name.startsWith('shopify_app_state'))
  await context.clearCookies()
  await context.addCookies(kept)
  await late.getByRole('button', { name: 'Install app' }).click()
  await expect(late.getByRole('heading', { name: 'Start connecting again' })).toBeVisible(SLOW)
  await expect(late.getByText(/This connection attempt has expired \(it lasts 15 minutes\)/)).toBeVisible()
  await expect(late.getByText(/took too long/)).toHaveCount(0)
  await late.screenshot({ path: `test-results/shopify-start-again-${info.project.name}.png`, fullPage: true })
  // The shop approved the app already, so Shopify sends the browser straight back: one press and it is connected.
  await late.getByRole('button', { name: 'Start again' }).click()
  await expect(late).toHaveURL(/\/products$/, SLOW)
  await expect(late.getByText(/^Connected Demo Shop \d+\. Its products are syncing\.$/)).toBeVisible()
  await context.close()
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
const SKILLET = 'Heritage 10-Inch Cast-Iron Skillet'
const SKILLET_HANDLE = 'heritage-cast-iron-skillet'
const LUMI = 'Lumi Moon Night Light for Kids'
const LUMI_HANDLE = 'lumi-kids-night-light'
/** The Shopify app key of a server without SHOPIFY_API_KEY (the deep link names it). */
const APP_KEY = 'pagewright-offline'

/** A page made from one of the synced products; its publish panel. */
async function makePage(product: string) {
  await page.goto('/products')
  await page.getByTestId('catalog-card').filter({ hasText: product }).getByRole('button', { name: 'Make a page' }).click()
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}$/, SLOW)
  const panel = page.getByTestId('publish-panel')
  await expect(panel).toContainText('Not published yet.')
  return panel
}

/** A heading of the page that the product's own page does not have (the hero repeats the product's title). */
async function ownHeading(view: Page): Promise<string> {
  const headings = await view.getByTestId('page-preview').locator('h2').allInnerTexts()
  const own = headings.map((h) => h.trim()).find((h) => h.length > 3)
  expect(own).toBeTruthy()
  return own!
}

/** The publish panel alone, in each state the owner may see (test-results/shopify-panel-*.png). */
async function panelShot(panel: Locator, state: string) {
  await panel.screenshot({ path: `test-results/shopify-panel-${state}-${test.info().project.name}.png` })
}
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
