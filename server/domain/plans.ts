/** Plan maths of reference §6.9. Prices are USD amounts (two decimals), credits are per month. */

export const BILLING_CYCLES = ['month', 'year'] as const
export type BillingCycle = (typeof BILLING_CYCLES)[number]

export interface Plan {
  id: number
  type: 'recurring'
  active: boolean
  billing_cycle: BillingCycle
  amount: number
  value: number
  name: string
  credit_value_month: number
  is_default: boolean
  stripe_price_id: string | null
  stripe_price_id_dev: string | null
  version: string
}

/** Only plans of this catalogue version are served (reference §6.9). */
export const PLAN_VERSION = '2'

const round2 = (n: number) => Math.round(n * 100) / 100

/** Derived monthly amount: amount for monthly, amount/12 for yearly, two decimals. */
export function monthlyAmount(plan: Pick<Plan, 'amount' | 'billing_cycle'>): number {
  return plan.billing_cycle === 'year' ? round2(plan.amount / 12) : round2(plan.amount)
}

/** Derived yearly amount: amount for yearly, amount*12 for monthly. */
export function yearlyAmount(plan: Pick<Plan, 'amount' | 'billing_cycle'>): number {
  return plan.billing_cycle === 'year' ? round2(plan.amount) : round2(plan.amount * 12)
}

/**
 * Yearly discount percent = round((1 - yearly monthly price / monthly plan price at the same credits) * 100).
 * Null when there is no monthly plan with the same credits to compare against.
 */
export function yearlyDiscountPercent(yearly: Plan, plans: Plan[]): number | null {
  const monthly = plans.find((p) => p.billing_cycle === 'month' && p.credit_value_month === yearly.credit_value_month)
  if (!monthly || monthly.amount <= 0) return null
  return Math.round((1 - monthlyAmount(yearly) / monthly.amount) * 100)
}

/** Billing period default: yearly if the default recurring plan is yearly, otherwise monthly. */
export function defaultBillingCycle(plans: Plan[]): BillingCycle {
  const def = plans.find((p) => p.is_default && p.type === 'recurring')
  return def?.billing_cycle === 'year' ? 'year' : 'month'
}

/** The credit tiers offered for a billing cycle, ascending. */
export function creditTiers(plans: Plan[], cycle: BillingCycle): number[] {
  return [...new Set(plans.filter((p) => p.billing_cycle === cycle && p.active).map((p) => p.credit_value_month))].sort((a, b) => a - b)
}

/** The plan the dialog shows for a cycle and credit choice; falls back to the default, then the first tier. */
export function selectPlan(plans: Plan[], cycle: BillingCycle, credits?: number): Plan | undefined {
  const ofCycle = plans.filter((p) => p.billing_cycle === cycle && p.active)
  const def = plans.find((p) => p.is_default)
  return (
    ofCycle.find((p) => p.credit_value_month === credits) ??
    ofCycle.find((p) => p.credit_value_month === def?.credit_value_month) ??
    [...ofCycle].sort((a, b) => a.credit_value_month - b.credit_value_month)[0]
  )
}

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`
}

export function formatCredits(n: number): string {
  return `${n.toLocaleString('en-US')} Credits`
}
