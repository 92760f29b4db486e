import { expect, test } from '@playwright/test'
import { signUp, uniqueEmail } from './support/helpers'

const BENEFITS = [
  'Publish unlimited pages',
  'Unlimited Shopify stores',
  'Generate from any Shopify store',
  'Generate from AliExpress and Amazon',
  'Generate from Temu, DHgate and TikTok Shop',
  'Private product pages',
]

test('upgrade dialog: every line, both billing periods, credit choice, Pay Now', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'upgrade'))
  await page.getByTestId('plan').click()
  const dialog = page.getByTestId('upgrade-dialog')
  await expect(dialog.getByRole('heading')).toHaveText('Try Pro - Unlock the most powerful features')
  await expect(dialog.getByRole('link', { name: 'Yearly' })).toHaveAttribute('aria-current', 'true')
  await expect(dialog.getByText('$47.20')).toBeVisible()
  await expect(dialog.getByText('Save 20%')).toBeVisible()
  await expect(dialog.getByText('Pay yearly at $566.40. All credits granted upfront.')).toBeVisible()
  for (const c of ['2,000 Credits', '4,000 Credits', '8,000 Credits']) await expect(dialog.getByRole('radio', { name: c })).toBeVisible()
  await expect(dialog.getByRole('radio', { name: '4,000 Credits' })).toHaveAttribute('aria-checked', 'true')
  await expect(dialog.getByText('Create up to 100 pages per month')).toBeVisible()
  for (const b of BENEFITS) await expect(dialog.getByText(b, { exact: true })).toBeVisible()
  await expect(dialog.getByText('Prices are in USD.')).toBeVisible()

  await dialog.getByRole('radio', { name: '8,000 Credits' }).click()
  await expect(dialog.getByText('$79.20')).toBeVisible()
  await expect(dialog.getByText('Create up to 200 pages per month')).toBeVisible()

  await dialog.getByRole('link', { name: 'Monthly' }).click()
  await expect(dialog.getByText('$99', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Save 20%')).toHaveCount(0)
  await expect(dialog.getByText(/Pay yearly at/)).toHaveCount(0)

  await page.getByTestId('upgrade-dialog').getByRole('link', { name: 'Close' }).click()
  await expect(page.getByTestId('upgrade-dialog')).toHaveCount(0)
})

test('upgrade dialog override titles', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'titles'))
  const titles: Record<string, string> = {
    private: 'Keep your page private with Pro.',
    publish: 'You need to upgrade to Pro to publish this product.',
    upload_theme: 'You need to upgrade to Pro to upload theme.',
    all_urls: 'You need to upgrade to Pro to generate from AliExpress and Amazon',
    generate: 'Generate more pages with Pro.',
  }
  for (const [reason, title] of Object.entries(titles)) {
    await page.goto(`/latest?dialog=upgrade&reason=${reason}`)
    await expect(page.getByTestId('upgrade-dialog').getByRole('heading')).toHaveText(title)
  }
})

test('publish-more-pages dialog with the referral link', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'refer'))
  await page.goto('/?dialog=refer')
  const dialog = page.getByTestId('refer-dialog')
  await expect(dialog.getByRole('heading', { name: 'Publish more pages' })).toBeVisible()
  await expect(dialog.getByTestId('publish-count')).toHaveText('You can publish 1 more page right now.')
  await expect(dialog.getByText('Publish unlimited Pages')).toBeVisible()
  await expect(dialog.getByText('Refer a friend')).toBeVisible()
  await expect(dialog.getByText('Get Up to 10 Publish Slots for Referrals')).toBeVisible()
  await expect(dialog.getByLabel('Your referral link')).toHaveValue(/^http:\/\/localhost:\d+\/r\/[A-Z2-9]{8}$/)
  await expect(dialog.getByRole('link', { name: 'Referral terms' })).toHaveAttribute('href', '/docs#referral-terms')
  await dialog.locator('.tooltip').hover()
  await expect(dialog.getByRole('tooltip')).toContainText('A qualified referral is a new user who signs up')
  if (info.project.name === 'js') {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await dialog.getByRole('button', { name: 'Copy' }).click()
    await expect(page.getByText('Copied!')).toBeVisible()
  } else {
    await expect(dialog.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  }
  await dialog.getByRole('link', { name: 'Upgrade' }).click()
  await expect(page.getByTestId('upgrade-dialog').getByRole('heading')).toHaveText('You need to upgrade to Pro to publish this product.')
})

test('store-exists dialog: confirm removes store_exist from the URL', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'store'))
  await page.goto('/latest?store_exist=1&tab=all')
  const dialog = page.getByTestId('store-exists-dialog')
  await expect(dialog.getByRole('heading')).toHaveText('You store have already added.')
  await expect(dialog.getByText('To add a new store, please switch store and click "Add Store" again.')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Close' })).toHaveCount(0)
  await dialog.getByRole('link', { name: 'confirm' }).click()
  await expect(page).toHaveURL(/\/latest\?tab=all$/)
  await expect(page.getByTestId('store-exists-dialog')).toHaveCount(0)
})

test('a landing page shows the plans without an account', async ({ page }) => {
  // The plan dialog, as the landing page's plan cards open it (URL state).
  await page.goto('/lp/2?dialog=upgrade')
  await expect(page.getByTestId('upgrade-dialog').getByText('Create up to 100 pages per month')).toBeVisible()
  await page.getByTestId('upgrade-dialog').getByRole('button', { name: 'Pay Now' }).click()
  await expect(page).toHaveURL(/\/account\/sign-up\?redirectTo=/)
})

test('a timed snackbar disappears after 4 s, with or without JavaScript', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'snack'))
  // A payment check for a payment that is not this account's: a timed error message.
  await page.goto('/?session_id=cs_test_not_a_payment_of_ours')
  const snack = page.getByTestId('snackbar').filter({ hasText: 'There is no payment with this id.' })
  await expect(snack).toBeVisible()
  // Timed messages (no duration, not dismissible) are gone after 4 s, with or without JS.
  await expect(snack).toBeHidden({ timeout: 6000 })
})
