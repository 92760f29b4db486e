import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastEvent, startHarness, typesSince, type Harness } from './harness'

// What a real account does that the billing safety work relies on: modes, expiring sessions, idempotency keys,
// prices by lookup key, refunds, disputes, plan changes with prorations. Each as Stripe's API reference says.
let h: Harness
let stripe: Stripe
let live: Stripe
beforeAll(async () => {
  h = await startHarness()
  stripe = h.stripe
  live = new Stripe('sk_live_double', { ...h.double.sdkOptions(), apiVersion: '2026-10-28.endive', maxNetworkRetries: 0 })
})
afterAll(() => h.double.close())

const session = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_pro_month', quantity: 1 }],
    success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
    ...extra,
  })
const fail = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Stripe.errors.StripeError,
  )

async function paidSubscription(price = 'price_pro_month') {
  const customer = await stripe.customers.create({ email: 'payer@shop.test' })
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price }] })
  return { customer, sub, invoice: sub.latest_invoice as string }
}

describe('test and live modes', () => {
  it('keeps each mode’s objects apart and says where a missing one lives', async () => {
    const testCustomer = await stripe.customers.create({ email: 'mode@shop.test' })
    const liveCustomer = await live.customers.create({ email: 'mode@shop.test' })
    expect(liveCustomer.livemode).toBe(true)
    expect(testCustomer.livemode).toBe(false)
    const err = await fail(live.billingPortal.sessions.create({ customer: testCustomer.id }))
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: `No such customer: '${testCustomer.id}'; a similar object exists in test mode, but a live mode key was used to make this request.`,
    })
    expect(await fail(live.prices.retrieve('price_pro_month'))).toMatchObject({ statusCode: 404 })
  })

  it('a deleted customer is found as deleted and is no customer for anything else', async () => {
    const c = await stripe.customers.create({ email: 'gone@shop.test' })
    expect(await stripe.customers.del(c.id)).toMatchObject({ id: c.id, deleted: true })
    expect(await stripe.customers.retrieve(c.id)).toMatchObject({ id: c.id, deleted: true })
    expect(await fail(session({ customer: c.id }))).toMatchObject({ code: 'resource_missing', param: 'customer' })
  })
})

