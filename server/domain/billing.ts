import { pagesPerMonth } from './entitlements'
import { type Plan } from './plans'

/** Payment messages, shown word for word (reference §8.1). */
export const PAYMENT_FAILED_MESSAGE = 'There was an error processing your payment.'
export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occurred.'
export const PAYMENT_SUCCESS_MESSAGE = 'Payment received: you are on Pro. Your credits are in your account.'
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not set up on this Pagewright server yet. Support can upgrade your account by hand.'

/** reference §6.9: the payment check succeeds only when the answer is success and the subscription is active. */
export function paymentSucceeded(answer: { status: string; subscription: { status: string } | null }): boolean {
  return answer.status === 'success' && answer.subscription?.status === 'active'
}

/**
 * Credits a paid invoice grants (reference §6.9): a monthly plan its monthly credits each paid month;
 * a yearly plan twelve months of them at once ("All credits granted upfront").
 */
export function creditsForPayment(plan: Pick<Plan, 'billing_cycle' | 'credit_value_month'>): number {
  return plan.billing_cycle === 'year' ? plan.credit_value_month * 12 : plan.credit_value_month
}

/** The grant in words, for the ledger and the support console's confirmation. */
export function grantDescription(plan: Pick<Plan, 'name' | 'billing_cycle' | 'credit_value_month'>): string {
  const credits = creditsForPayment(plan).toLocaleString('en-US')
  const pages = pagesPerMonth(creditsForPayment(plan)).toLocaleString('en-US')
  return plan.billing_cycle === 'year'
    ? `${plan.name}: ${credits} credits for the year, granted upfront (${pages} pages)`
    : `${plan.name}: ${credits} credits for the month (${pages} pages)`
}

/** Stripe subscription statuses in which the account is Pro. */
export const PAID_STATUSES = ['active', 'trialing', 'past_due'] as const
export const isPaidStatus = (status: string) => (PAID_STATUSES as readonly string[]).includes(status)

/** The Stripe price to charge for a plan: its test price with test keys, its live price otherwise (reference §6.9). */
export function priceIdFor(plan: { stripe_price_id: string | null; stripe_price_id_dev: string | null }, testMode: boolean): string | null {
  return testMode ? (plan.stripe_price_id_dev ?? plan.stripe_price_id) : (plan.stripe_price_id ?? plan.stripe_price_id_dev)
}

/** A payment check id in the URL: a Checkout Session (cs_…) or an embedded-form subscription (sub_…). */
export const isPaymentCheckId = (value: string | null | undefined): value is string =>
  !!value && /^(cs|sub)_[A-Za-z0-9_]{6,250}$/.test(value)
