import { type AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECRET, lastEvent, seconds, startHarness, typesSince, type Harness } from './harness'
import { createStripeDouble } from './index'

// What the hosted pages and the test controls do: subscriptions, invoices and signed events in Stripe's shapes.
let h: Harness
let stripe: Stripe
beforeAll(async () => {
  h = await startHarness()
  stripe = h.stripe
})
afterAll(() => h.double.close())

const form = (url: string, fields: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })

async function openCheckout(price = 'price_pro_month') {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: 'buyer@shop.test',
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing/cancel',
    client_reference_id: '42',
    subscription_data: { metadata: { user_id: '42' } },
  })
}

describe('hosted Checkout', () => {
  it('shows the amount and interval, and Pay completes it and 303s to success_url with the session id', async () => {
    const session = await openCheckout()
    const html = await (await fetch(session.url!)).text()
    expect(html).toContain('$29.00 per month')
    expect(html).toContain(`<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>`)
    expect(html).toContain('buyer@shop.test')
    const from = h.received.length
    const res = await form(`${h.base}/checkout/${session.id}/pay`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`http://app.test/billing/success?session_id=${session.id}`)
    expect(typesSince(h, from)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])

    const completed = lastEvent(h, 'checkout.session.completed')
    expect(completed).toMatchObject({
      object: 'event',
      livemode: false,
      api_version: '2026-10-28.endive',
      created: seconds('2027-01-31T12:00:00Z'),
    })
    expect(completed.id).toMatch(/^evt_/)
    const s = completed.data.object
    expect(s).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', client_reference_id: '42', mode: 'subscription' })
    expect(s.customer).toMatch(/^cus_/)
    expect(s.subscription).toMatch(/^sub_/)
    expect(s.customer_details?.email).toBe('buyer@shop.test')

    const sub = lastEvent(h, 'customer.subscription.created').data.object
    expect(sub).toMatchObject({
      id: s.subscription,
      status: 'active',
      customer: s.customer,
      metadata: { user_id: '42' },
      cancel_at_period_end: false,
    })
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: seconds('2027-01-31T12:00:00Z'),
      current_period_end: seconds('2027-02-28T12:00:00Z'),
    })
    expect(sub.items.data[0].price).toMatchObject({ id: 'price_pro_month', unit_amount: 2900, recurring: { interval: 'month' } })

    const invoice = lastEvent(h, 'invoice.paid').data.object
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 2900,
      customer: s.customer,
      id: s.invoice,
    })
    expect(invoice.parent?.subscription_details).toMatchObject({ subscription: s.subscription, metadata: { user_id: '42' } })
    expect(invoice.lines.data[0].period).toEqual({ start: seconds('2027-01-31T12:00:00Z'), end: seconds('2027-02-28T12:00:00Z') })

    // The customer it made is a real one, and a second Pay does nothing more.
    expect((await stripe.customers.retrieve(s.customer as string)) as Stripe.Customer).toMatchObject({ email: 'buyer@shop.test' })
    expect((await form(`${h.base}/checkout/${session.id}/pay`)).status).toBe(303)
    expect(h.received.length).toBe(from + 3)
    expect(await (await fetch(`${h.base}/checkout/${session.id}`)).text()).toContain('Payment complete.')
    await expect(h.double.completeCheckout(session.id)).rejects.toThrow(/is complete/)
  })

  it('Cancel 303s to cancel_url and leaves the session open', async () => {
    const session = await openCheckout()
    const res = await form(`${h.base}/checkout/${session.id}/cancel`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('http://app.test/billing/cancel')
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    expect((await fetch(`${h.base}/checkout/cs_test_nope`)).status).toBe(404)
  })

  it("eventOrder 'invoice-first' sends invoice.paid before checkout.session.completed", async () => {
    const session = await openCheckout('price_pro_year')
    const from = h.received.length
    await h.double.completeCheckout(session.id, { eventOrder: 'invoice-first' })
    expect(typesSince(h, from)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
    const sub = lastEvent(h, 'customer.subscription.created').data.object
    expect(sub.items.data[0].current_period_end).toBe(seconds('2028-01-31T12:00:00Z'))
  })
})

