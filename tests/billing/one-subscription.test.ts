import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALREADY_PAID_MESSAGE, CHECKOUT_SESSION_MINUTES } from '../../server/domain/billing'
import { DB_KINDS } from '../helpers/db'
import { startBilling, subscriptionsOf, type Billing } from './helpers'

/**
 * Issue 23: one subscription per account whatever the tabs. One open Checkout Session per account (it expires; a new
 * one expires the older), the card form reuses its waiting subscription, a double-click makes one object, and if two
 * subscriptions are paid anyway the second is cancelled and refunded at once, with one line in the history and no
 * second grant — also with 20 concurrent deliveries of every event.
 */
describe.each(DB_KINDS)('one subscription per account on %s', (kind) => {
  let b: Billing
  beforeAll(async () => {
    b = await startBilling(kind)
  })
  afterAll(() => b?.close())

  const customerOf = async (id: number) => (await b.sql('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [id]))[0].customer_id
  const sessionsOf = (customer: string) => [...b.double.state().sessions.values()].filter((s) => s.customer === customer)

  it('a double-click makes one session; the same plan again gets it again; another plan expires it; each expires', async () => {
    const u = await b.freeUser()
    const [one, two] = await Promise.all([b.checkout(u.token, 'price_month_2000'), b.checkout(u.token, 'price_month_2000')])
    expect(two).toBe(one)
    expect(await b.checkout(u.token, 'price_month_2000')).toBe(one)
    const customer = await customerOf(u.id)
    expect(sessionsOf(customer)).toHaveLength(1)
    const session = b.double.state().sessions.get(one)!
    const now = b.t.clock.now().getTime() / 1000
    expect(session.expires_at).toBeGreaterThan(now + (CHECKOUT_SESSION_MINUTES - 1) * 60)
    expect(session.expires_at).toBeLessThanOrEqual(now + (CHECKOUT_SESSION_MINUTES + 15) * 60)

    const yearly = await b.checkout(u.token, 'price_year_2000')
    expect(yearly).not.toBe(one)
    expect(b.double.state().sessions.get(one)!.status).toBe('expired')
    expect(
      sessionsOf(customer)
        .filter((s) => s.status === 'open')
        .map((s) => s.id),
    ).toEqual([yearly])
    // The expired session's page says so; it cannot be paid.
    expect((await fetch(`${b.double.state().base()}/checkout/${one}`)).status).toBe(410)
    const rows = await b.sql('SELECT stripe_id, status FROM stripe_checkouts WHERE user_id = $1 ORDER BY id', [u.id])
    expect(rows).toEqual([
      { stripe_id: one, status: 'expired' },
      { stripe_id: yearly, status: 'open' },
    ])
    // Its time gone, a session is not handed out again.
    b.t.clock.advance(2 * 3600_000)
    const later = await b.checkout(u.token, 'price_year_2000')
    expect(later).not.toBe(yearly)
    expect(
      sessionsOf(customer)
        .filter((s) => s.status === 'open')
        .map((s) => s.id),
    ).toEqual([later])
  })

  it('two tabs at once with different plans leave one open session', async () => {
    const u = await b.freeUser()
    const [a, c] = await Promise.all([b.checkout(u.token, 'price_month_2000'), b.checkout(u.token, 'price_year_4000')])
    expect(a).not.toBe(c)
    const open = sessionsOf(await customerOf(u.id)).filter((s) => s.status === 'open')
    expect(open).toHaveLength(1)
  })

  it('the card form reuses its waiting subscription; Checkout afterwards cancels it', async () => {
    const u = await b.freeUser()
    const start = async () => (await b.form(u.token, '/v2/subscription/create-payment-intent', { price_id: 'price_month_2000' })).json()
    const [first, second] = await Promise.all([start(), start()])
    expect(second.subscription_id).toBe(first.subscription_id)
    expect((await start()).subscription_id).toBe(first.subscription_id)
    const customer = await customerOf(u.id)
    expect(subscriptionsOf(b.double, customer)).toHaveLength(1)
    await b.checkout(u.token, 'price_month_2000')
    expect(subscriptionsOf(b.double, customer).map((s) => s.status)).toEqual(['canceled'])
  })

  it('a payment whose webhook has not arrived stops a new checkout (409), and the plan is applied from Stripe', async () => {
    const u = await b.freeUser()
    const session = await b.checkout(u.token, 'price_month_2000')
    b.pauseWebhooks()
    await b.double.completeCheckout(session)
    b.resumeWebhooks()
    expect((await b.me(u.token)).role).toBe('free')
    const res = await b.form(u.token, '/v2/subscription/create', { price_id: 'price_year_2000' })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe(ALREADY_PAID_MESSAGE)
    expect(await b.me(u.token)).toMatchObject({ role: 'paid', remaining_credit_count: 2200 })
  })

  it('"Manage billing" shows only with a subscription or an invoice, not for a free account that only opened checkout', async () => {
    const u = await b.freeUser()
    await b.checkout(u.token, 'price_month_2000')
    expect((await b.overview(u.token)).can_manage_billing).toBe(false)
    expect((await b.t.call('POST', '/v2/subscription/portal', undefined, u.token)).status).toBe(200)
    const v = await b.freeUser()
    await b.double.completeCheckout(await b.checkout(v.token, 'price_month_2000'))
    expect((await b.overview(v.token)).can_manage_billing).toBe(true)
  })

  /** Two sessions paid while the webhook endpoint was away (sessions the app did not hold open: made before, or in a race). */
  async function paidTwice() {
    const u = await b.freeUser()
    const first = await b.checkout(u.token, 'price_month_2000')
    const customer = await customerOf(u.id)
    const metadata = { user_uuid: u.uuid }
    const second = await b.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: u.uuid,
      line_items: [{ price: 'price_year_2000', quantity: 1 }],
      success_url: 'http://pagewright.test/subscription?session_id={CHECKOUT_SESSION_ID}',
      metadata,
      subscription_data: { metadata },
    })
    const from = b.double.events().length
    b.pauseWebhooks()
    await b.double.completeCheckout(first)
    await b.double.completeCheckout(second.id)
    b.resumeWebhooks()
    return { u, customer, first, second: second.id, events: b.double.events().slice(from) }
  }

  async function expectOnePlan(u: { token: string; id: number }, customer: string) {
    const subs = subscriptionsOf(b.double, customer)
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'canceled'])
    const kept = subs.find((s) => s.status === 'active')!
    const credits = kept.items.data[0].price.id === 'price_year_2000' ? 2000 * 12 : 2000
    expect(await b.me(u.token)).toMatchObject({ role: 'paid', remaining_credit_count: 200 + credits })
    const refunds = [...b.double.state().payments.refunds.values()].filter((r) => r.customer === customer)
    expect(refunds).toHaveLength(1)
    const dup = subs.find((s) => s.status === 'canceled')!
    expect(refunds[0]).toMatchObject({ reason: 'duplicate', amount: dup.items.data[0].price.unit_amount })
    const ledger = await b.sql('SELECT reason, delta FROM credit_ledger WHERE user_id = $1 ORDER BY id', [u.id])
    expect(ledger).toEqual([
      { reason: 'signup', delta: 200 },
      { reason: 'subscription', delta: credits },
      { reason: 'duplicate_refunded', delta: 0 },
    ])
    const audit = await b.sql(`SELECT action FROM audit_log WHERE target_user_id = $1`, [u.id])
    expect(audit).toEqual([{ action: 'billing.duplicate_refunded' }])
    const overview = await b.overview(u.token)
    expect(overview.plan.name).toBe(kept.items.data[0].price.id === 'price_year_2000' ? 'Pro 2,000 yearly' : 'Pro 2,000')
    expect(overview.ledger[0].note).toContain('cancelled and its payment of')
  }

  it('two sessions paid: one active subscription, one grant, one refund (events in order)', async () => {
    const { u, customer, events } = await paidTwice()
    for (const e of events) expect((await b.double.resend(e.id)).status).toBe(200)
    await expectOnePlan(u, customer)
    // The payment check of the refunded one answers about the plan the account keeps.
    const [dupSession] = sessionsOf(customer).filter(
      (s) => subscriptionsOf(b.double, customer).find((x) => x.id === s.subscription)?.status === 'canceled',
    )
    const checked = await b.check(u.token, dupSession.id)
    expect(checked.body).toMatchObject({ status: 'success', subscription: { status: 'active' } })
    for (const e of events) await b.double.resend(e.id)
    await expectOnePlan(u, customer)
  })

  it('two sessions paid, every event delivered 20 times at once: still one subscription, one grant, one refund', async () => {
    const { u, customer, events } = await paidTwice()
    const answers = await Promise.all(events.flatMap((e) => Array.from({ length: 20 }, () => b.double.resend(e.id))))
    expect(answers.every((r) => r.status === 200 || r.status === 502)).toBe(true)
    // A delivery answered 502 is delivered again by Stripe; one more round settles anything left.
    for (const e of events) await b.double.resend(e.id)
    await expectOnePlan(u, customer)
  })

  it('two sessions paid, seen first by the payment check of each: the same end state', async () => {
    const { u, customer, first, second } = await paidTwice()
    const [a, c] = await Promise.all([b.check(u.token, first), b.check(u.token, second)])
    expect([a.body.status, c.body.status]).toEqual(['success', 'success'])
    await expectOnePlan(u, customer)
  })
})
