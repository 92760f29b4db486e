import { expect, test, type Page } from '@playwright/test'
import { UNEXPECTED_PAYMENT_ERROR } from '../server/domain/billing'
import { serveFakeStripeJs } from './support/fake-stripe-js'
import { signUp, uniqueEmail } from './support/helpers'

/**
 * Paying for Pro against the local Stripe double (the e2e harness starts it and gives the app its
 * test keys): hosted checkout from /subscription and from the upgrade dialog, the payment check's
 * dialog, the checkout panel's card form (Stripe.js cannot load offline: the hosted way is offered;
 * with a stand-in Stripe.js the card form itself runs).
 */
async function payOnStripe(page: Page) {
  await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
}

test('upgrade from /subscription: Stripe’s hosted page, back to the payment check, Pro with its credits', async ({
  page,
  context,
}, info) => {
  await signUp(page, uniqueEmail(info, 'payer'))
  await page.goto('/subscription')
  await expect(page.getByTestId('current-plan')).toContainText('The free plan.')
  // Nothing to manage yet: no subscription, no invoice.
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `test-results/subscription-free-${info.project.name}-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })
  const card = page.getByTestId('plan-card').filter({ hasText: 'Monthly' }).filter({ hasText: '2,000 Credits' })
  if (info.project.name === 'js') {
    // With JavaScript, Stripe opens in a new tab.
    const [tab] = await Promise.all([context.waitForEvent('page'), card.getByRole('button', { name: 'Pay Now' }).click()])
    await tab.waitForLoadState()
    await payOnStripe(tab)
    await expect(tab).toHaveURL(/\/subscription\?session_id=cs_/)
    await expect(tab.getByTestId('payment-message')).toHaveText(/Payment received/)
    await tab.close()
    await page.reload()
  } else {
    await card.getByRole('button', { name: 'Pay Now' }).click()
    await payOnStripe(page)
    await expect(page).toHaveURL(/\/subscription\?session_id=cs_/)
    const dialog = page.getByTestId('payment-dialog')
    await expect(dialog.getByTestId('payment-message')).toHaveText(/Payment received/)
    await expect(dialog.getByRole('link', { name: 'Close' })).toHaveCount(0)
    await dialog.getByRole('link', { name: 'Done' }).click()
    await expect(page).toHaveURL(/\/subscription$/)
  }
  await expect(page.getByTestId('current-plan')).toContainText('Pro 2,000')
  await expect(page.getByTestId('credit-balance')).toHaveText('2,200 credits')
  await expect(page.getByTestId('ledger')).toContainText('Plan credits')
  await expect(page.getByTestId('plan')).toContainText('Pro')
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/subscription-pro-${info.project.name}-${width}.png`, fullPage: true })
  }
  // Paid: Stripe's portal, opened with Pagewright's own configuration (cancellation at the period's end).
  await page.getByRole('button', { name: 'Manage billing' }).click()
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible()
  await expect(page.getByText(/Renews on/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeVisible()
})

