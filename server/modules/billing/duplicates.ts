import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx } from '../../db/client'
import { auditLog, plans, subscriptions } from '../../db/schema'
import { AUDIT_ACTIONS } from '../../domain/admin'
import { formatUsd } from '../../domain/plans'
import { log } from '../../log'
import { changeCredits, lockAccount } from '../accounts'
import { idempotencyKey, idOf, isMissing, modeOf, stripeCall } from './stripe-calls'

/** How long one process holds a duplicate while it cancels and refunds it (another takes over afterwards). */
const CLAIM_MS = 2 * 60_000

/** A row of the audit log written by billing itself (no staff member acted). */
export async function billingAudit(
  tx: DbOrTx,
  row: { userId: number; action: string; reason: string; before?: object; after?: object; now: Date },
) {
  await tx.insert(auditLog).values({
    actorId: null,
    targetUserId: row.userId,
    action: row.action,
    reason: row.reason,
    before: row.before ?? {},
    after: row.after ?? {},
    createdAt: row.now,
  })
}

/** Ends a subscription now (no proration, no final invoice); one that has ended already is fine. */
async function cancelNow(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripeCall(() => stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false }))
  } catch (error) {
    const sub = await stripe.subscriptions.retrieve(id).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
    if (sub && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') throw error
  }
}

/** Refunds every paid invoice of the subscription in full (one refund per payment, whatever the retries). */
async function refundPayments(deps: ApiDeps, stripe: Stripe, subscriptionId: string): Promise<{ cents: number; refunds: string[] }> {
  const out = { cents: 0, refunds: [] as string[] }
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 10 })
  for (const invoice of invoices.data) {
    if (!invoice.id || invoice.amount_paid <= 0) continue
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 })
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent ?? null)
      if (!intent || payment.status !== 'paid') continue
      try {
        // The refund of one payment is one refund: the key names the payment, so a retry cannot refund twice.
        const refund = await stripeCall(() =>
          stripe.refunds.create(
            { payment_intent: intent, reason: 'duplicate', metadata: { subscription: subscriptionId, invoice: invoice.id! } },
            { idempotencyKey: idempotencyKey('refund-duplicate', [modeOf(deps), intent]) },
          ),
        )
        out.cents += refund.amount
        out.refunds.push(refund.id)
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'charge_already_refunded')) throw error
      }
    }
  }
  return out
}

/**
 * A second subscription that became paid while the account had one (two tabs, the card form and the hosted page) is
 * cancelled at once and its payments refunded through Stripe, with one line in the account's credit history and one
 * in the audit log. Runs after the transaction that found it (never holding a lock across a call to Stripe), after
 * every webhook and payment check: a failure is retried by the next one.
 */
export async function settleDuplicates(deps: ApiDeps): Promise<{ failed: boolean }> {
  const stripe = deps.stripe
  let failed = false
  if (!stripe) return { failed }
  const { db } = deps.database
  const pending = await db
    .select({ sub: subscriptions, planName: plans.name })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(isNotNull(subscriptions.duplicateOf), isNull(subscriptions.duplicateSettledAt)))
    .limit(5)
  for (const { sub: dup, planName } of pending) {
    const now = deps.clock()
    const [claimed] = await db
      .update(subscriptions)
      .set({ duplicateClaimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(subscriptions.id, dup.id),
          isNull(subscriptions.duplicateSettledAt),
          or(isNull(subscriptions.duplicateClaimedUntil), lt(subscriptions.duplicateClaimedUntil, now)),
        ),
      )
      .returning({ id: subscriptions.id })
    if (!claimed) continue
    try {
      await cancelNow(stripe, dup.stripeSubscriptionId)
      const refunded = await refundPayments(deps, stripe, dup.stripeSubscriptionId)
      await db.transaction(async (tx) => {
        const [kept] = await tx.select().from(subscriptions).where(eq(subscriptions.id, dup.duplicateOf!))
        await lockAccount(tx, dup.userId)
        const [done] = await tx
          .update(subscriptions)
          .set({ duplicateSettledAt: now, duplicateClaimedUntil: null })
          .where(and(eq(subscriptions.id, dup.id), isNull(subscriptions.duplicateSettledAt)))
          .returning({ id: subscriptions.id })
        if (!done) return
        const money =
          refunded.cents > 0
            ? `its payment of ${formatUsd(refunded.cents / 100)} refunded (${refunded.refunds.join(', ')})`
            : 'nothing was charged'
        const note = `A second subscription (${dup.stripeSubscriptionId}${planName ? `, ${planName}` : ''}) was paid for while ${kept?.stripeSubscriptionId ?? 'another'} was active: it was cancelled and ${money}. It granted no credits.`
        await changeCredits(tx, dup.userId, 0, { reason: 'duplicate_refunded', note, now })
        await billingAudit(tx, {
          userId: dup.userId,
          action: AUDIT_ACTIONS.duplicateRefunded,
          reason: note,
          before: { subscription: dup.stripeSubscriptionId, status: dup.status },
          after: { subscription: dup.stripeSubscriptionId, status: 'canceled', refunded_cents: refunded.cents },
          now,
        })
      })
    } catch (error) {
      log.error('could not cancel and refund a second subscription; the next Stripe event tries again', {
        subscription: dup.stripeSubscriptionId,
        error: String(error),
      })
      await db.update(subscriptions).set({ duplicateClaimedUntil: null }).where(eq(subscriptions.id, dup.id))
      failed = true
    }
  }
  return { failed }
}
