import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TAX_NEEDS_HOSTED_PAGE } from '../../server/domain/billing'
import { loadServerEnv } from '../../server/env'
import { createStripeClient } from '../../server/integrations/stripe'
import { checkPlanPrices, syncPlanPrices } from '../../server/modules/billing'
import { DB_KINDS } from '../helpers/db'
import { LIVE_KEY, startBilling, TEST_KEY, type Billing } from './helpers'

/**
 * Issue 23: what a real Stripe account needs. Customers per mode (test to live, a deleted customer), prices checked
 * against the plan table, the portal configured by the product, the optional tax and promotion code settings.
 */
describe.each(DB_KINDS)('a real Stripe account on %s', (kind) => {
  let b: Billing
  beforeAll(async () => {
    b = await startBilling(kind)
  })
  afterAll(() => b?.close())

  const customers = (id: number) => b.sql('SELECT mode, customer_id FROM stripe_customers WHERE user_id = $1 ORDER BY id', [id])
  async function useKey(key: string) {
    b.t.deps.env.STRIPE_SECRET_KEY = key
    b.t.deps.stripe = await createStripeClient({ secretKey: key, apiBase: b.t.deps.env.STRIPE_API_BASE })
  }

  it('test then live keys: a customer per mode; the test customer is never sent with live keys', async () => {
    const u = await b.freeUser()
    await b.checkout(u.token, 'price_month_2000')
    const [test] = await customers(u.id)
    expect(test.mode).toBe('test')
    await b.sql(`UPDATE plans SET stripe_price_id = 'price_live_month_2000' WHERE slug = 'v2-month-2000'`)
    await useKey(LIVE_KEY)
    try {
      const session = await b.checkout(u.token, 'price_live_month_2000')
      expect(session).toMatch(/^cs_live_/)
      const rows = await customers(u.id)
      expect(rows.map((r) => r.mode)).toEqual(['test', 'live'])
      expect(b.double.state('live').customers.has(rows[1].customer_id)).toBe(true)
      await b.double.completeCheckout(session)
      expect(await b.me(u.token)).toMatchObject({ role: 'paid', remaining_credit_count: 2200 })
      expect((await b.check(u.token, session)).body.status).toBe('success')
      expect((await b.overview(u.token)).invoices).toHaveLength(1)
    } finally {
      await useKey(TEST_KEY)
    }
  })

  it('a customer kept from before modes were recorded: adopted when Stripe knows it in this mode, replaced when not', async () => {
    const u = await b.freeUser()
    const known = await b.stripe.customers.create({ email: u.email })
    await b.sql('INSERT INTO stripe_customers (user_id, mode, customer_id) VALUES ($1, NULL, $2)', [u.id, known.id])
    await b.checkout(u.token, 'price_month_2000')
    expect(await customers(u.id)).toEqual([{ mode: 'test', customer_id: known.id }])

    // A customer made with live keys is "No such customer" to test keys: a new test customer is made.
    const w = await b.freeUser()
    const live = (await createStripeClient({ secretKey: LIVE_KEY, apiBase: b.t.deps.env.STRIPE_API_BASE }))!
    const liveCustomer = await live.customers.create({ email: w.email })
    await b.sql('INSERT INTO stripe_customers (user_id, mode, customer_id) VALUES ($1, NULL, $2)', [w.id, liveCustomer.id])
    await b.checkout(w.token, 'price_month_2000')
    const rows = await customers(w.id)
    expect(rows).toEqual([
      { mode: null, customer_id: liveCustomer.id },
      { mode: 'test', customer_id: expect.not.stringMatching(liveCustomer.id) },
    ])
  })

  it('"No such customer" (deleted in the Dashboard): a new customer is made and the checkout goes on', async () => {
    const u = await b.freeUser()
    const first = await b.checkout(u.token, 'price_month_2000')
    const [{ customer_id: gone }] = await customers(u.id)
    await b.stripe.customers.del(gone)
    const second = await b.checkout(u.token, 'price_year_2000')
    expect(second).not.toBe(first)
    const [{ customer_id: now }] = await customers(u.id)
    expect(now).not.toBe(gone)
    expect(b.double.state().sessions.get(second)!.customer).toBe(now)
  })

  it('stripe:prices compares each price with its plan: a $29 price holding the $39 plan’s key is replaced, not adopted', async () => {
    const product = await b.stripe.products.create({ name: 'Someone else’s' })
    const wrong = await b.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 2900,
      recurring: { interval: 'month' },
      lookup_key: 'v2-month-2000',
    })
    const done = await syncPlanPrices(b.stripe, b.t.db.database.db, 'test')
    const month = done.find((d) => d.plan === 'Pro 2,000')!
    expect(month.action).toBe('replaced')
    expect(month.priceId).not.toBe(wrong.id)
    expect(month.said).toContain(
      `${wrong.id} carried the lookup key "v2-month-2000" but the price is 29.00 USD every month, the plan is 39.00 USD every month`,
    )
    const moved = await b.stripe.prices.list({ lookup_keys: ['v2-month-2000'] })
    expect(moved.data.map((p) => [p.id, p.unit_amount, p.product])).toEqual([[month.priceId, 3900, 'pagewright_pro_2000']])
    expect((await b.stripe.prices.retrieve(wrong.id)).lookup_key).toBeNull()
    expect(done.filter((d) => d.action === 'created')).toHaveLength(5)
    const [row] = await b.sql(`SELECT stripe_price_id_dev FROM plans WHERE slug = 'v2-month-2000'`)
    expect(row.stripe_price_id_dev).toBe(month.priceId)
    // Run again: every price matches its plan and is kept.
    const again = await syncPlanPrices(b.stripe, b.t.db.database.db, 'test')
    expect(again.map((d) => d.action)).toEqual(Array(6).fill('kept'))
    expect(await checkPlanPrices(b.stripe, b.t.db.database.db, 'test')).toEqual([])
    // A plan whose remembered price is not its amount is reported at start.
    await b.sql(`UPDATE plans SET stripe_price_id_dev = $1 WHERE slug = 'v2-month-2000'`, [wrong.id])
    expect(await checkPlanPrices(b.stripe, b.t.db.database.db, 'test')).toEqual([
      `Pro 2,000: ${wrong.id} does not match the plan (the price is 29.00 USD every month, the plan is 39.00 USD every month): run npm run stripe:prices.`,
    ])
    await b.sql(`UPDATE plans SET stripe_price_id_dev = 'price_month_2000' WHERE slug = 'v2-month-2000'`)
    await b.sql(`UPDATE plans SET stripe_price_id_dev = 'price_year_2000' WHERE slug = 'v2-year-2000'`)
    await b.sql(`UPDATE plans SET stripe_price_id_dev = 'price_month_4000' WHERE slug = 'v2-month-4000'`)
    await b.sql(`UPDATE plans SET stripe_price_id_dev = 'price_year_4000' WHERE slug = 'v2-year-4000'`)
  })

  it('the portal opens with the product’s own configuration, made once: cancel at period end, the plans to switch between', async () => {
    const u = await b.freeUser()
    await b.double.completeCheckout(await b.checkout(u.token, 'price_month_2000'))
    const before = b.double.state().catalog.portalConfigs.size
    const first = await b.t.call('POST', '/v2/subscription/portal', undefined, u.token)
    const second = await b.t.call('POST', '/v2/subscription/portal', undefined, u.token)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(b.double.state().catalog.portalConfigs.size).toBe(before + 1)
    const portals = [...b.double.state().portals.values()].slice(-2)
    expect(portals[0].configuration).toBe(portals[1].configuration)
    const config = b.double.state().catalog.portalConfigs.get(portals[0].configuration as string)!
    expect(config.features.subscription_cancel).toMatchObject({ enabled: true, mode: 'at_period_end' })
    expect(config.features.subscription_update).toMatchObject({
      enabled: true,
      proration_behavior: 'always_invoice',
      default_allowed_updates: ['price'],
    })
    expect(config.features.subscription_update.schedule_at_period_end.conditions.map((c) => c.type)).toEqual([
      'decreasing_item_amount',
      'shortening_interval',
    ])
    expect(config.features.subscription_update.products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product: 'pagewright_pro_2000', prices: ['price_month_2000', 'price_year_2000'] }),
        expect.objectContaining({ product: 'pagewright_pro_4000', prices: ['price_month_4000', 'price_year_4000'] }),
      ]),
    )
    const [saved] = await b.sql(`SELECT value FROM stripe_settings WHERE mode = 'test' AND name = 'portal_configuration'`)
    expect(saved.value).toBe(config.id)
  })

  it('tax and promotion codes: off by default; on, Checkout collects the address and takes codes, the card form defers', async () => {
    expect(loadServerEnv({ NODE_ENV: 'test' })).toMatchObject({ STRIPE_AUTOMATIC_TAX: false, STRIPE_PROMOTION_CODES: false })
    expect(loadServerEnv({ NODE_ENV: 'test', STRIPE_AUTOMATIC_TAX: 'on', STRIPE_PROMOTION_CODES: 'on' })).toMatchObject({
      STRIPE_AUTOMATIC_TAX: true,
      STRIPE_PROMOTION_CODES: true,
    })
    const u = await b.freeUser()
    const plain = b.double.state().sessions.get(await b.checkout(u.token, 'price_month_2000'))!
    expect(plain).toMatchObject({ automatic_tax: { enabled: false }, allow_promotion_codes: null })
    Object.assign(b.t.deps.env, { STRIPE_AUTOMATIC_TAX: true, STRIPE_PROMOTION_CODES: true })
    try {
      const taxed = b.double.state().sessions.get(await b.checkout(u.token, 'price_year_2000'))!
      expect(taxed).toMatchObject({ automatic_tax: { enabled: true }, allow_promotion_codes: true })
      const card = await b.form(u.token, '/v2/subscription/create-payment-intent', { price_id: 'price_month_2000' })
      expect(card.status).toBe(409)
      expect((await card.json()).error).toBe(TAX_NEEDS_HOSTED_PAGE)
    } finally {
      Object.assign(b.t.deps.env, { STRIPE_AUTOMATIC_TAX: false, STRIPE_PROMOTION_CODES: false })
    }
  })
})

describe('the README’s Stripe set-up', () => {
  it('lists every event the webhook acts on, and the API version its endpoint must use', async () => {
    const { readFile } = await import('node:fs/promises')
    const { HANDLED_EVENTS } = await import('../../server/modules/billing/webhook')
    const { STRIPE_API_VERSION } = await import('../../server/integrations/stripe')
    const readme = await readFile('README.md', 'utf8')
    const section = readme.slice(readme.indexOf('### Taking payments'), readme.indexOf('## Posts'))
    for (const event of HANDLED_EVENTS) expect(section).toContain(`\`${event}\``)
    expect(section).toContain(STRIPE_API_VERSION)
  })
})
