import { expect, test, type Page } from '@playwright/test'
import { lastMail, signUp, staffEmail, uniqueEmail } from './support/helpers'

/** Asks for a code on the login page this tab is on; lands on its verify page. */
async function sendCode(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByTestId('verify-email')).toHaveText(email)
}

async function typeCode(page: Page, email: string) {
  await page.getByLabel('Code').fill((await lastMail(email)).code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
}

test('two tabs logging in for different pages each land on their own', async ({ page }, info) => {
  const email = uniqueEmail(info, 'tabs')
  const tabA = page
  const tabB = await page.context().newPage()
  await tabA.goto('/latest')
  await expect(tabA).toHaveURL(/\/account\/login\?redirectTo=%2Flatest$/)
  await tabB.goto('/generate?mode=text')
  await expect(tabB).toHaveURL(/\/account\/login\?redirectTo=%2Fgenerate%3Fmode%3Dtext$/)

  await sendCode(tabA, email)
  // The second tab asks within the resend wait: one e-mail, and it still reaches its own verify page.
  await sendCode(tabB, email)
  await expect(tabB).toHaveURL(/\/account\/verify\?redirectTo=%2Fgenerate%3Fmode%3Dtext$/)

  await typeCode(tabA, email)
  await expect(tabA).toHaveURL(/\/latest$/)
  await expect(tabA.getByRole('heading', { name: 'Latest pages' })).toBeVisible()
  // Signed in by now; coming back to tab B (the code typed, or a reload) goes on to where it was going.
  await typeCode(tabB, email)
  await expect(tabB).toHaveURL(/\/generate\?mode=text$/)
  await expect(tabB.getByLabel('Product description')).toBeVisible()
})

for (const evil of ['//evil.example', 'https://evil.example', '/\\evil']) {
  test(`a login for an off-site address (${evil}) lands on /`, async ({ page, baseURL }, info) => {
    const email = uniqueEmail(info, 'offsite')
    await page.goto(`/account/login?${new URLSearchParams({ redirectTo: evil })}`)
    await sendCode(page, email)
    await expect(page).toHaveURL(/\/account\/verify$/)
    await typeCode(page, email)
    await expect(page.getByTestId('avatar')).toBeVisible()
    expect(page.url()).toBe(`${baseURL}/`)
  })
}

test('another account’s outline is the 404 page, to open and to post to', async ({ page, browser, baseURL }, info) => {
  await signUp(page, staffEmail(info, 'outline-owner'))
  await page.goto('/generate')
  await page.getByLabel('Product link').fill(new URL('/demo-store/products/nomad-canvas-backpack', page.url()).toString())
  await page.getByRole('button', { name: 'Review the outline first' }).click()
  await expect(page).toHaveURL(/\/guidev3\/outline\?session_id=/, { timeout: 20_000 })
  const outlineUrl = new URL(page.url())
  // The form as the owner's editor posts it (every section's fields, in order).
  const form = new URLSearchParams()
  for (const section of await page.getByTestId('outline-section').all()) {
    form.append('id', await section.locator('input[name="id"]').inputValue())
    form.append('type', await section.locator('input[name="type"]').inputValue())
    form.append('title', await section.getByLabel('Section title').inputValue())
    form.append('points', await section.getByLabel('Points (one per line)').inputValue())
  }

  const other = await browser.newContext({ baseURL, javaScriptEnabled: info.project.name === 'js' })
  const stranger = await other.newPage()
  await signUp(stranger, staffEmail(info, 'outline-stranger'))
  await stranger.goto(outlineUrl.pathname + outlineUrl.search)
  await expect(stranger.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(stranger.getByTestId('error-detail')).toHaveText('There is no page with this id.')

  // A plain form post to it (as a browser without JS sends one): the 404 page, not a 500.
  for (const intent of ['continue', 'save', 'up:1', 'remove:0', 'add:faq']) {
    const res = await stranger.request.post(outlineUrl.pathname + outlineUrl.search, {
      data: `intent=${encodeURIComponent(intent)}&${form}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status(), intent).toBe(404)
    expect(await res.text()).toContain('Page Not Found')
  }
  await other.close()
  // The owner's outline is untouched: still there to review.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Review the outline' })).toBeVisible()
})
