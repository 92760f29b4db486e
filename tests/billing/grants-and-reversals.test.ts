import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_KINDS } from '../helpers/db'
import { startBilling, subscriptionsOf, type Billing } from './helpers'

/**
 * Issue 23: grants follow the invoice's billing_reason (a plan change grants the difference for an upgrade, nothing
 * for a downgrade); a refund or a lost dispute takes back the credits its payment granted and not yet spent.
 */
describe.each(DB_KINDS)('grants and reversals on %s', (kind) => {
  let b: Billing
  beforeAll(async () => {
    b = await startBilling(kind)
  })
  afterAll(() => b?.close())

  /** A free account made Pro on a plan through hosted Checkout; its Stripe subscription. */
  async function pro(price = 'price_month_2000') {
    const u = await b.freeUser()
    const session = await b.checkout(u.token, price)
    await b.double.completeCheckout(session)
    const sub = b.double.state().sessions.get(session)!.subscription as string
    return { ...u, sub }
  }
  /** The balance, read from the database (a session token lasts 30 days; these tests move the clock further). */
  const credits = async (u: { id: number }) =>
    (await b.sql('SELECT remaining_credit_count AS n FROM users WHERE id = $1', [u.id]))[0].n as number
  const change = async (sub: string, price: string) => {
    const current = await b.stripe.subscriptions.retrieve(sub)
    await b.stripe.subscriptions.update(sub, { items: [{ id: current.items.data[0].id, price }], proration_behavior: 'always_invoice' })
  }
  const ledger = async (id: number) => b.sql('SELECT reason, delta, note FROM credit_ledger WHERE user_id = $1 ORDER BY id', [id])

  it('a plan change: the difference for an upgrade, nothing for a downgrade or for going back up, full credits at the renewal', async () => {
    const u = await pro('price_month_2000')
    expect(await credits(u)).toBe(200 + 2000)
    b.t.clock.advance(10 * 86400_000)
    await change(u.sub, 'price_month_4000')
    const upgrade = [...b.double.state().invoices.values()].find(
      (i) => i.billing_reason === 'subscription_update' && i.parent?.subscription_details?.subscription === u.sub,
    )
    expect(upgrade?.status).toBe('paid')
    expect(await b.me(u.token)).toMatchObject({ plan: 'Pro 4,000', remaining_credit_count: 200 + 2000 + 2000 })
    await change(u.sub, 'price_month_2000')
    expect(await b.me(u.token)).toMatchObject({ plan: 'Pro 2,000', remaining_credit_count: 4200 })
    await change(u.sub, 'price_month_4000')
    expect(await credits(u)).toBe(4200)
    // Replays of the change's events grant nothing more.
    for (const e of b.double.events().slice(-6)) await b.double.resend(e.id)
    expect(await credits(u)).toBe(4200)
    b.t.clock.advance(30 * 86400_000)
    await b.double.renew(u.sub)
    expect(await credits(u)).toBe(4200 + 4000)
    const rows = await ledger(u.id)
    expect(rows.map((r) => [r.reason, r.delta])).toEqual([
      ['signup', 200],
      ['subscription', 2000],
      ['plan_change', 2000],
      ['subscription', 4000],
    ])
    expect(rows[2].note).toContain('Pro 4,000: 2,000 more credits for the rest of the period')
  })

  it('monthly to yearly: twelve months of the plan, less what this period granted already', async () => {
    const u = await pro('price_month_2000')
    b.t.clock.advance(5 * 86400_000)
    await change(u.sub, 'price_year_2000')
    expect(await b.me(u.token)).toMatchObject({ plan: 'Pro 2,000 yearly', remaining_credit_count: 200 + 2000 * 12 })
  })

  it('a full refund takes back what is left of the payment’s credits and records what was spent; Pro stays while the subscription does', async () => {
    const u = await pro('price_month_2000')
    await b.t.setUser(u.email, { credits: 1500 })
    const invoice = b.double.state().subscriptions.get(u.sub)!.latest_invoice as string
    const charge = b.double.chargeOf(invoice)!
    await b.stripe.refunds.create({ charge })
    expect(await b.me(u.token)).toMatchObject({ role: 'paid', remaining_credit_count: 0 })
    const last = (await ledger(u.id)).at(-1)
    expect(last).toMatchObject({ reason: 'payment_refunded', delta: -1500 })
    expect(last.note).toContain('$39 of $39 refunded')
    expect(last.note).toContain('1,500 taken back, 500 already spent')
    const [rev] = await b.sql('SELECT kind, credits_owed, credits_taken, credits_spent FROM payment_reversals WHERE user_id = $1', [u.id])
    expect(rev).toEqual({ kind: 'refund', credits_owed: 2000, credits_taken: 1500, credits_spent: 500 })
    const audit = await b.sql(`SELECT action, before, after FROM audit_log WHERE target_user_id = $1`, [u.id])
    expect(audit).toEqual([
      { action: 'billing.payment_refunded', before: { remaining_credit_count: 1500 }, after: { remaining_credit_count: 0 } },
    ])
    // The same event again changes nothing.
    const refunded = b.double
      .events()
      .filter((e) => e.type === 'charge.refunded')
      .at(-1)!
    await b.double.resend(refunded.id)
    expect((await ledger(u.id)).filter((r) => r.reason === 'payment_refunded')).toHaveLength(1)
  })

  it('partial refunds take back their share, each once; a refund with the subscription cancelled ends Pro', async () => {
    const u = await pro('price_month_2000')
    const invoice = b.double.state().subscriptions.get(u.sub)!.latest_invoice as string
    const charge = b.double.chargeOf(invoice)!
    await b.stripe.refunds.create({ charge, amount: 975 })
    expect(await credits(u)).toBe(2200 - 500)
    await b.double.cancel(u.sub)
    expect((await b.me(u.token)).role).toBe('free')
    await b.stripe.refunds.create({ charge })
    expect(await b.me(u.token)).toMatchObject({ role: 'free', remaining_credit_count: 200 })
  })

  it('a dispute opened freezes nothing and support sees it; lost, it takes the payment’s credits back', async () => {
    const u = await pro('price_year_4000')
    const staff = await b.t.signIn('support-billing@example.com')
    await b.t.setUser('support-billing@example.com', { role: 'admin' })
    const invoice = b.double.state().subscriptions.get(u.sub)!.latest_invoice as string
    const dispute = await b.double.dispute(b.double.chargeOf(invoice)!)
    expect(await b.me(u.token)).toMatchObject({ role: 'paid', remaining_credit_count: 200 + 48000 })
    const console = await b.t.call('GET', `/v2/admin/users/${u.uuid}`, undefined, staff.token)
    expect(console.status).toBe(200)
    expect(console.body.billing.disputes).toEqual([
      expect.objectContaining({ id: dispute.id, status: 'needs_response', amount: 566.4, reason: 'fraudulent', invoice }),
    ])
    expect(console.body.audit[0]).toMatchObject({ action: 'billing.dispute_opened', actor_email: null })
    await b.double.closeDispute(dispute.id, 'lost')
    expect(await credits(u)).toBe(200)
    const last = (await ledger(u.id)).at(-1)
    expect(last).toMatchObject({ reason: 'payment_disputed', delta: -48000 })
    const after = await b.t.call('GET', `/v2/admin/users/${u.uuid}`, undefined, staff.token)
    expect(after.body.billing.disputes[0]).toMatchObject({ status: 'lost', closed_at: expect.any(String) })
    expect(after.body.billing.subscriptions[0]).toMatchObject({ id: u.sub, status: 'active', duplicate_of: null })
  })

  it('a dispute won takes nothing back', async () => {
    const u = await pro('price_month_2000')
    const invoice = subscriptionsOf(
      b.double,
      (await b.sql('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [u.id]))[0].customer_id,
    )[0].latest_invoice as string
    const dispute = await b.double.dispute(b.double.chargeOf(invoice)!)
    await b.double.closeDispute(dispute.id, 'won')
    expect(await credits(u)).toBe(2200)
  })
})