describe('checkout sessions that end', () => {
  it('takes expires_at between 30 minutes and 24 hours, and expires an open session (checkout.session.expired)', async () => {
    const now = Math.floor(h.clock.now.getTime() / 1000)
    expect(await fail(session({ expires_at: now + 60 }))).toMatchObject({
      param: 'expires_at',
      message: expect.stringContaining('30 minutes'),
    })
    expect(await fail(session({ expires_at: now + 25 * 3600 }))).toMatchObject({ param: 'expires_at' })
    const s = await session({ expires_at: now + 3600 })
    expect(s.expires_at).toBe(now + 3600)
    const from = h.received.length
    const expired = await stripe.checkout.sessions.expire(s.id)
    expect(expired).toMatchObject({ status: 'expired', url: null })
    expect(typesSince(h, from)).toEqual(['checkout.session.expired'])
    expect(await fail(stripe.checkout.sessions.expire(s.id))).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('expired'),
    })
    const page = await fetch(`${h.base}/checkout/${s.id}`)
    expect(page.status).toBe(410)
    expect((await fetch(`${h.base}/checkout/${s.id}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(410)
  })

  it('expires a session by itself once its time has passed, and a paid one cannot be expired', async () => {
    const now = Math.floor(h.clock.now.getTime() / 1000)
    const s = await session({ expires_at: now + 1800 })
    const paid = await session()
    await h.double.completeCheckout(paid.id)
    expect(await fail(stripe.checkout.sessions.expire(paid.id))).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('complete'),
    })
    h.clock.now = new Date(h.clock.now.getTime() + 1801_000)
    expect((await stripe.checkout.sessions.retrieve(s.id)).status).toBe('expired')
    expect(lastEvent(h, 'checkout.session.expired').data.object.id).toBe(s.id)
    h.clock.now = new Date(h.clock.now.getTime() - 1801_000)
  })

  it('automatic tax with a known customer needs customer_update[address]; promotion codes are offered when asked', async () => {
    const c = await stripe.customers.create({ email: 'tax@shop.test' })
    const refused = await fail(session({ customer: c.id, automatic_tax: { enabled: true } }))
    expect(refused).toMatchObject({ statusCode: 400, message: expect.stringContaining('customer_update[address]') })
    const s = await session({
      customer: c.id,
      automatic_tax: { enabled: true },
      customer_update: { address: 'auto' },
      allow_promotion_codes: true,
    })
    expect(s).toMatchObject({ automatic_tax: { enabled: true }, allow_promotion_codes: true })
  })
})

describe('idempotency keys', () => {
  it('one object for concurrent requests with one key; another key after 24 hours', async () => {
    const params = { email: 'twice@shop.test' }
    const [a, b] = await Promise.all([
      stripe.customers.create(params, { idempotencyKey: 'pw-double-click', maxNetworkRetries: 2 }),
      stripe.customers.create(params, { idempotencyKey: 'pw-double-click', maxNetworkRetries: 2 }),
    ])
    expect(a.id).toBe(b.id)
    h.clock.now = new Date(h.clock.now.getTime() + 25 * 3600_000)
    const later = await stripe.customers.create({ email: 'other@shop.test' }, { idempotencyKey: 'pw-double-click' })
    expect(later.id).not.toBe(a.id)
    h.clock.now = new Date(h.clock.now.getTime() - 25 * 3600_000)
  })
})

describe('prices by lookup key', () => {
  it('lists by lookup_keys, refuses a taken key, and moves it with transfer_lookup_key', async () => {
    const product = await stripe.products.create({ id: 'pagewright_test_tier', name: 'Tier' })
    expect(await fail(stripe.products.create({ id: product.id, name: 'Again' }))).toMatchObject({ statusCode: 400 })
    expect((await stripe.products.retrieve(product.id)).name).toBe('Tier')
    const base = { product: product.id, currency: 'usd', recurring: { interval: 'month' as const }, lookup_key: 'tier-month' }
    const first = await stripe.prices.create({ ...base, unit_amount: 2900 })
    expect(first).toMatchObject({ lookup_key: 'tier-month', unit_amount: 2900, recurring: { interval: 'month', interval_count: 1 } })
    expect(await fail(stripe.prices.create({ ...base, unit_amount: 3900 }))).toMatchObject({
      statusCode: 400,
      message: `A price (\`${first.id}\`) already uses that lookup key.`,
    })
    const second = await stripe.prices.create({ ...base, unit_amount: 3900, transfer_lookup_key: true })
    const found = await stripe.prices.list({ lookup_keys: ['tier-month'] })
    expect(found.data.map((p) => [p.id, p.unit_amount])).toEqual([[second.id, 3900]])
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull()
    const archived = await stripe.prices.update(first.id, { active: false })
    expect(archived.active).toBe(false)
    expect(await fail(stripe.prices.create({ ...base, product: 'prod_nope', unit_amount: 1 }))).toMatchObject({ param: 'product' })
  })
})

