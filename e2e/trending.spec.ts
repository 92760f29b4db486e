import { expect, test, type Page } from '@playwright/test'
import { signUp, staffEmail } from './support/helpers'

// A person's browser (Playwright's own user agent says HeadlessChrome, which isbot counts as a bot).
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function generate(page: Page, handle: string): Promise<string> {
  await page.goto('/generate')
  await page.getByLabel('Product link').fill(new URL(`/demo-store/products/${handle}`, page.url()).toString())
  await page.getByRole('button', { name: 'Generate page' }).click()
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  return page.url().split('/').pop()!
}

test('pages their owners show in the gallery appear on /trending with their views; private or unchosen ones never; the Newest tab works', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000) // three generations and a flush of the view counts (every 10 s)
  // Staff accounts see pages at once (no hide window) and may share and make a page private.
  await signUp(page, staffEmail(info, 'trending'))
  const shared = await generate(page, 'heritage-cast-iron-skillet')
  await page.getByRole('button', { name: 'Show in the gallery' }).click()
  await expect(page.getByText('The page is in the gallery at /trending now, for as long as it is public.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'In the gallery · Remove' })).toBeVisible()
  const hidden = await generate(page, 'quiet-pro-wireless-earbuds')
  await page.getByRole('button', { name: 'Show in the gallery' }).click()
  await expect(page.getByRole('button', { name: 'In the gallery · Remove' })).toBeVisible()
  await page.getByRole('button', { name: 'Public · Make private' }).click()
  await expect(page.getByText('The page is private now: its share link no longer works.')).toBeVisible()
  // Public, with a working link, but its owner never chose to show it.
  const unchosen = await generate(page, 'terra-linen-throw')

  // Shoppers look at the shared page (no cookies); a bot does too, and is not counted.
  const shoppers = await browser.newContext({ javaScriptEnabled: info.project.name === 'js', userAgent: PERSON })
  const shopper = await shoppers.newPage()
  for (let i = 0; i < 3; i++) expect((await shopper.goto(`/share/${shared}`))?.status()).toBe(200)
  const bot = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
  expect((await (await bot.newPage()).goto(`/share/${shared}`))?.status()).toBe(200)
  await bot.close()

  // Views are added every 10 s: the card shows them once flushed.
  const card = shopper.locator(`a[href="/share/${shared}"]`)
  await expect(async () => {
    await shopper.goto('/trending')
    await expect(card).toContainText('3 views this week', { timeout: 1000 })
  }).toPass({ timeout: 25_000 })
  await expect(card).toContainText('Heritage')
  await expect(card).toContainText(/\$\d/)
  await expect(shopper.locator(`a[href="/share/${hidden}"]`)).toHaveCount(0)
  await expect(shopper.locator(`a[href="/share/${unchosen}"]`)).toHaveCount(0)
  expect((await shopper.goto(`/share/${unchosen}`))?.status()).toBe(200)
  await shopper.goto('/trending')
  const tabs = shopper.getByRole('navigation', { name: 'Order of the pages' })
  await expect(tabs.getByRole('link', { name: 'Trending' })).toHaveAttribute('aria-current', 'page')
  expect(await shopper.locator('script').count()).toBe(0)

  await tabs.getByRole('link', { name: 'Newest' }).click()
  await expect(shopper).toHaveURL(/\/trending\?sort=newest$/)
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Newest product pages')
  await expect(tabs.getByRole('link', { name: 'Newest' })).toHaveAttribute('aria-current', 'page')
  await expect(shopper.locator(`a[href="/share/${shared}"]`)).toBeVisible()
  await expect(shopper.locator(`a[href="/share/${hidden}"]`)).toHaveCount(0)

  await card.first().click()
  await expect(shopper).toHaveURL(new RegExp(`/share/${shared}$`))
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText('Skillet')
  await shoppers.close()
})

test('/trending works for anyone: the header links, a bad page number falls back to the first page', async ({ page }) => {
  const res = await page.goto('/trending?page=abc&sort=whatever')
  expect(res?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trending on Pagewright')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/templates')
  await expect(header.getByRole('link', { name: 'Posts' })).toHaveAttribute('href', '/posts')
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/login')
  await expect(header.getByRole('link', { name: 'Pagewright home' })).toHaveAttribute('href', '/')
})
