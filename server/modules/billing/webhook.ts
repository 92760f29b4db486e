import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx } from '../../db/client'
import { subscriptions, webhookDeliveries } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { verifyStripeEvent } from '../../integrations/stripe'
import { log } from '../../log'
import { markAttempt } from './attempt-rows'
import { settleDuplicates } from './duplicates'
import { applyReversal, REVERSAL_EVENTS, reversalFacts, type ReversalFacts } from './reversals'
import { idOf, isMissing } from './stripe-calls'
import { applySubscription, fetchSubscription, grantInvoice, subscriptionIdOf } from './subscriptions'

/** The events this endpoint acts on (README "Taking payments" lists them for the Dashboard). */
export const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
])
export const HANDLED_EVENTS = [...SUBSCRIPTION_EVENTS, 'checkout.session.expired', ...REVERSAL_EVENTS]

/** The subscription an event is about. */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const o = event.data.object as unknown as Record<string, unknown>
  if (event.type.startsWith('customer.subscription.')) return String(o.id)
  if (event.type === 'checkout.session.completed') return idOf(o.subscription as string | { id: string } | null)
  if (event.type.startsWith('invoice.')) return subscriptionIdOf(o as unknown as Stripe.Invoice)
  return null
}

/** Once per event id: the id is stored in the same transaction as the event's effect. */
async function once(tx: DbOrTx, event: Stripe.Event, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(webhookDeliveries)
    .values({ source: 'stripe', deliveryId: event.id, topic: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning()
  return inserted.length > 0
}

/**
 * POST /v2/stripe/webhook. The signature is checked on the raw body before anything else (400 and nothing stored when
 * it fails). Each event is handled once: its id is stored in the same transaction as its effect. The effect is always
 * computed from fresh objects asked of Stripe, so events may arrive late, twice, or out of order and end in the same
 * state. After the transaction, a second subscription found paid is cancelled and refunded (duplicates.ts): that step
 * also runs for a repeated delivery, so Stripe's retries finish what a failure left.
 */
export async function handleStripeWebhook(deps: ApiDeps, rawBody: string, signature: string) {
  if (!deps.stripe || !deps.env.STRIPE_WEBHOOK_SECRET) throw new HttpError(400, 'Payments are not configured on this server.')
  let event: Stripe.Event
  try {
    event = verifyStripeEvent(deps.stripe, rawBody, signature, deps.env.STRIPE_WEBHOOK_SECRET)
  } catch {
    throw new HttpError(400, 'The webhook signature does not match.')
  }
  const stripe = deps.stripe
  // Asked before the transaction: no database lock is held across a call to Stripe.
  const subId = SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionOfEvent(event) : null
  const sub = subId
    ? await fetchSubscription(stripe, subId).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)))
    : null
  const facts: ReversalFacts | null = REVERSAL_EVENTS.has(event.type) ? await reversalFacts(stripe, event) : null
  const now = deps.clock()
  const fresh = await deps.database.db.transaction(async (tx) => {
    if (!(await once(tx, event, now))) return false
    if (event.type === 'checkout.session.expired') {
      await markAttempt(tx, (event.data.object as Stripe.Checkout.Session).id, 'expired')
      return true
    }
    if (event.type === 'checkout.session.completed') await markAttempt(tx, (event.data.object as Stripe.Checkout.Session).id, 'complete')
    if (facts) {
      await applyReversal(deps, tx, facts)
      return true
    }
    if (!sub) {
      if (SUBSCRIPTION_EVENTS.has(event.type))
        log.info('stripe event without a subscription of ours', { type: event.type, event: event.id })
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
  // Not done: Stripe delivers again later, and this runs again.
  if ((await settleDuplicates(deps)).failed)
    throw new HttpError(502, 'A second subscription could not be refunded yet: deliver again later.')
  return { received: true as const, duplicate: !fresh }
}