describe('renewals and cancellation', () => {
  async function activeSubscription() {
    const session = await openCheckout()
    await h.double.completeCheckout(session.id)
    return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string
  }

  it('renews on the anchor day (Jan 31 → Feb 28 → Mar 31) with a paid subscription_cycle invoice', async () => {
    const id = await activeSubscription()
    await h.double.renew(id)
    const from = h.received.length
    h.clock.now = new Date('2027-03-31T12:00:05Z')
    try {
      await h.double.renew(id)
    } finally {
      h.clock.now = new Date('2027-01-31T12:00:00Z')
    }
    expect(typesSince(h, from)).toEqual(['customer.subscription.updated', 'invoice.paid'])
    const updated = lastEvent(h, 'customer.subscription.updated')
    expect(updated.created).toBe(seconds('2027-03-31T12:00:05Z'))
    const item = updated.data.object.items.data[0]
    expect([item.current_period_start, item.current_period_end]).toEqual([seconds('2027-03-31T12:00:00Z'), seconds('2027-04-30T12:00:00Z')])
    expect(updated.data.previous_attributes).toHaveProperty('items')
    expect(updated.data.previous_attributes).toHaveProperty('latest_invoice')
    const invoice = lastEvent(h, 'invoice.paid').data.object
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 2900,
      created: seconds('2027-03-31T12:00:05Z'),
    })
    // Like Stripe: the invoice's own period is the one that ended; the line carries the period it pays for.
    expect([invoice.period_start, invoice.period_end]).toEqual([seconds('2027-02-28T12:00:00Z'), seconds('2027-03-31T12:00:00Z')])
    expect(invoice.lines.data[0].period).toEqual({ start: item.current_period_start, end: item.current_period_end })
    expect((await stripe.subscriptions.retrieve(id)).latest_invoice).toBe(invoice.id)
  })

  it('a failed renewal: invoice.payment_failed and past_due; paying on the hosted invoice page makes it active', async () => {
    const id = await activeSubscription()
    const from = h.received.length
    await h.double.renew(id, { fail: true })
    expect(typesSince(h, from)).toEqual(['customer.subscription.updated', 'invoice.payment_failed', 'customer.subscription.updated'])
    const failed = lastEvent(h, 'invoice.payment_failed').data.object
    expect(failed).toMatchObject({ status: 'open', attempted: true, attempt_count: 1, amount_paid: 0, amount_remaining: 2900 })
    expect(failed.next_payment_attempt).toBeGreaterThan(failed.created)
    const pastDue = lastEvent(h, 'customer.subscription.updated')
    expect(pastDue.data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } })
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('past_due')

    const page = await (await fetch(failed.hosted_invoice_url!)).text()
    expect(page).toContain('<button type="submit">Pay</button>')
    const res = await form(`${h.base}/invoice/${failed.id}/pay`)
    expect(res.status).toBe(303)
    expect(typesSince(h, from).slice(3)).toEqual(['invoice.paid', 'customer.subscription.updated'])
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('active')
  })

  it('cancel at period end: updated now, deleted when the period ends; cancel now: deleted', async () => {
    const id = await activeSubscription()
    const from = h.received.length
    await h.double.cancel(id, { atPeriodEnd: true })
    const updated = lastEvent(h, 'customer.subscription.updated')
    expect(updated.data.object).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
      cancel_at: updated.data.object.items.data[0].current_period_end,
    })
    await h.double.renew(id)
    const deleted = lastEvent(h, 'customer.subscription.deleted').data.object
    expect(deleted).toMatchObject({ id, status: 'canceled', ended_at: updated.data.object.items.data[0].current_period_end })
    expect(typesSince(h, from)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted'])
    await expect(h.double.renew(id)).rejects.toThrow(/canceled/)

    const other = await activeSubscription()
    await h.double.cancel(other)
    expect(lastEvent(h, 'customer.subscription.deleted').data.object).toMatchObject({
      id: other,
      status: 'canceled',
      ended_at: seconds('2027-01-31T12:00:00Z'),
    })
  })

  it('the portal page cancels as its configuration says: at period end (and keeps the plan), or at once', async () => {
    const id = await activeSubscription()
    const sub = await stripe.subscriptions.retrieve(id)
    const atEnd = await stripe.billingPortal.configurations.create({
      features: { subscription_cancel: { enabled: true, mode: 'at_period_end' }, invoice_history: { enabled: true } },
    })
    const portal = await stripe.billingPortal.sessions.create({
      customer: sub.customer as string,
      return_url: 'http://app.test/account',
      configuration: atEnd.id,
    })
    expect(await (await fetch(portal.url)).text()).toContain('Renews on 2027-02-28')
    expect((await form(`${portal.url}/cancel`, { subscription: id })).status).toBe(303)
    expect((await stripe.subscriptions.retrieve(id)).cancel_at_period_end).toBe(true)
    expect(await (await fetch(portal.url)).text()).toContain('Cancels on 2027-02-28')
    await form(`${portal.url}/resume`, { subscription: id })
    expect((await stripe.subscriptions.retrieve(id)).cancel_at_period_end).toBe(false)

    const now = await stripe.billingPortal.configurations.create({
      features: { subscription_cancel: { enabled: true, mode: 'immediately' } },
    })
    const other = await stripe.billingPortal.sessions.create({ customer: sub.customer as string, configuration: now.id })
    await form(`${other.url}/cancel`, { subscription: id })
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('canceled')
  })
})

