import { and, desc, eq, inArray } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { creditLedger, plans, subscriptions, users } from '../../db/schema'
import { PAYMENT_FAILED_MESSAGE, PAYMENT_SUCCESS_MESSAGE, PAYMENTS_NOT_CONFIGURED, PAID_STATUSES } from '../../domain/billing'
import { mayCheckout } from '../../domain/entitlements'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../domain/permissions'
import { PLAN_VERSION } from '../../domain/plans'
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error'
import { stripeMessage } from '../../integrations/stripe'
import type { UserRow } from '../users'
import { applySubscription, fetchSubscription } from './subscriptions'

function stripeOf(deps: ApiDeps): Stripe {
  if (!deps.stripe) throw new HttpError(409, PAYMENTS_NOT_CONFIGURED)
  return deps.stripe
}

/** Stripe failures in words: card and input errors as Stripe says them, anything else "unexpected". */
async function calling<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    const known = stripeMessage(error)
    if (known) throw new HttpError(known.status, known.message)
    throw error
  }
}

/** Live keys use the plan's live price, test keys its test price (reference §6.9: stripe_price_id / stripe_price_id_dev). */
async function planForPrice(deps: ApiDeps, priceId: string) {
  const rows = await deps.database.db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  const found = rows.find((p) => p.stripePriceId === priceId || p.stripePriceIdDev === priceId)
  if (!found) throw badRequest('price_id: There is no plan with this price.', { field: 'price_id' })
  return found
}

/** reference §6.1: paid users cannot change plan in the app. */
function assertFree(user: UserRow) {
  if (!mayCheckout(user)) throw forbidden(DEFAULT_UPGRADE_TITLE_PAID)
}

/** The account's Stripe customer, made on first use (one per account, kept on the user row). */
async function customerFor(deps: ApiDeps, stripe: Stripe, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId
  const customer = await calling(() =>
    stripe.customers.create(
      { email: user.email, name: user.name ?? undefined, metadata: { user_uuid: user.uuid } },
      { idempotencyKey: `customer-${user.uuid}` },
    ),
  )
  const [saved] = await deps.database.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id)))
    .returning({ id: users.stripeCustomerId })
  return saved?.id ?? customer.id
}

/** Our own pages only: Stripe sends the buyer back there. */
function ownUrl(deps: ApiDeps, raw: string | undefined, fallback: string, field: string): string {
  if (!raw) return fallback
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badRequest(`${field}: Invalid format`, { field })
  }
  if (url.origin !== new URL(deps.env.PUBLIC_URL).origin)
    throw badRequest(`${field}: Stripe may only send buyers back to this site.`, { field })
  return url.toString()
}

/** POST /v2/subscription/create: a hosted Checkout Session in subscription mode. */
export async function createCheckout(deps: ApiDeps, user: UserRow, input: { price_id: string; success_url?: string; cancel_url?: string }) {
  assertFree(user)
  const stripe = stripeOf(deps)
  const plan = await planForPrice(deps, input.price_id)
  const base = deps.env.PUBLIC_URL
  const success = ownUrl(deps, input.success_url, `${base}/subscription?session_id={CHECKOUT_SESSION_ID}`, 'success_url')
  const cancel = ownUrl(deps, input.cancel_url, `${base}/subscription`, 'cancel_url')
  const customer = await customerFor(deps, stripe, user)
  const metadata = { user_uuid: user.uuid, plan_id: String(plan.id) }
  const session = await calling(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.uuid,
      line_items: [{ price: input.price_id, quantity: 1 }],
      // Stripe fills the placeholder itself; our URL keeps it literal.
      success_url: success.replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), '{CHECKOUT_SESSION_ID}'),
      cancel_url: cancel,
      metadata,
      subscription_data: { metadata },
    }),
  )
  if (!session.url) throw new HttpError(502, 'The payment provider gave no checkout page.')
  return { url: session.url }
}

