import { expect, test } from '@playwright/test'
import { hydrated, signUp, staffEmail, uniqueEmail } from './support/helpers'

/** The support console, as staff on a slow line use it: plain forms, with or without JavaScript. */
test('staff find an account, grant credits, make it Pro after a confirmation, and the audit log shows both', async ({
  page,
  browser,
}, info) => {
  const customer = uniqueEmail(info, 'customer')
  const other = await browser.newContext()
  await signUp(await other.newPage(), customer, 'Cass Customer')
  await other.close()

  await signUp(page, staffEmail(info, 'support'))
  await page.getByRole('link', { name: 'Support' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.getByRole('searchbox').fill(customer)
  await page.getByRole('button', { name: /Find|Search/ }).click()
  await expect(page.getByRole('link', { name: customer })).toBeVisible()
  await hydrated(page)
  await page.getByRole('link', { name: customer }).click()
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(customer)

  await page.getByLabel('How many').fill('500')
  await page
    .locator('form', { has: page.getByLabel('How many') })
    .getByLabel(/Reason/)
    .fill('Goodwill after a failed import')
  await page.getByRole('button', { name: 'Grant credits' }).click()
  await expect(page.getByRole('main')).toContainText('700')

  const roleForm = page.locator('form', { has: page.getByLabel('New role') })
  await roleForm.getByLabel('New role').selectOption('paid')
  await roleForm.getByLabel('Plan to grant (Pro only)').selectOption({ label: 'Pro 2,000: 2,000 credits for the month (50 pages)' })
  await roleForm.getByLabel(/Reason/).fill('Paid by bank transfer')
  await roleForm.getByRole('button', { name: 'Change role…' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(`Make ${customer} Pro on Pro 2,000`)
  await confirm.getByRole('button', { name: 'Confirm' }).click()

  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  const audit = page.getByRole('main')
  await expect(audit).toContainText('Goodwill after a failed import')
  await expect(audit).toContainText('Paid by bank transfer')
  await expect(audit).toContainText('free → paid')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `test-results/admin-user-${info.project.name}-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: `test-results/admin-user-${info.project.name}-1366.png`, fullPage: true })
})

test('anyone who is not staff gets "Page not found" at /admin', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'nosy'))
  const res = await page.goto('/admin')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})
