import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRICES, lastEvent, seconds, startHarness, typesSince, type Harness } from './harness'
import { createStripeDouble } from './index'

// The Stripe API double through the real SDK (stripe 23, API 2026-10-28.endive): shapes, errors, idempotency.
let h: Harness
let stripe: Stripe
beforeAll(async () => {
  h = await startHarness()
  stripe = h.stripe
})
afterAll(() => h.double.close())

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${h.base}${path}`, { ...init, headers: { authorization: 'Bearer sk_test_x', ...(init.headers as Record<string, string>) } })

describe('customers', () => {
  it('creates, retrieves and updates, merging metadata like Stripe', async () => {
    const created = await stripe.customers.create({ email: 'owner@shop.test', name: 'Owner', metadata: { user_id: '7', plan: 'pro' } })
    expect(created).toMatchObject({
      object: 'customer',
      email: 'owner@shop.test',
      name: 'Owner',
      livemode: false,
      metadata: { user_id: '7' },
    })
    expect(created.id).toMatch(/^cus_\w{14}$/)
    expect(created.created).toBe(seconds('2027-01-31T12:00:00Z'))
    const updated = await stripe.customers.update(created.id, { email: 'new@shop.test', metadata: { plan: '', extra: 'x' } })
    expect(updated.email).toBe('new@shop.test')
    expect(updated.metadata).toEqual({ user_id: '7', extra: 'x' })
    const again = await stripe.customers.retrieve(created.id)
    expect(again).toEqual(updated)
  })

  it('answers an unknown customer with 404 resource_missing', async () => {
    const err = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_nope'" })
  })
})

describe('prices', () => {
  it('knows the registered prices (recurring USD) and no others', async () => {
    const price = await stripe.prices.retrieve('price_pro_year')
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      currency: 'usd',
      unit_amount: 29000,
      recurring: { interval: 'year', interval_count: 1 },
    })
    expect(price.unit_amount_decimal?.toString()).toBe('29000')
    const err = await stripe.prices.retrieve('price_unknown').catch((e: unknown) => e)
    expect(err).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_unknown'",
    })
  })
})

describe('checkout sessions', () => {
  it('creates an open hosted session with the url on the double, and retrieves it expanded', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@shop.test' })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_month', quantity: 1 }],
      success_url: 'http://app.test/billing/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing',
      client_reference_id: 'user_7',
      metadata: { user_id: '7' },
      subscription_data: { metadata: { user_id: '7', plan_id: '3' } },
    })
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2900,
      currency: 'usd',
      customer: customer.id,
      client_reference_id: 'user_7',
      metadata: { user_id: '7' },
      subscription: null,
      invoice: null,
      ui_mode: 'hosted_page',
      success_url: 'http://app.test/billing/done?session={CHECKOUT_SESSION_ID}',
    })
    expect(session.id).toMatch(/^cs_test_\w{58}$/)
    expect(session.url).toBe(`${h.base}/checkout/${session.id}`)
    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items', 'customer'] })
    expect(again.subscription).toBeNull()
    expect(again.line_items?.data[0]).toMatchObject({ object: 'item', amount_total: 2900, quantity: 1, price: { id: 'price_pro_month' } })
    expect((again.customer as Stripe.Customer).email).toBe('buyer@shop.test')
    await h.double.completeCheckout(session.id)
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer_details: { email: 'buyer@shop.test' } })
    const sub = done.subscription as Stripe.Subscription
    expect(sub).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, metadata: { user_id: '7', plan_id: '3' } })
    expect(done.invoice).toBe(sub.latest_invoice)
  })

  it('rejects what Stripe rejects, naming the parameter', async () => {
    const base = { mode: 'subscription' as const, success_url: 'http://app.test/ok' }
    const cases: [Stripe.Checkout.SessionCreateParams, object][] = [
      [
        { ...base, line_items: [{ price: 'price_gone', quantity: 1 }] },
        { statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' },
      ],
      [
        { ...base, line_items: [{ price: 'price_pro_month' }] },
        { statusCode: 400, code: 'parameter_missing', param: 'line_items[0][quantity]' },
      ],
      [{ ...base }, { statusCode: 400, param: 'line_items' }],
      [
        { ...base, line_items: [{ price: 'price_pro_month', quantity: 1 }], customer: 'cus_missing' },
        { code: 'resource_missing', param: 'customer' },
      ],
      [{ ...base, line_items: [{ price: 'price_pro_month', quantity: 1 }], success_url: 'not a url' }, { param: 'success_url' }],
      [{ ...base, mode: 'payment', line_items: [{ price: 'price_pro_month', quantity: 1 }] }, { param: 'mode' }],
      [
        { ...base, line_items: [{ price: 'price_pro_month', quantity: 1 }], bogus: 1 } as never,
        { code: 'parameter_unknown', param: 'bogus' },
      ],
    ]
    for (const [params, expected] of cases) {
      const err = await stripe.checkout.sessions.create(params).catch((e: unknown) => e)
      expect(err, JSON.stringify(params)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      expect(err).toMatchObject(expected)
    }
  })
})

describe('subscriptions', () => {
  it('default_incomplete: incomplete with a client secret on latest_invoice.confirmation_secret, active once paid', async () => {
    const customer = await stripe.customers.create({ email: 'pe@shop.test' })
    const from = h.received.length
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_month' }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { user_id: '9' },
      expand: ['latest_invoice.confirmation_secret'],
    })
    expect(sub.status).toBe('incomplete')
    const item = sub.items.data[0]
    expect(item).toMatchObject({ object: 'subscription_item', price: { id: 'price_pro_month', unit_amount: 2900 }, quantity: 1 })
    expect(item.current_period_start).toBe(seconds('2027-01-31T12:00:00Z'))
    expect(item.current_period_end).toBe(seconds('2027-02-28T12:00:00Z'))
    const invoice = sub.latest_invoice as Stripe.Invoice
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_create', amount_due: 2900, amount_paid: 0 })
    expect(invoice.confirmation_secret).toMatchObject({
      type: 'payment_intent',
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    })
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id)
    expect(typesSince(h, from)).toEqual(['customer.subscription.created'])
    // Without expand the includable field is absent, as in Stripe.
    const plain = await stripe.invoices.retrieve(invoice.id)
    expect(plain).not.toHaveProperty('confirmation_secret')

    await h.double.payIncomplete(sub.id)
    expect(typesSince(h, from)).toEqual(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated'])
    const updated = lastEvent(h, 'customer.subscription.updated')
    expect(updated.data.object.status).toBe('active')
    expect(updated.data.previous_attributes).toEqual({ status: 'incomplete' })
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 2900, amount_remaining: 0 })
    await expect(h.double.payIncomplete(sub.id)).rejects.toThrow(/not incomplete/)
  })

  it('without default_incomplete: active at once, first invoice paid', async () => {
    const customer = await stripe.customers.create({ email: 'direct@shop.test' })
    const from = h.received.length
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_year' }],
      expand: ['latest_invoice'],
    })
    expect(sub.status).toBe('active')
    expect(sub.items.data[0].current_period_end).toBe(seconds('2028-01-31T12:00:00Z'))
    expect(sub.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 29000, billing_reason: 'subscription_create' })
    expect(typesSince(h, from)).toEqual(['customer.subscription.created', 'invoice.paid'])
    expect(lastEvent(h, 'customer.subscription.created').request?.id).toMatch(/^req_/)
  })

  it('updates cancel_at_period_end, cancels with DELETE, and refuses to change a canceled one', async () => {
    const customer = await stripe.customers.create({ email: 'leaver@shop.test' })
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_pro_month' }] })
    const end = sub.items.data[0].current_period_end
    const from = h.received.length
    const pending = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })
    expect(pending).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: { reason: 'cancellation_requested' },
    })
    const event = lastEvent(h, 'customer.subscription.updated')
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
    const kept = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
    const canceled = await stripe.subscriptions.cancel(sub.id)
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number), ended_at: expect.any(Number) })
    expect(typesSince(h, from)).toEqual(['customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.deleted'])
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled')
    const err = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }).catch((e: unknown) => e)
    expect(err).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' })
  })
})

describe('invoices', () => {
  it('lists newest first by customer or subscription with limit and paging, and retrieves', async () => {
    const customer = await stripe.customers.create({ email: 'inv@shop.test' })
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_pro_month' }] })
    await h.double.renew(sub.id)
    await h.double.renew(sub.id)
    const page1 = await stripe.invoices.list({ customer: customer.id, limit: 2 })
    expect(page1).toMatchObject({ object: 'list', has_more: true, url: '/v1/invoices' })
    expect(page1.data.map((i) => i.billing_reason)).toEqual(['subscription_cycle', 'subscription_cycle'])
    const page2 = await stripe.invoices.list({ customer: customer.id, limit: 2, starting_after: page1.data[1].id })
    expect(page2.has_more).toBe(false)
    expect(page2.data.map((i) => i.billing_reason)).toEqual(['subscription_create'])
    const bySub = await stripe.invoices.list({ subscription: sub.id, expand: ['data.parent.subscription_details.subscription'] })
    expect(bySub.data).toHaveLength(3)
    expect((bySub.data[0].parent?.subscription_details?.subscription as Stripe.Subscription).status).toBe('active')
    // An invoice has no top-level `subscription` in this API version: it is under parent.subscription_details.
    await expect(stripe.invoices.list({ subscription: sub.id, expand: ['data.subscription'] })).rejects.toThrow(
      'cannot be expanded (subscription)',
    )
    const all = await stripe.invoices.list({ customer: customer.id }).autoPagingToArray({ limit: 10 })
    expect(all).toHaveLength(3)

    const invoice = await stripe.invoices.retrieve(page1.data[0].id)
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 2900,
      customer: customer.id,
      customer_email: 'inv@shop.test',
    })
    expect(invoice.parent).toMatchObject({ type: 'subscription_details', subscription_details: { subscription: sub.id } })
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 2900,
      subscription: sub.id,
      pricing: { price_details: { price: 'price_pro_month' } },
    })
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0003$/)
    const page = await fetch(invoice.hosted_invoice_url!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('$29.00')
    expect((await fetch(invoice.invoice_pdf!)).headers.get('content-type')).toBe('application/pdf')
  })
})

describe('billing portal', () => {
  it('refuses a session without a configuration until one is saved, as a new Stripe account does', async () => {
    const customer = await stripe.customers.create({ email: 'portal@shop.test' })
    const err = await stripe.billingPortal.sessions.create({ customer: customer.id }).catch((e: unknown) => e)
    expect(err).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('until you save your customer portal settings in test mode'),
    })
  })

  it('creates a session with a configuration, whose page links back to return_url', async () => {
    const customer = await stripe.customers.create({ email: 'portal@shop.test' })
    const config = await stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true }, subscription_cancel: { enabled: true, mode: 'at_period_end' } },
      default_return_url: 'http://app.test/default',
    })
    expect(config).toMatchObject({
      object: 'billing_portal.configuration',
      is_default: false,
      features: { subscription_cancel: { enabled: true, mode: 'at_period_end' }, subscription_update: { enabled: false } },
    })
    expect((await stripe.billingPortal.configurations.retrieve(config.id)).id).toBe(config.id)
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/account',
      configuration: config.id,
    })
    expect(portal.configuration).toBe(config.id)
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://app.test/account',
      livemode: false,
    })
    expect(portal.url).toBe(`${h.base}/billing/${portal.id}`)
    const html = await (await fetch(portal.url)).text()
    expect(html).toContain('<a href="http://app.test/account">Return</a>')
    const err = await stripe.billingPortal.sessions.create({ customer: 'cus_nobody', configuration: config.id }).catch((e: unknown) => e)
    expect(err).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' })
    const noConfig = await stripe.billingPortal.sessions
      .create({ customer: customer.id, configuration: 'bpc_nope' })
      .catch((e: unknown) => e)
    expect(noConfig).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'configuration' })
  })
})

describe('requests', () => {
  it('401s a key that is not a secret or restricted key, and a missing one', async () => {
    const publishable = new Stripe('pk_test_123456', { ...h.double.sdkOptions(), maxNetworkRetries: 0 })
    const err = await publishable.customers.create({}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(err).toMatchObject({ statusCode: 401 })
    const res = await fetch(`${h.base}/v1/customers`, { method: 'POST' })
    expect(res.status).toBe(401)
    expect((await res.json()).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('did not provide an API key'),
    })
  })

  it('replays a POST with the same idempotency key and refuses the key with other parameters', async () => {
    const a = await stripe.customers.create({ email: 'idem@shop.test' }, { idempotencyKey: 'key-1' })
    const b = await stripe.customers.create({ email: 'idem@shop.test' }, { idempotencyKey: 'key-1' })
    expect(b.id).toBe(a.id)
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true')
    const err = await stripe.customers.create({ email: 'other@shop.test' }, { idempotencyKey: 'key-1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    // A replayed subscription creation sends its events once.
    const from = h.received.length
    const params = { customer: a.id, items: [{ price: 'price_pro_month' }] }
    const s1 = await stripe.subscriptions.create(params, { idempotencyKey: 'key-2' })
    const s2 = await stripe.subscriptions.create(params, { idempotencyKey: 'key-2' })
    expect(s2.id).toBe(s1.id)
    expect(typesSince(h, from)).toEqual(['customer.subscription.created', 'invoice.paid'])
  })

  it('answers errors as { error: { type, code, message, param } } with the right status', async () => {
    const res = await raw('/v1/customers', {
      method: 'POST',
      body: 'email=bad',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('request-id')).toMatch(/^req_/)
    expect((await res.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'email_invalid',
      param: 'email',
      message: expect.any(String),
    })
    const unknown = await raw('/v1/charges')
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.message).toContain('Unrecognized request URL (GET: /v1/charges)')
    const version = await raw('/v1/prices/price_pro_month', { headers: { 'stripe-version': '2020-08-27' } })
    expect(version.status).toBe(400)
    const bad = await stripe.subscriptions.retrieve('sub_missing').catch((e: unknown) => e)
    expect(bad).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such subscription: 'sub_missing'" })
  })

  it('serves in process through fetch(), building urls on the request origin', async () => {
    const double = createStripeDouble({ prices: PRICES })
    const call = (path: string, body?: string) =>
      double.fetch(
        new Request(`http://stripe.test${path}`, {
          method: body ? 'POST' : 'GET',
          body,
          headers: { authorization: 'Bearer sk_test_any', 'content-type': 'application/x-www-form-urlencoded' },
        }),
      )
    expect((await (await call('/v1/prices/price_pro_month')).json()).unit_amount).toBe(2900)
    const session = await (
      await call('/v1/checkout/sessions', 'mode=subscription&line_items[0][price]=price_pro_month&line_items[0][quantity]=1')
    ).json()
    expect(session.url).toBe(`http://stripe.test/checkout/${session.id}`)
    expect(() => double.sdkOptions()).toThrow(/listen/)
  })

  it('parses expand[] and nested keys the way the SDK and plain forms send them', async () => {
    const customer = await stripe.customers.create({ email: 'form@shop.test' })
    const body = `customer=${customer.id}&items[0][price]=price_pro_month&items[0][quantity]=2&metadata[a]=1&expand[]=latest_invoice&expand[]=customer`
    const res = await raw('/v1/subscriptions', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const sub = (await res.json()) as Stripe.Subscription
    expect(sub.items.data[0].quantity).toBe(2)
    expect(sub.metadata).toEqual({ a: '1' })
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(5800)
    expect((sub.customer as Stripe.Customer).email).toBe('form@shop.test')
    const cannot = await raw(`/v1/subscriptions/${sub.id}?expand[]=status`)
    expect((await cannot.json()).error.message).toBe('This property cannot be expanded (status).')
  })
})
