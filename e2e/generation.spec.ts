import { expect, test, type Page } from '@playwright/test'
import { EVIL_STORE, signUp, staffEmail, uniqueEmail } from './support/helpers'

const demo = (page: Page, handle: string) => new URL(`/demo-store/products/${handle}`, page.url()).toString()

async function generate(page: Page, url: string, button: 'Generate page' | 'Review the outline first' = 'Generate page') {
  await page.goto('/generate')
  await page.getByLabel('Product link').fill(url)
  await page.getByRole('button', { name: button }).click()
}

test('a staff user generates a page from the demo store and lands on it', async ({ page }, info) => {
  await signUp(page, staffEmail(info))
  await generate(page, demo(page, 'aurora-pour-over-set'))
  // JS polls; without JS the generating page refreshes itself.
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  const preview = page.getByTestId('page-preview')
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('Aurora Ceramic Pour-Over Coffee Set')
  await expect(preview.getByText('Reviews from Pagewright Demo Store')).toBeVisible()
  await expect(preview.getByText('$48.00').first()).toBeVisible()
  await page.screenshot({ path: `test-results/product-${info.project.name}.png`, fullPage: true })
})

test('Generate page clicked again while the first answer is on its way (a slow connection): one page, one price', async ({
  page,
}, info) => {
  await signUp(page, staffEmail(info, 'twice'))
  await page.goto('/generate')
  await expect(page.getByText('you have 200.')).toBeVisible()
  // A slow line: each POST reaches the server at once, its answer reaches the browser a second later.
  let sent = 0
  let answered = 0
  const isGenerate = (url: URL) => url.pathname.startsWith('/generate')
  await page.route(isGenerate, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    sent++
    const response = await route.fetch({ maxRedirects: 0 })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.fulfill({ response }).catch(() => {}) // the first sending's answer, when the second replaced it
    answered++
  })
  await page.getByLabel('Product link').fill(demo(page, 'lumi-kids-night-light'))
  const button = page.getByRole('button', { name: 'Generate page' })
  await button.scrollIntoViewIfNeeded()
  const box = (await button.boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.click(x, y)
  await expect.poll(() => sent).toBe(1)
  await page.waitForTimeout(300)
  // The mouse again, on the screen still showing: with scripts on the button is disabled while the
  // first is sent; with them off the browser sends the form again.
  await page.mouse.click(x, y)
  await expect.poll(() => answered > 0 && answered === sent, { timeout: 10_000 }).toBe(true)
  await page.unroute(isGenerate)
  await page.goto('/generate')
  await expect(page.getByText('you have 160.')).toBeVisible()
  await page.goto('/')
  await expect(page.getByTestId('task-card')).toHaveCount(1)
  if (info.project.name === 'no-js') expect(sent).toBe(2)
})

test('outline flow: reorder the outline, then the page follows it', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'outline'))
  await generate(page, demo(page, 'nomad-canvas-backpack'), 'Review the outline first')
  await expect(page).toHaveURL(/\/guidev3\/outline\?session_id=/, { timeout: 20_000 })
  const sections = page.getByTestId('outline-section')
  const second = await sections.nth(1).getByLabel('Section title').inputValue()
  await sections.nth(1).getByLabel('Section title').fill(`${second} — edited`)
  await sections
    .nth(2)
    .getByRole('button', { name: /^Move .* up$/ })
    .click()
  await expect(page.getByTestId('outline-section').nth(2).getByLabel('Section title')).toHaveValue(`${second} — edited`)
  await page.getByRole('button', { name: 'Write the page' }).click()
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  const h2s = page.getByTestId('page-preview').getByRole('heading', { level: 2 })
  await expect(h2s.nth(1)).toHaveText(`${second} — edited`)
})

test('from a pasted description', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'text'))
  await page.goto('/generate?mode=text')
  await page
    .getByLabel('Product description')
    .fill('Cedar Desk Organiser\nA solid cedar tray with five compartments for pens, cards and cables.\n- Solid cedar\n- Five compartments')
  await page.getByRole('button', { name: 'Review the outline first' }).click()
  await expect(page).toHaveURL(/\/guidev3\/outline/, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Write the page' }).click()
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  await expect(page.getByTestId('page-preview').getByRole('heading', { level: 1 })).toContainText('Cedar Desk Organiser')
})

