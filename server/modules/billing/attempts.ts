import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { ALREADY_PAID_MESSAGE, CHECKOUT_REUSE_MARGIN_MINUTES, isPaidStatus, type StripeMode } from '../../domain/billing'
import { HttpError } from '../../http/http-error'
import type { UserRow } from '../users'
import { markAttempt, openAttempts, type Attempt } from './attempt-rows'
import { settleDuplicates } from './duplicates'
import { idOf, isMissing, stripeCall } from './stripe-calls'
import { applySubscription, fetchSubscription } from './subscriptions'

/**
 * One attempt to pay per account (reference §6.9): a Checkout Session, or the card form's incomplete subscription.
 * Before a new attempt, the account's open ones are asked of Stripe: the same click's attempt is handed out again, any
 * other is ended (the session expired, the subscription cancelled), and one paid meanwhile stops the new attempt.
 */

type Now =
  | { state: 'open'; url: string | null; secret: string | null; expiresAt: number | null }
  | { state: 'paid'; subscription: string | null }
  | { state: 'ended' }

async function stateOf(stripe: Stripe, a: Attempt): Promise<Now> {
  try {
    if (a.kind === 'session') {
      const s = await stripeCall(() => stripe.checkout.sessions.retrieve(a.stripeId))
      if (s.status === 'complete') return { state: 'paid', subscription: idOf(s.subscription) }
      if (s.status !== 'open') return { state: 'ended' }
      return { state: 'open', url: s.url, secret: null, expiresAt: s.expires_at }
    }
    const sub = await stripeCall(() => stripe.subscriptions.retrieve(a.stripeId, { expand: ['latest_invoice.confirmation_secret'] }))
    if (isPaidStatus(sub.status)) return { state: 'paid', subscription: sub.id }
    if (sub.status !== 'incomplete') return { state: 'ended' }
    const invoice = typeof sub.latest_invoice === 'string' ? null : sub.latest_invoice
    return { state: 'open', url: null, secret: invoice?.confirmation_secret?.client_secret ?? null, expiresAt: null }
  } catch (error) {
    if (isMissing(error)) return { state: 'ended' }
    throw error
  }
}

/** Ends an open attempt; if Stripe refuses (it was paid or ended a moment ago), says what it is now. */
async function end(stripe: Stripe, a: Attempt): Promise<Now> {
  try {
    if (a.kind === 'session') await stripeCall(() => stripe.checkout.sessions.expire(a.stripeId))
    else await stripeCall(() => stripe.subscriptions.cancel(a.stripeId))
    return { state: 'ended' }
  } catch {
    return stateOf(stripe, a)
  }
}

/** A payment found complete while starting another: apply it now (its webhook may be on its way). */
async function applyPaid(deps: ApiDeps, stripe: Stripe, subscriptionId: string | null) {
  if (!subscriptionId) return
  const sub = await fetchSubscription(stripe, subscriptionId)
  await deps.database.db.transaction((tx) => applySubscription(deps, tx, sub))
  await settleDuplicates(deps)
}

/**
 * Looks at the account's open attempts before a new one. Returns the attempt to hand out again (the same kind and
 * parameters, with time left), after ending every other; throws 409 when one was paid meanwhile.
 */
export async function settleOpenAttempts(
  deps: ApiDeps,
  stripe: Stripe,
  user: UserRow,
  mode: StripeMode,
  want: { kind: Attempt['kind']; paramsHash: string },
): Promise<{ stripeId: string; url: string | null; secret: string | null } | null> {
  let reuse: { stripeId: string; url: string | null; secret: string | null } | null = null
  const margin = deps.clock().getTime() / 1000 + CHECKOUT_REUSE_MARGIN_MINUTES * 60
  for (const a of await openAttempts(deps.database.db, user.id, mode)) {
    let now = await stateOf(stripe, a)
    const same = a.kind === want.kind && a.paramsHash === want.paramsHash
    if (!reuse && same && now.state === 'open' && (now.expiresAt === null || now.expiresAt > margin)) {
      reuse = { stripeId: a.stripeId, url: now.url, secret: now.secret }
      continue
    }
    if (now.state === 'open') now = await end(stripe, a)
    if (now.state === 'paid') {
      await markAttempt(deps.database.db, a.stripeId, 'complete')
      await applyPaid(deps, stripe, now.subscription)
      throw new HttpError(409, ALREADY_PAID_MESSAGE)
    }
    await markAttempt(deps.database.db, a.stripeId, 'expired')
  }
  return reuse
}

/**
 * After a new attempt was recorded: attempts another request opened meanwhile (older rows) are ended, so the newest
 * stands alone. One of them paid meanwhile is applied; if that makes two subscriptions, the second is refunded.
 */
export async function endOlderAttempts(deps: ApiDeps, stripe: Stripe, user: UserRow, mode: StripeMode, newest: number): Promise<void> {
  for (const a of await openAttempts(deps.database.db, user.id, mode, newest)) {
    const now = await end(stripe, a)
    await markAttempt(deps.database.db, a.stripeId, now.state === 'paid' ? 'complete' : 'expired')
    if (now.state === 'paid') await applyPaid(deps, stripe, now.subscription)
  }
}
