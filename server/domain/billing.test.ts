import { describe, expect, it } from 'vitest'
import {
  checkoutWindow,
  CHECKOUT_KEY_WINDOW_MINUTES,
  CHECKOUT_SESSION_MINUTES,
  creditsForInvoice,
  creditsToTakeBack,
  priceMismatch,
  stripeModeOf,
} from './billing'

const monthly = (credits: number) => ({ billing_cycle: 'month' as const, credit_value_month: credits })
const yearly = (credits: number) => ({ billing_cycle: 'year' as const, credit_value_month: credits })

describe('credits by billing_reason (reference §6.9)', () => {
  it('a new subscription and each renewal grant the period’s credits and start the period’s total again', () => {
    expect(creditsForInvoice('subscription_create', monthly(2000), 0)).toEqual({ grant: 2000, periodCredits: 2000 })
    expect(creditsForInvoice('subscription_cycle', monthly(4000), 8000)).toEqual({ grant: 4000, periodCredits: 4000 })
    expect(creditsForInvoice('subscription_create', yearly(2000), 0)).toEqual({ grant: 24000, periodCredits: 24000 })
  })

  it('a plan change: the difference for an upgrade, nothing for a downgrade, nothing again for going back up', () => {
    const up = creditsForInvoice('subscription_update', monthly(4000), 2000)
    expect(up).toEqual({ grant: 2000, periodCredits: 4000 })
    const down = creditsForInvoice('subscription_update', monthly(2000), up.periodCredits)
    expect(down).toEqual({ grant: 0, periodCredits: 4000 })
    expect(creditsForInvoice('subscription_update', monthly(4000), down.periodCredits)).toEqual({ grant: 0, periodCredits: 4000 })
    expect(creditsForInvoice('subscription_update', monthly(8000), 4000)).toEqual({ grant: 4000, periodCredits: 8000 })
    expect(creditsForInvoice('subscription_update', yearly(2000), 2000)).toEqual({ grant: 22000, periodCredits: 24000 })
    expect(creditsForInvoice('subscription_update', monthly(8000), 24000)).toEqual({ grant: 0, periodCredits: 24000 })
  })

  it('other invoices grant nothing', () => {
    for (const reason of ['manual', 'subscription_threshold', 'subscription', null]) {
      expect(creditsForInvoice(reason, monthly(2000), 2000)).toEqual({ grant: 0, periodCredits: 2000 })
    }
  })
})

describe('credits a reversed payment takes back', () => {
  it('the share reversed, less what earlier reversals accounted for, never more than granted', () => {
    expect(creditsToTakeBack({ granted: 2000, paidCents: 3900, reversedCents: 3900, accountedFor: 0 })).toBe(2000)
    expect(creditsToTakeBack({ granted: 2000, paidCents: 3900, reversedCents: 975, accountedFor: 0 })).toBe(500)
    expect(creditsToTakeBack({ granted: 2000, paidCents: 3900, reversedCents: 3900, accountedFor: 500 })).toBe(1500)
    expect(creditsToTakeBack({ granted: 2000, paidCents: 3900, reversedCents: 975, accountedFor: 500 })).toBe(0)
    expect(creditsToTakeBack({ granted: 2000, paidCents: 3900, reversedCents: 9999, accountedFor: 0 })).toBe(2000)
    expect(creditsToTakeBack({ granted: 0, paidCents: 3900, reversedCents: 3900, accountedFor: 0 })).toBe(0)
  })
})

describe('prices checked against the plan table', () => {
  const price = (unit: number, interval = 'month', count = 1, currency = 'usd', active = true) => ({
    unit_amount: unit,
    currency,
    active,
    recurring: { interval, interval_count: count },
  })
  const plan = { amount: 39, billing_cycle: 'month' as const }
  it('amount, currency, interval, interval count and archived prices differ; the plan’s own price does not', () => {
    expect(priceMismatch(price(3900), plan)).toBeNull()
    expect(priceMismatch(price(2900), plan)).toBe('the price is 29.00 USD every month, the plan is 39.00 USD every month')
    expect(priceMismatch(price(3900, 'month', 1, 'eur'), plan)).toContain('39.00 EUR')
    expect(priceMismatch(price(3900, 'year'), plan)).toContain('every year')
    expect(priceMismatch(price(3900, 'month', 3), plan)).toContain('every 3 month')
    expect(priceMismatch(price(3900, 'month', 1, 'usd', false), plan)).toBe('the price is archived')
    expect(priceMismatch(price(37440, 'year'), { amount: 374.4, billing_cycle: 'year' })).toBeNull()
  })
})

describe('Stripe keys and the checkout window', () => {
  it('the mode comes from the key’s prefix', () => {
    expect(stripeModeOf('sk_test_abc')).toBe('test')
    expect(stripeModeOf('rk_live_abc')).toBe('live')
    expect(stripeModeOf('sk_live_abc')).toBe('live')
  })

  it('one window for 15 minutes; its sessions expire an hour after it ends (within Stripe’s 30 minutes to 24 hours)', () => {
    const at = new Date('2027-03-01T10:07:00Z')
    const { window, expiresAt } = checkoutWindow(at)
    expect(checkoutWindow(new Date('2027-03-01T10:14:59Z')).window).toBe(window)
    expect(checkoutWindow(new Date('2027-03-01T10:15:00Z')).window).toBe(window + 1)
    expect(expiresAt).toBe(Date.parse('2027-03-01T10:15:00Z') / 1000 + CHECKOUT_SESSION_MINUTES * 60)
    const left = expiresAt - at.getTime() / 1000
    expect(left).toBeGreaterThanOrEqual(CHECKOUT_SESSION_MINUTES * 60)
    expect(left).toBeLessThanOrEqual((CHECKOUT_SESSION_MINUTES + CHECKOUT_KEY_WINDOW_MINUTES) * 60)
  })
})
