import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { subscriptions, webhookDeliveries } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { verifyStripeEvent } from '../../integrations/stripe'
import { log } from '../../log'
import { applySubscription, fetchSubscription, grantInvoice, subscriptionIdOf } from './subscriptions'

const HANDLED = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
])

/** The subscription an event is about. */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const o = event.data.object as unknown as Record<string, unknown>
  if (event.type.startsWith('customer.subscription.')) return String(o.id)
  if (event.type === 'checkout.session.completed') {
    const s = o.subscription as string | { id: string } | null
    return typeof s === 'string' ? s : (s?.id ?? null)
  }
  if (event.type.startsWith('invoice.')) return subscriptionIdOf(o as unknown as Stripe.Invoice)
  return null
}

/**
 * POST /v2/stripe/webhook. The signature is checked on the raw body before anything else (400 and
 * nothing stored when it fails). Each event is handled once: its id is stored in the same
 * transaction as its effect. The effect is always computed from a fresh subscription asked of
 * Stripe, so events may arrive late, twice, or out of order and end in the same state.
 */
export async function handleStripeWebhook(deps: ApiDeps, rawBody: string, signature: string) {
  if (!deps.stripe || !deps.env.STRIPE_WEBHOOK_SECRET) throw new HttpError(400, 'Payments are not configured on this server.')
  let event: Stripe.Event
  try {
    event = verifyStripeEvent(deps.stripe, rawBody, signature, deps.env.STRIPE_WEBHOOK_SECRET)
  } catch {
    throw new HttpError(400, 'The webhook signature does not match.')
  }
  const subId = HANDLED.has(event.type) ? subscriptionOfEvent(event) : null
  // Asked before the transaction: no database lock is held across a call to Stripe.
  const sub = subId
    ? await fetchSubscription(deps.stripe, subId).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null
        throw error
      })
    : null
  const now = deps.clock()
  const fresh = await deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookDeliveries)
      .values({ source: 'stripe', deliveryId: event.id, topic: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!inserted.length) return false
    if (!sub) {
      if (HANDLED.has(event.type)) log.info('stripe event without a subscription of ours', { type: event.type, event: event.id })
      return true
    }
    const synced = await applySubscription(deps, tx, sub)
    if (event.type === 'invoice.paid' && synced) await grantInvoice(tx, event.data.object as Stripe.Invoice, synced, now)
    if (event.type === 'invoice.payment_failed') {
      await tx.update(subscriptions).set({ paymentFailedAt: now, updatedAt: now }).where(eq(subscriptions.stripeSubscriptionId, sub.id))
      log.info('stripe renewal failed; Stripe retries on its schedule', { subscription: sub.id })
    }
    return true
  })
  return { received: true as const, duplicate: !fresh }
}
