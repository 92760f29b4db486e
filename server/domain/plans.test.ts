import { describe, expect, it } from 'vitest'
import { pagesPerMonth } from './entitlements'
import {
  creditTiers,
  defaultBillingCycle,
  formatCredits,
  formatUsd,
  monthlyAmount,
  selectPlan,
  yearlyAmount,
  yearlyDiscountPercent,
  type Plan,
} from './plans'

let id = 0
const plan = (billing_cycle: 'month' | 'year', credits: number, amount: number, is_default = false): Plan => ({
  id: ++id,
  type: 'recurring',
  active: true,
  billing_cycle,
  amount,
  value: credits,
  name: `Pro ${credits}`,
  credit_value_month: credits,
  is_default,
  stripe_price_id: null,
  stripe_price_id_dev: null,
  version: '2',
})
const catalogue = [
  plan('month', 2000, 39),
  plan('month', 4000, 59),
  plan('month', 8000, 99),
  plan('year', 2000, 374.4),
  plan('year', 4000, 566.4, true),
  plan('year', 8000, 950.4),
]

describe('plan maths', () => {
  it('monthly amount: amount for monthly, amount/12 for yearly, two decimals', () => {
    expect(monthlyAmount(plan('month', 2000, 39))).toBe(39)
    expect(monthlyAmount(plan('year', 4000, 566.4))).toBe(47.2)
    expect(monthlyAmount(plan('year', 1, 100))).toBe(8.33)
  })
  it('yearly amount: amount for yearly, amount*12 for monthly', () => {
    expect(yearlyAmount(plan('year', 4000, 566.4))).toBe(566.4)
    expect(yearlyAmount(plan('month', 4000, 59))).toBe(708)
  })
  it('pages per month is floor(credits / 40)', () => {
    expect(pagesPerMonth(4000)).toBe(100)
    expect(pagesPerMonth(2000)).toBe(50)
    expect(pagesPerMonth(79)).toBe(1)
  })
  it('yearly discount against the monthly plan with the same credits', () => {
    for (const y of catalogue.filter((p) => p.billing_cycle === 'year')) expect(yearlyDiscountPercent(y, catalogue)).toBe(20)
    expect(yearlyDiscountPercent(plan('year', 3000, 100), catalogue)).toBeNull()
    // rounding: 1 - (600/12)/59 = 15.25 % → 15
    expect(yearlyDiscountPercent(plan('year', 4000, 600), catalogue)).toBe(15)
  })
  it('billing cycle defaults from the default plan', () => {
    expect(defaultBillingCycle(catalogue)).toBe('year')
    expect(
      defaultBillingCycle(catalogue.map((p) => ({ ...p, is_default: p.billing_cycle === 'month' && p.credit_value_month === 2000 }))),
    ).toBe('month')
    expect(defaultBillingCycle([])).toBe('month')
  })
  it('credit tiers and plan selection', () => {
    expect(creditTiers(catalogue, 'month')).toEqual([2000, 4000, 8000])
    expect(selectPlan(catalogue, 'year')?.credit_value_month).toBe(4000)
    expect(selectPlan(catalogue, 'month', 8000)?.amount).toBe(99)
    expect(selectPlan(catalogue, 'month', 1234)?.credit_value_month).toBe(4000)
  })
  it('formats', () => {
    expect(formatUsd(47.2)).toBe('$47.20')
    expect(formatUsd(39)).toBe('$39')
    expect(formatUsd(566.4)).toBe('$566.40')
    expect(formatCredits(4000)).toBe('4,000 Credits')
  })
})