test('upgrade dialog: Pay Now for the chosen plan leads to Stripe; the checkout panel offers the hosted way when the card form cannot load', async ({
  page,
  context,
}, info) => {
  await signUp(page, uniqueEmail(info, 'dialog-pay'))
  await page.goto('/latest?dialog=upgrade&cycle=year&credits=8000')
  // With JS, Pay Now opens Stripe in a new tab once the dialog has hydrated (before, it works as without JS).
  if (info.project.name === 'js') await page.waitForLoadState('networkidle')
  const dialog = page.getByTestId('upgrade-dialog')
  await expect(dialog.getByText('Pay yearly at $950.40. All credits granted upfront.')).toBeVisible()
  let checkoutUrl: string
  if (info.project.name === 'js') {
    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Pay Now' }).click()])
    await tab.waitForLoadState()
    await expect(tab.getByTestId('amount')).toHaveText('$950.40 per year')
    checkoutUrl = tab.url()
    await tab.close()
  } else {
    await dialog.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page.getByTestId('amount')).toHaveText('$950.40 per year')
    checkoutUrl = page.url()
    await page.goBack()
  }
  // A checkout left unpaid: the payment check says so, in the persistent dialog with its warning.
  const unpaid = checkoutUrl.split('/').pop()!
  expect(unpaid).toMatch(/^cs_/)
  await page.goto(`/latest?session_id=${unpaid}`)
  const payment = page.getByTestId('payment-dialog')
  await expect(payment.getByTestId('payment-message')).toHaveText('There was an error processing your payment.')
  await payment.getByRole('link', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/latest$/)

  await page.goto('/latest?dialog=upgrade&cycle=month&credits=2000')
  await page.getByTestId('upgrade-dialog').getByRole('link', { name: 'Pay with a card here instead' }).click()
  const panel = page.getByTestId('checkout-panel')
  await expect(panel.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(panel.getByText('Please enter your billing info')).toBeVisible()
  if (info.project.name === 'js') {
    // No internet here: Stripe's script cannot load, so the panel says so and offers Stripe's page.
    await expect(panel.getByTestId('provider-unavailable')).toBeVisible({ timeout: 15_000 })
    await expect(panel.getByRole('button', { name: 'Pay on Stripe’s page' })).toBeVisible()
  } else {
    await expect(panel.getByText('The card form needs JavaScript.')).toBeVisible()
    await panel.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page.getByTestId('amount')).toHaveText('$39.00 per month')
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/latest?dialog=upgrade')
  await page.screenshot({ path: `test-results/upgrade-dialog-${info.project.name}-390.png` })
})

/** Opens the checkout panel's card form (Stripe.js answering `answer`), types a card and pays; returns the panel. */
async function payByCard(page: Page, card: string, answer: { type: string; message: string }) {
  await serveFakeStripeJs(page, answer)
  await page.goto('/latest?dialog=upgrade&cycle=month&credits=2000')
  await page.waitForLoadState('networkidle')
  await page.getByTestId('upgrade-dialog').getByRole('link', { name: 'Pay with a card here instead' }).click()
  const panel = page.getByTestId('checkout-panel')
  await panel.getByLabel('Card number').fill(card)
  await panel.getByRole('button', { name: 'Pay Now' }).click()
  return panel
}

test('checkout panel with Stripe.js: the card form runs in the browser build, a declined card shows Stripe’s words, anything else our own message', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'js', 'the card form needs JavaScript (the JS-off panel is covered above)')
  const email = uniqueEmail(info, 'card-form')
  await signUp(page, email)
  const panel = await payByCard(page, '4000 0000 0000 0002', { type: 'card_error', message: 'Your card was declined.' })
  await expect(panel.getByTestId('card-error')).toHaveText('Your card was declined.')
  const stripe = await page.evaluate(() => (window as unknown as { __stripe: Record<string, unknown> }).__stripe)
  expect(stripe.key).toMatch(/^pk_test_/)
  expect(stripe.clientSecret).toMatch(/_secret_/)
  expect(stripe.created).toBe('payment')
  const [confirmed] = stripe.confirmed as { returnUrl: string; email: string; card: string }[]
  expect(confirmed.email).toBe(email)
  expect(confirmed.card).toBe('4000 0000 0000 0002')
  expect(new URL(confirmed.returnUrl).pathname).toBe('/subscription')
  expect(new URL(confirmed.returnUrl).searchParams.get('session_id')).toMatch(/^sub_/)
  await panel.screenshot({ path: `test-results/card-form-${info.project.name}.png` })

  // An error that is not the card's: our own words (docs/reference.md §8.1), not Stripe's.
  const again = await payByCard(await page.context().newPage(), '4242 4242 4242 4242', {
    type: 'api_error',
    message: 'Something internal at Stripe',
  })
  await expect(again.getByTestId('card-error')).toHaveText(UNEXPECTED_PAYMENT_ERROR)
  await expect(again.getByTestId('card-error')).not.toContainText('internal')
})