describe('webhook deliveries', () => {
  it('signs every event so constructEvent verifies it, and resend sends the same bytes with a fresh signature', async () => {
    const session = await openCheckout()
    await h.double.completeCheckout(session.id)
    const sent = h.double.events()
    const last = sent[sent.length - 1]
    expect(new Set(sent.map((e) => e.id)).size).toBe(sent.length)
    expect(h.raw[h.raw.length - 1].payload).toBe(last.payload)
    expect(JSON.parse(last.payload)).toMatchObject({
      id: last.id,
      type: last.type,
      object: 'event',
      pending_webhooks: 1,
      request: { id: null },
    })

    const before = h.raw.length
    const res = await h.double.resend(last.id)
    expect(res.status).toBe(200)
    expect(h.raw[before].payload).toBe(last.payload)
    expect(h.received[h.received.length - 1].id).toBe(last.id)
    expect(() => stripe.webhooks.constructEvent(last.payload, h.raw[before].signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    expect(h.double.deliveries().at(-1)).toMatchObject({ eventId: last.id, status: 200, replay: true })
  })

  it('records failed deliveries and carries on', async () => {
    h.reply.status = 500
    try {
      const session = await openCheckout()
      await h.double.completeCheckout(session.id)
      expect(
        h.double
          .deliveries()
          .slice(-3)
          .map((d) => d.status),
      ).toEqual([500, 500, 500])
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete')
    } finally {
      h.reply.status = 200
    }
  })

  it('POSTs to webhook.url with fetch when no deliver function is given, and offers the controls over HTTP', async () => {
    const got: { body: string; signature: string | null; type: string | null }[] = []
    const receiver = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (req) => (
        got.push({ body: await req.text(), signature: req.headers.get('stripe-signature'), type: req.headers.get('content-type') }),
        new Response('ok')
      ),
    })
    await new Promise((r) => receiver.once('listening', r))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v2/stripe/webhook`
    const double = createStripeDouble({ prices: { price_x: { unit_amount: 500, interval: 'month' } }, webhook: { url, secret: SECRET } })
    const base = await double.listen()
    try {
      const client = new Stripe('sk_test_other', { ...double.sdkOptions(), maxNetworkRetries: 0 })
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_x', quantity: 1 }],
        success_url: 'http://a.test/',
      })
      const done = await fetch(`${base}/_double/checkout/${session.id}/complete?order=invoice-first`, { method: 'POST' })
      expect(await done.json()).toEqual({ ok: true })
      expect(got.map((g) => JSON.parse(g.body).type)).toEqual([
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ])
      for (const g of got) expect(client.webhooks.constructEvent(g.body, g.signature!, SECRET).id).toMatch(/^evt_/)
      expect(got[0].type).toBe('application/json; charset=utf-8')
      const sub = JSON.parse(got[0].body).data.object.id as string
      await fetch(`${base}/_double/subscriptions/${sub}/renew?fail=1`, { method: 'POST' })
      expect((await client.subscriptions.retrieve(sub)).status).toBe('past_due')
      const log = (await (await fetch(`${base}/_double/events`)).json()) as { events: { id: string }[]; deliveries: { status: number }[] }
      expect(log.events).toHaveLength(6)
      expect(log.deliveries.every((d) => d.status === 200)).toBe(true)
      const again = await fetch(`${base}/_double/events/${log.events[0].id}/resend`, { method: 'POST' })
      expect(await again.json()).toEqual({ status: 200 })
      expect((await fetch(`${base}/_double/subscriptions/sub_nope/renew`, { method: 'POST' })).status).toBe(400)
    } finally {
      await double.close()
      receiver.close()
    }
  })
})
