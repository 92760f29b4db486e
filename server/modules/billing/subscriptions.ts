import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx, Tx } from '../../db/client'
import { plans, subscriptions, type users } from '../../db/schema'
import { creditsForInvoice, isPaidStatus, PAID_STATUSES } from '../../domain/billing'
import type { JobQueue } from '../../jobs/queue'
import { log } from '../../log'
import { creditsGrantedBy, endPlan, grantPlan, lockAccount, setPlan, toPlan } from '../accounts'
import { markAttempt } from './attempt-rows'
import { ownerOf } from './customers'
import { idOf } from './stripe-calls'

type PlanRow = typeof plans.$inferSelect
type UserRow = typeof users.$inferSelect
export type Synced = { user: UserRow; plan: PlanRow; duplicate: boolean }

/** The plan a Stripe price belongs to (live or test price id). */
export async function planByPrice(db: DbOrTx, priceId: string): Promise<PlanRow | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(or(eq(plans.stripePriceId, priceId), eq(plans.stripePriceIdDev, priceId)))
  return plan ?? null
}

/** The subscription the account's plan comes from: the first one that became paid and is not a duplicate. */
async function keptSubscription(tx: DbOrTx, userId: number, otherThan: string) {
  const [kept] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        ne(subscriptions.stripeSubscriptionId, otherThan),
        inArray(subscriptions.status, [...PAID_STATUSES]),
        isNull(subscriptions.duplicateOf),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(1)
  return kept ?? null
}

/**
 * Brings our copy of a subscription, and the account's plan, in step with Stripe's subscription object (always a
 * fresh one from the API or a verified event). Idempotent: any order of events ends in the same state. Paid statuses
 * keep Pro (a failed renewal is past_due until Stripe gives up); a cancelled subscription keeps Pro until its period
 * ends, when Stripe deletes it.
 *
 * One subscription per account: the account's row is locked first, so of two subscriptions paid at the same moment
 * (two tabs, two deliveries at once) exactly one becomes the plan; the other is marked a duplicate of it, grants
 * nothing and is cancelled and refunded (duplicates.ts) once this transaction is committed.
 */
export async function syncSubscription(deps: { queue: JobQueue }, tx: Tx, sub: Stripe.Subscription, now: Date): Promise<Synced | null> {
  const customerId = idOf(sub.customer)
  const owner = await ownerOf(tx, customerId, sub.metadata, sub.livemode)
  if (!owner) {
    log.warn('stripe subscription of no known account', { subscription: sub.id })
    return null
  }
  const user = await lockAccount(tx, owner.id)
  const item = sub.items.data[0]
  const plan = item ? await planByPrice(tx, item.price.id) : null
  if (!plan) {
    log.warn('stripe subscription on an unknown price', { subscription: sub.id, price: item?.price.id })
    return null
  }
  const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, sub.id))
  let duplicateOf = existing?.duplicateOf ?? null
  const wasPlan = !!existing && !duplicateOf && isPaidStatus(existing.status)
  if (!duplicateOf && !wasPlan && isPaidStatus(sub.status)) duplicateOf = (await keptSubscription(tx, user.id, sub.id))?.id ?? null
  const row = {
    userId: user.id,
    stripeCustomerId: customerId ?? '',
    planId: plan.id,
    status: sub.status,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: sub.canceled_at ? new Date(sub.canceled_at * 1000) : null,
    duplicateOf,
    updatedAt: now,
  }
  await tx
    .insert(subscriptions)
    .values({ ...row, stripeSubscriptionId: sub.id, createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: row })
  if (isPaidStatus(sub.status)) await markAttempt(tx, sub.id, 'complete')
  if (duplicateOf) {
    if (!existing?.duplicateOf) log.warn('second paid subscription: it will be cancelled and refunded', { subscription: sub.id })
    return { user, plan, duplicate: true }
  }
  if (isPaidStatus(sub.status)) await setPlan(tx, user.id, plan, now)
  else if (sub.status !== 'incomplete' && !(await keptSubscription(tx, user.id, sub.id))) {
    // Incomplete subscriptions (an embedded payment not confirmed yet) change nothing.
    await endPlan(deps, tx, user.id, now)
  }
  return { user, plan, duplicate: false }
}

/** The price an invoice bills its plan at: the period's line, or for a plan change the new price's line. */
function invoicePrice(invoice: Stripe.Invoice): string | null {
  const lines = invoice.lines?.data ?? []
  const priceOf = (l: Stripe.InvoiceLineItem) => idOf(l.pricing?.price_details?.price ?? null)
  const proration = (l: Stripe.InvoiceLineItem) => !!l.parent?.subscription_item_details?.proration
  const charged = lines.filter((l) => l.amount > 0)
  const line = charged.find((l) => !proration(l)) ?? charged.find(proration) ?? lines.find((l) => !proration(l))
  return line ? priceOf(line) : null
}

/**
 * A paid invoice of a subscription grants credits by its billing_reason (creditsForInvoice, server/domain/billing.ts),
 * once per invoice; a duplicate subscription's invoices grant nothing. Returns the credits granted.
 */
export async function grantInvoice(tx: DbOrTx, invoice: Stripe.Invoice, synced: Synced, now: Date): Promise<number> {
  if (invoice.status !== 'paid' || !invoice.id || synced.duplicate) return 0
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionIdOf(invoice) ?? ''))
  if (!row || row.duplicateOf) return 0
  if (await creditsGrantedBy(tx, invoice.id)) return 0
  const priceId = invoicePrice(invoice)
  const plan = (priceId ? await planByPrice(tx, priceId) : null) ?? synced.plan
  const rule = creditsForInvoice(invoice.billing_reason, toPlan(plan), row.periodCredits)
  // A payment went through: the failed-renewal warning ends.
  await tx
    .update(subscriptions)
    .set({ periodCredits: rule.periodCredits, paymentFailedAt: null, updatedAt: now })
    .where(eq(subscriptions.id, row.id))
  if (rule.grant <= 0) return 0
  const update = invoice.billing_reason === 'subscription_update'
  return grantPlan(tx, synced.user.id, plan, {
    now,
    stripeInvoiceId: invoice.id,
    reason: update ? 'plan_change' : 'subscription',
    credits: update ? rule.grant : undefined,
    note: update
      ? `${plan.name}: ${rule.grant.toLocaleString('en-US')} more credits for the rest of the period · invoice ${invoice.number ?? invoice.id}`
      : `invoice ${invoice.number ?? invoice.id}`,
  })
}

/** The subscription an invoice bills (API 2026-10: under `parent.subscription_details`). */
export function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null)
}

/** A fresh subscription from Stripe, with its latest invoice. */
export async function fetchSubscription(stripe: Stripe, id: string) {
  return stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] })
}

/** Everything a verified subscription state implies, in one transaction: the plan and the invoice's credits. */
export async function applySubscription(deps: ApiDeps, tx: Tx, sub: Stripe.Subscription) {
  const now = deps.clock()
  const synced = await syncSubscription(deps, tx, sub, now)
  const invoice = sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? sub.latest_invoice : null
  if (synced && invoice) await grantInvoice(tx, invoice, synced, now)
  return synced
}
