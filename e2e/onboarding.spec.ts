import { expect, test, type Page } from '@playwright/test'
import { lastMail, signUp, staffEmail, uniqueEmail } from './support/helpers'

/** Finishes a sign-up the sign-up form started (the form is already on screen). */
async function createAccount(page: Page, email: string) {
  await expect(page).toHaveURL(/\/account\/sign-up\?redirectTo=/)
  await page.getByLabel('Your name').fill('Guide Tester')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  await page.getByLabel('Code').fill((await lastMail(email)).code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
}

/** The generating step moves on by itself (a refresh without JS) and lands on the page's view. */
async function landsOnThePage(page: Page) {
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}/, { timeout: 20_000 })
}

test('guide v3: pick a demo product before signing up, review the outline, see the plans, land on the page', async ({ page }, info) => {
  await page.goto('/guidev3/pick-product')
  await expect(page.getByTestId('guide-steps')).toContainText('Step 1 of 4')
  await page.getByRole('button', { name: /Use this product: Aurora Ceramic Pour-Over Coffee Set/ }).click()

  await createAccount(page, uniqueEmail(info, 'guide-v3'))
  // Back on the first step with the product kept in the address: one click goes on.
  await expect(page.getByTestId('guide-chosen')).toContainText('aurora-pour-over-set')
  await page.getByRole('button', { name: 'Continue with this product' }).click()

  await expect(page).toHaveURL(/\/guidev3\/outline\?guide=v3/, { timeout: 20_000 })
  await expect(page.getByTestId('guide-steps')).toContainText('Step 2 of 4')
  await page.getByRole('button', { name: 'Write the page' }).click()

  await expect(page).toHaveURL(/\/guidev3\/pricing\?guide=v3/)
  await expect(page.getByTestId('guide-steps')).toContainText('Step 3 of 4')
  await expect(page.getByTestId('guide-plan-pro')).toContainText('Private product pages')
  await page.getByTestId('guide-continue-free').click()
  await landsOnThePage(page)
})

test('guide v2: a pasted link before signing up, the plans, then the page', async ({ page, baseURL }, info) => {
  await page.goto('/guidev2/pick-product')
  await expect(page.getByTestId('guide-steps')).toContainText('Step 1 of 3')
  await page.getByLabel('Product link').fill(`${baseURL}/demo-store/products/terra-linen-throw`)
  await page.getByRole('button', { name: 'Use this product' }).first().click()
  await createAccount(page, uniqueEmail(info, 'guide-v2'))
  await page.getByRole('button', { name: 'Continue with this product' }).click()
  await expect(page).toHaveURL(/\/guidev2\/pricing\?guide=v2/)
  await page.getByTestId('guide-continue-free').click()
  await landsOnThePage(page)
})

test('guide v1: answer the questions, skip the store, pick a demo product, land on the page', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'guide-v1'))
  await page.goto('/guide/quick-question?guide=v1')
  await expect(page.getByTestId('guide-steps')).toContainText('Step 1 of 4')
  await page.getByLabel('Home and kitchen').check()
  await page.getByLabel('Not selling yet').check()
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/guide\/add-store\?guide=v1/)
  await page.getByRole('link', { name: 'Skip for now' }).click()

  await expect(page).toHaveURL(/\/guide\/pick-product\?guide=v1/)
  await expect(page.getByTestId('guide-steps')).toContainText('Step 3 of 4')
  await page.getByRole('button', { name: /Make my page: Heritage 10-Inch Cast-Iron Skillet/ }).click()
  await landsOnThePage(page)
})

test('a pick step refuses a link that is not a whole address, and the guard steps need an account', async ({ page }) => {
  await page.goto('/guidev3/pick-product')
  const field = page.getByLabel('Product link')
  // The browser's own check is skipped so the server's answer shows (as on an old browser).
  await field.evaluate((el) => el.removeAttribute('type'))
  await field.evaluate((el) => el.removeAttribute('required'))
  await field.fill('not a link')
  await page.getByRole('button', { name: 'Use this product' }).first().click()
  await expect(page.getByRole('alert')).toContainText('Please enter a full link, starting with https://')

  for (const path of ['/guide/quick-question', '/guidev2/pricing', '/guidev3/pricing', '/guide/generate']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/account\/login\?redirectTo=/)
  }
})
