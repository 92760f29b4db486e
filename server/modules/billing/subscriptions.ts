import { and, eq, inArray, ne, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx } from '../../db/client'
import { plans, subscriptions, users } from '../../db/schema'
import { isPaidStatus, PAID_STATUSES } from '../../domain/billing'
import { log } from '../../log'
import { endPlan, grantPlan, setPlan } from '../accounts'

type PlanRow = typeof plans.$inferSelect
type UserRow = typeof users.$inferSelect

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/** The plan a Stripe price belongs to (live or test price id). */
export async function planByPrice(db: DbOrTx, priceId: string): Promise<PlanRow | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(or(eq(plans.stripePriceId, priceId), eq(plans.stripePriceIdDev, priceId)))
  return plan ?? null
}

/** Which account a subscription belongs to: its customer, else the user named in its metadata. */
export async function ownerOf(
  db: DbOrTx,
  customerId: string | null,
  metadata: Record<string, string> | null | undefined,
): Promise<UserRow | null> {
  if (customerId) {
    const [byCustomer] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId))
    if (byCustomer) return byCustomer
  }
  const uuid = metadata?.user_uuid
  if (!uuid || !/^[0-9a-f-]{36}$/i.test(uuid)) return null
  const [byUuid] = await db.select().from(users).where(eq(users.uuid, uuid))
  if (byUuid && customerId && !byUuid.stripeCustomerId) {
    await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, byUuid.id))
  }
  return byUuid ?? null
}

/**
 * Brings our copy of a subscription, and the account's plan, in step with Stripe's subscription
 * object (always a fresh one from the API or a verified event). Idempotent: any order of events
 * ends in the same state. Paid statuses keep Pro (a failed renewal is past_due until Stripe gives
 * up); a cancelled subscription keeps Pro until its period ends, when Stripe deletes it.
 */
export async function syncSubscription(tx: DbOrTx, sub: Stripe.Subscription, now: Date): Promise<{ user: UserRow; plan: PlanRow } | null> {
  const customerId = idOf(sub.customer)
  const user = await ownerOf(tx, customerId, sub.metadata)
  if (!user) {
    log.warn('stripe subscription of no known account', { subscription: sub.id })
    return null
  }
  const item = sub.items.data[0]
  const plan = item ? await planByPrice(tx, item.price.id) : null
  if (!plan) {
    log.warn('stripe subscription on an unknown price', { subscription: sub.id, price: item?.price.id })
    return null
  }
  const row = {
    userId: user.id,
    stripeCustomerId: customerId ?? '',
    planId: plan.id,
    status: sub.status,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: sub.canceled_at ? new Date(sub.canceled_at * 1000) : null,
    updatedAt: now,
  }
  await tx
    .insert(subscriptions)
    .values({ ...row, stripeSubscriptionId: sub.id, createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: row })
  if (isPaidStatus(sub.status)) await setPlan(tx, user.id, plan, now)
  else {
    const [other] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, user.id),
          ne(subscriptions.stripeSubscriptionId, sub.id),
          inArray(subscriptions.status, [...PAID_STATUSES]),
        ),
      )
    // Incomplete subscriptions (an embedded payment not confirmed yet) change nothing.
    if (!other && sub.status !== 'incomplete') await endPlan(tx, user.id, now)
  }
  return { user, plan }
}

/** A paid invoice of a subscription grants its plan's credits, once per invoice. */
export async function grantInvoice(tx: DbOrTx, invoice: Stripe.Invoice, synced: { user: UserRow; plan: PlanRow }, now: Date) {
  if (invoice.status !== 'paid' || !invoice.id) return 0
  const granted = await grantPlan(tx, synced.user.id, synced.plan, {
    now,
    stripeInvoiceId: invoice.id,
    note: `invoice ${invoice.number ?? invoice.id}`,
  })
  if (granted) {
    await tx
      .update(subscriptions)
      .set({ paymentFailedAt: null, updatedAt: now })
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionIdOf(invoice) ?? ''))
  }
  return granted
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
export async function applySubscription(deps: ApiDeps, tx: DbOrTx, sub: Stripe.Subscription) {
  const now = deps.clock()
  const synced = await syncSubscription(tx, sub, now)
  const invoice = sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? sub.latest_invoice : null
  if (synced && invoice) await grantInvoice(tx, invoice, synced, now)
  return synced
}