describe('refunds and disputes', () => {
  it('the payment behind a paid invoice is found by invoice and refunded, in part then in full', async () => {
    const { invoice } = await paidSubscription()
    const [payment] = (await stripe.invoicePayments.list({ invoice })).data
    expect(payment).toMatchObject({ status: 'paid', amount_paid: 2900, payment: { type: 'payment_intent' } })
    const pi = payment.payment.payment_intent as string
    expect((await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: pi } })).data[0].invoice).toBe(invoice)
    const withPayments = await stripe.invoices.retrieve(invoice, { expand: ['payments'] })
    expect(withPayments.payments?.data[0].id).toBe(payment.id)
    const from = h.received.length
    const part = await stripe.refunds.create({ payment_intent: pi, amount: 900 }, { idempotencyKey: `refund-${invoice}-part` })
    expect(part).toMatchObject({ object: 'refund', amount: 900, status: 'succeeded', payment_intent: pi })
    expect(typesSince(h, from)).toEqual(['charge.refunded', 'refund.created'])
    expect(lastEvent(h, 'charge.refunded').data.object).toMatchObject({ amount_refunded: 900, refunded: false })
    expect(await fail(stripe.refunds.create({ payment_intent: pi, amount: 5000 }))).toMatchObject({ code: 'amount_too_large' })
    await stripe.refunds.create({ charge: part.charge as string })
    expect(lastEvent(h, 'charge.refunded').data.object).toMatchObject({ amount_refunded: 2900, refunded: true })
    expect(await fail(stripe.refunds.create({ payment_intent: pi }))).toMatchObject({ code: 'charge_already_refunded' })
    expect(await fail(stripe.refunds.create({}))).toMatchObject({ statusCode: 400 })
  })

  it('a dispute opens and closes with its events; a disputed charge cannot be refunded', async () => {
    const { invoice } = await paidSubscription()
    const charge = h.double.chargeOf(invoice)!
    const from = h.received.length
    const dispute = await h.double.dispute(charge)
    expect(typesSince(h, from)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn'])
    expect(lastEvent(h, 'charge.dispute.created').data.object).toMatchObject({ charge, status: 'needs_response', amount: 2900 })
    expect((await stripe.charges.retrieve(charge)).disputed).toBe(true)
    expect(await fail(stripe.refunds.create({ charge }))).toMatchObject({ code: 'charge_disputed' })
    await h.double.closeDispute(dispute.id, 'lost')
    expect(lastEvent(h, 'charge.dispute.closed').data.object).toMatchObject({ id: dispute.id, status: 'lost' })
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('lost')
  })
})

describe('plan changes', () => {
  it('always_invoice bills the prorations now (billing_reason subscription_update); create_prorations at the renewal', async () => {
    const { sub } = await paidSubscription()
    const item = sub.items.data[0].id
    h.clock.now = new Date(h.clock.now.getTime() + 14 * 86400_000)
    await stripe.subscriptions.update(sub.id, { items: [{ id: item, price: 'price_pro_year' }], proration_behavior: 'always_invoice' })
    const changed = lastEvent(h, 'invoice.paid').data.object
    expect(changed.billing_reason).toBe('subscription_update')
    expect(
      changed.lines.data.map((l) => [l.pricing?.price_details?.price, l.parent?.subscription_item_details?.proration, Math.sign(l.amount)]),
    ).toEqual([
      ['price_pro_month', true, -1],
      ['price_pro_year', false, 1],
    ])
    const after = await stripe.subscriptions.retrieve(sub.id)
    expect(after.billing_cycle_anchor).toBe(Math.floor(h.clock.now.getTime() / 1000))
    h.clock.now = new Date(h.clock.now.getTime() - 14 * 86400_000)

    const bigger = await stripe.prices.create({
      product: 'prod_pro_month',
      currency: 'usd',
      unit_amount: 5900,
      recurring: { interval: 'month' },
    })
    const now = await paidSubscription()
    const later = await paidSubscription()
    h.clock.now = new Date(h.clock.now.getTime() + 14 * 86400_000)
    await stripe.subscriptions.update(now.sub.id, {
      items: [{ id: now.sub.items.data[0].id, price: bigger.id }],
      proration_behavior: 'always_invoice',
    })
    const upgrade = lastEvent(h, 'invoice.paid').data.object
    expect(upgrade.billing_reason).toBe('subscription_update')
    expect(upgrade.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true)
    expect(upgrade.amount_paid).toBeGreaterThan(0)
    expect(upgrade.amount_paid).toBeLessThan(3000)
    const from = h.received.length
    await stripe.subscriptions.update(later.sub.id, { items: [{ id: later.sub.items.data[0].id, price: bigger.id }] })
    expect(typesSince(h, from)).toEqual(['customer.subscription.updated'])
    await h.double.renew(later.sub.id)
    const renewal = lastEvent(h, 'invoice.paid').data.object
    expect(renewal.billing_reason).toBe('subscription_cycle')
    expect(renewal.lines.data).toHaveLength(3)
    h.clock.now = new Date(h.clock.now.getTime() - 14 * 86400_000)
  })
})