test('lists: favourite, archive and restore a page; share it; make it private', async ({ page, browser }, info) => {
  await signUp(page, staffEmail(info, 'lists'))
  await generate(page, demo(page, 'terra-linen-throw'))
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  const sessionId = page.url().split('/').pop()!
  await page.goto('/')
  const card = page.getByTestId('task-card').filter({ hasText: 'Terra Stonewashed Linen Throw' })
  await card.getByRole('button', { name: 'Add to favourites' }).click()
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeVisible()
  await page.getByRole('link', { name: 'Favourites' }).click()
  await expect(page.getByTestId('task-card')).toHaveCount(1)
  await page.goto('/')
  await card.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('Page archived. Find it under Archived.')).toBeVisible()
  await expect(page.getByTestId('task-card').filter({ hasText: 'Terra' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Archived' }).click()
  await page.getByTestId('task-card').getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Page restored.')).toBeVisible()

  // The public share page: no app script, no cookie, the page itself.
  const shopper = await browser.newContext({ javaScriptEnabled: info.project.name === 'js' })
  const shopperPage = await shopper.newPage()
  const res = await shopperPage.goto(`/share/${sessionId}`)
  expect(res?.status()).toBe(200)
  expect(res?.headers()['set-cookie']).toBeUndefined()
  await expect(shopperPage.getByRole('heading', { level: 1 })).toContainText('Terra Stonewashed Linen Throw')
  // No executable script at all; the only script element is schema.org data.
  expect(await shopperPage.locator('script:not([type="application/ld+json"])').count()).toBe(0)
  const ld = JSON.parse((await shopperPage.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(ld).toMatchObject({ '@type': 'Product', name: expect.stringContaining('Linen Throw') })
  expect((await shopper.cookies()).length).toBe(0)

  await page.goto(`/product/${sessionId}`)
  await page.getByRole('button', { name: 'Public · Make private' }).click()
  await expect(page.getByText('The page is private now: its share link no longer works.')).toBeVisible()
  expect((await shopperPage.goto(`/share/${sessionId}`))?.status()).toBe(404)
  await shopper.close()
})

test('rewrite one section from the v2 view, with a mobile preview', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'v2'))
  await generate(page, demo(page, 'quiet-pro-wireless-earbuds'))
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  await page.goto(page.url().replace('/product/', '/productv2/') + '?device=mobile')
  await expect(page.getByTestId('page-preview')).toHaveClass(/preview-frame--mobile/)
  const item = page.getByTestId('section-list').locator('li').nth(1)
  await item.getByRole('textbox').fill('shorter')
  await item.getByRole('button', { name: 'Rewrite' }).click()
  await expect(page.getByText('Section rewritten.')).toBeVisible()
})

test('a free user: the new page stays hidden for 45 minutes and says when; upgrades are offered', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'freegen'))
  await generate(page, demo(page, 'lumi-kids-night-light'))
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  await expect(page.getByTestId('hidden-page')).toContainText(/Your page is ready at \d\d:\d\d/)
  await expect(page.getByTestId('page-preview')).toHaveCount(0)
  await page.getByRole('link', { name: 'Public · Make private' }).click()
  await expect(page.getByTestId('upgrade-dialog').getByRole('heading')).toHaveText('Keep your page private with Pro.')
  await page.goto('/latest')
  await expect(page.getByTestId('hidden-notice')).toContainText('Your new page will appear here at')
  await generate(page, 'https://www.aliexpress.com/item/1005006123456789.html')
  await expect(page.getByTestId('upgrade-dialog').getByRole('heading')).toHaveText(
    'You need to upgrade to Pro to generate from AliExpress and Amazon',
  )
  await expect(page.getByLabel('Product link')).toHaveValue('https://www.aliexpress.com/item/1005006123456789.html')
})

test('XSS payloads from a hostile store never run on the share page', async ({ page, browser }, info) => {
  await signUp(page, staffEmail(info, 'xss'))
  await generate(page, `${EVIL_STORE}/products/xss-showcase`)
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  const sessionId = page.url().split('/').pop()!
  const shopper = await browser.newContext({ javaScriptEnabled: true })
  const p = await shopper.newPage()
  const dialogs: string[] = []
  p.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await p.goto(`/share/${sessionId}`)
  await expect(p.getByRole('heading', { level: 1 })).toBeVisible()
  await p.mouse.move(200, 200)
  await p.waitForTimeout(300)
  expect(dialogs).toEqual([])
  const found = await p.evaluate(() => ({
    // The only script element allowed is schema.org data (type application/ld+json, never run).
    scripts: document.querySelectorAll('script:not([type="application/ld+json"])').length,
    handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
    jsLinks: [...document.querySelectorAll('[href],[src],[action],[formaction]')].filter((el) =>
      ['href', 'src', 'action', 'formaction'].some((a) => /^\s*(javascript|vbscript|data):/i.test(el.getAttribute(a) ?? '')),
    ).length,
    frames: document.querySelectorAll('iframe,object,embed,svg script,form,base,meta[http-equiv]').length,
  }))
  expect(found).toEqual({ scripts: 0, handlers: 0, jsLinks: 0, frames: 0 })
  await shopper.close()
})

test('an unknown share link is a 404', async ({ page }) => {
  const res = await page.goto('/share/00000000-0000-0000-0000-000000000000')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('a link that cannot be imported shows the reason and the refund', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'fail'))
  await generate(page, demo(page, 'no-such-product'))
  await expect(page.getByTestId('failure-reason')).toHaveText("We couldn't find that page (404). Check the link.", { timeout: 20_000 })
  await expect(page.getByTestId('refund')).toHaveText('Your 40 credits were refunded.')
  await expect(page.getByTestId('credits')).toHaveCount(0) // blank layout: no header
  await page.goto('/latest')
  await expect(page.getByTestId('credits')).toHaveText('200 credits')
  await expect(page.getByTestId('task-card').first()).toContainText("We couldn't find that page (404).")
})
