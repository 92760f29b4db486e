import { desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { plans, stripeCustomers, stripeDisputes, subscriptions } from '../../db/schema'

const iso = (d: Date | null) => d?.toISOString() ?? null

/**
 * What support sees of an account's payments (the console's account page): its Stripe customers per mode, its
 * subscriptions (a second one paid by mistake shows which one it doubled and when it was refunded), and its disputes.
 * An open dispute freezes nothing; it is shown here so support can answer the bank in the Stripe Dashboard.
 */
export async function billingForSupport(db: DbOrTx, userId: number) {
  const kept = alias(subscriptions, 'kept')
  const [customers, subs, disputes] = await Promise.all([
    db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId)).orderBy(stripeCustomers.id),
    db
      .select({ sub: subscriptions, plan: plans.name, keptId: kept.stripeSubscriptionId })
      .from(subscriptions)
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(kept, eq(kept.id, subscriptions.duplicateOf))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(20),
    db.select().from(stripeDisputes).where(eq(stripeDisputes.userId, userId)).orderBy(desc(stripeDisputes.createdAt)).limit(20),
  ])
  return {
    customers: customers.map((c) => ({ id: c.customerId, mode: c.mode })),
    subscriptions: subs.map(({ sub, plan, keptId }) => ({
      id: sub.stripeSubscriptionId,
      status: sub.status,
      plan,
      current_period_end: iso(sub.currentPeriodEnd),
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      duplicate_of: keptId,
      refunded_at: iso(sub.duplicateSettledAt),
      created_at: sub.createdAt.toISOString(),
    })),
    disputes: disputes.map((d) => ({
      id: d.disputeId,
      charge: d.chargeId,
      invoice: d.stripeInvoiceId,
      amount: d.amount / 100,
      currency: d.currency,
      reason: d.reason,
      status: d.status,
      created_at: d.createdAt.toISOString(),
      closed_at: iso(d.closedAt),
    })),
  }
}
