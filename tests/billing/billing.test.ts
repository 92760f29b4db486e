import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_FAILED_MESSAGE, PAYMENTS_NOT_CONFIGURED } from '../../server/domain/billing'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { createStripeDouble, type StripeDouble } from '../stripe-double'

const SECRET = 'whsec_pagewright_tests'
const PRICES = {
  price_month_2000: { unit_amount: 3900, interval: 'month' as const },
  price_year_4000: { unit_amount: 56640, interval: 'year' as const },
}

/**
 * Billing with the real Stripe SDK against a local Stripe double: hosted and embedded checkout,
 * the payment check, webhooks (verified, once per event, in any order), renewals, failed
 * payments and cancellation.
 */
describe.each(DB_KINDS)('billing on %s', (kind) => {
  let t: TestApi
  let double: StripeDouble
  let n = 0

  beforeAll(async () => {
    // The double keeps the api's clock: Checkout Sessions expire by it.
    double = createStripeDouble({ prices: PRICES, clock: () => (t ? t.clock.now() : new Date('2026-11-23T10:00:00Z')) })
    const base = await double.listen()
    t = await createTestApi(kind, {}, { STRIPE_SECRET_KEY: 'sk_test_pagewright', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: base })
    double.setWebhook({ url: 'http://api.test/v2/stripe/webhook', secret: SECRET, deliver: (req) => t.app.fetch(req, { inProcess: true }) })
    await t.db.database.sql.executeSql(`UPDATE plans SET stripe_price_id_dev = 'price_month_2000' WHERE slug = 'v2-month-2000'`)
    await t.db.database.sql.executeSql(`UPDATE plans SET stripe_price_id_dev = 'price_year_4000' WHERE slug = 'v2-year-4000'`)
  })
  afterAll(async () => {
    await t?.close()
    await double?.close()
  })

  async function freeUser() {
    const email = `buyer${++n}@example.com`
    const { token } = await t.signIn(email, `Buyer ${n}`)
    return { token, email }
  }
  const me = async (token: string) => (await t.call('POST', '/v2/auth/me', {}, token)).body
  const form = (token: string, path: string, fields: Record<string, string>) =>
    t.app.fetch(
      new Request(`http://api.test${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
      { inProcess: true },
    )
  async function checkout(token: string, price: string) {
    const res = await form(token, '/v2/subscription/create', { price_id: price })
    expect(res.status).toBe(201)
    const { url } = (await res.json()) as { url: string }
    return url.split('/').pop()!
  }
  const check = (token: string, id: string) => t.call('GET', `/v2/subscription/payment/success?session_id=${id}`, undefined, token)

  it('hosted checkout, monthly: Pro with the month’s credits, a ledger row, and a successful payment check', async () => {
    const { token } = await freeUser()
    const session = await checkout(token, 'price_month_2000')
    expect(session).toMatch(/^cs_/)
    const pending = await check(token, session)
    expect(pending.body.status).not.toBe('success')
    expect(pending.body.message).toBe(PAYMENT_FAILED_MESSAGE)

    await double.completeCheckout(session)
    const user = await me(token)
    expect(user).toMatchObject({ role: 'paid', plan: 'Pro 2,000', remaining_credit_count: 200 + 2000 })
    const ok = await check(token, session)
    expect(ok.body).toMatchObject({ status: 'success', subscription: { status: 'active', plan: 'Pro 2,000', amount: 39, currency: 'usd' } })
    // The check applies what Stripe says but grants nothing twice.
    expect((await me(token)).remaining_credit_count).toBe(2200)
    const overview = await t.call('GET', '/v2/subscription', undefined, token)
    expect(overview.body.plan).toMatchObject({ name: 'Pro 2,000', billing_cycle: 'month', payment_failed: false })
    expect(overview.body.plan.renews_at).toBeTruthy()
    expect(overview.body.ledger[0]).toMatchObject({ delta: 2000, reason: 'subscription' })
    expect(overview.body.invoices[0]).toMatchObject({ status: 'paid', amount: 39 })

    // Another account cannot read this payment.
    const other = await freeUser()
    expect((await check(other.token, session)).status).toBe(404)
  })

  it('hosted checkout, yearly, with invoice.paid before checkout.session.completed: twelve months upfront, the same end state', async () => {
    const { token } = await freeUser()
    const session = await checkout(token, 'price_year_4000')
    await double.completeCheckout(session, { eventOrder: 'invoice-first' })
    expect(await me(token)).toMatchObject({ role: 'paid', plan: 'Pro 4,000 yearly', remaining_credit_count: 200 + 4000 * 12 })
  })

  it('replayed webhooks change nothing; 20 concurrent deliveries of one event grant once; a forged signature is a 400', async () => {
    const { token } = await freeUser()
    await double.completeCheckout(await checkout(token, 'price_month_2000'))
    const before = await me(token)
    const events = double.events()
    const paid = [...events].reverse().find((e) => e.type === 'invoice.paid')!
    for (const e of events.slice(-3)) expect((await double.resend(e.id)).status).toBe(200)
    const burst = await Promise.all(Array.from({ length: 20 }, () => double.resend(paid.id)))
    expect(burst.every((r) => r.status === 200)).toBe(true)
    expect((await me(token)).remaining_credit_count).toBe(before.remaining_credit_count)

    const forged = await t.app.fetch(
      new Request('http://api.test/v2/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: paid.payload,
      }),
      { inProcess: true },
    )
    expect(forged.status).toBe(400)
    expect((await forged.json()).error).toMatch(/signature/)
  })

  it('embedded card form: a subscription waiting for the card, paid, then checked by its id', async () => {
    const { token } = await freeUser()
    const res = await form(token, '/v2/subscription/create-payment-intent', { price_id: 'price_month_2000' })
    expect(res.status).toBe(201)
    const started = (await res.json()) as { client_secret: string; subscription_id: string }
    expect(started.client_secret).toMatch(/_secret_/)
    expect((await me(token)).role).toBe('free')
    await double.payIncomplete(started.subscription_id)
    expect(await me(token)).toMatchObject({ role: 'paid', remaining_credit_count: 2200 })
    expect((await check(token, started.subscription_id)).body.status).toBe('success')
  })

  it('a failed renewal warns and keeps Pro until Stripe gives up; a paid renewal grants the next month', async () => {
    const { token } = await freeUser()
    const session = await checkout(token, 'price_month_2000')
    await double.completeCheckout(session)
    const subId = (await check(token, session)).body.subscription.id as string
    await double.renew(subId, { fail: true })
    const warned = await t.call('GET', '/v2/subscription', undefined, token)
    expect(warned.body.plan).toMatchObject({ status: 'past_due', payment_failed: true })
    expect((await me(token)).role).toBe('paid')
    await double.renew(subId)
    const after = await t.call('GET', '/v2/subscription', undefined, token)
    expect(after.body.plan).toMatchObject({ status: 'active', payment_failed: false })
    expect((await me(token)).remaining_credit_count).toBe(200 + 2000 + 2000)
  })

  it('cancellation keeps Pro until the period ends, then the account is free (its credits stay)', async () => {
    const { token } = await freeUser()
    const session = await checkout(token, 'price_month_2000')
    await double.completeCheckout(session)
    const subId = (await check(token, session)).body.subscription.id as string
    await double.cancel(subId, { atPeriodEnd: true })
    const cancelled = await t.call('GET', '/v2/subscription', undefined, token)
    expect(cancelled.body.plan.ends_at).toBeTruthy()
    expect(cancelled.body.plan.renews_at).toBeNull()
    expect((await me(token)).role).toBe('paid')
    await double.renew(subId)
    expect(await me(token)).toMatchObject({ role: 'free', plan: null, remaining_credit_count: 2200 })
  })

  it('paid users cannot buy another plan; unknown prices and foreign return addresses are refused; unknown sessions are 404', async () => {
    const { token } = await freeUser()
    expect((await form(token, '/v2/subscription/create', { price_id: 'price_nope' })).status).toBe(400)
    const evil = await form(token, '/v2/subscription/create', { price_id: 'price_month_2000', success_url: 'https://evil.example/x' })
    expect(evil.status).toBe(400)
    expect((await check(token, 'cs_test_unknown_session_000')).status).toBe(404)
    expect((await check(token, 'not-a-session')).status).toBe(400)
    await t.setUser(`buyer${n}@example.com`, { role: 'paid' })
    expect((await form(token, '/v2/subscription/create', { price_id: 'price_month_2000' })).status).toBe(403)
  })

  it('the customer portal for an account that paid', async () => {
    const { token } = await freeUser()
    expect((await t.call('POST', '/v2/subscription/portal', undefined, token)).status).toBe(409)
    await double.completeCheckout(await checkout(token, 'price_month_2000'))
    const portal = await t.call('POST', '/v2/subscription/portal', undefined, token)
    expect(portal.body.url).toMatch(/\/billing\//)
  })
})

describe('without Stripe keys', () => {
  it('the product still runs and says payments are not set up', async () => {
    const t = await createTestApi('pglite')
    const { token } = await t.signIn('nopay@example.com')
    const res = await t.app.fetch(
      new Request('http://api.test/v2/subscription/create', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'price_id=price_x',
      }),
      { inProcess: true },
    )
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe(PAYMENTS_NOT_CONFIGURED)
    const overview = await t.call('GET', '/v2/subscription', undefined, token)
    expect(overview.body).toMatchObject({ payments_configured: false, plan: null, credits: 200 })
    await t.close()
  })
})
