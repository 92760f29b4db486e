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

/** Which Stripe keys are in use: test (`sk_test_…`, `rk_test_…`) or live. Each mode has its own customers and prices. */
export type StripeMode = 'test' | 'live'
export const stripeModeOf = (secretKey: string): StripeMode => (/^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test')

/** Shown when a checkout finds the account has paid already (a payment whose webhook has not arrived yet). */
export const ALREADY_PAID_MESSAGE = 'Your payment went through already: your plan is being set up. Reload this page in a moment.'
/** With tax collection on, only Stripe's hosted page asks for the address tax is worked out from. */
export const TAX_NEEDS_HOSTED_PAGE = 'Tax is worked out from your billing address: please pay on Stripe’s page.'

/**
 * How long an attempt to pay stays the same attempt (reference §6.9, decision 0012). Requests in one window with the
 * same account, plan and return addresses reuse one idempotency key, so a double-click or a retried request makes one
 * Checkout Session; the next window is a new key (Stripe remembers a key for 24 hours, and a key reused with other
 * parameters is an error, so every parameter that can differ is in the key or derived from the window).
 */
export const CHECKOUT_KEY_WINDOW_MINUTES = 15
/** A Checkout Session expires this long after its window ends (Stripe takes 30 minutes to 24 hours). */
export const CHECKOUT_SESSION_MINUTES = 60
/** An open session is handed out again only while it has at least this long left. */
export const CHECKOUT_REUSE_MARGIN_MINUTES = 15

/** The idempotency window of a moment, and the `expires_at` (seconds) of a session made in it. */
export function checkoutWindow(now: Date): { window: number; expiresAt: number } {
  const size = CHECKOUT_KEY_WINDOW_MINUTES * 60
  const window = Math.floor(now.getTime() / 1000 / size)
  return { window, expiresAt: (window + 1) * size + CHECKOUT_SESSION_MINUTES * 60 }
}

/**
 * Credits a paid subscription invoice grants, by its `billing_reason` (reference §6.9, decision 0012).
 * - `subscription_create`, `subscription_cycle`: the period's credits (a month's, or twelve months' for a yearly plan);
 *   the running total of the period starts again at that.
 * - `subscription_update` (a plan change's proration): an upgrade gets the difference between the new plan's period
 *   credits and what was granted since the period began; a downgrade, or a change back up to what was granted
 *   already, gets nothing. The running total keeps the highest.
 * - anything else (manual invoices, thresholds): nothing.
 */
export function creditsForInvoice(
  reason: string | null,
  plan: Pick<Plan, 'billing_cycle' | 'credit_value_month'>,
  periodCredits: number,
): { grant: number; periodCredits: number } {
  const full = creditsForPayment(plan)
  if (reason === 'subscription_create' || reason === 'subscription_cycle') return { grant: full, periodCredits: full }
  if (reason === 'subscription_update') return { grant: Math.max(0, full - periodCredits), periodCredits: Math.max(full, periodCredits) }
  return { grant: 0, periodCredits }
}

/**
 * Credits a reversed payment takes back (reference §6.9): the share of what the payment granted that was refunded or
 * lost in a dispute, less what earlier reversals of it accounted for already. The caller takes it from the balance,
 * never below zero, and records what had been spent.
 */
export function creditsToTakeBack(a: { granted: number; paidCents: number; reversedCents: number; accountedFor: number }): number {
  if (a.granted <= 0 || a.paidCents <= 0) return 0
  const share = Math.min(1, Math.max(0, a.reversedCents / a.paidCents))
  return Math.max(0, Math.floor(a.granted * share) - a.accountedFor)
}

/** What a Stripe price must be for a plan: USD cents, the plan's interval, every one interval. */
export function wantedPrice(plan: Pick<Plan, 'amount' | 'billing_cycle'>) {
  return { unit_amount: Math.round(plan.amount * 100), currency: 'usd', interval: plan.billing_cycle, interval_count: 1 }
}

type PriceFacts = {
  unit_amount: number | null
  currency: string
  active: boolean
  recurring: { interval: string; interval_count: number } | null
}

const priceWords = (p: { unit_amount: number | null; currency: string; interval?: string; interval_count?: number }) =>
  `${((p.unit_amount ?? 0) / 100).toFixed(2)} ${p.currency.toUpperCase()} every ${p.interval_count === 1 ? '' : `${p.interval_count} `}${p.interval ?? '?'}`

/** Why a Stripe price is not the plan's (amount, currency, interval, interval count, archived), or null when it is. */
export function priceMismatch(price: PriceFacts, plan: Pick<Plan, 'amount' | 'billing_cycle'>): string | null {
  const want = wantedPrice(plan)
  const have = {
    unit_amount: price.unit_amount,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
  }
  if (
    have.unit_amount !== want.unit_amount ||
    have.currency !== want.currency ||
    have.interval !== want.interval ||
    have.interval_count !== want.interval_count
  )
    return `the price is ${priceWords(have)}, the plan is ${priceWords(want)}`
  if (!price.active) return 'the price is archived'
  return null
}