/** POST /v2/subscription/create-payment-intent: a subscription waiting for the embedded card form. */
export async function createPaymentIntent(deps: ApiDeps, user: UserRow, input: { price_id: string }) {
  assertFree(user)
  const stripe = stripeOf(deps)
  const plan = await planForPrice(deps, input.price_id)
  const customer = await customerFor(deps, stripe, user)
  const sub = await calling(() =>
    stripe.subscriptions.create({
      customer,
      items: [{ price: input.price_id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { user_uuid: user.uuid, plan_id: String(plan.id) },
      expand: ['latest_invoice.confirmation_secret'],
    }),
  )
  const invoice = typeof sub.latest_invoice === 'string' ? null : sub.latest_invoice
  const secret = invoice?.confirmation_secret?.client_secret
  if (!secret) throw new HttpError(502, 'The payment provider gave no payment to confirm.')
  await deps.database.db.transaction((tx) => applySubscription(deps, tx, sub))
  return { client_secret: secret, subscription_id: sub.id }
}

type Summary = { id: string; status: string; currency: string; amount: number; plan: string | null }
function summary(sub: Stripe.Subscription, planName: string | null): Summary {
  const price = sub.items.data[0]?.price
  return { id: sub.id, status: sub.status, currency: sub.currency, amount: (price?.unit_amount ?? 0) / 100, plan: planName }
}

/**
 * The payment check (reference §6.9) after Checkout (`cs_…`) or the embedded form (`sub_…`): asks Stripe
 * (never trusts the return URL), applies what Stripe says (idempotent: the webhook may have done it
 * already), and answers success only for an active subscription.
 */
export async function paymentCheck(deps: ApiDeps, user: UserRow, sessionId: string) {
  const stripe = stripeOf(deps)
  let sub: Stripe.Subscription | null = null
  if (sessionId.startsWith('cs_')) {
    const session = await calling(() => stripe.checkout.sessions.retrieve(sessionId)).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 400) throw notFound('There is no payment with this id.')
      throw error
    })
    const mine = session.client_reference_id === user.uuid || (user.stripeCustomerId && session.customer === user.stripeCustomerId)
    if (!mine) throw notFound('There is no payment with this id.')
    const subId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null)
    if (subId) sub = await calling(() => fetchSubscription(stripe, subId))
  } else if (sessionId.startsWith('sub_')) {
    const fetched = await calling(() => fetchSubscription(stripe, sessionId)).catch(() => null)
    if (!fetched || !user.stripeCustomerId || fetched.customer !== user.stripeCustomerId)
      throw notFound('There is no payment with this id.')
    sub = fetched
  } else {
    throw badRequest('session_id: Invalid format', { field: 'session_id' })
  }
  if (!sub) return { status: 'pending' as const, message: PAYMENT_FAILED_MESSAGE, subscription: null }
  const synced = await deps.database.db.transaction((tx) => applySubscription(deps, tx, sub))
  const active = sub.status === 'active'
  return {
    status: active ? ('success' as const) : sub.status === 'incomplete' ? ('pending' as const) : ('failed' as const),
    message: active ? PAYMENT_SUCCESS_MESSAGE : PAYMENT_FAILED_MESSAGE,
    subscription: summary(sub, synced?.plan.name ?? null),
  }
}

/** POST /v2/subscription/portal: Stripe's customer portal (card, invoices, cancellation). */
export async function portalSession(deps: ApiDeps, user: UserRow) {
  const stripe = stripeOf(deps)
  if (!user.stripeCustomerId) throw new HttpError(409, 'There is no billing account yet: it is made with your first payment.')
  const session = await calling(() =>
    stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId!, return_url: `${deps.env.PUBLIC_URL}/subscription` }),
  )
  return { url: session.url }
}

/** GET /v2/subscription: plan, credits, the credit history and the invoices. */
export async function subscriptionOverview(deps: ApiDeps, user: UserRow) {
  const { db } = deps.database
  const [current] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...PAID_STATUSES])))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1)
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).orderBy(desc(creditLedger.id)).limit(50)
  let invoices: {
    id: string
    number: string | null
    status: string
    amount: number
    currency: string
    created_at: string
    url: string | null
  }[] = []
  let invoicesFailed = false
  if (deps.stripe && user.stripeCustomerId) {
    try {
      const list = await deps.stripe.invoices.list({ customer: user.stripeCustomerId, limit: 24 })
      invoices = list.data.map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        status: i.status ?? 'draft',
        amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
        currency: i.currency,
        created_at: new Date(i.created * 1000).toISOString(),
        url: i.hosted_invoice_url ?? null,
      }))
    } catch {
      invoicesFailed = true
    }
  }
  const periodEnd = current?.sub.currentPeriodEnd?.toISOString() ?? null
  const plan = current
    ? {
        name: current.plan.name,
        billing_cycle: current.plan.billingCycle,
        amount: Number(current.plan.amount),
        status: current.sub.status,
        renews_at: current.sub.cancelAtPeriodEnd ? null : periodEnd,
        ends_at: current.sub.cancelAtPeriodEnd ? periodEnd : null,
        payment_failed: current.sub.paymentFailedAt !== null || current.sub.status === 'past_due',
      }
    : !mayCheckout(user) && user.plan
      ? { name: user.plan, billing_cycle: null, amount: null, status: 'active', renews_at: null, ends_at: null, payment_failed: false }
      : null
  return {
    payments_configured: !!deps.stripe,
    plan,
    credits: user.remainingCreditCount,
    last_credit_reset: user.lastCreditReset?.toISOString() ?? null,
    can_manage_billing: !!deps.stripe && !!user.stripeCustomerId,
    ledger: ledger.map((l) => ({
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
      note: l.note,
      created_at: l.createdAt.toISOString(),
    })),
    invoices,
    invoices_failed: invoicesFailed,
  }
}
