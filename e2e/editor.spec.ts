import { expect, test, type Page } from '@playwright/test'
import { signUp, staffEmail } from './support/helpers'
import { brokenTokens, WRAP_WIDTHS } from './support/wrap'

/** A new account's credits pay for four pages: the demo products with the most figures and units. */
const DEMO_PRODUCTS = ['trailblazer-running-shoes', 'lumi-kids-night-light', 'heritage-cast-iron-skillet', 'quiet-pro-wireless-earbuds']

async function generate(page: Page, handle: string): Promise<string> {
  await page.goto('/generate')
  await page.getByLabel('Product link').fill(new URL(`/demo-store/products/${handle}`, page.url()).toString())
  await page.getByRole('button', { name: 'Generate page' }).click()
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  return page.url().split('/').at(-1)!
}

test('the owner edits a section, sets their price and buy button, and restores an older version', async ({ page, browser }, info) => {
  await signUp(page, staffEmail(info, 'editor'))
  const id = await generate(page, 'aurora-pour-over-set')
  await page.getByRole('link', { name: 'Edit page' }).click()
  await expect(page).toHaveURL(new RegExp(`/product-edit/${id}`))

  const hero = page.locator('#edit-hero')
  await hero.getByLabel('Heading', { exact: true }).fill('Pour-over, perfected')
  await hero.getByRole('button', { name: 'Save section' }).click()
  const preview = page.getByTestId('page-preview')
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Pour-over, perfected')

  const owner = page.locator('#owner')
  await owner.getByLabel('Your selling price').fill('24.99')
  await owner.getByLabel('Where the buy button goes').fill('https://mystore.example/products/aurora')
  await owner.getByRole('button', { name: 'Save' }).click()
  await expect(preview.getByText('$24.99').first()).toBeVisible()

  await page.locator('#theme').getByLabel('Main colour').fill('red')
  await page.locator('#theme').getByRole('button', { name: 'Save look' }).click()
  await expect(page.getByText('Invalid format').first()).toBeVisible()

  const shopper = await browser.newContext({ javaScriptEnabled: false })
  const shopperPage = await shopper.newPage()
  await shopperPage.goto(`/share/${id}`)
  await expect(shopperPage.getByRole('heading', { level: 1 })).toHaveText('Pour-over, perfected')
  // The buy button goes through /go (the page's buy clicks are counted), which sends the shopper to the owner's link.
  await expect(shopperPage.locator('#hero a.pw-button')).toHaveAttribute('href', `/go/${id}`)
  const go = await shopper.request.get(`/go/${id}`, { maxRedirects: 0 })
  expect(go.status()).toBe(302)
  expect(go.headers().location).toBe('https://mystore.example/products/aurora')

  await page.goto(`/product-edit/${id}#versions`)
  await page.locator('#versions li', { hasText: 'Version 1 ' }).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText(/Version 1 is back/)).toBeVisible()
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('Aurora')
  await page.screenshot({ path: `test-results/editor-${info.project.name}.png`, fullPage: false })
  await shopper.close()
})

test('no number or unit breaks across lines on shopper pages, 320 to 1920 px', async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'js', 'one pass is enough: layout does not depend on JavaScript')
  test.setTimeout(120_000)
  await signUp(page, staffEmail(info, 'wrap'))
  const ids: string[] = []
  for (const handle of DEMO_PRODUCTS) ids.push(await generate(page, handle))
  const shopper = await browser.newContext({ bypassCSP: true })
  const view = await shopper.newPage()
  for (const width of WRAP_WIDTHS) {
    await view.setViewportSize({ width, height: 900 })
    for (const id of ids) {
      await view.goto(`/share/${id}`)
      expect(await brokenTokens(view), `${width}px /share/${id}`).toEqual([])
    }
  }
  // The check itself can fail: forced breaking inside words is caught.
  await view.setViewportSize({ width: 320, height: 900 })
  await view.addStyleTag({ content: '.pw-stat__value, .pw-price__now { word-break: break-all !important; font-size: 90px !important }' })
  expect((await brokenTokens(view)).length).toBeGreaterThan(0)
  await view.setViewportSize({ width: 390, height: 844 })
  await view.goto(`/share/${ids[0]}`)
  await view.screenshot({ path: 'test-results/share-390.png', fullPage: true })
  await shopper.close()
})
